// SQLite locked by another process: a child opens the server's database file and holds
// `BEGIN EXCLUSIVE` for longer than the server's busy timeout (DB_BUSY_TIMEOUT_MS) while answers
// stream and visitors send messages. The server must stay up; each answer either waits and
// completes or fails with a sentence for the visitor (never a dropped connection, never
// corrupted text); after the release, new messages get complete answers.
import { join } from 'node:path';
import { check, startCaseServer, type Check, type FaultContext } from './check';
import { buildPlan, messageFor, renderedParagraphs, type Plan, type PlanSettings } from './plan';
import { spawnNode } from './processes';
import { classifyOutcome, compareParagraphs, verifyStream, type Outcome } from './verify';
import { visit, type Visit } from './visitor';
import { ENTRY, openWidget } from './widget-page';

export const LOCK_HOLD_MS = 6_000;
/** Answers already streaming when the lock is taken (about 5 s each). */
const IN_FLIGHT = 10;
const IN_FLIGHT_SETTINGS: PlanSettings = { chars: 3000, deltaChars: 30, intervalMs: 50 };
/** Messages sent while the lock is held, and after it is released. */
const DURING = 10;
const AFTER = 10;
const SHORT_SETTINGS: PlanSettings = { chars: 400, deltaChars: 40, intervalMs: 10 };
const VISIT_TIMEOUT_MS = 60_000;
const HEALTH_EVERY_MS = 250;

interface Planned {
  plan: Plan;
  visit: Promise<Visit>;
}

function send(url: string, name: string, i: number, settings: PlanSettings, onFirstDelta?: () => void): Planned {
  const tag = `${name}${i}`;
  const plan = buildPlan(tag, settings);
  let seen = false;
  const onEvent = onFirstDelta
    ? (event: { event: string }) => {
        if (event.event === 'delta' && !seen) {
          seen = true;
          onFirstDelta();
        }
      }
    : undefined;
  return { plan, visit: visit(url, ENTRY, `soak-lock-${name}-${String(i).padStart(3, '0')}`, messageFor(tag, settings), VISIT_TIMEOUT_MS, onEvent) };
}

function tally(outcomes: Outcome[]): string {
  const count = (kind: Outcome['kind']): number => outcomes.filter((o) => o.kind === kind).length;
  return `${count('complete')} complete, ${count('clear-error')} failed with a sentence, ${count('broken')} broken`;
}

