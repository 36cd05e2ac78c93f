// What a run's answer is when it does not come as streamed text (DESIGN.md §9): an answer that
// arrives only in a MESSAGES_SNAPSHOT (non-streaming graphs, frameworks that end every run with the
// whole thread), a run of tool calls that says nothing (structured output), and a run that fails
// after some text. Never an empty bubble with actions that act on nothing; never text thrown away.
import type { Page } from '@playwright/test';
import { FAIL_PARTIAL, FAIL_REPLY } from '../examples/server/demo/demo-replies';
import { agentRuns, openAgent, serveStream } from './agent-runs';
import { ask, assistantMessages, expect, launcher, lastAssistant, loadWidget, test, waitForAnswer } from './fixtures';
import { steppedAgent } from './stepped-streams';

const widget = (page: Page) => page.locator('bailing-chat-widget .bc-messages');
const step = (page: Page, name: string) => widget(page).getByRole('group', { name });
const answerBody = (page: Page) => lastAssistant(page).locator('.bc-body');
const text = (id: string, delta: string) => [
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta },
  { type: 'TEXT_MESSAGE_END', messageId: id },
];
const WEATHER_CALL = { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Berlin"}' } };

/** The assistant bubbles and tool steps of the list, in the order the visitor sees them. */
const rowsInOrder = (page: Page) =>
  widget(page).evaluate((list) =>
    [...list.querySelectorAll('.bc-msg-assistant:not(.bc-greeting), .bc-part[role="group"]')]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => (el.classList.contains('bc-msg-assistant') ? `message:${el.querySelector('.bc-body')!.textContent}` : `step:${el.getAttribute('aria-label')}`)),
  );

test('an answer that comes only in a MESSAGES_SNAPSHOT is the answer: drawn as markdown, after the steps the snapshot holds, and kept over a reload', async ({ page, server }) => {
  await serveStream(page, ({ threadId, runId, messages }) => [
    {
      type: 'MESSAGES_SNAPSHOT',
      messages: [
        ...messages,
        { id: 'a1', role: 'assistant', content: '', toolCalls: [WEATHER_CALL] },
        { id: 't1', role: 'tool', toolCallId: 'c1', content: '{"temp":21}' },
        { id: 'a2', role: 'assistant', content: 'It is **21 °C** in Berlin.' },
      ],
    },
    { type: 'RUN_FINISHED', threadId, runId },
  ]);
  await openAgent(page, server.url);
  await ask(page, 'weather in Berlin?');
  await waitForAnswer(page);
  await expect(answerBody(page)).toHaveText('It is 21 °C in Berlin.');
  await expect(answerBody(page).locator('strong')).toHaveText('21 °C');
  await expect(step(page, 'get_weather')).toHaveAttribute('data-status', 'done');
  expect(await rowsInOrder(page)).toEqual(['step:get_weather', 'message:It is 21 °C in Berlin.']);

  await page.reload();
  await launcher(page).click();
  await expect(answerBody(page)).toHaveText('It is 21 °C in Berlin.');
  expect(await rowsInOrder(page)).toEqual(['step:get_weather', 'message:It is 21 °C in Berlin.']);
});

test('a snapshot at the end of a streamed run: the rows it names stay the same elements, a new assistant message is the answer', async ({ page, server }) => {
  const agent = await steppedAgent();
  try {
    await loadWidget(page, server.url, { attrs: { 'data-protocol': 'ag-ui', 'data-agent-url': agent.url } });
    await launcher(page).click();
    await ask(page, 'weather in Berlin?');
    await agent.step([
      ...text('m1', 'Let me check.'),
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'get_weather', parentMessageId: 'm1' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"city":"Berlin"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'TOOL_CALL_RESULT', messageId: 't1', toolCallId: 'c1', content: '{"temp":21}' },
      ...text('m2', 'It is 21 °C.'),
    ]);
    await expect(answerBody(page)).toHaveText('It is 21 °C.');
    // Marks on what the page drew: an element drawn again would not carry them.
    await widget(page).locator('.bc-msg-assistant', { hasText: 'Let me check.' }).evaluate((el) => el.setAttribute('data-mark', 'first'));
    await step(page, 'get_weather').evaluate((el) => el.setAttribute('data-mark', 'step'));
    const visitor = page.locator('bailing-chat-widget .bc-msg-user');
    await agent.step([
      {
        type: 'MESSAGES_SNAPSHOT',
        messages: [
          // The visitor's message in the agent's words: theirs stays as they sent it (visitor-rows.ts).
          { id: 'u-agent', role: 'user', content: 'weather in Berlin, please?' },
          { id: 'm1', role: 'assistant', content: 'Let me check.', toolCalls: [WEATHER_CALL] },
          { id: 't1', role: 'tool', toolCallId: 'c1', content: '{"temp":21}' },
          { id: 'm2', role: 'assistant', content: 'It is 21 °C.' },
          { id: 'm3', role: 'assistant', content: 'Take a **jacket**.' },
        ],
      },
      { type: 'RUN_FINISHED' },
    ]);
    agent.end();
    await waitForAnswer(page);
    await expect(answerBody(page)).toHaveText('Take a jacket.');
    await expect(widget(page).locator('[data-mark="first"]')).toHaveText('Assistant: Let me check.');
    await expect(widget(page).locator('[data-mark="step"]')).toHaveAttribute('data-status', 'done');
    expect(await rowsInOrder(page)).toEqual(['message:Let me check.', 'step:get_weather', 'message:It is 21 °C.', 'message:Take a jacket.']);
    await expect(visitor).toHaveText(['You: weather in Berlin?']);
  } finally {
    await agent.close();
  }
});

