// The state of one conversation: the thread's items, the turns not over yet (the one the visitor
// waits on among them), the message waiting for the network, the question being edited, and
// whether the thread was shown and merged with the service's. A pure reducer over what happens
// to it, composing the life of each turn (turn.ts): it says what to do (effects) and the shell
// (conversation.ts) does it and paints (view.ts, bubble.ts).

import { codePoints, MAX_MESSAGE_CHARS } from '../contract';
import type { HistoryItem, Rating, Redo } from '../types';
import { KEPT_ROWS, mergeHistory, sameHistory, unansweredRows } from './history';
import { isBusy, newTurn, reduceTurn, type Turn, type TurnEffect, type TurnInput, type TurnRules } from './turn';

/** A turn not over yet: its life and what it was asked with. */
export interface OpenTurn {
  readonly life: Turn;
  /** The visitor's row; with the service's id once it took the turn. */
  readonly user: HistoryItem;
  /** What goes back in the composer if the turn is not taken; `null` when it came from elsewhere. */
  readonly composerText: string | null;
  /** A visitor's own message (typed or retried): kept to send once online when the network fails it. */
  readonly queueable?: boolean;
  /** The turn this one asks again (Edit, Regenerate), marked so once this one is taken. */
  readonly redo?: readonly [jobId: string, how: Redo];
}

export interface ConversationState {
  readonly items: readonly HistoryItem[];
  /** Every turn not over yet, by key: the running one and those recovering. */
  readonly turns: Readonly<Record<number, OpenTurn>>;
  /** The key of the turn the visitor waits on (creating or streaming); 0 when none. */
  readonly running: number;
  /** Turns started (each new turn's key) and threads cleared: a history loaded from before the latest one is stale. */
  readonly started: number;
  /** The visitor's message that waits for the network ("Will send when online"). */
  readonly queued: HistoryItem | null;
  /** The job of the question the visitor is editing in the composer (Edit); `''` when none. */
  readonly editing: string;
  readonly shown: boolean;
  readonly synced: boolean;
  /** The thread a new conversation cleared, while the visitor may still take it back (Undo). */
  readonly undo?: readonly HistoryItem[];
}

export interface ConversationRules extends TurnRules {
  /** The service lists the thread (merged in on first show); else a turn the page was left in is followed at once. */
  readonly thread: boolean;
  /** An answer's text when the service failed the turn without a sentence of its own. */
  readonly failed: string;
}

/** What a turn is started with (the shell adds the renderers). */
export type StartRequest = { message?: string; interaction?: Record<string, unknown>; resume?: unknown };

export type ConversationInput =
  | { type: 'show' }
  /** The visitor's message (typed, a starter, a retry): checked, then started, or queued offline. */
  | { type: 'send'; request: StartRequest; user: HistoryItem; composerText: string | null; queueable?: boolean; redo?: OpenTurn['redo'] }
  /** A turn not typed by the visitor (a renderer's response, a decision): started at once. */
  | { type: 'start'; request: StartRequest; user: HistoryItem }
  /** What happened to turn `key` (its life's inputs, turn.ts). */
  | (Exclude<TurnInput, { type: 'stop' | 'refused' }> & { key: number })
  | { type: 'stop' }
  /** The service did not take turn `key` (`turn`: as it was, should it be over already); `offline`: the network failed it. */
  | { type: 'refused'; key: number; turn: OpenTurn; offline?: boolean }
  /** The waiting message goes (once online, or "Send now"). */
  | { type: 'flush' }
  /** The service's thread, read when the turns started were `before`. */
  | { type: 'loaded'; server: readonly HistoryItem[]; before: number }
  | { type: 'rated'; jobId: string; rating: Rating | 'note'; comment?: string }
  /** The visitor edits the question of `jobId` in the composer; `''`: no longer. */
  | { type: 'edit'; jobId: string }
  /** A new conversation. */
  | { type: 'reset' }
  /** The cleared thread comes back (`take`), or may no longer (the offer's time is up). */
  | { type: 'undo'; take: boolean }
  | { type: 'destroy' };

