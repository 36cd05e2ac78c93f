// The widget (dist/widget.js, data-protocol="ag-ui") against real AG-UI agent frameworks' own
// server adapters, each running offline with the scripted model (script.ts): CopilotKit's runtime
// with its BuiltInAgent, and Mastra's agent through @ag-ui/mastra. The same visitor's flows through
// each: streamed markdown, a backend tool, the page's own tool, shared state, an error and Retry,
// an interrupt approved and rejected, Stop and reload during text and during a tool, a run of
// tools and no words, an answer that is only a MESSAGES_SNAPSHOT. Assertions are what DESIGN.md
// §9 says the visitor sees; a test the widget fails today is marked test.fail() with the fault.
import type { Page } from '@playwright/test';
import { ask, assistantMessages, composer, lastAssistant, launcher, waitForAnswer } from '../fixtures';
import { FRAMEWORKS, expect, openInterop, runsTo, test, toolStep } from './fixtures';
import {
  FAIL_AFTER_RETRY,
  FAIL_MESSAGE,
  FAIL_PARTIAL,
  LOOKUP_RESULT,
  LOOKUP_TOOL,
  NOT_RESTARTED,
  PAGE_TOOL,
  REPORT_TOOL,
  RESTARTED,
  RESTART_TOOL,
  TODO_FIRST,
  TODO_SECOND,
  WEATHER_ANSWER,
  WEATHER_ARGS,
  WEATHER_RESULT,
  WEATHER_TOOL,
} from './script';
import { SNAPSHOT_ANSWER } from './copilotkit-server';

const INTERRUPTED = 'The answer was cut off before it finished.';
const stop = (page: Page) => page.getByRole('button', { name: 'Stop' });
const card = (page: Page) => page.locator('bailing-chat-widget .bc-decision');
const decide = (page: Page, name: 'Approve' | 'Reject') => card(page).getByRole('button', { name, exact: true });
/** The steps' status words, in the order they are on screen. */
const statuses = (page: Page, name: string) => toolStep(page, name).locator('.bc-part-status');