export async function runLockCase(ctx: FaultContext): Promise<Check[]> {
  const server = await startCaseServer(ctx, 'lock');
  const dbPath = join(ctx.tmpDir, 'lock.sqlite');
  const widget = await openWidget(ctx.browser, server.url);
  try {
    const warm = send(server.url, 'warm', 0, SHORT_SETTINGS);
    const warmProblems = verifyStream((await warm.visit).events, warm.plan);
    if (warmProblems.length) throw new Error(`the answer before the lock was already wrong: ${warmProblems.join('; ')}`);

    // Answers streaming when the lock is taken.
    let streaming = 0;
    let allStreaming!: () => void;
    const started = new Promise<void>((resolve) => (allStreaming = resolve));
    const inFlight = Array.from({ length: IN_FLIGHT }, (_, i) =>
      send(server.url, 'inflight', i, IN_FLIGHT_SETTINGS, () => {
        if (++streaming === IN_FLIGHT) allStreaming();
      }),
    );
    await Promise.race([started, new Promise((_, reject) => setTimeout(() => reject(new Error('the answers before the lock never started')), 20_000))]);

    const holder = spawnNode(ctx.lockScript, [dbPath, String(LOCK_HOLD_MS)]);
    const held = await holder.waitForLine(/^LOCK HELD (\d+)$/, 20_000);
    const lockedAt = performance.now();
    let diedAfterMs = NaN;
    void server.process.exited.then(() => (diedAfterMs = performance.now() - lockedAt));
    ctx.log(`another process holds the database (BEGIN EXCLUSIVE, waited ${held[1]} ms for it) for ${LOCK_HOLD_MS} ms`);

    // While it is held: /healthz probes (how long the server stops answering), messages over the wire and in the widget.
    let released = false;
    const health: { ms: number; ok: boolean }[] = [];
    const probing = (async () => {
      while (!released && server.process.running()) {
        const at = performance.now();
        const ok = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(30_000) }).then(
          (res) => res.ok,
          () => false,
        );
        health.push({ ms: performance.now() - at, ok });
        await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
      }
    })();
    const during = Array.from({ length: DURING }, (_, i) => send(server.url, 'during', i, SHORT_SETTINGS));
    const browserDuring = buildPlan('lockbrowser1', SHORT_SETTINGS);
    await widget.ask(messageFor('lockbrowser1', SHORT_SETTINGS));

    await holder.waitForLine(/^LOCK RELEASED$/, LOCK_HOLD_MS + 30_000);
    const heldMs = performance.now() - lockedAt;
    released = true;
    await probing;

    const inFlightOutcomes = await Promise.all(inFlight.map(async (p) => classifyOutcome(await p.visit, p.plan)));
    const duringVisits = await Promise.all(during.map((p) => p.visit));
    const duringOutcomes = duringVisits.map((v, i) => classifyOutcome(v, during[i]!.plan));
    const [browserEvent] = await widget.waitForEvents(1, VISIT_TIMEOUT_MS).catch(() => [undefined]);
    const alive = server.process.running();

    const upProblems: string[] = [];
    if (!alive) {
      const exit = await server.process.exited;
      upProblems.push(`the server process died (exit ${exit.code ?? exit.signal}) ${Math.round(diedAfterMs)} ms into the lock: ${crashSummary(server.process.stderr())}`);
    }
    const refused = health.filter((h) => !h.ok).length;
    if (refused) upProblems.push(`${refused} of ${health.length} /healthz probes during the lock got no answer`);
    const longestHealth = Math.max(0, ...health.map((h) => h.ms));

    const waitProblems: string[] = [];
    for (const [i, outcome] of inFlightOutcomes.entries()) if (outcome.kind === 'broken') waitProblems.push(`streaming answer ${i}: ${outcome.reason}`);
    for (const [i, outcome] of duringOutcomes.entries()) if (outcome.kind === 'broken') waitProblems.push(`message ${i} during the lock: ${outcome.reason}`);
    if (!browserEvent) waitProblems.push('the widget never ended the message sent during the lock');
    else if (browserEvent.type === 'done' && browserEvent.reply !== browserDuring.reply) waitProblems.push('the widget finished the message sent during the lock with a wrong answer');
    else if (browserEvent.type === 'error' && !browserEvent.message) waitProblems.push('the widget reported an error without a message');
    const sentences = [...new Set([...inFlightOutcomes, ...duringOutcomes].flatMap((o) => (o.kind === 'clear-error' ? [`${o.status}: ${o.sentence}`] : [])))];
    const longestPost = Math.max(0, ...duringVisits.map((v) => v.postMs));

    const checks: Check[] = [
      check('SQLite locked by another process: the server stays up', upProblems, {
        'lock held': `${Math.round(heldMs)} ms`,
        'longest /healthz wait during the lock': `${Math.round(longestHealth)} ms`,
      }),
      check('SQLite locked: each message waits or fails with a clear error, none corrupted', waitProblems, {
        'answers streaming when locked': tally(inFlightOutcomes),
        'messages sent during the lock': tally(duringOutcomes),
        'longest POST during the lock': `${Math.round(longestPost)} ms`,
        'widget, message during the lock': browserEvent ? `${browserEvent.type}${browserEvent.message ? `: ${browserEvent.message}` : ''}` : 'nothing',
        'errors the visitors got': sentences.slice(0, 3).join(' | ') || 'none',
      }),
    ];

    const afterProblems: string[] = [];
    if (!alive) afterProblems.push('the server is gone: nothing to ask');
    else {
      const after = Array.from({ length: AFTER }, (_, i) => send(server.url, 'after', i, SHORT_SETTINGS));
      const afterVisits = await Promise.all(after.map((p) => p.visit));
      afterVisits.forEach((v, i) => {
        const problems = v.error ? [v.error] : verifyStream(v.events, after[i]!.plan);
        if (problems.length) afterProblems.push(`message ${i} after the release: ${problems.slice(0, 2).join('; ')}`);
      });
      const browserAfter = buildPlan('lockbrowser2', SHORT_SETTINGS);
      const before = (await widget.widgetEvents()).length;
      await widget.ask(messageFor('lockbrowser2', SHORT_SETTINGS));
      const events = await widget.waitForEvents(before + 1, VISIT_TIMEOUT_MS);
      const last = events[before]!;
      if (last.type !== 'done' || last.reply !== browserAfter.reply) afterProblems.push(`the widget's message after the release ended with ${last.type}: ${String(last.message ?? '').slice(0, 120)}`);
      else afterProblems.push(...compareParagraphs(await widget.lastParagraphs(), renderedParagraphs(browserAfter.reply)));
    }
    afterProblems.push(...widget.errors.map((e) => `page error: ${e}`));
    checks.push(check('SQLite locked: after the release new messages get complete answers', afterProblems, { 'messages after the release': `${AFTER} over the wire + 1 in the widget` }));
    return checks;
  } finally {
    await widget.close();
    await server.stop();
  }
}

/** The lines of a crash that say what it was: the error and its code, and where it was thrown. */
function crashSummary(text: string): string {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  const error = lines.findIndex((l) => /^(\w*Error|Uncaught|node:internal)|SQLITE_/.test(l));
  const picked = error >= 0 ? lines.slice(error, error + 3) : lines.slice(-3);
  const code = lines.find((l) => /^code:/.test(l));
  return [...picked, ...(code && !picked.includes(code) ? [code] : [])].join(' / ').slice(0, 500);
}
