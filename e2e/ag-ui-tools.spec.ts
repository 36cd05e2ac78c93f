// A host tool's arguments are the model's: they are checked against the tool's JSON Schema before
// the page's handler runs, on a page whose CSP forbids eval (the validator interprets schemas);
// a tool whose schema is no valid JSON Schema is warned about and never offered to the agent. The
// same holds for a tool the page adds at run time (BailingChat.registerTool).
import type { Page } from '@playwright/test';
import { agentRuns, openAgent, serveStream, type RunMessage } from './agent-runs';
import { ask, expect, lastAssistant, launcher, loadWidget, test, waitForAnswer } from './fixtures';
import { steppedAgent } from './stepped-streams';

const PRELOAD_PAGE = '/e2e/ag-ui-preload.html';
/** No 'unsafe-eval': a validator that compiled schemas with new Function would throw here. */
const STRICT_CSP = "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:";

/** Serves the preload page with the strict CSP, and `edit` applied to its HTML. */
async function preloadPage(page: Page, baseUrl: string, edit: (html: string) => string = (html) => html) {
  await page.route(`**${PRELOAD_PAGE}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': STRICT_CSP }, body: edit(await response.text()) });
  });
  await openAgent(page, baseUrl, PRELOAD_PAGE);
}

test('arguments that break the tool\'s schema never reach the handler; the agent is told the path and the rule; under a CSP without unsafe-eval', async ({ page, server, consoleMessages }) => {
  const runs: RunMessage[][] = [];
  await serveStream(page, ({ threadId, runId, messages }) => {
    runs.push(messages);
    if (runs.length > 1) return [{ type: 'TEXT_MESSAGE_START', messageId: 'a2', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a2', delta: 'I will call it again.' }, { type: 'TEXT_MESSAGE_END', messageId: 'a2' }, { type: 'RUN_FINISHED', threadId, runId }];
    return [
      { type: 'TOOL_CALL_START', toolCallId: 'call_1', toolCallName: 'get_page_info' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'call_1', delta: '{"section":5,"admin":true}' },
      { type: 'TOOL_CALL_END', toolCallId: 'call_1' },
      { type: 'RUN_FINISHED', threadId, runId },
    ];
  });
  await preloadPage(page, server.url);
  await ask(page, 'which page is this?');
  await expect(lastAssistant(page).locator('.bc-body')).toHaveText('I will call it again.');
  await waitForAnswer(page);

  expect(await page.evaluate(() => (window as unknown as { pageInfoCalls: unknown[] }).pageInfoCalls)).toEqual([]);
  const result = runs[1]!.find((m) => m.role === 'tool')!;
  expect(result).toMatchObject({ toolCallId: 'call_1', error: expect.stringContaining('do not match its parameters schema') });
  expect(JSON.parse(result.content as string).problems.map((p: { path: string; rule: string }) => [p.path, p.rule])).toEqual([
    ['/section', 'type'],
    ['', 'additionalProperties'],
  ]);
  await expect(page.locator('bailing-chat-widget').getByRole('group', { name: 'get_page_info' })).toHaveAttribute('data-status', 'failed');
  // The one report this page's CSP header makes is the stream worker's refusal (e2e/stream-worker.spec.ts): nothing of the schema checks.
  expect(consoleMessages.filter((m) => /EvalError|unsafe-eval|Content Security Policy/.test(m.text) && !/^Creating a worker from 'blob:/.test(m.text))).toEqual([]);
});

test('a tool whose parameters are no valid JSON Schema is warned about and left out: the agent is never offered it', async ({ page, server, consoleMessages }) => {
  const offered: string[][] = [];
  await page.route('**/agui/demo_assistant', (route, request) => {
    offered.push((request.postDataJSON() as { tools: { name: string }[] }).tools.map((t) => t.name));
    return route.continue();
  });
  const bad = "{ name: 'find_order', description: 'An order by number.', parameters: { type: 'object', properties: { number: { type: 'numbr' } } }, handler: function () { return 'ran'; } },";
  await preloadPage(page, server.url, (html) => html.replace('tools: [', `tools: [${bad}`));
  await ask(page, 'hello');
  await waitForAnswer(page);
  expect(offered).toEqual([['get_page_info']]);
  expect(consoleMessages.filter((m) => m.type === 'warning' && m.text.includes('tools[0] ("find_order"): parameters is not a valid JSON Schema: /properties/number/type:'))).toHaveLength(1);
});

type W = { BailingChat: { registerTool(definition: unknown): () => void }; cartCalls: unknown[]; offCart?: () => void };

const CART_TOOL = `{
  name: 'get_cart',
  description: 'The items in the visitor\\'s cart.',
  parameters: { type: 'object', properties: { currency: { type: 'string' } }, required: ['currency'], additionalProperties: false },
  handler: function (args) { window.cartCalls.push(args); return { items: 2, currency: args.currency }; },
}`;

/** The agent: calls get_cart when the run offers it and the turn has no result of it yet; else answers in words. */
async function cartAgent(page: Page) {
  const runs: { tools: string[]; messages: RunMessage[] }[] = [];
  await serveStream(page, ({ threadId, runId, messages, tools }) => {
    runs.push({ tools: tools.map((t) => t.name), messages });
    const n = runs.length;
    const turn = messages.slice(messages.map((m) => m.role).lastIndexOf('user'));
    const result = turn.find((m) => m.role === 'tool');
    const say = (words: string) => [{ type: 'TEXT_MESSAGE_START', messageId: `a${n}`, role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: `a${n}`, delta: words }, { type: 'TEXT_MESSAGE_END', messageId: `a${n}` }, { type: 'RUN_FINISHED', threadId, runId }];
    if (result) return say(`The cart says ${result.content as string}.`);
    if (!runs.at(-1)!.tools.includes('get_cart')) return say('I have no cart tool.');
    return [
      { type: 'TOOL_CALL_START', toolCallId: `call_${n}`, toolCallName: 'get_cart' },
      { type: 'TOOL_CALL_ARGS', toolCallId: `call_${n}`, delta: '{"currency":"EUR"}' },
      { type: 'TOOL_CALL_END', toolCallId: `call_${n}` },
      { type: 'RUN_FINISHED', threadId, runId },
    ];
  });
  return runs;
}

test('registerTool: offered from the next run, its handler runs on the agent\'s call; unregister (twice) takes it out again', async ({ page, server }) => {
  const runs = await cartAgent(page);
  await openAgent(page, server.url, PRELOAD_PAGE);
  await page.evaluate(`window.cartCalls = []; window.offCart = window.BailingChat.registerTool(${CART_TOOL});`);
  await ask(page, 'what is in my cart?');
  await expect(lastAssistant(page).locator('.bc-body')).toHaveText('The cart says {"items":2,"currency":"EUR"}.');
  await waitForAnswer(page);
  expect(runs.map((r) => r.tools)).toEqual([['get_page_info', 'get_cart'], ['get_page_info', 'get_cart']]);
  expect(await page.evaluate(() => (window as unknown as W).cartCalls)).toEqual([{ currency: 'EUR' }]);

  await page.evaluate(() => {
    const w = window as unknown as W;
    w.offCart!();
    w.offCart!();
  });
  await ask(page, 'and now?');
  await expect(lastAssistant(page).locator('.bc-body')).toHaveText('I have no cart tool.');
  await waitForAnswer(page);
  expect(runs.at(-1)!.tools).toEqual(['get_page_info']);
  expect(await page.evaluate(() => (window as unknown as W).cartCalls)).toHaveLength(1);
});

test('registerTool checks a definition as the preload\'s tools are checked: a schema that is not one is warned about and never offered', async ({ page, server, consoleMessages }) => {
  const runs = await cartAgent(page);
  await openAgent(page, server.url, PRELOAD_PAGE);
  const off = await page.evaluate(() => {
    const w = window as unknown as W;
    const bad = w.BailingChat.registerTool({ name: 'find_order', description: 'An order by number.', parameters: { type: 'object', properties: { number: { type: 'numbr' } } }, handler: () => 'ran' });
    const nameless = w.BailingChat.registerTool({ description: 'No name.', handler: () => 'ran' });
    return [typeof bad, typeof nameless];
  });
  expect(off).toEqual(['function', 'function']);
  await expect.poll(() => consoleMessages.filter((m) => m.type === 'warning' && m.text.includes('registerTool ("find_order"): parameters is not a valid JSON Schema: /properties/number/type:'))).toHaveLength(1);
  await expect.poll(() => consoleMessages.filter((m) => m.type === 'warning' && /registerTool\.name must match/.test(m.text))).toHaveLength(1);
  await ask(page, 'hello');
  await waitForAnswer(page);
  expect(runs.map((r) => r.tools)).toEqual([['get_page_info']]);
});

test('registerTool while a run is going: that run is not offered it, the next one is', async ({ page, server }) => {
  const agent = await steppedAgent();
  const offered: string[][] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url() === agent.url) offered.push(request.postDataJSON().tools.map((t: { name: string }) => t.name));
  });
  try {
    await loadWidget(page, server.url, { attrs: { 'data-protocol': 'ag-ui', 'data-agent-url': agent.url } });
    await launcher(page).click();
    await ask(page, 'first');
    await agent.step([{ type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Working on it' }]);
    await expect(lastAssistant(page).locator('.bc-body')).toHaveText('Working on it');
    await page.evaluate(`window.cartCalls = []; window.BailingChat.registerTool(${CART_TOOL});`);
    await agent.step([{ type: 'TEXT_MESSAGE_END', messageId: 'a1' }, { type: 'RUN_FINISHED' }]);
    agent.end();
    await waitForAnswer(page);
    await ask(page, 'second');
    await agent.step([{ type: 'TEXT_MESSAGE_START', messageId: 'a2', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a2', delta: 'Done' }, { type: 'TEXT_MESSAGE_END', messageId: 'a2' }, { type: 'RUN_FINISHED' }]);
    agent.end();
    await waitForAnswer(page);
    expect(offered).toEqual([[], ['get_cart']]);
  } finally {
    await agent.close();
  }
});

test('registerTool is on the API object of a BailingHub widget too, in both builds; there it does nothing and its unregister is safe', async ({ page, server }) => {
  for (const src of ['/widget.js', '/split/widget.js']) {
    await page.goto(`${server.url}/e2e/blank.html`);
    await page.evaluate(([src, api]) => {
      const script = Object.assign(document.createElement('script'), { src });
      script.setAttribute('data-entry', 'demo_assistant');
      script.setAttribute('data-api', api!);
      document.body.append(script);
    }, [`${server.url}${src}`, server.url]);
    await page.waitForFunction(() => (window as unknown as { BailingChat?: { apiVersion?: string } }).BailingChat?.apiVersion === '1');
    const kind = await page.evaluate(() => {
      const off = (window as unknown as W).BailingChat.registerTool({ name: 'noop', description: 'Nothing.', handler: () => 1 });
      off();
      off();
      return typeof off;
    });
    expect(kind, src).toBe('function');
  }
});

test('the demo page adds get_selection with registerTool once the widget is there: its runs offer it beside the preload\'s tool', async ({ page, server }) => {
  const runs = agentRuns(page);
  await openAgent(page, server.url);
  await ask(page, 'hello');
  await waitForAnswer(page);
  expect(runs.map((r) => r.tools.map((t: { name: string }) => t.name))).toEqual([['get_page_info', 'get_selection']]);
});
