// Checks of what a visitor received against what it should have received (pure). Each returns
// the list of problems found, empty when the answer is complete and uncorrupted.
import { letters, type Plan } from './plan';

/** One server-sent event as eventsource-parser hands it over. */
export interface ReceivedEvent {
  event: string;
  id?: string | undefined;
  data: string;
}

/** Events a stream may resume after: they carry an `id:` (sse-stream.ts RESUMABLE_EVENTS). */
const WITH_ID: ReadonlySet<string> = new Set(['reset', 'phase', 'delta']);
/** Events that may come any number of times without being part of the answer. */
const HOUSEKEEPING: ReadonlySet<string> = new Set(['open', 'status', 'ping']);

/**
 * A whole stream read from the first event: `open`, then ids 1, 2, 3 … on every event that has
 * one, the planned deltas exactly (same count, same texts, same order), one final `done` that is
 * not an error and whose reply is both the plan's and the deltas' concatenation, nothing after it.
 */
export function verifyStream(events: readonly ReceivedEvent[], plan: Plan): string[] {
  const problems: string[] = [];
  if (events[0]?.event !== 'open') problems.push(`first event is ${events[0]?.event ?? 'missing'}, not open`);
  let expectedId = 1;
  const deltas: string[] = [];
  let done: Record<string, unknown> | null = null;
  for (const [index, event] of events.entries()) {
    if (done) {
      problems.push(`event ${event.event} after done (#${index})`);
      break;
    }
    if (WITH_ID.has(event.event)) {
      const id = Number(event.id);
      if (id !== expectedId) problems.push(`${event.event} has id ${event.id ?? 'none'}, expected ${expectedId}`);
      expectedId = (Number.isInteger(id) ? id : expectedId) + 1;
    }
    if (event.event === 'delta') {
      const data = parse(event.data);
      if (typeof data?.text !== 'string') problems.push(`delta #${index} has no text`);
      else deltas.push(data.text);
    } else if (event.event === 'done') {
      done = parse(event.data) ?? {};
    } else if (!WITH_ID.has(event.event) && !HOUSEKEEPING.has(event.event)) {
      problems.push(`unexpected event ${event.event}`);
    }
  }
  problems.push(...compareDeltas(deltas, plan.deltas));
  if (!done) problems.push('no done event');
  else {
    if (done.error === true) problems.push(`done is an error: ${String(done.reply)}`);
    if (done.reply !== plan.reply) problems.push(`done.reply (${String(done.reply).length} chars) is not the planned reply (${plan.reply.length} chars)`);
    if (deltas.join('') !== done.reply) problems.push('the deltas joined are not done.reply');
  }
  return problems;
}

/**
 * A stream cut short by a restart, read again from the start (`?cursor=0`): ids 1, 2, 3 …, the
 * first k planned deltas exactly (0 < k < all: it was cut mid-answer), then one `done` with
 * `error: true` and the given sentence.
 */
export function verifyInterrupted(events: readonly ReceivedEvent[], plan: Plan, reply: string): { problems: string[]; deltas: number } {
  const problems: string[] = [];
  const ids = events.filter((e) => WITH_ID.has(e.event)).map((e) => Number(e.id));
  const gap = ids.findIndex((id, i) => id !== i + 1);
  if (gap >= 0) problems.push(`event ids are not 1, 2, 3 …: #${gap + 1} is ${ids[gap]}`);
  const deltas = events.filter((e) => e.event === 'delta').map((e) => String(parse(e.data)?.text));
  const first = deltas.findIndex((text, i) => text !== plan.deltas[i]);
  if (first >= 0) problems.push(`stored delta #${first + 1} differs from the plan`);
  if (deltas.length === 0 || deltas.length >= plan.deltas.length) {
    problems.push(`${deltas.length} of ${plan.deltas.length} deltas stored: the restart did not cut the answer`);
  }
  const terminal = events.filter((e) => e.event === 'done');
  const done = terminal.length === 1 ? parse(terminal[0]!.data) : null;
  if (!done) problems.push(`${terminal.length} done events, expected 1`);
  else if (done.error !== true || done.reply !== reply) problems.push(`done is ${JSON.stringify(done).slice(0, 160)}, expected error: true with "${reply}"`);
  if (events.at(-1)?.event !== 'done') problems.push(`the stream ends with ${events.at(-1)?.event ?? 'nothing'}, not done`);
  return { problems, deltas: deltas.length };
}

