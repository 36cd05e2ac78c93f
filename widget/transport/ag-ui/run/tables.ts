// The run reducer's tables share these: events folded as a page and as a stream fold them, the
// events' builders, and `table`, which checks what a run must end as. Every run is deep-frozen
// before the next event, so a reducer that changed its input would throw here.
import { expect, it } from 'vitest';
import { endOfStream, feedRun, initialRun, type AgUiRun, type InitialRunOptions } from '../run';
import type { Message } from '../types';

export const deepFreeze = <T>(v: T): T => {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    Object.values(v).forEach(deepFreeze);
  }
  return v;
};

export function play(events: object[], init: InitialRunOptions = {}, end = false): AgUiRun {
  let run = deepFreeze(initialRun('thread-1', 'run-1', init));
  for (const e of events) run = deepFreeze(feedRun(run, deepFreeze(structuredClone(e))));
  return end ? endOfStream(run) : run;
}

export const RS = { type: 'RUN_STARTED', threadId: 'thread-1', runId: 'run-1' };
export const RF = { type: 'RUN_FINISHED', threadId: 'thread-1', runId: 'run-1' };
export const start = (messageId: string, more = {}) => ({ type: 'TEXT_MESSAGE_START', messageId, ...more });
export const content = (messageId: string, delta: string, more = {}) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta, ...more });
export const end = (messageId: string, more = {}) => ({ type: 'TEXT_MESSAGE_END', messageId, ...more });
export const tcStart = (toolCallId: string, toolCallName: string, more = {}) => ({ type: 'TOOL_CALL_START', toolCallId, toolCallName, ...more });
export const tcArgs = (toolCallId: string, delta: string) => ({ type: 'TOOL_CALL_ARGS', toolCallId, delta });
export const tcEnd = (toolCallId: string) => ({ type: 'TOOL_CALL_END', toolCallId });
export const result = (messageId: string, toolCallId: string, content: unknown) => ({ type: 'TOOL_CALL_RESULT', messageId, toolCallId, content });
export const history: Message[] = [{ id: 'u1', role: 'user', content: 'Hi' }];

export interface Row {
  title: string;
  events: object[];
  init?: InitialRunOptions;
  /** Feed endOfStream after the events. */
  truncated?: boolean;
  expected: Record<string, unknown>;
}

/**
 * The same events folded as the backend folds a stream: with one `owned` set, what the reducer
 * made for an earlier event written in place. Only the inputs are frozen (the runs are the
 * reducer's to write); the outcome must be the pure one.
 */
export function playOwned(events: object[], init: InitialRunOptions = {}, end = false): AgUiRun {
  const owned = new WeakSet<object>();
  let run = initialRun('thread-1', 'run-1', deepFreeze(structuredClone(init)));
  for (const e of events) run = feedRun(run, deepFreeze(structuredClone(e)), owned);
  return end ? endOfStream(run) : run;
}

/** `expected` holds what the run must match; a key set to undefined must be absent. */
export const table = (rows: Row[]) =>
  it.each(rows)('$title', ({ events, init, truncated, expected }) => {
    const run = play(events, init, truncated);
    const { track: _t, ...pure } = run;
    const { track: _o, ...owned } = playOwned(events, init, truncated);
    expect(owned, 'folded in place, as a stream').toEqual(pure);
    const absent = Object.keys(expected).filter((k) => expected[k] === undefined);
    expect(run).toMatchObject(Object.fromEntries(Object.entries(expected).filter(([k]) => !absent.includes(k))));
    expect(absent.filter((k) => k in run)).toEqual([]);
  });