export type ConversationEffect =
  /** Keep the items. */
  | { type: 'save' }
  /** Paint the whole thread again. */
  | { type: 'paint' }
  /** Load the service's thread (then `loaded`). */
  | { type: 'sync'; before: number }
  /** Keep and show the waiting message (or its absence); `retry`: try it again after a while. */
  | { type: 'queued'; retry?: boolean }
  /** Not sent: say why. */
  | { type: 'say'; text: 'busy' | 'queued' }
  | { type: 'too-long'; length: number }
  /** The composer's text and attachments went with the message. */
  | { type: 'composer' }
  | { type: 'streaming'; on: boolean }
  /** Send turn `key` (its visitor row shows now). */
  | { type: 'start'; key: number; request: StartRequest }
  /** Follow again turn `key`, which the service still runs (its visitor row is in the thread). */
  | { type: 'resume'; key: number }
  /** The service took turn `key`: its visitor row is in the items now. */
  | { type: 'taken'; key: number; turn: OpenTurn }
  /** Turn `jobId` was asked again below (its rows in the items are marked). */
  | { type: 'mark'; jobId: string; how: Redo }
  /** Turn `key` changed phase (`item`: the answer it left in the items). */
  | { type: 'enter'; key: number; turn: OpenTurn; item?: HistoryItem }
  /** Turn `key` has news to show. */
  | { type: 'progress'; key: number; turn: OpenTurn }
  /** The service did not take the turn, and it does not wait for the network: the composer gets it back. */
  | { type: 'refused'; key: number; turn: OpenTurn }
  /** Ask again `user`'s question as a new turn. */
  | { type: 'retry'; user: HistoryItem }
  /** The Edit strip goes. */
  | { type: 'unedit' }
  /** End every open turn and empty the list. */
  | { type: 'clear' }
  | { type: 'new-thread' }
  /** The thread left by the last new conversation is the current one again. */
  | { type: 'old-thread' }
  | (TurnEffect & { key: number });

type Result = [ConversationState, ConversationEffect[]];

export const newConversationState = (items: readonly HistoryItem[], queued: HistoryItem | null): ConversationState => ({
  items,
  turns: {},
  running: 0,
  started: 0,
  queued,
  editing: '',
  shown: false,
  synced: false,
});

/** `items` with `item` at the end, the oldest dropped past the limit. */
const remember = (items: readonly HistoryItem[], item: HistoryItem) => [...items, item].slice(-KEPT_ROWS);

/** Every turn but `key`'s, and `key`'s as `turn` (none when absent). */
function withTurn(turns: ConversationState['turns'], key: number, turn?: OpenTurn) {
  const next = { ...turns };
  delete next[key];
  if (turn) next[key] = turn;
  return next;
}

/** First show: the thread painted, then the service's merged in (or a turn left running followed again). */
function show(s: ConversationState, rules: ConversationRules): Result {
  if (s.shown) return [s, []];
  const effects: ConversationEffect[] = [{ type: 'paint' }];
  s = { ...s, shown: true };
  if (s.synced) return [s, effects];
  s = { ...s, synced: true };
  if (rules.thread) return [s, [...effects, { type: 'sync', before: s.started }]];
  // No thread to merge (AG-UI), and a stream the page was left in cannot be picked up:
  // following that turn again ends it as interrupted (cut off, with Retry), not unanswered.
  const last = s.items[unansweredRows(s.items).follow ?? -1];
  return last?.j && !s.running ? resume(s, last, effects) : [s, effects];
}

/** Follows again the turn of `user`, which the service may still run. */
function resume(s: ConversationState, user: HistoryItem, effects: ConversationEffect[]): Result {
  const key = s.started + 1;
  const turn: OpenTurn = { life: newTurn(user.j), user, composerText: null };
  return [{ ...s, started: key, running: key, turns: withTurn(s.turns, key, turn) }, [...effects, { type: 'streaming', on: true }, { type: 'resume', key }, { type: 'follow', key }]];
}

