// The widget speaking AG-UI 1.0 to the reference server's demo agent (POST /agui/:entry): the
// run input it sends, text, tool steps, reasoning, shared state, the page's own tool, failures,
// Stop and reload, and streams the server would never send (page.route) for the client's rules
// on malformed, unknown and unfinished runs. Each scenario is picked by a keyword of the message.
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import {
  COMPARE_ANSWER,
  HOST_TOOL_PREAMBLE,
  NEW_TODO_TITLE,
  REASONING_TEXT,
  STARTER_TODOS,
  TRIM_ANSWER_REST,
  TRIM_ANSWER_START,
  WEATHER_ARGS,
  WEATHER_RESULT,
  WEATHER_TOOL,
  trimSummary,
} from '../examples/server/demo/agui-replies';
import { FAIL_PARTIAL, FAIL_REPLY, TOOL_PREAMBLE } from '../examples/server/demo/demo-replies';
import { openAgent, serveStream, type RunMessage } from './agent-runs';
import { ask, assistantMessages, composer, expect, launcher, lastAssistant, loadWidget, nextFrame, requestsReported, test, waitForAnswer } from './fixtures';

/** The same agent named in the preload, with a header, forwarded props, context and a counting host tool. */
const PRELOAD_PAGE = '/e2e/ag-ui-preload.html';
const AGENT_PATH = '/agui/demo_assistant';
const INTERRUPTED = 'The answer was cut off before it finished.';

const isRun = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === AGENT_PATH;

/** Every run the page POSTs to the agent, in order. */
function recordRuns(page: Page): Request[] {
  const runs: Request[] = [];
  page.on('request', (request) => {
    if (isRun(request)) runs.push(request);
  });
  return runs;
}

interface RunBody {
  threadId: string;
  runId: string;
  protocolVersion?: string;
  state?: unknown;
  messages: RunMessage[];
  tools: { name: string; description: string; parameters: Record<string, unknown> }[];
  context: { description: string; value: string }[];
  forwardedProps?: Record<string, unknown>;
}
const bodyOf = (request: Request) => request.postDataJSON() as RunBody;

/** Paths of every `null` in a JSON value (1.0: optional fields are omitted, never null). */
function nullsIn(value: unknown, path = '$'): string[] {
  if (value === null) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => nullsIn(v, `${path}[${i}]`));
  if (typeof value === 'object') return Object.entries(value as object).flatMap(([k, v]) => nullsIn(v, `${path}.${k}`));
  return [];
}


/** Records, in the page, what `BailingChat.on(name)` hands over (copied, as it was then). */
async function listen(page: Page, name: 'state' | 'event' | 'done') {
  await page.waitForFunction(() => (window as unknown as { BailingChat?: { apiVersion?: string } }).BailingChat?.apiVersion === '1');
  await page.evaluate((name) => {
    const w = window as unknown as { __heard?: Record<string, unknown[]>; BailingChat: { on(n: string, f: (d: unknown) => void): void } };
    const heard = (w.__heard ??= {});
    heard[name] = [];
    w.BailingChat.on(name, (detail) => heard[name]!.push(detail === undefined ? undefined : JSON.parse(JSON.stringify(detail))));
  }, name);
}
const heard = (page: Page, name: string) => page.evaluate((name) => (window as unknown as { __heard: Record<string, unknown[]> }).__heard[name], name);

/** The rows the last turn shows before its answer's bubble: its steps, reasoning and earlier messages. */
const turnRows = (page: Page) => page.locator('bailing-chat-widget .bc-steps').last();
/** A tool step of the conversation (above or under its turn's answer text), by its tool's name. */
const toolStep = (page: Page, name: string) => page.locator('bailing-chat-widget .bc-messages').getByRole('group', { name });

