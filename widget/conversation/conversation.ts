// One conversation: the shell around its state (state.ts, a pure reducer that composes each turn's
// life, turn.ts). It runs what the reducer asks for (the backend's requests, timers, storage, the
// composer, events) and paints through view.ts (the thread, derived from the state) and bubble.ts
// (the turns not over yet). The wire is the backend's (widget/conversation/backend.ts).

import type { ChatBackend, DecisionTools, TurnProgress, TurnRefusal } from './backend';
import { MAX_MESSAGE_CHARS } from '../contract';
import type { EmbedOptions } from '../embed/embed';
import { readHistory, writeHistory } from './history';
import type { MessageList } from '../ui/messages';
import type { Registry } from '../registry/registry';
import { visitorError } from '../transport/errors';
import { newConversationState, reduceConversation, type ConversationEffect, type ConversationInput, type ConversationRules, type OpenTurn } from './state';
import type { Strings } from '../ui/i18n/i18n';
import type { Attachment, HistoryItem, RendererTheme, ResponsePresentation, ResponseSummary, WidgetEventName } from '../types';
import { fill, messageWithAttachments, splitUserMessage } from '../attachments/uploads';
import { createBubbles, type LiveTurn } from './bubble';
import { createView, errorMessage, loadMarkdown } from './view';

export { loadMarkdown };

export { MAX_MESSAGE_CHARS };

/** How long a late answer is looked for after the stream gave up (when the backend can look). */
export const RECOVERY_DELAYS_MS = [1000, 2000, 3000, 5000, 8000, 10000, 15000, 20000, 30000, 30000];

/** How long a message the server did not take (the browser online) waits before it is tried again. */
export const UNREACHABLE_RETRY_MS = 5000;
/** How long "New conversation" can be undone. */
export const UNDO_MS = 10_000;

export interface ConversationDeps {
  options: EmbedOptions;
  backend: ChatBackend;
  registry: Registry;
  list: MessageList;
  strings: Strings;
  storage: Storage | null;
  theme(): RendererTheme;
  emit(event: WidgetEventName, detail: unknown): void;
  /** The composer's text (and attachments), read and written so a failed send can put them back. */
  composer: { get(): string; set(text: string): void; focus?(): void; attachments?: ComposerAttachments; /** The composer form (the Edit strip goes above it). */ el?: HTMLElement };
  setStreaming(streaming: boolean): void;
  /** `assertive` for errors: they interrupt, news waits its turn. */
  announce(text: string, assertive?: boolean): void;
  warn(message: string): void;
  /** Shown first in every conversation, not part of the history. */
  greeting: string;
  /** Questions offered under the greeting until the visitor asks one. */
  starters?: readonly string[];
  /** Default: the page's timers (tests give their own). */
  setTimer?(run: () => void, ms: number): unknown;
  clearTimer?(timer: unknown): void;
}

/** The attachments waiting in the composer (config `upload`). */
export interface ComposerAttachments {
  /** Those uploaded, to go with the next message. */
  list(): Attachment[];
  /** The message took them (uploads still running stay). */
  clear(): void;
  /** A failed send gives them back, before any added meanwhile. */
  restore(atts: readonly Attachment[]): void;
  /** Says, where the visitor looks, why the message was not sent. */
  note(text: string): void;
}

export interface Conversation {
  /** First open: local history at once, then the server's thread merged in by job id. */
  show(): void;
  /**
   * Sends the visitor's text as a new turn. Returns false (and keeps the text) when it cannot.
   * With `shown`, the bubble shows that instead and the composer is left alone (a sandbox view's send).
   */
  send(text: string, shown?: string): boolean;
  /** A renderer's `respond`: the next user turn, carrying an interaction_response. */
  respond(sourceJobId: string, type: string, version: number, response: Record<string, unknown>, presentation?: ResponsePresentation): Promise<void>;
  /** Stops the running stream. The server's job goes on; its answer shows up in the history later. */
  stop(): void;
  newConversation(): void;
  /** Who the hub knows the visitor as (uploads carry it). */
  visitor(): string;
  /** Tears everything down (unmount of the widget). */
  destroy(): void;
}