test('a run of tool calls that says nothing (structured output): the step, and RUN_FINISHED.result as the answer', async ({ page, server }) => {
  const runs = agentRuns(page);
  await serveStream(page, ({ threadId, runId }) => [
    { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'final_result' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"city":"Berlin","temperature":21}' },
    { type: 'TOOL_CALL_END', toolCallId: 'c1' },
    { type: 'TOOL_CALL_RESULT', messageId: 't1', toolCallId: 'c1', content: 'Final result processed.' },
    { type: 'RUN_FINISHED', threadId, runId, result: { city: 'Berlin', temperature: 21 } },
  ]);
  await openAgent(page, server.url);
  await ask(page, 'weather in Berlin as data');
  await waitForAnswer(page);
  await expect(step(page, 'final_result')).toHaveAttribute('data-status', 'done');
  const code = answerBody(page).locator('pre code');
  await expect(code).toBeVisible();
  expect(JSON.parse((await code.textContent())!)).toEqual({ city: 'Berlin', temperature: 21 });
  expect(runs).toHaveLength(1);

  await page.reload();
  await launcher(page).click();
  expect(JSON.parse((await answerBody(page).locator('pre code').textContent())!)).toEqual({ city: 'Berlin', temperature: 21 });
});

test('a run of tool calls with no result: the last call is the outcome, the step is done, and no run is sent for a tool the page does not have', async ({ page, server }) => {
  const runs = agentRuns(page);
  await serveStream(page, ({ threadId, runId }) => [
    { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'final_result' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"city":"Berlin","temperature":21}' },
    { type: 'TOOL_CALL_END', toolCallId: 'c1' },
    { type: 'RUN_FINISHED', threadId, runId },
  ]);
  await openAgent(page, server.url);
  await ask(page, 'weather in Berlin as data');
  await waitForAnswer(page);
  await expect(step(page, 'final_result')).toHaveAttribute('data-status', 'done');
  expect(JSON.parse((await answerBody(page).locator('pre code').textContent())!)).toEqual({ city: 'Berlin', temperature: 21 });
  expect(runs).toHaveLength(1);
});

test('RUN_ERROR after some text: the text stays, marked cut off, above the error with Retry; after a reload too; a Retry that is answered leaves no Retry above it', async ({ page, server }) => {
  await openAgent(page, server.url);
  await ask(page, 'Make it fail');
  const failed = lastAssistant(page);
  await expect(failed).toHaveClass(/bc-msg-error/);
  await expect(failed.locator('.bc-body')).toContainText(FAIL_REPLY);
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  const partial = widget(page).locator('.bc-msg-assistant', { hasText: FAIL_PARTIAL.trim() });
  await expect(partial).toBeVisible();
  await expect(partial).toContainText('Cut off before it finished.');
  await expect(partial).not.toHaveClass(/bc-msg-error/);

  await page.reload();
  await launcher(page).click();
  await expect(partial).toContainText('Cut off before it finished.');
  await expect(lastAssistant(page)).toHaveClass(/bc-msg-error/);
  await expect(lastAssistant(page).getByRole('button', { name: 'Retry' })).toBeVisible();

  await serveStream(page, ({ threadId, runId }) => [...text('a2', 'This time it worked.'), { type: 'RUN_FINISHED', threadId, runId }]);
  await lastAssistant(page).getByRole('button', { name: 'Retry' }).click();
  await waitForAnswer(page);
  await expect(answerBody(page)).toHaveText('This time it worked.');
  await expect(assistantMessages(page).filter({ hasText: FAIL_REPLY })).toHaveCount(1);
  await expect(widget(page).getByRole('button', { name: 'Retry' })).toHaveCount(0);
});