test('text streams into one bubble and ends as the markdown answer; the run input is a valid RunAgentInput', async ({ page, server }) => {
  const runs = recordRuns(page);
  await openAgent(page, server.url, PRELOAD_PAGE);
  // Every text the last answer's body showed, from the page's side.
  await page.evaluate(() => {
    const root = document.querySelector('bailing-chat-widget')!.shadowRoot!;
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    new MutationObserver(() => {
      const bubbles = root.querySelectorAll('.bc-msg-assistant:not(.bc-greeting) .bc-body');
      const text = bubbles[bubbles.length - 1]?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(root.querySelector('.bc-messages')!, { childList: true, subtree: true, characterData: true });
  });
  const posted = page.waitForRequest(isRun);
  await ask(page, 'Show me the long markdown answer');
  const request = await posted;

  const body = lastAssistant(page).locator('.bc-body');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await waitForAnswer(page);
  await expect(body.locator('h2')).toHaveText('Setting up the Acme chat widget');
  await expect(body.locator('table th')).toHaveText(['Setting', 'Default', 'Notes']);
  await expect(body.locator('strong').first()).toHaveText('five minutes');
  await expect(body).not.toContainText('## ');
  await expect(body).not.toContainText('**');
  // One bubble for the whole answer; it grew while the run streamed.
  await expect(assistantMessages(page)).toHaveCount(1);
  const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
  const final = (await body.textContent())!;
  expect(seen.filter((text) => text.length < final.length).length, `texts shown before the end: ${seen.length}`).toBeGreaterThan(1);

  // The wire: a JSON RunAgentInput, asking for an event stream, with the preload's header.
  const headers = request.headers();
  expect(headers['accept']).toBe('text/event-stream');
  expect(headers['content-type']).toBe('application/json');
  expect(headers['x-demo-key']).toBe('demo-key-7');
  const input = bodyOf(request);
  expect(nullsIn(input)).toEqual([]);
  expect(input.threadId).toMatch(/^\S+$/);
  expect(input.runId).toMatch(/^\S+$/);
  expect(input.runId).not.toBe(input.threadId);
  expect(input.protocolVersion).toBe('1.0');
  expect(input.messages).toHaveLength(1);
  expect(input.messages[0]).toEqual({ id: expect.any(String), role: 'user', content: 'Show me the long markdown answer' });
  expect(input.tools).toEqual([
    {
      name: 'get_page_info',
      description: 'The page the visitor is reading: its title and address.',
      parameters: { type: 'object', properties: { section: { type: 'string', description: 'A heading to look for' } }, additionalProperties: false },
    },
  ]);
  expect(input.context).toEqual([{ description: 'The plan the visitor is on', value: 'pro' }]);
  const renderers = (input.forwardedProps?.client_capabilities as { renderers?: unknown })?.renderers;
  expect(input.forwardedProps).toEqual({ plan: 'pro', client_capabilities: { renderers: expect.any(Array) }, visitor_id: expect.stringMatching(/^v_[A-Za-z0-9_-]{24}$/) });
  expect(renderers).toEqual(['a2ui', 'a2ui-surface', 'bailing-form']);
  expect(runs).toHaveLength(1);
});

test('a tool step shows its name and "done"; Show details reveals the arguments and the result; each message of the run is a bubble of its own, in order', async ({ page, server }) => {
  await openAgent(page, server.url);
  await ask(page, 'What is the weather like?');
  const step = toolStep(page, WEATHER_TOOL);
  await expect(step).toBeVisible();
  await waitForAnswer(page);
  await expect(step.locator('.bc-part-name')).toHaveText(WEATHER_TOOL);
  await expect(step.locator('.bc-part-status')).toHaveText('done');
  // The run's two messages (before and after the tool) are two bubbles, with the step between them.
  const turnOrder = [`message:${TOOL_PREAMBLE.slice(0, 20)}`, `step:${WEATHER_TOOL}`, `message:${(await lastAssistant(page).locator('.bc-body').textContent())!.slice(0, 20)}`];
  expect(await rowsInOrder(page)).toEqual(turnOrder);
  const preamble = turnRows(page).locator('.bc-msg-assistant');
  await expect(preamble).toHaveCount(1);
  await expect(preamble).toHaveText(`Assistant: ${TOOL_PREAMBLE}`);
  await expect(preamble).toHaveAttribute('data-message-id', /\S/);
  await expect(lastAssistant(page).locator('.bc-body')).not.toContainText(TOOL_PREAMBLE);
  await expect(lastAssistant(page).locator('.bc-body strong').first()).toHaveText('Now:');

  const toggle = step.getByRole('button', { name: 'Show details' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(step.locator('pre').first()).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const [args, result] = [step.locator('pre').nth(0), step.locator('pre').nth(1)];
  await expect(step.getByRole('heading', { name: 'Arguments' })).toBeVisible();
  await expect(args).toBeVisible();
  expect(JSON.parse((await args.textContent())!)).toEqual({ city: 'Berlin', days: 2 });
  await expect(step.getByRole('heading', { name: 'Result' })).toBeVisible();
  // Both shown indented, as JSON a person can read.
  expect(await args.textContent()).toBe(JSON.stringify(WEATHER_ARGS, null, 2));
  expect(await result.textContent()).toBe(JSON.stringify(WEATHER_RESULT, null, 2));
  // And closed again.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(args).toBeHidden();

  // A reload draws the turn again as it was: both bubbles, the step between them.
  await page.reload();
  await launcher(page).click();
  await expect(toolStep(page, WEATHER_TOOL).locator('.bc-part-status')).toHaveText('done');
  expect(await rowsInOrder(page)).toEqual(turnOrder);
});

/** The message list's assistant bubbles and steps, in the order the visitor sees them. */
const rowsInOrder = (page: Page) =>
  page.locator('bailing-chat-widget .bc-messages').evaluate((list) =>
    [...list.querySelectorAll('.bc-msg-assistant:not(.bc-greeting), .bc-part[role="group"]')].map((el) =>
      el.classList.contains('bc-msg-assistant') ? `message:${el.querySelector('.bc-body')!.textContent!.slice(0, 20)}` : `step:${el.getAttribute('aria-label')}`,
    ),
  );

test('two overlapping tool calls ("compare") show as two steps, each with its own arguments and result', async ({ page, server }) => {
  await openAgent(page, server.url);
  await ask(page, 'Compare Berlin and Lisbon');
  await waitForAnswer(page);
  const steps = turnRows(page).getByRole('group', { name: WEATHER_TOOL });
  await expect(steps).toHaveCount(2);
  await expect(steps.locator('.bc-part-status')).toHaveText(['done', 'done']);
  const cities: unknown[] = [];
  for (const step of await steps.all()) {
    await step.getByRole('button', { name: 'Show details' }).click();
    const args = JSON.parse((await step.locator('pre').nth(0).textContent())!);
    const result = JSON.parse((await step.locator('pre').nth(1).textContent())!);
    expect(result.city).toBe(args.city);
    cities.push(args.city);
  }
  expect(cities).toEqual(['Berlin', 'Lisbon']);
  await expect(lastAssistant(page).locator('.bc-body table tbody tr')).toHaveCount(2);
  await expect(lastAssistant(page).locator('.bc-body strong')).toHaveText(COMPARE_ANSWER.match(/\*\*(\w+)\*\*/)![1]!);
});

test('reasoning ("think") sits behind a collapsed button, "Thought for N s" once it ended, that shows it', async ({ page, server }) => {
  await openAgent(page, server.url);
  await ask(page, 'Think about how long setup takes');
  await waitForAnswer(page);
  // Finished: no longer "Thinking" (the demo streams its reasoning, so the page saw it running and timed it).
  const thinking = turnRows(page).getByRole('button', { name: /^Thought for \d+ s$/ });
  await expect(thinking).toHaveAttribute('aria-expanded', 'false');
  const text = turnRows(page).locator('.bc-part-thinking');
  await expect(text).toBeHidden();
  await thinking.click();
  await expect(thinking).toHaveAttribute('aria-expanded', 'true');
  await expect(text).toBeVisible();
  await expect(text).toHaveText(REASONING_TEXT);
  // The reasoning is not part of the answer.
  await expect(lastAssistant(page).locator('.bc-body')).not.toContainText('The visitor asks');
  await expect(lastAssistant(page).locator('.bc-body strong')).toHaveText('five minutes');
});

test('shared state ("todo"): BailingChat.state and on("state") see the snapshot, then the patched state, and the next run sends it', async ({ page, server }) => {
  const runs = recordRuns(page);
  await openAgent(page, server.url);
  await listen(page, 'state');
  expect(await page.evaluate(() => (window as unknown as { BailingChat: { state: unknown } }).BailingChat.state)).toBeUndefined();
  await ask(page, 'Update my todo list');
  await waitForAnswer(page);
  await expect(lastAssistant(page).locator('.bc-body')).toContainText(NEW_TODO_TITLE);

  type State = { todos: { id: string; title: string; done: boolean }[] };
  const states = (await heard(page, 'state')) as State[];
  // First the snapshot as sent; last the list after both deltas (an item added, one ticked off).
  expect(states[0]).toEqual({ todos: STARTER_TODOS });
  const patched: State = {
    todos: [STARTER_TODOS[0]!, { ...STARTER_TODOS[1]!, done: true }, STARTER_TODOS[2]!, { id: 't4', title: NEW_TODO_TITLE, done: false }],
  };
  expect(states.at(-1)).toEqual(patched);
  expect(states.length).toBeGreaterThanOrEqual(3);
  expect(await page.evaluate(() => (window as unknown as { BailingChat: { state: unknown } }).BailingChat.state)).toEqual(patched);

  // The next run carries the state back to the agent.
  const next = page.waitForRequest(isRun);
  await ask(page, 'hello');
  expect(bodyOf(await next).state).toEqual(patched);
  await waitForAnswer(page);
  expect(runs).toHaveLength(2);
});

test('the host tool: the page\'s handler runs once, the next run carries its result, and the answer uses it', async ({ page, server }) => {
  const runs = recordRuns(page);
  await openAgent(page, server.url, PRELOAD_PAGE);
  let seen = 0;
  const second = page.waitForRequest((request) => isRun(request) && ++seen === 2);
  await ask(page, 'What page am I on?');
  const continued = bodyOf(await second);
  await waitForAnswer(page);

  expect(await page.evaluate(() => (window as unknown as { pageInfoCalls: unknown[] }).pageInfoCalls)).toEqual([{}]);
  const first = bodyOf(runs[0]!);
  expect(continued.threadId).toBe(first.threadId);
  expect(continued.runId).not.toBe(first.runId);
  expect(nullsIn(continued)).toEqual([]);
  // The thread as the agent left it, then the page's answer to its call.
  const call = continued.messages.find((m) => m.role === 'assistant' && m.toolCalls?.length)?.toolCalls?.[0];
  expect(call).toMatchObject({ id: expect.any(String), type: 'function', function: { name: 'get_page_info', arguments: '{}' } });
  const tool = continued.messages.at(-1)!;
  expect(tool).toMatchObject({ role: 'tool', toolCallId: call!.id });
  expect(tool.error).toBeUndefined();
  expect(JSON.parse(tool.content as string)).toEqual({ title: 'Preloaded AG-UI agent', url: `${server.url}${PRELOAD_PAGE}`, marker: 'handler-ran-4417' });
  expect(continued.messages.filter((m) => m.role === 'user')).toHaveLength(1);

  // One turn: the preamble's bubble, the step, and the answer made of the page's result.
  await expect(assistantMessages(page)).toHaveCount(2);
  await expect(page.locator('bailing-chat-widget .bc-steps')).toHaveCount(1);
  const body = lastAssistant(page).locator('.bc-body');
  // The first run's message stands above, the second run's answer in the turn's bubble.
  await expect(turnRows(page).locator('.bc-msg-assistant .bc-body')).toHaveText(HOST_TOOL_PREAMBLE);
  await expect(body.locator('strong')).toHaveText('Preloaded AG-UI agent');
  await expect(body.locator('pre code')).toContainText('handler-ran-4417');
  // The step is answered: it no longer waits for the page.
  const step = toolStep(page, 'get_page_info');
  await expect(step.locator('.bc-part-status')).toHaveText('done');
  await step.getByRole('button', { name: 'Show details' }).click();
  await expect(step.locator('pre').nth(1)).toContainText('handler-ran-4417');
  expect(runs).toHaveLength(2);
  expect(await page.evaluate(() => (window as unknown as { pageInfoCalls: unknown[] }).pageInfoCalls)).toHaveLength(1);
});

test('RUN_ERROR ("fail") is shown with Retry; Retry sends a new run of the same question', async ({ page, server }) => {
  const runs = recordRuns(page);
  await openAgent(page, server.url);
  await listen(page, 'done');
  await ask(page, 'Make it fail');
  const answer = lastAssistant(page);
  await expect(answer).toHaveClass(/bc-msg-error/);
  await expect(answer.locator('.bc-body')).toContainText(FAIL_REPLY);
  // The text that came before the failure is not the error's: it stands above it, marked cut off (ag-ui-outcomes.spec.ts).
  await expect(answer.locator('.bc-body')).not.toContainText(FAIL_PARTIAL.trim());
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  expect(await heard(page, 'done')).toEqual([]);

  const retried = page.waitForRequest(isRun);
  await answer.getByRole('button', { name: 'Retry' }).click();
  const second = bodyOf(await retried);
  const first = bodyOf(runs[0]!);
  expect(second.runId).not.toBe(first.runId);
  expect(second.threadId).toBe(first.threadId);
  // Asked again as it was; the failed run left nothing in the thread.
  expect(second.messages.map((m) => [m.role, m.content])).toEqual([['user', 'Make it fail']]);
  // Two failures, each under the text that came before it.
  await expect(assistantMessages(page)).toHaveCount(4);
  await expect(assistantMessages(page).filter({ hasText: FAIL_REPLY })).toHaveCount(2);
  await expect(lastAssistant(page).locator('.bc-body')).toContainText(FAIL_REPLY);
  expect(runs).toHaveLength(2);
});

test('Stop ("slow") cancels the run\'s request; the partial text stays marked "Stopped." and the composer works again', async ({ page, server }) => {
  const runs = recordRuns(page);
  await openAgent(page, server.url);
  await ask(page, 'Walk me through it slowly');
  const stopped = assistantMessages(page).first();
  const body = stopped.locator('.bc-body');
  await expect(body).toContainText('step by step');

  const failed = page.waitForEvent('requestfailed', isRun);
  await page.getByRole('button', { name: 'Stop' }).click();
  expect((await failed).failure()?.errorText).toMatch(/ERR_ABORTED/);
  await expect(stopped.locator('.bc-status > span')).toHaveText('Stopped.');
  const shown = (await body.textContent())!;
  expect(shown).toContain('step by step');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();

  // The composer takes the next question, which is answered; the stopped text did not grow meanwhile.
  await expect(composer(page)).toBeEditable();
  await ask(page, 'hello');
  await expect(assistantMessages(page)).toHaveCount(2);
  await waitForAnswer(page);
  await expect(lastAssistant(page).locator('.bc-body')).toContainText('Acme help assistant');
  expect(await body.textContent()).toBe(shown);
  await expect(stopped.locator('.bc-status > span')).toHaveText('Stopped.');
  expect(runs).toHaveLength(2);
});

test('a reload while the answer streams: the question stays, what had come of the answer shows as cut off with Retry, never as finished', async ({ page, server }) => {
  await openAgent(page, server.url);
  await ask(page, 'Walk me through it slowly');
  await expect(lastAssistant(page).locator('.bc-body')).toContainText('step by step');
  // What the turn showed is written down as it goes; the reload comes once it has been.
  const saved = await page.waitForFunction(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('_live'));
    const text = key && (JSON.parse(localStorage.getItem(key)!) as { text: string }).text;
    return text && text.includes('step by step') ? text : null;
  });
  const savedText = (await saved.jsonValue()) as string;
  await page.reload();
  await listen(page, 'done');
  await launcher(page).click();

  await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveText(['You: Walk me through it slowly']);
  const answer = lastAssistant(page);
  await expect(answer.locator('.bc-status')).toContainText(INTERRUPTED);
  await expect(answer.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  // The part that had come stays readable (as far as it was written down).
  expect(savedText.split('step by step')[0]!.length).toBeGreaterThan(0);
  await expect(answer.locator('.bc-body')).toContainText(savedText.split('\n')[0]!.replace(/[*#`]/g, '').trim());
  expect(await heard(page, 'done')).toEqual([]);

  // Retry asks again, and this time the answer finishes.
  const retried = page.waitForRequest(isRun);
  await answer.getByRole('button', { name: 'Retry' }).click();
  expect(bodyOf(await retried).messages.at(-1)).toMatchObject({ role: 'user', content: 'Walk me through it slowly' });
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(lastAssistant(page).locator('.bc-status > span')).toHaveText('Stopped.');
});

test('a malformed event is skipped with one warning naming it; an unknown event type is ignored silently', async ({ page, server, consoleMessages }) => {
  await openAgent(page, server.url);
  await listen(page, 'done');
  await serveStream(page, ({ threadId, runId }) => [
    { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'The answer ' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'x' },
    { type: 'FUTURE_THING' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'is **complete**.' },
    { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
    { type: 'RUN_FINISHED', threadId, runId },
  ]);
  await ask(page, 'hello');
  await waitForAnswer(page);
  await expect(lastAssistant(page).locator('.bc-body')).toHaveText('The answer is complete.');
  await expect(lastAssistant(page).locator('.bc-body strong')).toHaveText('complete');
  expect(await heard(page, 'done')).toHaveLength(1);

  // Console messages reach the test in the page's order: this one comes after any of the run's.
  await page.evaluate(() => console.log('console-barrier'));
  await expect.poll(() => consoleMessages.some((m) => m.text === 'console-barrier')).toBe(true);
  const warnings = consoleMessages.filter((m) => m.type === 'warning').map((m) => m.text);
  expect(warnings.filter((text) => text.includes('TEXT_MESSAGE_CONTENT')), warnings.join('\n')).toHaveLength(1);
  expect(warnings.filter((text) => text.includes('FUTURE_THING'))).toEqual([]);
  expect(warnings.find((text) => text.includes('TEXT_MESSAGE_CONTENT'))).toMatch(/^BailingChat: .*malformed.*delta/);
});

test('MESSAGES_SNAPSHOT that rewrites the earlier turns: the answered turn\'s list is the agent\'s version, kept over a reload', async ({ page, server }) => {
  await openAgent(page, server.url);
  await ask(page, 'hello');
  await waitForAnswer(page);
  await ask(page, 'chunks please');
  await waitForAnswer(page);
  const users = page.locator('bailing-chat-widget .bc-msg-user');
  const answers = page.locator('bailing-chat-widget .bc-msg-assistant:not(.bc-greeting) .bc-body');
  await expect(users).toHaveText(['You: hello', 'You: chunks please']);
  // The agent drops the first turn and rewrites the second answer; the new turn's message stays.
  await serveStream(page, ({ threadId, runId, messages }) => {
    const [, , second, secondAnswer, own] = messages;
    return [
      { type: 'MESSAGES_SNAPSHOT', messages: [second, { ...secondAnswer, content: 'An answer the agent **rewrote**.' }, own] },
      { type: 'TEXT_MESSAGE_START', messageId: 'm-now', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm-now', delta: 'Trimmed.' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm-now' },
      { type: 'RUN_FINISHED', threadId, runId },
    ];
  });
  await ask(page, 'trim the thread');
  await waitForAnswer(page);
  const rewritten = [['You: chunks please', 'You: trim the thread'], ['An answer the agent rewrote.', 'Trimmed.']];
  await expect(users).toHaveText(rewritten[0]!);
  await expect(answers).toHaveText(rewritten[1]!);
  await expect(answers.first().locator('strong')).toHaveText('rewrote');

  await page.reload();
  await launcher(page).click();
  await expect(users).toHaveText(rewritten[0]!);
  await expect(answers).toHaveText(rewritten[1]!);
});

test('MESSAGES_SNAPSHOT mid-run ("trim"): the list takes the agent\'s version at the event, while the answer still streams; the turn it kept is the same element, the streaming bubble goes on', async ({ page, server }) => {
  await openAgent(page, server.url);
  await ask(page, 'hello');
  await waitForAnswer(page);
  await ask(page, 'chunks please');
  await waitForAnswer(page);
  const widget = page.locator('bailing-chat-widget');
  const users = widget.locator('.bc-msg-user:visible');
  const answers = widget.locator('.bc-msg-assistant:not(.bc-greeting):visible .bc-body');
  // A mark on the rows the page drew: a row drawn again would not carry it.
  await widget.locator('.bc-msg-assistant:not(.bc-greeting)').nth(1).evaluate((el) => el.setAttribute('data-mark', 'kept'));
  const summary = trimSummary(2);

  await ask(page, 'trim the thread');
  // At the snapshot, with the answer still streaming: the first turn is one summary row, the second stays as it was drawn.
  await expect(widget.locator('.bc-msg-assistant:visible', { hasText: summary })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(users).toHaveText(['You: chunks please', 'You: trim the thread']);
  await expect(widget.locator('.bc-msg-user', { hasText: 'hello' })).toBeHidden();
  await expect(widget.locator('[data-mark="kept"]')).toBeVisible();
  await expect(answers.first()).toHaveText(summary);
  // The streaming bubble is the same one, and the answer goes on in it.
  const live = lastAssistant(page);
  await expect(live.locator('.bc-body')).toContainText(TRIM_ANSWER_START);
  await live.evaluate((el) => el.setAttribute('data-mark', 'live'));
  await expect(widget.locator('[data-mark="live"] .bc-body')).toContainText('the earlier turns');
  await expect(widget.locator('[data-mark="kept"]')).toBeVisible();

  await waitForAnswer(page);
  const full = TRIM_ANSWER_START + TRIM_ANSWER_REST;
  await expect(users).toHaveText(['You: chunks please', 'You: trim the thread']);
  await expect(answers).toHaveCount(3);
  await expect(answers.first()).toHaveText(summary);
  await expect(answers.last()).toHaveText(full);
  // Kept over a reload: the agent's version is the page's record now.
  await page.reload();
  await launcher(page).click();
  await expect(users).toHaveText(['You: chunks please', 'You: trim the thread']);
  await expect(answers.first()).toHaveText(summary);
  await expect(answers.last()).toHaveText(full);
});

test('a stream that ends without RUN_FINISHED is shown as cut off with Retry, never as done', async ({ page, server }) => {
  await openAgent(page, server.url);
  await listen(page, 'done');
  await serveStream(page, () => [
    { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Half of the answer' },
  ]);
  await ask(page, 'hello');
  const answer = lastAssistant(page);
  await expect(answer.locator('.bc-status')).toContainText(INTERRUPTED);
  await expect(answer.locator('.bc-body')).toHaveText('Half of the answer');
  await expect(answer.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(answer).not.toHaveClass(/bc-msg-error/);
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  expect(await heard(page, 'done')).toEqual([]);
});

test('the reference server dropping the stream mid-message ("drop") is shown as cut off, never as done', async ({ page, server }) => {
  await openAgent(page, server.url);
  await listen(page, 'done');
  await ask(page, 'drop the connection');
  const answer = lastAssistant(page);
  await expect(answer.locator('.bc-status')).toContainText(INTERRUPTED, { timeout: 15_000 });
  await expect(answer.locator('.bc-body')).toContainText('Setting up the Acme chat widget');
  await expect(answer.getByRole('button', { name: 'Retry' })).toBeVisible();
  expect(await heard(page, 'done')).toEqual([]);
});

test('a BailingHub page never fetches ag-ui.js; an AG-UI page fetches it once', async ({ page, server }) => {
  const modules: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/ag-ui.js')) modules.push(request.url());
  });
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await expect(lastAssistant(page).locator('.bc-body')).toContainText('Acme help assistant');
  await requestsReported(page);
  expect(modules).toEqual([]);

  await openAgent(page, server.url);
  await ask(page, 'hello');
  await waitForAnswer(page);
  await ask(page, 'What is the weather like?');
  await waitForAnswer(page);
  await requestsReported(page);
  expect(modules).toEqual([`${server.url}/ag-ui.js`]);
});

for (const viewport of [{ name: 'desktop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844 }]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test('axe: a tool step expanded has no serious or critical findings', async ({ page, server }) => {
      await openAgent(page, server.url);
      await ask(page, 'What is the weather like?');
      await waitForAnswer(page);
      const step = toolStep(page, WEATHER_TOOL);
      await step.getByRole('button', { name: 'Show details' }).click();
      await expect(step.locator('pre').nth(1)).toBeVisible();
      await step.scrollIntoViewIfNeeded();
      await nextFrame(page);
      await page.screenshot({ path: `test-results/ag-ui-tool-step-${viewport.name}.png` });

      const results = await new AxeBuilder({ page }).include('bailing-chat-widget').analyze();
      expect(results.passes.length).toBeGreaterThan(0);
      const found = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      for (const v of found) console.log(`[axe] ${v.impact} ${v.id}: ${v.help}`, v.nodes.slice(0, 5).map((n) => n.target.join(' ')));
      expect(found.map((v) => v.id)).toEqual([]);
    });
  });
}
