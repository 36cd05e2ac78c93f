// The conversation shell's effect runner: does what the reducer (state.ts) asks for, in order, on
// storage, timers, the composer, the backend's thread and the thread on screen (view.ts); the
// effects on a turn not over yet are live-turns.ts's.

import { MAX_MESSAGE_CHARS } from '../contract';
import type { ConversationDeps } from './conversation';
import { writeHistory } from './history';
import { createLiveTurns } from './live-turns';
import { errorMessage } from './loaders';
import type { ConversationEffect } from './state';
import type { HistoryItem } from '../types';
import { fill } from '../attachments/uploads';
import type { View, ViewContext } from './view';

/** How long a message the server did not take (the browser online) waits before it is tried again. */
export const UNREACHABLE_RETRY_MS = 5000;
/** How long "New conversation" can be undone. */
export const UNDO_MS = 10_000;

/** The conversation's timers: the page's unless tests gave their own. */
export type Timers = [set: (run: () => void, ms: number) => unknown, clear: (timer: unknown) => void];

/** `ctx`: the conversation, as the view has it; `queuedKey`: where the message waiting for the network is kept. */
export function createEffects(deps: ConversationDeps, view: View, ctx: ViewContext, queuedKey: string) {
  const { state, dispatch, flush } = ctx;
  const { announce, backend, composer, options, setStreaming, storage, strings, warn } = deps;
  const { paintAll, paintQueued, markOld, retry, unedit, clear } = view;
  const timers: Timers = [deps.setTimer ?? ((run, ms) => setTimeout(run, ms)), deps.clearTimer ?? ((timer) => clearTimeout(timer as number))];
  const [setTimer, clearTimer] = timers;
  const [update, start, runTurn, endAll, live] = createLiveTurns(deps, view, ctx, run, timers);
  /** Makes the thread the last new conversation left current again; the timer that ends the offer. */
  let oldThread = () => {};
  let undoTimer: unknown;

  /** Runs what the reducer asked for, in order, once each live turn has its state. */
  function runAll(effects: readonly ConversationEffect[]) {
    update();
    for (const effect of effects) run(effect);
  }

  /** Runs one of the reducer's effects (those on a turn on the live turn of their key: live-turns.ts). */
  function run(effect: ConversationEffect) {
    switch (effect.type) {
      case 'save':
        return writeHistory(storage, backend.historyKey, state().items);
      case 'paint':
        return paintAll(live);
      case 'sync':
        return void sync(effect.before);
      case 'queued': {
        const { queued } = state();
        writeHistory(storage, queuedKey, queued ? [queued] : []);
        paintQueued();
        if (effect.retry) setTimer(flush, UNREACHABLE_RETRY_MS);
        return;
      }
      case 'say':
        return announce(strings[effect.text]);
      case 'too-long': {
        warn(`a message is limited to ${MAX_MESSAGE_CHARS} characters, attachment lines included (got ${effect.length}); not sent`);
        const note = fill(strings.tooLong, { n: MAX_MESSAGE_CHARS }, options.lang);
        announce(note);
        return composer.attachments?.note(note);
      }
      case 'composer':
        composer.set('');
        return composer.attachments?.clear();
      case 'streaming':
        return setStreaming(effect.on);
      case 'mark':
        return markOld(effect.jobId, effect.how);
      case 'retry':
        return retry(effect.user);
      case 'unedit':
        return unedit();
      case 'clear':
        endAll();
        return clear();
      case 'new-thread':
        oldThread = backend.newThread();
        if (undoTimer !== undefined) clearTimer(undoTimer);
        undoTimer = setTimer(() => dispatch({ type: 'undo', take: false }), UNDO_MS);
        return state().undo && announce(strings.cleared);
      case 'old-thread':
        return oldThread();
      default:
        return runTurn(effect);
    }
  }

  /** The server's thread, merged in by job id (once: on first show). */
  async function sync(before: number) {
    let server: HistoryItem[];
    try {
      server = await backend.thread!();
    } catch (error) {
      return warn(`could not load the conversation history: ${errorMessage(error)}`);
    }
    dispatch({ type: 'loaded', server, before });
  }

  return [runAll, start] as const;
}