/**
 * One function of about 290 lines, on purpose: the shell around the pure reducer (state.ts), whose
 * effect runner (`run`) reaches the backend, the live turns, storage and the composer; the
 * decisions are the reducer's, the painting view.ts's and bubble.ts's.
 */
export function createConversation(deps: ConversationDeps): Conversation {
  // State lives in this closure (so the minifier can shorten every internal name).
  const { announce, backend, composer, emit, list, options, registry, setStreaming, storage, strings, theme, warn } = deps;
  const setTimer = deps.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((timer: unknown) => clearTimeout(timer as number));
  const rules: ConversationRules = { recoveryDelays: backend.lookUp ? RECOVERY_DELAYS_MS : [], thread: !!backend.thread, failed: strings.recoverFailed };
  /**
   * The visitor's message that waits for the network ("Will send when online") is kept beside the
   * history so a reload keeps it too; sent once, by whichever comes first: the browser's `online`
   * event, the visitor's "Send now", or a start-up that finds the browser online.
   */
  const queuedKey = backend.historyKey + '_queued';
  let state = newConversationState(readHistory(storage, backend.historyKey), readHistory(storage, queuedKey)[0] ?? null);
  /** What the visitor sees of every turn not over yet, by key. */
  const lives = new Map<number, LiveTurn>();
  /** Settles the next turn started (a renderer's response, a decision); a visitor's message is not waited on. */
  let next: LiveTurn['taken'] | undefined;
  /** The turn being refused, and why (for the reducer's `refused`). */
  let refusing: [LiveTurn, TurnRefusal] | undefined;
  /** Makes the thread the last new conversation left current again; the timer that ends the offer. */
  let oldThread = () => {};
  let undoTimer: unknown;

  /** Applies one input to the state, then runs what it asks for, in order. */
  function dispatch(input: ConversationInput) {
    const [after, effects] = reduceConversation(state, input, rules, Date.now(), navigator.onLine);
    state = after;
    for (const [key, turn] of lives) turn.t = state.turns[key] ?? turn.t;
    for (const effect of effects) run(effect);
  }

  /** First open: local history at once, then the server's thread merged in by job id. */
  const show = () => dispatch({ type: 'show' });
  const flush = () => dispatch({ type: 'flush' });

  /** The message = typed text + one markdown line per attachment, as the hub's widget sends it. Returns whether it went (or waits for the network). */
  function sendMessage(typed: string, atts: readonly Attachment[], shown: string | undefined, composerText: string | null, redo?: OpenTurn['redo']): boolean {
    const message = messageWithAttachments(typed, atts);
    if (!message) return false;
    // The history keeps the text without the lines, and the attachments beside it (the hub widget's shape).
    const user: HistoryItem = { r: 'u', t: shown || typed, ts: Date.now() };
    if (atts.length) user.atts = [...atts];
    const { started, queued } = state;
    dispatch({ type: 'send', request: { message }, user, composerText, queueable: !shown, redo });
    return state.started != started || state.queued != queued;
  }

  /** Asked again as it was: the same text and attachments (from `atts`, or the lines a restored item carries). */
  function ask(user: HistoryItem, redo?: OpenTurn['redo']) {
    const { text, atts } = splitUserMessage(user.t, user.atts);
    sendMessage(text, atts, undefined, null, redo);
  }

  /** Starts a turn not typed by the visitor; resolves once the service took it, rejects with why it did not. */
  const start = (input: ConversationInput) => new Promise<void>((resolve, reject) => ((next = { resolve, reject }), dispatch(input)));

  /** A renderer's `respond`: the next user turn, carrying an interaction_response. */
  function respond(sourceJobId: string, type: string, version: number, response: Record<string, unknown>, presentation?: ResponsePresentation): Promise<void> {
    if (!response || typeof response !== 'object' || Array.isArray(response)) {
      return Promise.reject(new TypeError('respond(response): response must be an object'));
    }
    if (state.running) return Promise.reject(visitorError(strings.busy));
    // The widget, not the renderer, names the type, version and source job (DESIGN.md §7).
    const interaction = { ...response, type, version, source_job_id: sourceJobId };
    const summary: ResponseSummary = {
      type,
      version,
      source_job_id: sourceJobId,
      ...pickStrings(response, ['form_id', 'submission_id', 'action']),
    };
    const displayText = typeof presentation?.displayText === 'string' && presentation.displayText.trim()
      ? presentation.displayText.trim().slice(0, MAX_MESSAGE_CHARS)
      : `${type}: ${typeof response.action === 'string' ? response.action : 'response'}`;
    return start({ type: 'start', request: { interaction }, user: { r: 'u', t: displayText, ts: Date.now(), interaction: summary } });
  }

  /** A rating or note on answer `jobId`; kept in the history item (`v`, `c`) once the service took it. */
  async function rate(jobId: string, rating: 'up' | 'down' | 'note', comment?: string): Promise<void> {
    try {
      await backend.rate!(jobId, rating, comment);
    } catch (error) {
      warn(`the rating was not sent: ${errorMessage(error)}`);
      // The service's own sentence when it wrote one; else the footer says it in its words.
      throw new Error((error as TurnRefusal).visitorText ?? '');
    }
    dispatch({ type: 'rated', jobId, rating, comment });
  }

  const decisionTools: DecisionTools = {
    answer(resume, shown) {
      if (state.running) return Promise.reject(visitorError(strings.busy));
      return start({ type: 'start', request: { resume }, user: { r: 'u', t: shown, ts: Date.now(), d: true } });
    },
    mount(type, payload, container, respond) {
      const handle = registry.mount({
        type,
        source: JSON.stringify(payload),
        container,
        theme: theme(),
        message: { jobId: '', responses: [] },
        respond: async (response) => respond(response),
      });
      return () => handle.destroy();
    },
  };

  const view = createView(deps, {
    state: () => state,
    dispatch,
    send: (text) => send(text),
    ask,
    respond,
    rate,
    flush,
    decisionTools,
  });
  const { paintAll, paintQueued, addUser, rendered, markOld, retry, unedit, clear } = view;
  const { showAnswering, scheduleProvisional, enter } = createBubbles(deps, view, (turn) => state.running == turn.key);

  /** Sends the visitor's text (and the composer's attachments) as a new turn. Returns false (and keeps them) when it cannot. */
  function send(text: string, shown?: string): boolean {
    const old = shown ? '' : state.editing;
    // Sent (or queued for when the browser is online): the edit is over either way.
    return sendMessage(text.trim(), (!shown && composer.attachments?.list()) || [], shown, shown ? null : text, old ? [old, 'edited'] : undefined);
  }

  /** A turn's visitor row and its bubble to come, held as turn `key` (the composer waits on it). */
  function hold(key: number, userEl: HTMLElement): LiveTurn {
    const turn: LiveTurn = { key, t: state.turns[key]!, abort: new AbortController(), userEl, bubble: null, frame: 0, paintedAt: 0, taken: next ?? { resolve() {}, reject() {} } };
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

  /** The turn was not taken and does not wait: the visitor's text goes back in the box, and they are told why. */
  function notTaken({ t: { composerText, user, life }, taken }: LiveTurn, error: TurnRefusal) {
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

  /** Runs one of the reducer's effects (turn effects on the live turn of their key). */
  function run(effect: ConversationEffect) {
    const turn = 'key' in effect ? lives.get(effect.key)! : undefined!;
    switch (effect.type) {
      case 'save':
        return writeHistory(storage, backend.historyKey, state.items);
      case 'paint':
        return paintAll();
      case 'sync':
        return void sync(effect.before);
      case 'queued':
        writeHistory(storage, queuedKey, state.queued ? [state.queued] : []);
        paintQueued();
        if (effect.retry) setTimer(flush, UNREACHABLE_RETRY_MS);
        return;
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
      case 'start': {
        const { user, redo } = state.turns[effect.key]!;
        const started = hold(effect.key, addUser(user));
        // Asked again as it was (Regenerate): the question shows once, as first asked.
        started.userEl.hidden = redo?.[1] == 'regenerated';
        // Regenerate and Edit are for the last turn only: a new one takes them away.
        for (const el of list.container.querySelectorAll('.bc-redo,.bc-starters,.bc-undo')) el.remove();
        // Ready long before the answer's first words arrive.
        void loadMarkdown(options.scriptSrc, warn);
        list.toEnd();
        if (started.t.composerText !== null) run({ type: 'composer' });
        backend.start({ ...effect.request, renderers: registry.types() }, started.abort.signal).then(
          (turn) => dispatch({ type: 'started', key: effect.key, turn }),
          (error: unknown) => refused(started, error as TurnRefusal),
        );
        return;
      }
      case 'resume': {
        // Follows again a turn the service still runs (the page was left while it answered).
        const { user } = state.turns[effect.key]!;
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
      case 'mark':
        return markOld(effect.jobId, effect.how);
      case 'enter':
        turn.t = effect.turn;
        if (!state.turns[effect.key]) lives.delete(effect.key);
        return enter(turn, effect.item);
      case 'progress':
        return scheduleProvisional(turn);
      case 'refused':
        return notTaken(...refusing!);
      case 'retry':
        return retry(effect.user);
      case 'unedit':
        return unedit();
      case 'clear':
        for (const open of lives.values()) {
          open.abort.abort();
          if (open.timer !== undefined) clearTimer(open.timer);
          clearTimeout(open.frame);
        }
        lives.clear();
        return clear();
      case 'new-thread':
        oldThread = backend.newThread();
        if (undoTimer !== undefined) clearTimer(undoTimer);
        undoTimer = setTimer(() => dispatch({ type: 'undo', take: false }), UNDO_MS);
        return state.undo && announce(strings.cleared);
      case 'old-thread':
        return oldThread();
      case 'abort':
        return turn.abort.abort();
      case 'follow': {
        const { signal } = turn.abort;
        return void backend.follow(turn.t.life.id!, (progress: TurnProgress) => dispatch({ type: 'progress', key: effect.key, progress }), signal).then(
          (end) => dispatch({ type: 'ended', key: effect.key, end }),
          (error: unknown) => dispatch({ type: 'ended', key: effect.key, end: signal.aborted ? { kind: 'stopped' } : { kind: 'lost', reason: errorMessage(error) } }),
        );
      }
      case 'wait':
        turn.timer = setTimer(() => {
          turn.timer = undefined;
          dispatch({ type: 'timer', key: effect.key });
        }, effect.ms);
        return;
      case 'look-up':
        return void backend.lookUp!(turn.t.life.id!, turn.abort.signal).then(
          (answer) => dispatch({ type: 'looked-up', key: effect.key, answer }),
          () => dispatch({ type: 'looked-up', key: effect.key, answer: null }),
        );
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

  addEventListener('online', flush);
  if (state.queued && navigator.onLine) void Promise.resolve().then(flush);

  return {
    show,
    send,
    respond,
    /** Stops the running turn. A server's job may go on; its answer shows up in the history later. */
    stop: () => dispatch({ type: 'stop' }),
    newConversation: () => dispatch({ type: 'reset' }),
    visitor: () => backend.visitor(),
    // An unmounted widget must not send its waiting message when the browser comes back online.
    destroy: () => (removeEventListener('online', flush), dispatch({ type: 'destroy' })),
  };
}

function pickStrings(source: Record<string, unknown>, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) if (typeof source[key] === 'string') out[key] = source[key] as string;
  return out;
}