/** A new turn as the running one: the composer waits on it until it is over. */
function start(s: ConversationState, request: StartRequest, turn: Omit<OpenTurn, 'life'>, effects: ConversationEffect[]): Result {
  const key = s.started + 1;
  // Regenerate and Edit are for the last turn only, and a new turn ends the editing.
  if (s.editing) effects.push({ type: 'unedit' });
  return [{ ...s, started: key, running: key, editing: '', undo: undefined, turns: withTurn(s.turns, key, { ...turn, life: newTurn() }) }, [...effects, { type: 'streaming', on: true }, { type: 'start', key, request }]];
}

/** Keeps `user` to send once online; online all the same (the server did not answer), it is tried again after a while. */
const queue = (s: ConversationState, user: HistoryItem, online: boolean, effects: ConversationEffect[]): Result => [{ ...s, queued: user }, [...effects, { type: 'queued', retry: online }]];

/** Applies one input to turn `key`'s life, and what its change of phase means for the thread. */
function step(s: ConversationState, key: number, input: TurnInput, rules: ConversationRules, now: number): Result {
  const open = s.turns[key];
  if (!open) return [s, []];
  const before = open.life;
  const [life, asked] = reduceTurn(before, input, rules);
  if (life === before && !asked.length) return [s, []];
  let turn: OpenTurn = { ...open, life };
  let { items, running } = s;
  const effects: ConversationEffect[] = [];
  let item: HistoryItem | undefined;
  let kept = true;
  if (life.phase !== before.phase) {
    if (before.phase === 'creating' && life.id) {
      turn = { ...turn, user: { ...turn.user, j: life.id } };
      items = remember(items, turn.user);
      effects.push({ type: 'save' }, { type: 'taken', key, turn });
      const redo = turn.redo;
      if (redo) {
        items = items.map((m) => (m.j == redo[0] ? { ...m, o: redo[1] } : m));
        effects.push({ type: 'mark', jobId: redo[0], how: redo[1] });
      }
    }
    if (!isBusy(life) && running === key) {
      running = 0;
      effects.push({ type: 'streaming', on: false });
    }
    kept = life.phase === 'streaming' || life.phase === 'recovering';
    const answer = life.answer;
    if (life.phase === 'done' || life.phase === 'failed') {
      item = { r: 'a', t: answer?.reply || '', j: life.id!, ts: now };
      if (life.phase === 'failed') item = { ...item, t: item.t || rules.failed, err: true, e: true };
      else {
        if (answer!.references?.length) item.refs = [...answer!.references];
        if (answer!.attachments?.length) item.atts = [...answer!.attachments];
        if (life.progress.tools) item.w = true;
      }
      items = remember(items, item);
    }
    effects.push({ type: 'enter', key, turn, item });
    if (item) effects.push({ type: 'save' });
    if (answer?.thread && life.phase === 'done') {
      // The service rewrote what came before this turn: the list shows its version.
      items = [...answer.thread, ...items.slice(items.findIndex((m) => m.r == 'u' && m.j == life.id))];
      effects.push({ type: 'save' }, { type: 'paint' });
    }
  } else if (life.progress !== before.progress) effects.push({ type: 'progress', key, turn });
  for (const effect of asked) effects.push({ ...effect, key });
  return [{ ...s, items, running, turns: withTurn(s.turns, key, kept ? turn : undefined) }, effects];
}

/**
 * Applies one input to the conversation; `now` dates what it keeps, `online` is the browser's
 * word on the network. Returns `s` itself, and no effect, when the input changes nothing.
 */
