import { describe, expect, it } from 'vitest';
import type { StreamEvent } from './bailing';
import { initialTurn, reduceTurn, type TurnState } from './bailing-stream';

const delta = (seq: number, text: string, round = 1): StreamEvent => ({ type: 'delta', seq, text, round });
const phase = (seq: number, name: 'model' | 'tool', round = 1): StreamEvent => ({ type: 'phase', seq, name, round });
const done = (reply: string): StreamEvent => ({ type: 'done', job_id: 'j1', reply });
const run = (events: StreamEvent[], from: TurnState = initialTurn('j1')) => events.reduce(reduceTurn, from);

describe('reduceTurn', () => {
  it('starts empty', () => {
    expect(initialTurn('j1')).toEqual({ jobId: 'j1', status: 'connecting', text: '', lastSeq: -1, phase: null, round: 0, resets: 0 });
  });

  it.each<{ title: string; events: StreamEvent[]; expected: Partial<TurnState> }>([
    {
      title: 'open/status report queued then running',
      events: [{ type: 'open', job_id: 'j1', status: 'queued' }, { type: 'status', status: 'running' }],
      expected: { status: 'running', text: '' },
    },
    { title: 'dispatched counts as running', events: [{ type: 'status', status: 'dispatched' }], expected: { status: 'running' } },
    { title: 'a final job status waits for its terminal event', events: [{ type: 'status', status: 'done' }], expected: { status: 'connecting' } },
    {
      title: 'deltas append in order',
      events: [delta(1, 'Hel'), delta(2, 'lo'), delta(3, ' 世界 🎉')],
      expected: { text: 'Hello 世界 🎉', lastSeq: 3, status: 'running' },
    },
    {
      title: 'dedup: seq <= lastSeq is ignored (replay after reconnect)',
      events: [delta(1, 'a'), delta(2, 'b'), delta(1, 'a'), delta(2, 'b'), delta(3, 'c'), delta(3, 'c')],
      expected: { text: 'abc', lastSeq: 3 },
    },
    { title: 'seq 0 is a valid first seq', events: [delta(0, 'x')], expected: { text: 'x', lastSeq: 0 } },
    {
      title: 'reset clears provisional text at once and takes its seq',
      events: [delta(1, 'draft'), { type: 'reset', seq: 2, round: 1 }],
      expected: { text: '', lastSeq: 2, resets: 1 },
    },
    {
      title: 'a replayed reset (seq <= lastSeq) does not wipe newer text',
      events: [delta(1, 'draft'), { type: 'reset', seq: 2 }, delta(3, 'new'), { type: 'reset', seq: 2 }],
      expected: { text: 'new', lastSeq: 3, resets: 1 },
    },
    {
      title: 'a reset without seq (replay_gap) always clears, keeping lastSeq',
      events: [delta(5, 'partial'), { type: 'reset' }, delta(6, 'rest')],
      expected: { text: 'rest', lastSeq: 6, resets: 1 },
    },
    {
      title: 'tool phase shows working, model phase returns, round follows',
      events: [phase(1, 'model', 1), delta(2, 'x'), { type: 'reset', seq: 3 }, phase(4, 'tool', 1)],
      expected: { phase: 'tool', round: 1, text: '' },
    },
    {
      title: 'back to the model in a new round',
      events: [phase(1, 'tool', 1), phase(2, 'model', 2), delta(3, 'answer', 2)],
      expected: { phase: 'model', round: 2, text: 'answer' },
    },
    {
      title: 'done replaces provisional text with the reply',
      events: [delta(1, 'provisional **bo'), done('final **bold**')],
      expected: { status: 'done', text: 'final **bold**', reply: 'final **bold**', phase: null },
    },
    {
      title: 'failed clears provisional text; the reply is the error',
      events: [phase(1, 'tool'), delta(2, 'half an answer'), { type: 'failed', error: true, reply: 'Sorry, it failed.' }],
      expected: { status: 'failed', text: '', error: 'Sorry, it failed.', reply: undefined, phase: null },
    },
    {
      title: 'failed without reply gives an empty error',
      events: [delta(1, 'x'), { type: 'failed' }],
      expected: { status: 'failed', text: '', error: '' },
    },
    {
      title: 'a done with error:true (BailingHub) is a failure',
      events: [delta(1, 'x'), { type: 'done', job_id: 'j1', reply: 'Sorry.', error: true }],
      expected: { status: 'failed', text: '', error: 'Sorry.', reply: undefined },
    },
    {
      title: 'timeout keeps the text provisional, never final',
      events: [delta(1, 'partial'), { type: 'timeout' }],
      expected: { status: 'timeout', text: 'partial', reply: undefined },
    },
    {
      title: 'terminal is final: nothing after done applies',
      events: [done('answer'), delta(9, 'late'), { type: 'reset', seq: 10 }, { type: 'failed', reply: 'x' }, { type: 'status', status: 'running' }],
      expected: { status: 'done', text: 'answer', reply: 'answer', lastSeq: -1 },
    },
    {
      title: 'terminal is final: nothing after failed applies',
      events: [{ type: 'failed', reply: 'no' }, done('answer')],
      expected: { status: 'failed', text: '', error: 'no', reply: undefined },
    },
    {
      title: 'terminal is final: nothing after timeout applies',
      events: [delta(1, 'a'), { type: 'timeout' }, delta(2, 'b'), done('ab')],
      expected: { status: 'timeout', text: 'a', reply: undefined },
    },
  ])('$title', ({ events, expected }) => {
    const state = run(events);
    for (const [k, v] of Object.entries(expected)) expect(state[k as keyof TurnState], k).toEqual(v);
  });

  it('never mutates its input and returns the same object when nothing changes', () => {
    const s0 = Object.freeze(run([delta(1, 'a')]));
    const s1 = reduceTurn(s0, delta(2, 'b'));
    expect(s0.text).toBe('a');
    expect(s1).not.toBe(s0);
    expect(reduceTurn(s1, { type: 'ping' })).toBe(s1);
    expect(reduceTurn(s1, delta(2, 'b'))).toBe(s1);
    const final = reduceTurn(s1, done('ab'));
    expect(reduceTurn(final, delta(3, 'c'))).toBe(final);
  });

  it('stays linear for a long stream', () => {
    let s = initialTurn('j1');
    for (let i = 0; i < 5000; i++) s = reduceTurn(s, delta(i, 'x'.repeat(12)));
    expect(s.text.length).toBe(60_000);
    expect(s.lastSeq).toBe(4999);
  });
});