for (const fw of FRAMEWORKS) {
  test.describe(fw.name, () => {
    let agentUrl = '';
    test.beforeEach(async ({ agentServers }) => {
      agentUrl = `${agentServers[fw.name].url}${fw.agentPath}`;
    });

    test('streamed markdown: one bubble that grows, then the rendered answer', async ({ page, server }) => {
      await openInterop(page, server.url, agentUrl);
      await page.evaluate(() => {
        const root = document.querySelector('bailing-chat-widget')!.shadowRoot!;
        const seen: string[] = ((window as unknown as { __seen: string[] }).__seen = []);
        new MutationObserver(() => {
          const bodies = root.querySelectorAll('.bc-msg-assistant:not(.bc-greeting) .bc-body');
          const text = bodies[bodies.length - 1]?.textContent ?? '';
          if (text && seen.at(-1) !== text) seen.push(text);
        }).observe(root.querySelector('.bc-messages')!, { childList: true, subtree: true, characterData: true });
      });
      await ask(page, 'Show me the markdown answer');
      await waitForAnswer(page);
      const body = lastAssistant(page).locator('.bc-body');
      await expect(body.locator('h2')).toHaveText('Setting up the widget');
      await expect(body.locator('strong')).toHaveText('five minutes');
      await expect(body.locator('ol li')).toHaveText(['Add the script tag.', 'Name your agent.']);
      await expect(body.locator('table th')).toHaveText(['Setting', 'Default']);
      await expect(body).not.toContainText('**');
      await expect(assistantMessages(page)).toHaveCount(1);
      const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
      const final = (await body.textContent())!;
      expect(seen.filter((text) => text.length < final.length).length, 'texts shown before the end').toBeGreaterThan(1);
    });

    test('a backend tool: its step says "done" with the arguments and result; the words before it and the answer after it are bubbles in order; a reload draws the same', async ({ page, server }) => {
      await openInterop(page, server.url, agentUrl);
      await ask(page, 'What is the weather like?');
      await waitForAnswer(page);
      const step = toolStep(page, WEATHER_TOOL);
      await expect(step.locator('.bc-part-status')).toHaveText('done');
      await step.getByRole('button', { name: 'Show details' }).click();
      expect(JSON.parse((await step.locator('pre').nth(0).textContent())!)).toEqual(WEATHER_ARGS);
      expect(JSON.parse((await step.locator('pre').nth(1).textContent())!)).toEqual(WEATHER_RESULT);
      await expect(lastAssistant(page).locator('.bc-body')).toHaveText(WEATHER_ANSWER.replace(/\*\*/g, ''));
      const order = await rowsInOrder(page);
      expect(order).toEqual(['message:Let me check the weather.', `step:${WEATHER_TOOL}`, `message:${WEATHER_ANSWER.replace(/\*\*/g, '')}`]);

      await page.reload();
      await launcher(page).click();
      await expect(statuses(page, WEATHER_TOOL)).toHaveText(['done']);
      expect(await rowsInOrder(page)).toEqual(order);
    });

    test('the page\'s own tool: the handler runs once in the page, its result goes back to the agent, and the answer uses it', async ({ page, server }) => {
      const runs = runsTo(page, agentUrl);
      await openInterop(page, server.url, agentUrl);
      await ask(page, 'Tell me what page I am on');
      await expect(lastAssistant(page).locator('.bc-body')).toContainText('handler-ran-7731');
      await waitForAnswer(page);
      await expect(lastAssistant(page).locator('.bc-body strong')).toHaveText('Interop page');
      expect(await page.evaluate(() => (window as unknown as { pageInfoCalls: unknown[] }).pageInfoCalls)).toEqual([{}]);
      expect(runs).toHaveLength(2);
      const call = runs[1]!.messages.find((m: { toolCalls?: unknown[] }) => m.toolCalls?.length).toolCalls[0];
      expect(call.function.name).toBe(PAGE_TOOL);
      expect(runs[1]!.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: call.id });
      await expect(statuses(page, PAGE_TOOL)).toHaveText(['done']);
    });

    test('shared state across turns: the agent writes the state, the next run carries it back, the agent changes it', async ({ page, server }) => {
      test.skip(fw.state !== 'tools', typeof fw.state === 'object' ? fw.state.none : '');
      const runs = runsTo(page, agentUrl);
      await openInterop(page, server.url, agentUrl);
      await ask(page, `todo: add ${TODO_FIRST}`);
      await waitForAnswer(page);
      await expect(lastAssistant(page).locator('.bc-body')).toHaveText(`Your list: ${TODO_FIRST}.`);
      const state = () => page.evaluate(() => (window as unknown as { BailingChat: { state: unknown } }).BailingChat.state);
      expect(await state()).toEqual({ todos: [TODO_FIRST] });

      await ask(page, `todo: add ${TODO_SECOND}`);
      await waitForAnswer(page);
      expect(runs[1]!.state).toEqual({ todos: [TODO_FIRST] });
      await expect(lastAssistant(page).locator('.bc-body')).toHaveText(`Your list: ${TODO_FIRST}, ${TODO_SECOND}.`);
      expect(await state()).toEqual({ todos: [TODO_FIRST, TODO_SECOND] });
    });

    test('an error mid-answer: the text that came stays, the error is said, with Retry', async ({ page, server }) => {
      await openInterop(page, server.url, agentUrl);
      await ask(page, `Make it fail (${fw.name} 1)`);
      const answer = lastAssistant(page);
      await expect(answer).toHaveClass(/bc-msg-error/);
      await expect(answer.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(stop(page)).toBeHidden();
      await expect(answer).toContainText(FAIL_MESSAGE);
      await expect(page.locator('bailing-chat-widget .bc-messages')).toContainText(FAIL_PARTIAL.trim());
    });

    test('Retry after an error: the new answer comes, and the failed one no longer offers Retry', async ({ page, server }) => {
      const runs = runsTo(page, agentUrl);
      await openInterop(page, server.url, agentUrl);
      await ask(page, `Make it fail (${fw.name} 2)`);
      const failed = lastAssistant(page);
      await failed.getByRole('button', { name: 'Retry' }).click();
      await expect(lastAssistant(page).locator('.bc-body')).toHaveText(FAIL_AFTER_RETRY);
      await waitForAnswer(page);
      expect(runs).toHaveLength(2);
      expect(runs[1]!.messages.filter((m: { role: string }) => m.role === 'user')).toHaveLength(1);
      await expect(page.locator('bailing-chat-widget').getByRole('button', { name: 'Retry' })).toHaveCount(0);
    });

    test('an interrupt approved: a card, then the resumed answer; the held call is one step that ends "done"', async ({ page, server }) => {
      const runs = runsTo(page, agentUrl);
      await openInterop(page, server.url, agentUrl);
      await ask(page, 'Please restart the server');
      await waitForAnswer(page);
      await expect(card(page)).toHaveCount(1);
      if (!fw.noHeldCallStep) await expect(statuses(page, RESTART_TOOL)).toHaveText(['waiting']);
      await decide(page, 'Approve').click();
      await expect.poll(() => runs.length).toBe(2);
      await waitForAnswer(page);
      await expect(lastAssistant(page).locator('.bc-body')).toHaveText(RESTARTED.replace(/\*\*/g, ''));
      await expect(card(page)).toContainText('Approved');
      expect(runs[1]!.resume).toEqual([{ interruptId: expect.any(String), status: 'resolved', payload: { approved: true } }]);
      // Mastra's held call never had a step; its resumed TOOL_CALL_RESULT has none to update.
      if (!fw.noHeldCallStep) await expect(statuses(page, RESTART_TOOL)).toHaveText(['done']);
    });

    test('an interrupt rejected: the agent does not act; no empty bubble; the held call\'s step, if drawn, does not say "done" or "waiting"', async ({ page, server }) => {
      const runs = runsTo(page, agentUrl);
      await openInterop(page, server.url, agentUrl);
      await ask(page, 'Please restart the server');
      await waitForAnswer(page);
      await decide(page, 'Reject').click();
      await expect.poll(() => runs.length).toBe(2);
      await waitForAnswer(page);
      expect(runs[1]!.resume).toEqual([{ interruptId: expect.any(String), status: 'cancelled' }]);
      await expect(card(page)).toContainText('Rejected');
      await expect(page.locator('bailing-chat-widget .bc-messages')).not.toContainText(RESTARTED.replace(/\*\*/g, ''));
      await expectNoEmptyBubble(page);
      if (fw.noHeldCallStep) return;
      await expect(toolStep(page, RESTART_TOOL)).toHaveCount(1);
      await expect(toolStep(page, RESTART_TOOL)).not.toHaveAttribute('data-status', /^(done|pending|running|suspended)$/);
    });

    test('Stop during text: the partial text stays "Stopped.", the next question is answered', async ({ page, server }) => {
      await openInterop(page, server.url, agentUrl);
      await ask(page, 'Walk me through it slowly');
      const stopped = assistantMessages(page).first();
      await expect(stopped.locator('.bc-body')).toContainText('Step 3 of');
      await stop(page).click();
      // "Stopped.", with Retry beside it.
      await expect(stopped.locator('.bc-status > span').first()).toHaveText('Stopped.');
      await expect(stopped.locator('.bc-status').getByRole('button', { name: 'Retry' })).toBeVisible();
      const shown = await stopped.locator('.bc-body').textContent();
      await expect(composer(page)).toBeEditable();
      await ask(page, 'What is the weather like?');
      await waitForAnswer(page);
      await expect(lastAssistant(page).locator('.bc-body')).toHaveText(WEATHER_ANSWER.replace(/\*\*/g, ''));
      expect(await stopped.locator('.bc-body').textContent()).toBe(shown);
    });

    test('Stop during a backend tool: the step no longer says "running"', async ({ page, server }) => {
      test.skip(!!fw.noStepWhileRunning, fw.noStepWhileRunning);
      await openInterop(page, server.url, agentUrl);
      await ask(page, 'Build the monthly report');
      await expect(statuses(page, REPORT_TOOL)).toHaveText(['running']);
      await stop(page).click();
      await expect(stop(page)).toBeHidden();
      await expect(toolStep(page, REPORT_TOOL)).toHaveCount(1);
      await expect(toolStep(page, REPORT_TOOL)).not.toHaveAttribute('data-status', 'running');
    });

    test('after Stop during a tool, the next run closes the stopped call with a tool message that has an error', async ({ page, server }) => {
      test.skip(!!fw.noStepWhileRunning, fw.noStepWhileRunning);
      const runs = runsTo(page, agentUrl);
      await openInterop(page, server.url, agentUrl);
      await ask(page, 'Build the monthly report');
      await expect(statuses(page, REPORT_TOOL)).toHaveText(['running']);
      await stop(page).click();
      await expect(stop(page)).toBeHidden();
      await ask(page, 'What is the weather like?');
      await waitForAnswer(page);
      await expect(lastAssistant(page).locator('.bc-body')).toHaveText(WEATHER_ANSWER.replace(/\*\*/g, ''));
      const call = runs[1]!.messages.find((m: { toolCalls?: { function: { name: string } }[] }) => m.toolCalls?.some((c) => c.function.name === REPORT_TOOL));
      expect(call, 'the stopped call is in the next run').toBeTruthy();
      const closing = runs[1]!.messages.find((m: { role: string; toolCallId?: string }) => m.role === 'tool' && m.toolCallId === call.toolCalls[0].id);
      expect(closing).toMatchObject({ role: 'tool', error: expect.any(String) });
    });

    test('a reload while the answer streams: the question stays, the partial answer shows as cut off with Retry', async ({ page, server }) => {
      await openInterop(page, server.url, agentUrl);
      await ask(page, 'Walk me through it slowly');
      await expect(lastAssistant(page).locator('.bc-body')).toContainText('Step 3 of');
      await page.waitForFunction(() => {
        const key = Object.keys(localStorage).find((k) => k.endsWith('_live'));
        return !!key && (JSON.parse(localStorage.getItem(key)!) as { text: string }).text.includes('Step 2 of');
      });
      await page.reload();
      await launcher(page).click();
      await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveText(['You: Walk me through it slowly']);
      await expect(lastAssistant(page).locator('.bc-status')).toContainText(INTERRUPTED);
      await expect(lastAssistant(page).locator('.bc-body')).toContainText('Step 1 of the walk-through');
      await expect(lastAssistant(page).getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(stop(page)).toBeHidden();
    });

    test('a reload during a backend tool: the step is still shown, no longer running', async ({ page, server }) => {
      test.skip(!!fw.noStepWhileRunning, fw.noStepWhileRunning);
      await openInterop(page, server.url, agentUrl);
      await ask(page, 'Build the monthly report');
      await expect(statuses(page, REPORT_TOOL)).toHaveText(['running']);
      await page.reload();
      await launcher(page).click();
      await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveText(['You: Build the monthly report']);
      await expect(toolStep(page, REPORT_TOOL)).toHaveCount(1);
      await expect(toolStep(page, REPORT_TOOL)).not.toHaveAttribute('data-status', 'running');
    });

    test('a run of tools and no words: the step, and the answer is what the call came to, never an empty bubble', async ({ page, server }) => {
      await openInterop(page, server.url, agentUrl);
      await ask(page, 'lookup order A-1042');
      await waitForAnswer(page);
      await expect(statuses(page, LOOKUP_TOOL)).toHaveText(['done']);
      await expectNoEmptyBubble(page);
      // The answer's Copy and Regenerate act on what is shown: the call's result.
      await expect(lastAssistant(page).locator('.bc-body')).toContainText(`"status": "${LOOKUP_RESULT.status}"`);
      await expect(lastAssistant(page).locator('.bc-body')).toContainText(LOOKUP_RESULT.order);
    });

    test('an answer that is only a MESSAGES_SNAPSHOT shows as the answer', async ({ page, server, agentServers }) => {
      test.skip(!fw.snapshotPath, `${fw.name}'s adapter never sends MESSAGES_SNAPSHOT, and its agents cannot emit raw AG-UI events`);
      await openInterop(page, server.url, `${agentServers[fw.name].url}${fw.snapshotPath}`);
      await ask(page, 'hello');
      await waitForAnswer(page);
      await expect(lastAssistant(page).locator('.bc-body')).toHaveText(SNAPSHOT_ANSWER.replace(/\*\*/g, ''));
      await expect(lastAssistant(page).locator('.bc-body strong')).toHaveText('only');
    });
  });
}

/** Every assistant bubble says something: none is drawn empty (with Copy and Regenerate under it). */
async function expectNoEmptyBubble(page: Page) {
  const bodies = await page.locator('bailing-chat-widget .bc-msg-assistant:not(.bc-greeting)').evaluateAll((rows) => rows.map((row) => row.textContent!.replace(/^Assistant:/, '').trim()));
  expect(bodies.filter((text) => text === ''), `assistant bubbles: ${JSON.stringify(bodies)}`).toEqual([]);
}

/** The message list's assistant bubbles and steps, in the order the visitor sees them. */
const rowsInOrder = (page: Page) =>
  page.locator('bailing-chat-widget .bc-messages').evaluate((list) =>
    [...list.querySelectorAll('.bc-msg-assistant:not(.bc-greeting), .bc-part[role="group"]')].map((el) =>
      el.classList.contains('bc-msg-assistant') ? `message:${el.querySelector('.bc-body')!.textContent!.trim()}` : `step:${el.getAttribute('aria-label')}`,
    ),
  );

test('CopilotKit\'s runner as it comes: Stop, then the next question, which the runtime refuses with an empty event stream; the widget says it was cut off, with Retry, never an empty answer', async ({ page, server, agentServers }) => {
  const agentUrl = `${agentServers.copilotkitThrow.url}/agent/default/run`;
  await openInterop(page, server.url, agentUrl);
  await ask(page, 'Walk me through it slowly');
  await expect(lastAssistant(page).locator('.bc-body')).toContainText('Step 2 of');
  await stop(page).click();
  await expect(lastAssistant(page).locator('.bc-status > span').first()).toHaveText('Stopped.');
  const refused = page.waitForResponse((response) => response.url() === agentUrl);
  await ask(page, 'What is the weather like?');
  const response = await refused;
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe('');
  await waitForAnswer(page);
  await expect(lastAssistant(page).locator('.bc-status')).toContainText(INTERRUPTED);
  await expect(lastAssistant(page).getByRole('button', { name: 'Retry' })).toBeVisible();
  await expectNoEmptyBubble(page);
});
