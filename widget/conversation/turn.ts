// The life of one turn, whatever the wire: creating → streaming → (recovering) → done, failed,
// stopped or interrupted; or unsent when the service did not take it. A pure reducer: it says
// what to do next (follow the stream, abort, wait, look the answer up) and the conversation
// shell does it, with its own timers and the backend's requests.

import type { StartedTurn, TurnAnswer, TurnEnd, TurnProgress } from './backend';

export type TurnPhase = 'creating' | 'unsent' | 'streaming' | 'recovering' | 'done' | 'failed' | 'stopped' | 'interrupted';

export interface Turn {
  readonly phase: TurnPhase;
  /** The service's id, once it took the turn. */
  readonly id: string | null;
  readonly progress: TurnProgress;
  /** The answer (`done`), or the service's failure (`failed`; absent when none was found). */
  readonly answer?: TurnAnswer;
  /** Stop was asked for: a turn refused afterwards was refused because of it. */
  readonly stopping: boolean;
  /** Look-ups made while recovering. */
  readonly lookUps: number;
  /** Why the stream was lost (recovering, interrupted). */
  readonly lost?: string;
}

export type TurnInput =
  | { type: 'started'; turn: StartedTurn }
  | { type: 'refused' }
  | { type: 'progress'; progress: TurnProgress }
  | { type: 'ended'; end: TurnEnd }
  | { type: 'stop' }
  | { type: 'timer' }
  /** `null`: not there yet, or the look-up itself failed. */
  | { type: 'looked-up'; answer: TurnAnswer | null };

export type TurnEffect = { type: 'follow' } | { type: 'abort' } | { type: 'wait'; ms: number } | { type: 'look-up' };

export interface TurnRules {
  /** The waits before each look-up of a lost turn's answer; none when the service cannot be asked again. */
  readonly recoveryDelays: readonly number[];
}

export const EMPTY_PROGRESS: TurnProgress = Object.freeze({ text: '', resets: 0, working: false });

/** A new turn being sent; or, with `id`, one already running that this page follows again (after a reload). */
export function newTurn(id: string | null = null): Turn {
  return { phase: id ? 'streaming' : 'creating', id, progress: EMPTY_PROGRESS, stopping: false, lookUps: 0 };
}

/** The visitor waits on this turn: a new one cannot be sent, and Stop applies to it. */
export const isBusy = (turn: Turn) => turn.phase === 'creating' || turn.phase === 'streaming';

/** Nothing more happens to it. */
export const isOver = (turn: Turn) => !isBusy(turn) && turn.phase !== 'recovering';

const sameProgress = (a: TurnProgress, b: TurnProgress) => a.text === b.text && a.resets === b.resets && a.working === b.working && a.parts === b.parts;

const settle = (turn: Turn, answer: TurnAnswer): Turn => ({ ...turn, phase: answer.failed ? 'failed' : 'done', answer });

/**
 * Applies one input. Returns `turn` itself, and no effect, when the input changes nothing (a
 * progress that shows the same, anything after the turn is over, a stale timer).
 */
export function reduceTurn(turn: Turn, input: TurnInput, rules: TurnRules): [Turn, TurnEffect[]] {
  const same: [Turn, TurnEffect[]] = [turn, []];
  switch (turn.phase) {
    case 'creating':
      if (input.type === 'started') {
        const next = { ...turn, id: input.turn.id };
        if (input.turn.answer) return [settle(next, input.turn.answer), []];
        // Stopped while the service took it: the turn exists, so follow it just to end it cleanly.
        return [{ ...next, phase: 'streaming' }, turn.stopping ? [{ type: 'follow' }, { type: 'abort' }] : [{ type: 'follow' }]];
      }
      if (input.type === 'refused') return [{ ...turn, phase: 'unsent' }, []];
      if (input.type === 'stop' && !turn.stopping) return [{ ...turn, stopping: true }, [{ type: 'abort' }]];
      return same;
    case 'streaming':
      if (input.type === 'progress') return sameProgress(turn.progress, input.progress) ? same : [{ ...turn, progress: input.progress }, []];
      if (input.type === 'stop') return turn.stopping ? same : [{ ...turn, stopping: true }, [{ type: 'abort' }]];
      if (input.type !== 'ended') return same;
      switch (input.end.kind) {
        case 'answered':
          return [settle(turn, input.end.answer), []];
        case 'stopped':
          return [{ ...turn, phase: 'stopped' }, []];
        case 'lost': {
          // The service may still finish it: look for the answer, if the service can be asked.
          const first = rules.recoveryDelays[0];
          if (first === undefined) return [{ ...turn, phase: 'interrupted', lost: input.end.reason }, []];
          return [{ ...turn, phase: 'recovering', lost: input.end.reason }, [{ type: 'wait', ms: first }]];
        }
      }
      return same;
    case 'recovering':
      if (input.type === 'timer') return [turn, [{ type: 'look-up' }]];
      if (input.type !== 'looked-up') return same;
      if (input.answer) return [settle(turn, input.answer), []];
      {
        const lookUps = turn.lookUps + 1;
        const delay = rules.recoveryDelays[lookUps];
        // Given up: failed with no answer of the service's (the shell says it in its own words).
        if (delay === undefined) return [{ ...turn, phase: 'failed', lookUps }, []];
        return [{ ...turn, lookUps }, [{ type: 'wait', ms: delay }]];
      }
    default:
      return same;
  }
}
