// One assistant turn's stream as a pure reducer. Streamed text is provisional; `done.reply` is the
// truth (DESIGN.md §2.2). Replayed events after a reconnect are dropped by `seq`.
import type { StreamEvent } from './bailing';

export type TurnStatus = 'connecting' | 'queued' | 'running' | 'done' | 'failed' | 'timeout';

export interface TurnState {
  readonly jobId: string;
  readonly status: TurnStatus;
  /** Provisional text while streaming; the reply once `done`; empty once `failed`. */
  readonly text: string;
  /** Highest `seq` applied; -1 before any. */
  readonly lastSeq: number;
  /** `tool` while the agent works (the UI shows "working…"). */
  readonly phase: 'model' | 'tool' | null;
  readonly round: number;
  /** The authoritative answer, set by `done` only. */
  readonly reply?: string;
  /** What `done` sent with the answer, unchecked (the conversation validates it). */
  readonly references?: unknown;
  readonly attachments?: unknown;
  /** The failure text the hub sent (may be empty: the UI then uses its own words). */
  readonly error?: string;
  /** How many times provisional text was discarded. */
  readonly resets: number;
}

export function initialTurn(jobId: string): TurnState {
  return { jobId, status: 'connecting', text: '', lastSeq: -1, phase: null, round: 0, resets: 0 };
}

const isFinal = (s: TurnStatus) => s === 'done' || s === 'failed' || s === 'timeout';

// Failed: provisional text never becomes the answer.
const failed = (s: TurnState, reply = ''): TurnState => ({ ...s, status: 'failed', error: reply, text: '', phase: null });

/**
 * Applies one event. Returns `state` itself when the event changes nothing (a ping, a replayed
 * `seq`, anything after the terminal event), so a caller can skip rendering by identity.
 */
export function reduceTurn(state: TurnState, event: StreamEvent): TurnState {
  if (isFinal(state.status)) return state;
  switch (event.type) {
    case 'open':
    case 'status': {
      // Job statuses before the answer; a final one is followed by its terminal event.
      const s = event.status;
      const status = s === 'queued' ? s : s === 'running' || s === 'dispatched' ? 'running' : state.status;
      return status === state.status ? state : { ...state, status };
    }
    case 'phase':
      if (event.seq <= state.lastSeq) return state;
      return { ...state, status: 'running', lastSeq: event.seq, phase: event.name, round: event.round ?? state.round };
    case 'delta':
      if (event.seq <= state.lastSeq) return state;
      return { ...state, status: 'running', lastSeq: event.seq, text: state.text + event.text, round: event.round ?? state.round };
    case 'reset':
      // A reset without seq (replay_gap) is not replayed, so it always applies.
      if (event.seq !== undefined && event.seq <= state.lastSeq) return state;
      return {
        ...state,
        text: '',
        resets: state.resets + 1,
        lastSeq: event.seq ?? state.lastSeq,
        round: event.round ?? state.round,
      };
    case 'done':
      if (event.error) return failed(state, event.reply);
      return { ...state, status: 'done', reply: event.reply, text: event.reply, phase: null, references: event.references, attachments: event.attachments };
    case 'failed':
      return failed(state, event.reply);
    case 'timeout':
      // The job may still finish; the caller recovers it from /thread. The text stays provisional.
      return { ...state, status: 'timeout', phase: null };
    default:
      return state;
  }
}
