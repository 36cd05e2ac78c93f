import { describe, expect, it } from 'vitest';
import type { TurnAnswer, TurnProgress } from './backend';
import { EMPTY_PROGRESS, isBusy, isOver, newTurn, reduceTurn, type Turn, type TurnEffect, type TurnInput, type TurnPhase, type TurnRules } from './turn';

const RECOVERS: TurnRules = { recoveryDelays: [1000, 2000, 3000] };
const CANNOT_RECOVER: TurnRules = { recoveryDelays: [] };

const answer: TurnAnswer = { reply: 'Hello.' };
const failure: TurnAnswer = { reply: 'The model is unavailable.', failed: true };
const progress = (text: string, resets = 0, working = false): TurnProgress => ({ text, resets, working });
const started = (id = 'j1', answered?: TurnAnswer): TurnInput => ({ type: 'started', turn: { id, answer: answered } });
const ended = (end: Extract<TurnInput, { type: 'ended' }>['end']): TurnInput => ({ type: 'ended', end });

/** Runs inputs from a new turn, collecting every effect asked for. */
function play(inputs: TurnInput[], rules = RECOVERS, from: Turn = newTurn()) {
  let turn = from;
  const effects: TurnEffect[] = [];
  const phases: TurnPhase[] = [turn.phase];
  for (const input of inputs) {
    const [next, asked] = reduceTurn(turn, input, rules);
    if (next.phase !== turn.phase) phases.push(next.phase);
    turn = next;
    effects.push(...asked);
  }
  return { turn, effects, phases };
}