export function reduceConversation(s: ConversationState, input: ConversationInput, rules: ConversationRules, now: number, online: boolean): Result {
  switch (input.type) {
    case 'show':
      return show(s, rules);
    case 'send': {
      if (s.running || s.queued) return [s, [{ type: 'say', text: s.running ? 'busy' : 'queued' }]];
      const length = codePoints(input.request.message!);
      if (length > MAX_MESSAGE_CHARS) return [s, [{ type: 'too-long', length }]];
      const [shown, effects] = show(s, rules);
      const { user, composerText, queueable, redo } = input;
      if (queueable && !online) {
        if (composerText !== null) effects.push({ type: 'composer' });
        const [queued, more] = queue(shown, user, online, effects);
        // Queued, the edit is over all the same (what it replaced stays, unmarked).
        return redo?.[1] == 'edited' && s.editing ? [{ ...queued, editing: '' }, [...more, { type: 'unedit' }]] : [queued, more];
      }
      return start(shown, input.request, { user, composerText, queueable, redo }, effects);
    }
    case 'start': {
      const [shown, effects] = show(s, rules);
      return start(shown, input.request, { user: input.user, composerText: null }, effects);
    }
    case 'stop':
      return s.running ? step(s, s.running, { type: 'stop' }, rules, now) : [s, []];
    case 'refused': {
      const [next, effects] = step(s, input.key, { type: 'refused' }, rules, now);
      const turn = s.turns[input.key] ?? input.turn;
      // The network, not the service, failed it: it waits in the list for the network instead.
      if (turn.queueable && !turn.life.stopping && (input.offline || !online)) return queue(next, turn.user, online, effects);
      return [next, [...effects, { type: 'refused', key: input.key, turn }]];
    }
    case 'flush':
      // Sent once: it stops waiting before it is sent.
      return !s.queued || s.running ? [s, []] : [{ ...s, queued: null }, [{ type: 'queued' }, { type: 'retry', user: s.queued }]];
    case 'loaded': {
      // A turn started meanwhile owns the list, and the thread was read before it: merging now
      // would re-render (and re-mount) what the visitor is looking at. The next load will merge.
      if (s.running || Object.keys(s.turns).length || s.started !== input.before) return [s, []];
      const merged = mergeHistory(s.items, input.server);
      const same = sameHistory(merged, s.items);
      const next = same ? s : { ...s, items: merged };
      const effects: ConversationEffect[] = same ? [] : [{ type: 'save' }, { type: 'paint' }];
      // The page was left while an answer was coming (a reload mid-stream, or Stop): the server
      // still runs that job, so follow its stream again rather than leave the question unanswered.
      const last = next.items[unansweredRows(next.items).follow ?? -1];
      return last?.j && input.server.some((m) => m.r === 'u' && m.j === last.j) ? resume(next, last, effects) : [next, effects];
    }
    case 'rated': {
      const { jobId, rating, comment } = input;
      const at = s.items.findIndex((m) => m.r == 'a' && m.j == jobId);
      if (at < 0) return [s, []];
      const item = { ...s.items[at] };
      if (rating != 'note') item.v = rating;
      if (comment) item.c = comment;
      return [{ ...s, items: s.items.map((m, i) => (i == at ? item : m)) }, [{ type: 'save' }]];
    }
    case 'edit':
      return [{ ...s, editing: input.jobId }, s.editing ? [{ type: 'unedit' }] : []];
    case 'undo':
      if (!s.undo) return [s, []];
      if (!input.take) return [{ ...s, undo: undefined }, [{ type: 'paint' }]];
      // The cleared thread, and the service's merged in again (an answer the reset cut off came meanwhile).
      return [{ ...s, items: s.undo, undo: undefined }, [{ type: 'old-thread' }, { type: 'save' }, { type: 'paint' }, ...(rules.thread ? [{ type: 'sync', before: s.started } as const] : [])]];
    case 'reset':
    case 'destroy': {
      // Nothing to clear, and the last one can still be undone: that offer stays.
      if (input.type == 'reset' && s.undo && !s.items.length && !s.running) return [s, []];
      const effects: ConversationEffect[] = s.editing ? [{ type: 'unedit' }, { type: 'clear' }] : [{ type: 'clear' }];
      if (s.running) effects.push({ type: 'streaming', on: false });
      const ended = { ...s, turns: {}, running: 0, editing: '' };
      if (input.type == 'destroy') return [ended, effects];
      return [{ ...ended, items: [], started: s.started + 1, synced: true, shown: true, undo: s.items.length ? s.items : undefined }, [...effects, { type: 'new-thread' }, { type: 'save' }, { type: 'paint' }]];
    }
    default:
      return step(s, input.key, input, rules, now);
  }
}
