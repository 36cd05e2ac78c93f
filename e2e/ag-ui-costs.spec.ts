// What a hostile AG-UI agent can make the page pay: a flood of small events (16,000 steps) must
// not freeze the page, and one huge event must end the run (cut off, what came kept), not hang
// it or grow memory without end. The timings are printed; the bounds asserted are loose (many
// times the measured), there to catch the quadratic cost coming back, not to time the machine.
import { frame, openAgent, serveStream } from './agent-runs';
import { ask, expect, lastAssistant, test, waitForAnswer } from './fixtures';
import type { Page } from '@playwright/test';

const STEPS = 16_000;

/**
 * Records, in the page, when the question was sent (`start`: the widget reads the agent's stream
 * in a worker, so the page's own fetch never sees the response), when the run's answer was done
 * (`done`), when a 10 ms timer ran next after that (`responsive`: the page could take input
 * again), and the longest gap between two of its ticks (the main thread's longest block).
 */
async function watchTiming(page: Page) {
  await page.evaluate(() => {
    type Timing = { start: number; done?: number; responsive?: number; longest: number };
    const w = window as unknown as { __timing: Timing; BailingChat: { on(n: string, f: () => void): void } };
    const timing: Timing = (w.__timing = { start: performance.now(), longest: 0 });
    w.BailingChat.on('done', () => (timing.done = performance.now()));
    let last = timing.start;
    const tick = setInterval(() => {
      const now = performance.now();
      timing.longest = Math.max(timing.longest, now - last);
      last = now;
      if (timing.done === undefined) return;
      timing.responsive = now;
      clearInterval(tick);
    }, 10);
  });
}

test(`${STEPS} STEP_STARTED events: the run finishes and the page stays responsive; the newest steps are drawn, the others counted`, async ({ page, server }) => {
  test.setTimeout(120_000);
  await serveStream(page, ({ threadId, runId }) => {
    let body = '';
    for (let i = 0; i < STEPS; i++) body += frame({ type: 'STEP_STARTED', stepName: `step ${i}` });
    return body + [{ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'All steps started.' }, { type: 'TEXT_MESSAGE_END', messageId: 'm1' }, { type: 'RUN_FINISHED', threadId, runId }].map(frame).join('');
  });
  await openAgent(page, server.url);
  await watchTiming(page);
  await ask(page, 'many steps');
  await expect(lastAssistant(page).locator('.bc-body')).toHaveText('All steps started.', { timeout: 100_000 });
  await waitForAnswer(page);
  await page.waitForFunction(() => (window as unknown as { __timing: { responsive?: number } }).__timing.responsive !== undefined);
  const timing = await page.evaluate(() => (window as unknown as { __timing: { start: number; done: number; responsive: number; longest: number } }).__timing);
  const finished = timing.done - timing.start;
  const responsive = timing.responsive - timing.start;
  console.log(`${STEPS} steps: sent to done ${Math.round(finished)} ms, to the page responsive ${Math.round(responsive)} ms; longest main-thread block ${Math.round(timing.longest)} ms`);
  expect(responsive, 'sent to the page responsive after the answer, ms').toBeLessThan(8_000);
  expect(timing.longest, 'longest main-thread block, ms').toBeLessThan(4_000);
  // The newest MAX_SHOWN_STEPS (200) are drawn, the earlier ones counted in one line.
  const names = page.locator('bailing-chat-widget .bc-steps .bc-part-name');
  await expect(page.locator('bailing-chat-widget .bc-steps')).toContainText(`${STEPS - 200} earlier steps not shown`);
  await expect(names.last()).toHaveText(`step ${STEPS - 1}`);
  await expect(names.first()).toHaveText(`step ${STEPS - 200}`);
  const steps = await names.count();
  expect(steps).toBe(200);
});

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
  await openAgent(page, server.url);
  await ask(page, 'a huge event');
  const answer = lastAssistant(page);
  await expect(answer.locator('.bc-status')).toContainText('The answer was cut off before it finished.');
  await waitForAnswer(page);
  await expect(answer.locator('.bc-body')).toHaveText('The first half of the answer');
  await expect(page.locator('bailing-chat-widget .bc-steps .bc-part-name')).toHaveText(['gather']);
  await expect(answer.getByRole('button', { name: 'Retry' })).toBeVisible();
  expect(consoleMessages.filter((m) => m.type === 'warning' && m.text.includes('characters (MAX_EVENT_CHARS)'))).toHaveLength(1);
});