describe('the life of a turn', () => {
  it.each<{ title: string; inputs: TurnInput[]; rules?: TurnRules; phases: TurnPhase[]; effects: TurnEffect[]; turn?: Partial<Turn> }>([
    {
      title: 'taken, streamed, answered',
      inputs: [started(), { type: 'progress', progress: progress('Hel') }, { type: 'progress', progress: progress('Hello') }, ended({ kind: 'answered', answer })],
      phases: ['creating', 'streaming', 'done'],
      effects: [{ type: 'follow' }],
      turn: { id: 'j1', answer, progress: progress('Hello') },
    },
    {
      title: 'answered at once when taken (nothing to follow)',
      inputs: [started('j1', answer)],
      phases: ['creating', 'done'],
      effects: [],
      turn: { answer },
    },
    {
      title: 'failed at once when taken',
      inputs: [started('j1', failure)],
      phases: ['creating', 'failed'],
      effects: [],
      turn: { answer: failure },
    },
    {
      title: 'refused: unsent, nothing to follow',
      inputs: [{ type: 'refused' }],
      phases: ['creating', 'unsent'],
      effects: [],
    },
    {
      title: 'stopped while being sent: aborts once, then refused',
      inputs: [{ type: 'stop' }, { type: 'stop' }, { type: 'refused' }],
      phases: ['creating', 'unsent'],
      effects: [{ type: 'abort' }],
      turn: { stopping: true },
    },
    {
      title: 'stopped while being sent but taken all the same: followed, aborted, stopped',
      inputs: [{ type: 'stop' }, started(), ended({ kind: 'stopped' })],
      phases: ['creating', 'streaming', 'stopped'],
      effects: [{ type: 'abort' }, { type: 'follow' }, { type: 'abort' }],
    },
    {
      title: 'stopped while streaming: one abort, then stopped',
      inputs: [started(), { type: 'progress', progress: progress('Half') }, { type: 'stop' }, { type: 'stop' }, ended({ kind: 'stopped' })],
      phases: ['creating', 'streaming', 'stopped'],
      effects: [{ type: 'follow' }, { type: 'abort' }],
      turn: { progress: progress('Half') },
    },
    {
      title: 'failed in the stream',
      inputs: [started(), { type: 'progress', progress: progress('draft') }, ended({ kind: 'answered', answer: failure })],
      phases: ['creating', 'streaming', 'failed'],
      effects: [{ type: 'follow' }],
      turn: { answer: failure },
    },
    {
      title: 'lost, then found on the second look-up',
      inputs: [started(), ended({ kind: 'lost', reason: 'timeout' }), { type: 'timer' }, { type: 'looked-up', answer: null }, { type: 'timer' }, { type: 'looked-up', answer }],
      phases: ['creating', 'streaming', 'recovering', 'done'],
      effects: [{ type: 'follow' }, { type: 'wait', ms: 1000 }, { type: 'look-up' }, { type: 'wait', ms: 2000 }, { type: 'look-up' }],
      turn: { answer, lookUps: 1, lost: 'timeout' },
    },
    {
      title: 'lost, and found failed',
      inputs: [started(), ended({ kind: 'lost', reason: 'timeout' }), { type: 'timer' }, { type: 'looked-up', answer: failure }],
      phases: ['creating', 'streaming', 'recovering', 'failed'],
      effects: [{ type: 'follow' }, { type: 'wait', ms: 1000 }, { type: 'look-up' }],
      turn: { answer: failure },
    },
    {
      title: 'lost, and never found: failed without an answer after every delay',
      inputs: [started(), ended({ kind: 'lost', reason: 'exhausted' }), ...[1, 2, 3].flatMap((): TurnInput[] => [{ type: 'timer' }, { type: 'looked-up', answer: null }])],
      phases: ['creating', 'streaming', 'recovering', 'failed'],
      effects: [{ type: 'follow' }, { type: 'wait', ms: 1000 }, { type: 'look-up' }, { type: 'wait', ms: 2000 }, { type: 'look-up' }, { type: 'wait', ms: 3000 }, { type: 'look-up' }],
      turn: { lookUps: 3 },
    },
    {
      title: 'lost where the service cannot be asked again: interrupted, never done',
      rules: CANNOT_RECOVER,
      inputs: [started(), { type: 'progress', progress: progress('Part of it') }, ended({ kind: 'lost', reason: 'stream ended without RUN_FINISHED' })],
      phases: ['creating', 'streaming', 'interrupted'],
      effects: [{ type: 'follow' }],
      turn: { lost: 'stream ended without RUN_FINISHED', progress: progress('Part of it') },
    },
    {
      title: 'Stop does not apply to a turn that is recovering (it no longer holds the composer)',
      inputs: [started(), ended({ kind: 'lost', reason: 'timeout' }), { type: 'stop' }],
      phases: ['creating', 'streaming', 'recovering'],
      effects: [{ type: 'follow' }, { type: 'wait', ms: 1000 }],
    },
    {
      title: 'a look-up answer before its timer is not taken (only what was asked for counts)',
      inputs: [started(), { type: 'looked-up', answer }, ended({ kind: 'answered', answer })],
      phases: ['creating', 'streaming', 'done'],
      effects: [{ type: 'follow' }],
    },
    {
      title: 'nothing after the end: progress, stop, timers, another end',
      inputs: [started(), ended({ kind: 'answered', answer }), { type: 'progress', progress: progress('late') }, { type: 'stop' }, { type: 'timer' }, ended({ kind: 'lost', reason: 'x' })],
      phases: ['creating', 'streaming', 'done'],
      effects: [{ type: 'follow' }],
      turn: { progress: EMPTY_PROGRESS },
    },
    {
      title: 'a working phase and a reset are progress the visitor sees',
      inputs: [started(), { type: 'progress', progress: progress('', 0, true) }, { type: 'progress', progress: progress('', 1, false) }],
      phases: ['creating', 'streaming'],
      effects: [{ type: 'follow' }],
      turn: { progress: progress('', 1, false) },
    },
  ])('$title', ({ inputs, rules, phases, effects, turn }) => {
    const result = play(inputs, rules);
    expect(result.phases).toEqual(phases);
    expect(result.effects).toEqual(effects);
    if (turn) expect(result.turn).toMatchObject(turn);
    if (result.turn.phase === 'failed' && !turn?.answer) expect(result.turn).not.toHaveProperty('answer');
  });

  it('an input that changes nothing returns the same turn (the shell skips the repaint by identity)', () => {
    const [streaming] = reduceTurn(newTurn(), started(), RECOVERS);
    const [shown] = reduceTurn(streaming, { type: 'progress', progress: progress('a') }, RECOVERS);
    expect(reduceTurn(shown, { type: 'progress', progress: progress('a') }, RECOVERS)[0]).toBe(shown);
    expect(reduceTurn(shown, { type: 'timer' }, RECOVERS)[0]).toBe(shown);
  });

  it('a turn followed again after a reload starts streaming with its id', () => {
    const again = newTurn('j9');
    expect(again).toMatchObject({ phase: 'streaming', id: 'j9' });
    expect(play([ended({ kind: 'answered', answer })], RECOVERS, again).phases).toEqual(['streaming', 'done']);
  });

  it.each<[TurnPhase, boolean, boolean]>([
    ['creating', true, false],
    ['streaming', true, false],
    ['recovering', false, false],
    ['unsent', false, true],
    ['done', false, true],
    ['failed', false, true],
    ['stopped', false, true],
    ['interrupted', false, true],
  ])('%s: busy %s, over %s', (phase, busy, over) => {
    const turn = { ...newTurn(), phase };
    expect([isBusy(turn), isOver(turn)]).toEqual([busy, over]);
  });
});
