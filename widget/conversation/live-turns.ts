// The turns not over yet, as the conversation shell holds them (bubble.ts's LiveTurn, by key):
// the runner of their effects (state.ts): each one started on the backend with its visitor's row,
// followed, looked up while it recovers, painted as its phase changes, given back to the composer
// when the service does not take it, and all ended with the thread.

import type { ChatBackend, TurnProgress, TurnRefusal } from './backend';
import type { ConversationDeps } from './conversation';
import type { Timers } from './effects';
import { errorMessage, loadMarkdown } from './loaders';
import type { ConversationEffect, ConversationInput, StartRequest } from './state';
import type { TurnEffect } from './turn';
import { visitorError } from '../transport/errors';
import { createBubbles, type LiveTurn } from './bubble';
import type { View, ViewContext } from './view';

/** The effects on one turn, by its key. */
export type LiveTurnEffect = Extract<ConversationEffect, { key: number }>;

/** `run`: the runner of the conversation's other effects (a turn started empties the composer through it). */
export function createLiveTurns(deps: ConversationDeps, view: View, { state, dispatch }: ViewContext, run: (effect: ConversationEffect) => void, [setTimer, clearTimer]: Timers) {
  const { backend, emit, list, options, registry, warn } = deps;
  const { addUser, rendered } = view;
  const { showAnswering, scheduleProvisional, enter } = createBubbles(deps, view, (turn) => state().running == turn.key);
  /** What the visitor sees of every turn not over yet, by key. */
  const lives = new Map<number, LiveTurn>();
  /** Settles the next turn started (a renderer's response, a decision); a visitor's message is not waited on. */
  let next: LiveTurn['taken'] | undefined;
  /** The turn being refused, and why (for the reducer's `refused`). */
  let refusing: [LiveTurn, TurnRefusal] | undefined;

  /** Each live turn as the state has it now (before its effects run). */
  function update() {
    const { turns } = state();
    for (const [key, turn] of lives) turn.t = turns[key] ?? turn.t;
  }

  /** Starts a turn not typed by the visitor; resolves once the service took it, rejects with why it did not. */
  const start = (input: ConversationInput) => new Promise<void>((resolve, reject) => ((next = { resolve, reject }), dispatch(input)));

  /** A turn's visitor row and its bubble to come, held as turn `key` (the composer waits on it). */
  function hold(key: number, userEl: HTMLElement): LiveTurn {
    const turn: LiveTurn = { key, t: state().turns[key]!, abort: new AbortController(), userEl, bubble: null, frame: 0, paintedAt: 0, taken: next ?? { resolve() {}, reject() {} } };
    next = undefined;
    lives.set(key, turn);
    return turn;
  }

  /** The service did not take the turn: the visitor's bubble goes; the reducer says whether it waits for the network. */
  function refused(turn: LiveTurn, error: TurnRefusal) {
    turn.userEl.remove();
    refusing = [turn, error];
    dispatch({ type: 'refused', key: turn.key, turn: turn.t, offline: error?.offline });
    turn.taken.reject(error);
  }

  /** Sends turn `key`: its visitor row shows now, the composer's text went with it. */
  function startTurn(key: number, request: StartRequest) {
    const { user, redo } = state().turns[key]!;
    const started = hold(key, addUser(user));
    // Asked again as it was (Regenerate): the question shows once, as first asked.
    started.userEl.hidden = redo?.[1] == 'regenerated';
    // Regenerate and Edit are for the last turn only: a new one takes them away.
    for (const el of list.container.querySelectorAll('.bc-redo,.bc-starters,.bc-undo')) el.remove();
    list.toEnd();
    if (started.t.composerText !== null) run({ type: 'composer' });
    backend.start({ ...request, renderers: registry.types() }, started.abort.signal).then(
      (turn) => dispatch({ type: 'started', key, turn }),
      (error: unknown) => refused(started, error as TurnRefusal),
    );
    // Ready long before the answer's first words arrive, and made in a task of its own, once the
    // request has left: the markdown code's first run (marked's rules, about 5 ms on a desktop)
    // would else come first, in a microtask before the backend's.
    setTimeout(() => loadMarkdown(options.scriptSrc, warn));
  }

  /** Runs effect `effect` on the live turn of its key. */
  function runTurn(effect: LiveTurnEffect) {
    const turn = lives.get(effect.key)!;
    switch (effect.type) {
      case 'start':
        return startTurn(effect.key, effect.request);
      case 'resume': {
        // Follows again a turn the service still runs (the page was left while it answered).
        const { user } = state().turns[effect.key]!;
        const userEl = rendered.find((entry) => entry.item.r == 'u' && entry.item.j == user.j)?.el ?? list.addUser(user.t, null, user.ts || 0);
        return showAnswering(hold(effect.key, userEl));
      }
      case 'taken':
        turn.t = effect.turn;
        rendered.push({ item: effect.turn.user, el: turn.userEl, mounts: null });
        emit('message', { role: 'user', text: effect.turn.user.t, jobId: effect.turn.life.id });
        turn.taken.resolve();
        // Retry is for the last turn only, as Regenerate is: a failure above no longer offers it.
        for (const el of list.container.querySelectorAll(':is(.bc-msg-error,.bc-retry) .bc-action')) el.remove();
        return showAnswering(turn);
      case 'enter':
        turn.t = effect.turn;
        if (!state().turns[effect.key]) lives.delete(effect.key);
        return enter(turn, effect.item);
      case 'progress':
        return scheduleProvisional(turn);
      case 'refused':
        return notTaken(deps, ...refusing!);
      default:
        return runRequest(effect, turn, backend, dispatch, setTimer);
    }
  }

  /** Ends every open turn (its request or stream, its recovery, its pending render). */
  function endAll() {
    for (const open of lives.values()) {
      open.abort.abort();
      if (open.timer !== undefined) clearTimer(open.timer);
      clearTimeout(open.frame);
    }
    lives.clear();
  }

  return [update, start, runTurn, endAll, () => [...lives.values()]] as const;
}

