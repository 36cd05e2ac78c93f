// The server killed (SIGKILL) mid-answer and started again on the same port and database. The new
// process fails the jobs the old one left unfinished (job-runner.ts failInterruptedJobs); the
// widget, reconnecting with Last-Event-ID, must show each delta once, then the failure with
// Retry, and Retry must give a complete answer.
import { join } from 'node:path';
import { INTERRUPTED_REPLY } from '../../examples/server/hub/job-runner';
import { check, startCaseServer, type Check, type FaultContext } from './check';
import { buildPlan, letters, messageFor, renderedParagraphs, type PlanSettings } from './plan';
import { startServerProcess } from './server-process';
import { readEvents } from './visitor';
import { compareParagraphs, verifyInterrupted, verifyPrefixes } from './verify';
import { ENTRY, openWidget } from './widget-page';

/** About 6 s of answer: long enough to kill it a quarter of the way in. */
const SETTINGS: PlanSettings = { chars: 4000, deltaChars: 20, intervalMs: 30 };
const KILL_AT_FRACTION = 0.25;

export async function runRestartCase(ctx: FaultContext): Promise<Check[]> {
  const first = await startCaseServer(ctx, 'restart');
  let current = first;
  const widget = await openWidget(ctx.browser, first.url);
  try {
    const tag = 'restart1';
    const plan = buildPlan(tag, SETTINGS);
    const message = messageFor(tag, SETTINGS);
    await widget.ask(message);
    await widget.waitForShownLetters(Math.round(letters(plan.reply).length * KILL_AT_FRACTION), 30_000);

    const killedAt = performance.now();
    await first.kill();
    const killedBy = (await first.process.exited).signal;
    ctx.log(`killed the server (${killedBy}) with the answer a quarter shown; starting it again on port ${first.port}`);
    current = await startServerProcess({
      script: ctx.serverScript,
      root: ctx.root,
      dbPath: join(ctx.tmpDir, 'restart.sqlite'),
      port: first.port,
      defaults: ctx.defaults,
      logPath: join(ctx.tmpDir, 'restart-2.log'),
    });
    const restartMs = performance.now() - killedAt;
    const [ended] = await widget.waitForEvents(1, 40_000);
    const errorShownMs = performance.now() - killedAt;

    const problems: string[] = [];
    if (killedBy !== 'SIGKILL') problems.push(`the server ended by ${killedBy}, not SIGKILL`);
    const jobId = widget.eventsRequests[0]?.jobId;
    if (!jobId) throw new Error('the page never opened an event stream');
    const requests = widget.eventsRequests.filter((r) => r.jobId === jobId);
    const resumed = requests.filter((r) => r.lastEventId !== null);
    if (requests.length < 2) problems.push(`${requests.length} stream request(s) for the answer: the widget did not reconnect`);
    if (resumed.length === 0) problems.push('no reconnect sent Last-Event-ID');
    if (ended?.type !== 'error') problems.push(`the widget ended the answer with ${ended?.type ?? 'nothing'}: ${JSON.stringify(ended).slice(0, 160)}`);

    // What the visitor saw of the answer before the failure: each text the start of the answer.
    const snaps = (await widget.snapshots()).filter((s) => s.bubble === 1);
    const streamed = snaps.filter((s) => !s.error);
    problems.push(...verifyPrefixes(streamed.map((s) => s.text), plan.reply));
    const shownLetters = Math.max(0, ...streamed.map((s) => letters(s.text).length));
    if (streamed.length < 3) problems.push(`only ${streamed.length} streaming snapshots`);

    const bubble = widget.lastBubble();
    const isError = ((await bubble.getAttribute('class')) ?? '').includes('bc-msg-error');
    const bubbleText = (await bubble.locator('.bc-body').textContent()) ?? '';
    if (!isError) problems.push('the answer bubble is not marked as failed');
    if (!bubbleText.includes(INTERRUPTED_REPLY)) problems.push(`the bubble says "${bubbleText.slice(0, 120)}", not the restart sentence`);
    const retry = bubble.getByRole('button', { name: 'Retry' });
    if (!(await retry.isVisible())) problems.push('no Retry button on the failed answer');

    // What the database kept: the first k deltas exactly, then the failure.
    const visitor = encodeURIComponent(widget.eventsRequests[0]?.visitorId ?? '');
    const replay = await readEvents(`${current.url}/chat/${ENTRY}/events/${jobId}?cursor=0&visitor_id=${visitor}`, performance.now(), 10_000);
    const stored = verifyInterrupted(replay.events, plan, INTERRUPTED_REPLY);
    problems.push(...stored.problems.map((p) => `stored stream: ${p}`));

    const checks: Check[] = [
      check('restart mid-stream: each delta shown once, then the failure with Retry', problems, {
        'restart (kill → listening)': `${Math.round(restartMs)} ms`,
        'kill → failure shown': `${Math.round(errorShownMs)} ms`,
        'stream requests (reconnects with Last-Event-ID)': `${requests.length} (${resumed.length})`,
        'deltas stored before the kill': `${stored.deltas} of ${plan.deltas.length}`,
        'letters shown before the failure': `${shownLetters} of ${letters(plan.reply).length}`,
      }),
    ];

    // Retry: a new job on the new process, answered in full.
    const retryProblems: string[] = [];
    const retriedAt = performance.now();
    if (await retry.isVisible()) {
      await retry.click();
      const events = await widget.waitForEvents(2, 40_000);
      const last = events[1]!;
      if (last.type !== 'done' || last.reply !== plan.reply) retryProblems.push(`Retry ended with ${last.type}: ${String(last.reply ?? last.message).slice(0, 120)}`);
      const retried = (await widget.snapshots()).filter((s) => s.bubble === 2 && !s.error);
      retryProblems.push(...verifyPrefixes(retried.map((s) => s.text), plan.reply));
      retryProblems.push(...compareParagraphs(await widget.lastParagraphs(), renderedParagraphs(plan.reply)));
    } else retryProblems.push('no Retry button to click');
    retryProblems.push(...widget.errors.map((e) => `page error: ${e}`));
    checks.push(check('restart mid-stream: Retry gives the complete answer', retryProblems, { 'Retry → answer done': `${Math.round(performance.now() - retriedAt)} ms` }));
    return checks;
  } finally {
    await widget.close();
    await current.stop();
    await first.kill();
  }
}
