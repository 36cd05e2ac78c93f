// The run reducer as a whole: what an event costs, folded in place as a stream is. The tables of
// what each kind of event does are beside the reducer's pieces, in run/.
import { describe, expect, it } from 'vitest';
import { initialRun, reduceRun } from './run';
import { parseAgUiEvent } from './events';
import { play, playOwned, RS } from './run/tables';

describe('what an event costs', () => {
  const steps = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'STEP_STARTED', stepName: `step ${i}` }));

  it('folded in place (one stream), an event copies neither the list of parts nor the parts it does not change', () => {
    const owned = new WeakSet<object>();
    let run = reduceRun(initialRun('t', 'r'), RS as never, owned);
    run = reduceRun(run, steps(1)[0] as never, owned);
    const [list, first] = [run.parts, run.parts[0]];
    for (const e of steps(50).slice(1)) run = reduceRun(run, e as never, owned);
    expect(run.parts).toBe(list);
    expect(run.parts[0]).toBe(first);
    expect(run.parts).toHaveLength(50);
    // A part that changes is a new object (the view redraws what is new), in its place.
    run = reduceRun(run, { type: 'STEP_FINISHED', stepName: 'step 0' } as never, owned);
    expect(run.parts[0]).not.toBe(first);
    expect(run.parts[0]).toMatchObject({ id: 'step 0#0', status: 'done' });
  });

  it('steps, their finish and the progress indexes stay right over many events', () => {
    const events = [RS, ...steps(300), ...Array.from({ length: 150 }, (_, i) => ({ type: 'STEP_FINISHED', stepName: `step ${2 * i}` })), { type: 'STEP_STARTED', stepName: 'step 0' }];
    const run = playOwned(events);
    expect(run.parts).toHaveLength(301);
    expect(run.parts.filter((p) => p.kind === 'step' && p.status === 'done')).toHaveLength(150);
    expect(run.parts.at(-1)).toMatchObject({ id: 'step 0#1', status: 'running' });
    expect(run.track.running.size).toBe(151);
    expect(run).toEqual(play(events));
  });

  it('16,000 steps fold in linear time: eight times the events take nowhere near 64 times as long', () => {
    const time = (n: number) => {
      const events = steps(n).map((e) => parseAgUiEvent(e)).map((p) => (p.ok ? p.event : null)!);
      const owned = new WeakSet<object>();
      const started = performance.now();
      let run = reduceRun(initialRun('t', 'r'), RS as never, owned);
      for (const e of events) run = reduceRun(run, e, owned);
      return performance.now() - started;
    };
    time(2000);
    const small = Math.min(time(2000), time(2000));
    const large = Math.min(time(16000), time(16000));
    // Quadratic: about 64; linear: about 8 (a loaded machine adds noise, hence the margin).
    expect(large / small).toBeLessThan(24);
  });
});

describe('which events the parts\' readers are told of (track.edits)', () => {
  const start = (id: string) => ({ type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' });
  const text = (id: string, delta = 'more ') => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta });
  // The answer (the latest assistant message) growing is the bubble's: it reads it from the indexes.
  it.each([
    ['text added to the answer: not told', [start('a1'), text('a1')], text('a1'), false],
    ['the answer ends: not told', [start('a1'), text('a1')], { type: 'TEXT_MESSAGE_END', messageId: 'a1' }, false],
    ['a new message (the answer before it becomes a row): told', [start('a1'), text('a1')], start('a2'), true],
    ['text added to an earlier message: told', [start('a1'), start('a2')], text('a1'), true],
    ['a step starts: told', [start('a1'), text('a1')], { type: 'STEP_STARTED', stepName: 'look' }, true],
    ['a tool call\'s arguments: told', [{ type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search' }], { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"q":' }, true],
    ['reasoning text: told', [{ type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'reasoning' }], { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 'hm' }, true],
  ] as const)('%s', (_name, before, event, told) => {
    const run = play([RS, ...before]);
    const after = play([RS, ...before, event]);
    expect(after.parts).not.toEqual(run.parts);
    expect(after.track.edits !== run.track.edits).toBe(told);
  });
});