export type Outcome =
  | { kind: 'complete' }
  /** The visitor was told, in a sentence, that this answer failed (an error status or a failed `done`). */
  | { kind: 'clear-error'; status: number; sentence: string }
  /** Anything else: a dropped connection, a corrupted or unfinished answer, an error without a sentence. */
  | { kind: 'broken'; reason: string };

/** What one visit ended in, for a fault that may fail answers but must never corrupt or drop them. */
export function classifyOutcome(
  visit: { postStatus: number; postBody: Record<string, unknown> | null; events: readonly ReceivedEvent[]; error?: string | undefined; jobId: string | null },
  plan: Plan,
): Outcome {
  if (!visit.jobId) {
    // `{error: "<sentence>", code}`, or a create-job refusal shaped as a failed job: `{done, error: true, reply, code}`.
    const sentence = [visit.postBody?.error, visit.postBody?.reply].find((value) => typeof value === 'string');
    if (visit.postStatus >= 400 && typeof sentence === 'string' && sentence.length > 0) {
      return { kind: 'clear-error', status: visit.postStatus, sentence };
    }
    return { kind: 'broken', reason: visit.error ?? `POST answered ${visit.postStatus} without a sentence` };
  }
  const complete = verifyStream(visit.events, plan);
  if (complete.length === 0) return { kind: 'complete' };
  const terminal = visit.events.find((e) => e.event === 'done');
  const done = terminal ? parse(terminal.data) : null;
  const deltas = visit.events.filter((e) => e.event === 'delta').map((e) => String(parse(e.data)?.text));
  const corrupted = deltas.findIndex((text, i) => text !== plan.deltas[i]);
  if (corrupted >= 0) return { kind: 'broken', reason: `delta #${corrupted + 1} differs from the plan` };
  if (done?.error === true && typeof done.reply === 'string' && done.reply.length > 0) {
    return { kind: 'clear-error', status: 200, sentence: done.reply };
  }
  return { kind: 'broken', reason: visit.error ? `${visit.error}; ${complete[0]}` : complete.join('; ') };
}

/** Where two delta lists first differ, as problems (a duplicated or lost delta shows as a count and a position). */
export function compareDeltas(received: readonly string[], planned: readonly string[]): string[] {
  const problems: string[] = [];
  if (received.length !== planned.length) problems.push(`${received.length} deltas received, ${planned.length} planned`);
  const first = received.findIndex((text, i) => text !== planned[i]);
  if (first >= 0) problems.push(`delta #${first + 1} differs from the plan`);
  return problems;
}

/**
 * Texts a bubble showed while streaming must each be the start of the answer (letters and digits
 * only, so markdown and layout do not matter): a chunk shown twice or skipped breaks that.
 */
export function verifyPrefixes(shown: readonly string[], reply: string): string[] {
  const full = letters(reply);
  const problems: string[] = [];
  for (const text of shown) {
    const seen = letters(text);
    if (!full.startsWith(seen)) {
      let at = 0;
      while (at < seen.length && seen[at] === full[at]) at++;
      problems.push(`shown text departs from the answer after ${at} letters: …${seen.slice(Math.max(0, at - 20), at + 20)}…`);
      break;
    }
  }
  return problems;
}

/** A bubble's rendered paragraphs against the expected ones: counts, and the first one that differs. */
export function compareParagraphs(shown: readonly string[], expected: readonly string[]): string[] {
  const problems: string[] = [];
  const norm = (text: string): string => text.replace(/\s+/g, ' ').trim();
  if (shown.length !== expected.length) problems.push(`${shown.length} paragraphs shown, ${expected.length} expected`);
  const first = expected.findIndex((text, i) => norm(shown[i] ?? '') !== norm(text));
  if (first >= 0) problems.push(`paragraph ${first + 1} is "${norm(shown[first] ?? '').slice(0, 60)}…", expected "${norm(expected[first]!).slice(0, 60)}…"`);
  return problems;
}

function parse(data: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
