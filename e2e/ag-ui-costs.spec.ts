// What a hostile AG-UI agent can make the page pay: a flood of small events (16,000 steps) must
// not freeze the page, and one huge event must end the run (cut off, what came kept), not hang
// it or grow memory without end. The timings are printed; the bounds asserted are loose (many
// times the measured), there to catch the quadratic cost coming back, not to time the machine.
import { frame, serveStream } from './agent-runs';
import { ask, composer, expect, launcher, lastAssistant, test, waitForAnswer } from './fixtures';

const DEMO_PAGE = '/pages/ag-ui.html';

test('an event past MAX_EVENT_CHARS ends the run as cut off, with a warning naming the limit; what came before stays on screen', async ({ page, server, consoleMessages }) => {
  await serveStream(page, ({ threadId, runId }) =>
    [
      { type: 'STEP_STARTED', stepName: 'gather' },
      { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'The first half of the answer' },
      // 2 M characters in one event (1 Mi is the cap), and what would have come after it.
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'x'.repeat(2 * 1024 * 1024) },
      { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
      { type: 'RUN_FINISHED', threadId, runId },
    ].map(frame).join(''),
  );
  await page.goto(`${server.url}${DEMO_PAGE}`);
  await launcher(page).click();
  await expect(composer(page)).toBeVisible();
  await ask(page, 'a huge event');
  const answer = lastAssistant(page);
  await expect(answer.locator('.bc-status')).toContainText('The answer was cut off before it finished.');
  await waitForAnswer(page);
  await expect(answer.locator('.bc-body')).toHaveText('The first half of the answer');
  await expect(page.locator('bailing-chat-widget .bc-steps .bc-part-name')).toHaveText(['gather']);
  await expect(answer.getByRole('button', { name: 'Retry' })).toBeVisible();
  expect(consoleMessages.filter((m) => m.type === 'warning' && m.text.includes('characters (MAX_EVENT_CHARS)'))).toHaveLength(1);
});
