// A turn's steps end with it (DESIGN.md §9): Stop during a tool call leaves the step "stopped", a
// stream cut off mid-call leaves it "cut off", and a reload mid-call brings back the step the
// visitor saw, ended as cut off. Nothing pulses "running" once its turn is over. The agents here
// are held open (stepped-streams.ts) so the test can act between two events of a run.
import type { Page } from '@playwright/test';
import { openAgent, serveStream, type RunMessage } from './agent-runs';
import { ask, expect, launcher, lastAssistant, loadWidget, test, waitForAnswer } from './fixtures';
import { steppedAgent, type SteppedAgent } from './stepped-streams';

const INTERRUPTED = 'The answer was cut off before it finished.';

/** A tool step of the conversation, by its tool's name. */
const step = (page: Page, name: string) => page.locator('bailing-chat-widget .bc-messages').getByRole('group', { name });
/** Every step or progress row still drawn as running (the pulsing dot). */
const running = (page: Page) => page.locator('bailing-chat-widget .bc-part[data-status="running"]');

const LOOKUP = [
  { type: 'TOOL_CALL_START', toolCallId: 'tc1', toolCallName: 'lookup' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'tc1', delta: '{"q":"cats"}' },
  { type: 'TOOL_CALL_END', toolCallId: 'tc1' },
];
const answer = (id: string, text: string) => [
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: text },
  { type: 'TEXT_MESSAGE_END', messageId: id },
];

/** A page whose widget talks to `agent`; the runs it POSTs, as parsed bodies, in order. */
async function agentPage(page: Page, baseUrl: string, agent: SteppedAgent) {
  const bodies: { messages: RunMessage[] }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url() === agent.url) bodies.push(request.postDataJSON());
  });
  await loadWidget(page, baseUrl, { attrs: { 'data-protocol': 'ag-ui', 'data-agent-url': agent.url } });
  await launcher(page).click();
  return bodies;
}

test('Stop during a tool call: the step ends "stopped", stays so after the next turn, and the next run closes the call with an error', async ({ page, server }) => {
  const agent = await steppedAgent();
  try {
    const bodies = await agentPage(page, server.url, agent);
    await ask(page, 'look cats up');
    await agent.step([{ type: 'STEP_STARTED', stepName: 'search' }, ...LOOKUP]);
    const lookup = step(page, 'lookup');
    await expect(lookup).toHaveAttribute('data-status', 'running');
    await expect(running(page)).toHaveCount(2);

    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(lastAssistant(page).locator('.bc-status > span')).toHaveText('Stopped.');
    await expect(lookup).toHaveAttribute('data-status', 'stopped');
    await expect(lookup.locator('.bc-part-status')).toHaveText('stopped');
    await expect(running(page)).toHaveCount(0);
    agent.end();

    await ask(page, 'never mind');
    await agent.step([...answer('a2', 'All right.'), { type: 'RUN_FINISHED' }]);
    agent.end();
    await waitForAnswer(page);
    await expect(lastAssistant(page).locator('.bc-body')).toHaveText('All right.');
    await expect(lookup).toHaveAttribute('data-status', 'stopped');
    await expect(running(page)).toHaveCount(0);
    // The call never ran: the next run says so, as an error the agent cannot read as a result (1.0 ToolMessage.error).
    expect(bodies).toHaveLength(2);
    const closed = bodies[1]!.messages.filter((m) => m.role === 'tool' && m.toolCallId === 'tc1');
    expect(closed).toEqual([{ id: expect.any(String), role: 'tool', toolCallId: 'tc1', content: JSON.stringify({ error: 'not run' }), error: expect.stringMatching(/\S/) }]);
  } finally {
    await agent.close();
  }
});

test('a stream cut off during a tool call: the turn is cut off, and so is its step, never left running', async ({ page, server }) => {
  await serveStream(page, () => [{ type: 'STEP_STARTED', stepName: 'search' }, ...LOOKUP]);
  await openAgent(page, server.url);
  await ask(page, 'look cats up');
  await expect(lastAssistant(page).locator('.bc-status')).toContainText(INTERRUPTED);
  const lookup = step(page, 'lookup');
  await expect(lookup).toHaveAttribute('data-status', 'cut');
  await expect(lookup.locator('.bc-part-status')).toHaveText('cut off');
  await expect(running(page)).toHaveCount(0);
});

test('a reload during a tool call: the step the visitor saw comes back, ended as cut off, with the text before it', async ({ page, server }) => {
  const agent = await steppedAgent();
  try {
    await agentPage(page, server.url, agent);
    await ask(page, 'look cats up');
    // Text, then the call, in one write: the call comes within the same moment as the text, then nothing more.
    await agent.step([...answer('a1', 'Let me look that up.'), ...LOOKUP]);
    await expect(step(page, 'lookup')).toHaveAttribute('data-status', 'running');
    // What the visitor sees is written down once the stream has gone quiet, the step with it.
    await page.waitForFunction(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('_live'));
      return !!key && localStorage.getItem(key)!.includes('"lookup"');
    });
    // The page again (its script tag is the test's, so it is added again, as on a reload).
    await loadWidget(page, server.url, { attrs: { 'data-protocol': 'ag-ui', 'data-agent-url': agent.url } });
    await launcher(page).click();

    const lookup = step(page, 'lookup');
    await expect(lookup).toHaveAttribute('data-status', 'cut');
    await expect(lookup.locator('.bc-part-status')).toHaveText('cut off');
    await expect(running(page)).toHaveCount(0);
    await expect(page.locator('bailing-chat-widget .bc-msg-assistant', { hasText: 'Let me look that up.' })).toBeVisible();
    await expect(lastAssistant(page).locator('.bc-status')).toContainText(INTERRUPTED);
    await expect(lastAssistant(page).getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  } finally {
    await agent.close();
  }
});
