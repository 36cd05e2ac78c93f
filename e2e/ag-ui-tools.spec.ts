// A host tool's arguments are the model's: they are checked against the tool's JSON Schema before
// the page's handler runs, on a page whose CSP forbids eval (the validator interprets schemas);
// a tool whose schema is no valid JSON Schema is warned about and never offered to the agent.
import type { Page } from '@playwright/test';
import { openAgent, serveStream, type RunMessage } from './agent-runs';
import { ask, expect, lastAssistant, test, waitForAnswer } from './fixtures';

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
  expect(consoleMessages.filter((m) => /EvalError|unsafe-eval|Content Security Policy/.test(m.text))).toEqual([]);
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