/** A turn's own effects (turn.ts): its stream followed, its recovery's wait and look-up, its abort. */
function runRequest(effect: TurnEffect & { key: number }, turn: LiveTurn, backend: ChatBackend, dispatch: ViewContext['dispatch'], setTimer: Timers[0]) {
  const { key } = effect;
  const { signal } = turn.abort;
  switch (effect.type) {
    case 'abort':
      return turn.abort.abort();
    case 'follow':
      return void backend.follow(turn.t.life.id!, (progress: TurnProgress) => dispatch({ type: 'progress', key, progress }), signal).then(
        (end) => dispatch({ type: 'ended', key, end }),
        (error: unknown) => dispatch({ type: 'ended', key, end: signal.aborted ? { kind: 'stopped' } : { kind: 'lost', reason: errorMessage(error) } }),
      );
    case 'wait':
      turn.timer = setTimer(() => {
        turn.timer = undefined;
        dispatch({ type: 'timer', key });
      }, effect.ms);
      return;
    case 'look-up':
      return void backend.lookUp!(turn.t.life.id!, signal).then(
        (answer) => dispatch({ type: 'looked-up', key, answer }),
        () => dispatch({ type: 'looked-up', key, answer: null }),
      );
  }
}

/** The turn was not taken and does not wait: the visitor's text goes back in the box, and they are told why. */
function notTaken({ announce, composer, emit, list, strings }: ConversationDeps, { t: { composerText, user, life }, taken }: LiveTurn, error: TurnRefusal) {
  // The visitor's text goes back in the box, whatever stopped it (Stop included).
  if (composerText !== null) {
    const current = composer.get();
    composer.set(current.trim() && composerText ? `${composerText}\n${current}` : composerText || current);
    if (user.atts) composer.attachments?.restore(user.atts);
  }
  if (life.stopping) return;
  emit('error', { message: errorMessage(error) });
  const said = error?.busy ? strings.busy : error?.visitorText ?? null;
  // A renderer's response: the renderer shows the failure where the visitor acted (a form
  // keeps its values), so it gets the sentence to show, or its own words when there is none.
  if (user.interaction) return taken.reject(said ? visitorError(said) : error);
  // "Back in the box" only when something was put back (not for a view's send).
  const note = said ?? (composerText !== null ? strings.notSent : strings.sendFailed);
  announce(note, true);
  list.addAssistant().setError(note);
}
