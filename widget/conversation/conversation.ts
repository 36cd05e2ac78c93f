// One conversation: its history, the running turn, and the wiring of a chat backend, markdown and
// renderers to the message list. The life of each turn is the pure reducer in turn.ts; the wire
// is the backend's (widget/conversation/backend.ts); this module only decides what the visitor sees and what
// is kept.

import type { ChatBackend, DecisionTools, PartsTools, TurnAnswer, TurnProgress, TurnRefusal } from './backend';
import { codePoints, HISTORY_LIMIT, MAX_MESSAGE_CHARS } from '../contract';
import type { EmbedOptions } from '../embed/embed';
import { imagePolicy } from '../markdown/image-origins';
import { mergeHistory, readHistory, redoable, responsesFor, sameHistory, unansweredRows, writeHistory } from './history';
import { loadExternalModule, loadModule } from '../modules';
import { fallbackBlock } from '../registry/fallback';
import type { LiveRender } from '../markdown/markdown';
import type { MountGroup, Registry } from '../registry/registry';
import { visitorError } from '../transport/errors';
import { isBusy, newTurn, reduceTurn, type Turn, type TurnEffect, type TurnInput, type TurnRules } from './turn';
import type { Strings } from '../ui/i18n/i18n';
import { keptFor, type AssistantBubble, type MessageList } from '../ui/messages';
import type { Attachment, HistoryItem, Redo, RendererTheme, ResponsePresentation, ResponseSummary, WidgetEventName } from '../types';
import { fill, messageWithAttachments, splitUserMessage } from '../attachments/uploads';
import { attachmentList } from '../attachments/attachment-list';
import { h } from '../ui/dom';

export { MAX_MESSAGE_CHARS };

/** Fewest milliseconds between two renders of a streaming answer. */
const LIVE_RENDER_MS = 100;
/** How long a late answer is looked for after the stream gave up (when the backend can look). */
export const RECOVERY_DELAYS_MS = [1000, 2000, 3000, 5000, 8000, 10000, 15000, 20000, 30000, 30000];

/** How long a message the server did not take (the browser online) waits before it is tried again. */
export const UNREACHABLE_RETRY_MS = 5000;

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

/** One turn as the shell holds it: its life (turn.ts) and what the visitor sees of it. */
interface LiveTurn {
  life: Turn;
  /** Aborts the request or stream (Stop); and the recovery, on teardown. */
  abort: AbortController;
  user: HistoryItem;
  userEl: HTMLElement;
  /** What goes back in the composer if the turn is not taken; `null` when it came from elsewhere. */
  composerText: string | null;
  /** A visitor's own message (typed or retried): kept to send once online when the network fails it. */
  queueable?: boolean;
  bubble: AssistantBubble | null;
  /** The pending live render (a timer, then a frame), or 0. */
  frame: number;
  paintedAt: number;
  /** The provisional render of the current stream; a new one after each reset. */
  live?: LiveRender;
  liveResets?: number;
  /** The pending recovery wait, if any. */
  timer?: unknown;
  /** Where the backend draws the turn's other parts (tool steps, reasoning), once there are some. */
  partsEl?: HTMLElement;
  /** Renderers the parts mounted (generative UI), ended with the answer's. */
  partMounts?: MountGroup;
  /** Settles once the service took the turn, or rejects with why it did not. */
  taken: { resolve(): void; reject(error: unknown): void };
}

interface RenderedItem {
  item: HistoryItem;
  el: HTMLElement;
  mounts: MountGroup | null;
}

export function createConversation(deps: ConversationDeps): Conversation {
  // State lives in this closure (so the minifier can shorten every internal name).
  const { announce, backend, composer, emit, list, options, registry, setStreaming, storage, strings, theme, warn } = deps;
  const setTimer = deps.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((timer: unknown) => clearTimeout(timer as number));
  const rules: TurnRules = { recoveryDelays: backend.lookUp ? RECOVERY_DELAYS_MS : [] };
  let items: HistoryItem[] = readHistory(storage, backend.historyKey);
  let rendered: RenderedItem[] = [];
  /** Renderers of turns that left no answer in the history (stopped, failed, cut off): ended with the list. */
  const strayMounts: MountGroup[] = [];
  /** The turn the visitor waits on (creating or streaming), if any. */
  let running: LiveTurn | null = null;
  /** Every turn not over yet: the running one and those recovering. */
  const open = new Set<LiveTurn>();
  /** Counts turns started: a history loaded from before the latest one is stale. */
  let turnsStarted = 0;
  let shown = false;
  let synced = false;
  /**
   * The visitor's message that waits for the network ("Will send when online"), kept beside the
   * history so a reload keeps it too; sent once, by whichever comes first: the browser's `online`
   * event, the visitor's "Send now", or a start-up that finds the browser online.
   */
  const queuedKey = backend.historyKey + '_queued';
  let queued: HistoryItem | null = readHistory(storage, queuedKey)[0] ?? null;
  let queuedEls: HTMLElement[] = [];
  /** What may load of an attachment: the hub's own files, and others by the owner's image policy. */
  const hubOrigin = new URL(options.api).origin;
  const images = imagePolicy(options.images);
  const attachmentPolicy = { hubOrigin, images };
  /**
   * What rendering `text` waits on, if anything: the markdown code, then math.js when the owner
   * turned math on and `text` may hold a formula (once: loaded or failed, it is not waited on again).
   */
  const pending = (text: string): Promise<unknown> | false =>
    !markdown ? loadMarkdown() : options.math && math === undefined && /\$|\\[([]/.test(text) && loadMath(options.scriptSrc, warn).then(() => math?.adoptMathStyles(list.container));
  math?.adoptMathStyles(list.container);
  /** A visitor's bubble: the text without attachment lines, with the attachments under it. */
  const addUser = (item: HistoryItem) => {
    const { text, atts } = splitUserMessage(item.t, item.atts);
    return list.addUser(text, atts.length ? attachmentList(atts, attachmentPolicy, strings) : null, item.ts || 0);
  };

  /** First open: local history at once, then the server's thread merged in by job id. */
  function show() {
    if (shown) return;
    shown = true;
    renderAll();
    void syncWithServer();
  }

  /** The job of the question the visitor is editing in the composer (Edit): the next message they send replaces it. */
  let editing = '';
  /** Takes the "Editing your question" strip away, when it shows. */
  let unstrip = () => {};
  const stopEditing = () => {
    editing = '';
    unstrip();
    unstrip = () => {};
  };

  /** Sends the visitor's text (and the composer's attachments) as a new turn. Returns false (and keeps them) when it cannot. */
  function send(text: string, shown?: string): boolean {
    const old = shown ? '' : editing;
    const sent = sendMessage(text.trim(), (!shown && composer.attachments?.list()) || [], shown, shown ? null : text, old && (() => markOld(old, 'edited')));
    // Sent (or queued for when the browser is online): the edit is over either way.
    if (sent && old) stopEditing();
    return sent;
  }

  /** Turn `jobId` was asked again below: its rows are kept, marked (and so after a reload). */
  function markOld(jobId: string, how: Redo) {
    for (const item of items) if (item.j == jobId) item.o = how;
    writeHistory(storage, backend.historyKey, items);
    for (const entry of rendered) if (entry.item.j == jobId) showOld(entry.el, { ...entry.item, o: how });
  }
  const showOld = (el: HTMLElement, item: HistoryItem) => void loadExtras(options.scriptSrc).then((extras) => extras.markRedone(el, item, strings));

  /** The message = typed text + one markdown line per attachment, as the hub's widget sends it. */
  function sendMessage(typed: string, atts: Attachment[], shown: string | undefined, composerText: string | null, taken?: (() => void) | ''): boolean {
    const message = messageWithAttachments(typed, atts);
    if (!message) return false;
    if (running || queued) {
      announce(running ? strings.busy : strings.queued);
      return false;
    }
    const length = codePoints(message);
    if (length > MAX_MESSAGE_CHARS) {
      warn(`a message is limited to ${MAX_MESSAGE_CHARS} characters, attachment lines included (got ${length}); not sent`);
      const note = fill(strings.tooLong, { n: MAX_MESSAGE_CHARS }, options.lang);
      announce(note);
      composer.attachments?.note(note);
      return false;
    }
    show();
    // The history keeps the text without the lines, and the attachments beside it (the hub widget's shape).
    const user: HistoryItem = { r: 'u', t: shown || typed, ts: Date.now() };
    if (atts.length) user.atts = atts;
    if (!shown && !navigator.onLine) {
      if (composerText !== null) {
        composer.set('');
        composer.attachments?.clear();
      }
      queue(user);
    } else void startTurn({ message }, user, composerText, !shown).then(taken || undefined, () => undefined);
    return true;
  }

  /**
   * Keeps `user` to send once online, and shows it so. Online all the same (the server did not
   * answer), it is tried again after a while, and again while that fails.
   */
  function queue(user: HistoryItem) {
    queued = user;
    writeHistory(storage, queuedKey, [user]);
    paintQueued();
    if (navigator.onLine) setTimer(flush, UNREACHABLE_RETRY_MS);
  }

  function paintQueued() {
    for (const el of queuedEls) el.remove();
    queuedEls = [];
    if (!queued) return;
    queuedEls.push(addUser(queued));
    const note = list.addAssistant();
    note.setStatus({ kind: 'note', text: navigator.onLine ? strings.unreachable : strings.queued, action: { label: strings.sendNow, run: flush } });
    queuedEls.push(note.el);
    list.toEnd();
  }

  /** Sends the waiting message (once: it stops waiting before it is sent). */
  function flush() {
    const user = queued;
    if (!user || running) return;
    queued = null;
    writeHistory(storage, queuedKey, []);
    paintQueued();
    retry(user);
  }

  /** A renderer's `respond`: the next user turn, carrying an interaction_response. */
  function respond(sourceJobId: string, type: string, version: number, response: Record<string, unknown>, presentation?: ResponsePresentation): Promise<void> {
    if (!response || typeof response !== 'object' || Array.isArray(response)) {
      return Promise.reject(new TypeError('respond(response): response must be an object'));
    }
    if (running) return Promise.reject(visitorError(strings.busy));
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
    show();
    return startTurn({ interaction }, { r: 'u', t: displayText, ts: Date.now(), interaction: summary }, null);
  }

  /** Stops the running turn. A server's job may go on; its answer shows up in the history later. */
  function stop() {
    if (running) dispatch(running, { type: 'stop' });
  }

  function newConversation() {
    destroy();
    items = [];
    backend.newThread();
    writeHistory(storage, backend.historyKey, items);
    synced = true;
    shown = true;
    renderAll();
  }

  /** Tears everything down (unmount of the widget). */
  function destroy() {
    stopEditing();
    for (const turn of open) {
      turn.abort.abort();
      if (turn.timer !== undefined) clearTimer(turn.timer);
      clearTimeout(turn.frame);
    }
    open.clear();
    if (running) {
      running = null;
      setStreaming(false);
    }
    destroyRendered();
  }

  // ---- turns ----

  /** Starts a turn; resolves once the service took it, rejects with why it did not. */
  function startTurn(request: { message?: string; interaction?: Record<string, unknown>; resume?: unknown }, user: HistoryItem, composerText: string | null, queueable?: boolean): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      turnsStarted++;
      const turn = hold(newTurn(), user, addUser(user), composerText, { resolve, reject });
      turn.queueable = queueable;
      // Regenerate and Edit are for the last turn only: a new one takes them away.
      for (const el of list.container.querySelectorAll('.bc-redo,.bc-starters')) el.remove();
      stopEditing();
      // Ready long before the answer's first words arrive.
      void loadMarkdown();
      list.toEnd();
      if (composerText !== null) {
        composer.set('');
        composer.attachments?.clear();
      }
      backend.start({ ...request, renderers: registry.types() }, turn.abort.signal).then(
        (started) => dispatch(turn, { type: 'started', turn: started }),
        (error: unknown) => refused(turn, error as TurnRefusal),
      );
    });
  }

  /** A new turn as the running one: the composer waits on it until it is over. */
  function hold(life: Turn, user: HistoryItem, userEl: HTMLElement, composerText: string | null, taken: LiveTurn['taken']): LiveTurn {
    const turn: LiveTurn = { life, abort: new AbortController(), user, userEl, composerText, bubble: null, frame: 0, paintedAt: 0, taken };
    running = turn;
    open.add(turn);
    setStreaming(true);
    return turn;
  }

  /** Follows again a turn the service still runs (the page was left while it answered). */
  function resumeTurn(user: HistoryItem) {
    const userEl = rendered.find((entry) => entry.item === user)?.el ?? list.addUser(user.t, null, user.ts || 0);
    const turn = hold(newTurn(user.j!), user, userEl, null, { resolve: () => undefined, reject: () => undefined });
    showAnswering(turn);
    run(turn, { type: 'follow' });
  }

  /** Applies one input to a turn's life, shows what changed, and runs what it asks for. */
  function dispatch(turn: LiveTurn, input: TurnInput) {
    if (!open.has(turn)) return;
    const before = turn.life;
    const [after, effects] = reduceTurn(before, input, rules);
    turn.life = after;
    if (after.phase !== before.phase) enter(turn, before);
    else if (after.progress !== before.progress) scheduleProvisional(turn);
    for (const effect of effects) run(turn, effect);
  }

  function run(turn: LiveTurn, effect: TurnEffect) {
    const { signal } = turn.abort;
    const id = turn.life.id!;
    switch (effect.type) {
      case 'abort':
        return turn.abort.abort();
      case 'follow':
        return void backend.follow(id, (progress: TurnProgress) => dispatch(turn, { type: 'progress', progress }), signal).then(
          (end) => dispatch(turn, { type: 'ended', end }),
          (error: unknown) => dispatch(turn, { type: 'ended', end: signal.aborted ? { kind: 'stopped' } : { kind: 'lost', reason: errorMessage(error) } }),
        );
      case 'wait':
        turn.timer = setTimer(() => {
          turn.timer = undefined;
          dispatch(turn, { type: 'timer' });
        }, effect.ms);
        return;
      case 'look-up':
        return void backend.lookUp!(id, signal).then(
          (answer) => dispatch(turn, { type: 'looked-up', answer }),
          () => dispatch(turn, { type: 'looked-up', answer: null }),
        );
    }
  }

  /** What the visitor sees when a turn's phase changes. */
  function enter(turn: LiveTurn, before: Turn) {
    const life = turn.life;
    if (before.phase === 'creating' && life.id) {
      turn.user = { ...turn.user, j: life.id };
      remember(turn.user, turn.userEl, null);
      emit('message', { role: 'user', text: turn.user.t, jobId: life.id });
      turn.taken.resolve();
      // Retry is for the last turn only, as Regenerate is: a failure above no longer offers it.
      for (const el of list.container.querySelectorAll('.bc-msg-error .bc-action')) el.remove();
      showAnswering(turn);
    }
    if (!isBusy(life) && running === turn) {
      running = null;
      setStreaming(false);
    }
    if (life.phase !== 'recovering') {
      clearTimeout(turn.frame);
      if (life.phase !== 'streaming') open.delete(turn);
    }
    const bubble = turn.bubble!;
    // The steps as they ended (a result that came with the last event), whatever the text does.
    if (life.phase !== 'unsent') paintParts(turn, bubble);
    if (turn.partMounts && life.phase !== 'done' && life.phase !== 'streaming' && life.phase !== 'recovering') strayMounts.push(turn.partMounts);
    switch (life.phase) {
      case 'done':
        return showFinal(bubble, life.id!, life.answer!, turn.live, turn.partMounts);
      case 'failed':
        return showFailure(bubble, life.id!, life.answer?.reply || strings.recoverFailed, turn.user);
      case 'stopped':
        // What was shown stays readable, but it is marked as not the answer.
        paintProvisional(turn, bubble);
        return bubble.setStatus({ kind: 'note', text: strings.stopped });
      case 'recovering':
        // The answer may still arrive: the backend looks for it.
        paintProvisional(turn, bubble);
        return bubble.setStatus({ kind: 'note', text: strings.recovering });
      case 'interrupted':
        // Not the answer, and nothing will finish it: the part that came stays readable, with a retry.
        paintProvisional(turn, bubble);
        return bubble.setStatus({ kind: 'note', text: strings.interrupted, action: { label: strings.retry, run: () => retry(turn.user) } });
    }
  }

  function showAnswering(turn: LiveTurn) {
    turn.bubble = list.addAssistant();
    announce(strings.responding);
    turn.bubble.setStatus({ kind: 'waiting' });
  }

  /** The service did not take the turn: the visitor's bubble goes, their text goes back in the box. */
  function refused(turn: LiveTurn, error: TurnRefusal) {
    dispatch(turn, { type: 'refused' });
    turn.userEl.remove();
    const { composerText, user } = turn;
    // The network, not the service, failed it: it waits in the list for the network instead.
    if (turn.queueable && !turn.life.stopping && (error?.offline || !navigator.onLine)) return queue(user), turn.taken.reject(error);
    // The visitor's text goes back in the box, whatever stopped it (Stop included).
    if (composerText !== null) {
      const current = composer.get();
      composer.set(current.trim() && composerText ? `${composerText}\n${current}` : composerText || current);
      if (user.atts) composer.attachments?.restore(user.atts);
    }
    if (turn.life.stopping) return turn.taken.reject(error);
    emit('error', { message: errorMessage(error) });
    const said = error?.busy ? strings.busy : error?.visitorText ?? null;
    // A renderer's response: the renderer shows the failure where the visitor acted (a form
    // keeps its values), so it gets the sentence to show, or its own words when there is none.
    if (user.interaction) return turn.taken.reject(said ? visitorError(said) : error);
    // "Back in the box" only when something was put back (not for a view's send).
    const note = said ?? (composerText !== null ? strings.notSent : strings.sendFailed);
    announce(note, true);
    list.addAssistant().setError(note);
    turn.taken.reject(error);
  }

  function scheduleProvisional(turn: LiveTurn) {
    if (turn.frame) return;
    // One render per animation frame at most, and LIVE_RENDER_MS apart: each costs the page a
    // style, layout and paint, so that cost follows the answer's duration/LIVE_RENDER_MS, not
    // its number of deltas. The first text shows at once.
    turn.frame = +setTimeout(() => requestAnimationFrame(() => {
      turn.frame = 0;
      turn.paintedAt = performance.now();
      if (running === turn && turn.bubble) paintProvisional(turn, turn.bubble);
    }), turn.paintedAt + LIVE_RENDER_MS - performance.now());
  }

  /** The turn's tool steps, reasoning and progress, above its text, drawn by the backend. */
  function paintParts(turn: LiveTurn, bubble: AssistantBubble) {
    const { parts } = turn.life.progress;
    if (!parts?.length || !backend.drawParts || !turn.life.id) return;
    // Steps and earlier messages go in the list before the answer's bubble, as rows of their own.
    if (!turn.partsEl) bubble.el.before((turn.partsEl = document.createElement('div')));
    backend.drawParts(turn.partsEl, parts, partsTools(turn.life.id, (turn.partMounts ??= registry.createGroup()), bubble, false));
  }

  /** The page's renderers and markdown, for parts of answer `jobId` in `bubble` (their mounts go in `group`); `restored`: drawn from the history. */
  function partsTools(jobId: string, group: MountGroup, bubble: AssistantBubble, restored: boolean): PartsTools {
    return {
      has: (type) => registry.has(type),
      preview: (type, container, source) => registry.preview(type, container, source, theme()),
      message() {
        const { el, setContent } = list.addAssistant();
        const show = (source: string, final: boolean): void => {
          const wait = pending(source);
          void (wait ? wait.then(() => show(source, final)) : paintMarkdown(setContent, source, final ? jobId : undefined, restored, group));
        };
        return { el, show };
      },
      user: (text) => list.addUser(text, null, 0),
      below(node) {
        bubble.body.after(node);
        // Generated UI wants the panel's width, as tables and code do.
        bubble.el.classList.add('bc-wide');
      },
      mount(type, source, container, activity) {
        const handle = group.add(registry.mount({
          type,
          source,
          container,
          theme: theme(),
          message: { jobId, responses: responsesFor(items, jobId), restored },
          respond: (response, presentation) => respond(jobId, type, registry.get(type)?.version ?? 1, response, presentation),
          activity,
        }));
        return () => handle.destroy();
      },
    };
  }

  /** An answer's kept parts, drawn above it again (a reload, a re-render of the history). */
  function paintKeptParts(bubble: AssistantBubble, jobId: string): MountGroup | null {
    const parts = backend.partsOf?.(jobId);
    if (!parts?.length || !backend.drawParts) return null;
    const el = document.createElement('div');
    bubble.el.before(el);
    const group = registry.createGroup();
    backend.drawParts(el, parts, partsTools(jobId, group, bubble, true));
    return group;
  }

  function paintProvisional(turn: LiveTurn, bubble: AssistantBubble) {
    const { progress } = turn.life;
    paintParts(turn, bubble);
    const wait = pending(progress.text);
    if (wait) return void wait.then(() => paintProvisional(turn, bubble));
    if (turn.liveResets !== progress.resets) {
      bubble.body.replaceChildren();
      turn.live = markdown!.createLiveRender(bubble.body, bubble.prepare, (type, container, source) => registry.preview(type, container, source, theme()), turn.abort.signal, strings);
      turn.liveResets = progress.resets;
    }
    turn.live!.update(progress.text);
    if (running === turn) {
      if (progress.working) bubble.setStatus({ kind: 'working', label: strings.working });
      else bubble.setStatus(progress.text ? { kind: 'none' } : { kind: 'waiting' });
    }
  }

  function showFinal(bubble: AssistantBubble, jobId: string, answer: TurnAnswer, live?: LiveRender, partMounts?: MountGroup) {
    const wait = pending(answer.reply);
    if (wait) return void wait.then(() => showFinal(bubble, jobId, answer, live, partMounts));
    const { reply } = answer;
    const item: HistoryItem = { r: 'a', t: reply, j: jobId, ts: Date.now() };
    if (answer.references?.length) item.refs = [...answer.references];
    if (answer.attachments?.length) item.atts = [...answer.attachments];
    // The live render shows this text under the same policy: finishing its tail is all that is
    // left, unless the answer has what only the final render shows (images, renderer blocks).
    const done = live && !/!\[/.test(reply) && ![...reply.matchAll(/^ {0,3}(?:`{3,}|~{3,})[ \t]*([^\s`]+)/gm)].some((m) => registry.has(m[1]!)) && live.finish(reply);
    const mounts = joinGroups(done ? null : paintFinal(bubble, item, false), partMounts);
    bubble.setStatus({ kind: 'none' });
    remember(item, bubble.el, mounts);
    decorate(bubble, item);
    showDecision(bubble, jobId);
    announce(strings.complete);
    emit('message', { role: 'assistant', text: reply, jobId });
    emit('done', { jobId, reply });
    if (answer.thread) {
      // The service rewrote what came before this turn: the list shows its version.
      items = [...answer.thread, ...items.slice(items.findIndex((m) => m.r == 'u' && m.j == jobId))];
      writeHistory(storage, backend.historyKey, items);
      renderAll();
    }
  }

  function showFailure(bubble: AssistantBubble, jobId: string, reply: string, user: HistoryItem) {
    const item: HistoryItem = { r: 'a', t: reply, j: jobId, ts: Date.now(), err: true, e: true };
    bubble.setError(reply, () => retry(user));
    remember(item, bubble.el, null);
    announce(strings.failedAnnounce, true);
    emit('error', { message: reply, jobId });
  }

  /** Retry of a failed answer: the visitor asks again, as a new turn (never an automatic re-send). */
  function retry(user: HistoryItem) {
    if (running) {
      announce(strings.busy);
      return;
    }
    if (user.interaction) return;
    // Asked again as it was: the same text and attachments (from `atts`, or the lines a restored item carries).
    const { text, atts } = splitUserMessage(user.t, user.atts);
    sendMessage(text, atts, undefined, null);
  }

  /** The card of what answer `jobId` asks the visitor to decide, when the backend has one. */
  function showDecision(bubble: AssistantBubble, jobId: string) {
    if (!backend.drawDecision) return;
    const el = document.createElement('div');
    // In place first (the card's styles go to the root it is drawn in): last in the bubble, before its status line.
    bubble.el.insertBefore(el, bubble.el.lastChild);
    if (!backend.drawDecision(el, jobId, decisionTools)) el.remove();
  }

  const decisionTools: DecisionTools = {
    answer(resume, shown) {
      if (running) return Promise.reject(visitorError(strings.busy));
      show();
      return startTurn({ resume }, { r: 'u', t: shown, ts: Date.now(), d: true }, null);
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

  // ---- under each answer: attachments, sources, actions ----

  /** Adds the footer under a finished answer once its module is there (at once when bundled). */
  function decorate(bubble: AssistantBubble, item: HistoryItem) {
    const jobId = item.j;
    if (!jobId) return;
    void loadExtras(options.scriptSrc).then((extras) => {
      // Replaced meanwhile (a re-render of the history, a new conversation): nothing to add to.
      if (!bubble.el.isConnected) return;
      const user = backend.redo && !running ? redoable(items) : null;
      const foot = extras.answerFooter({
        item,
        body: bubble.body,
        strings,
        policy: attachmentPolicy,
        rate: backend.rate ? (rating, comment) => rate(jobId, rating, comment) : undefined,
        announce,
        redo: user?.j == jobId ? {
          // Asked again as it was: the same text and attachments, as a new turn.
          regenerate: () => {
            const { text, atts } = splitUserMessage(user.t, user.atts);
            sendMessage(text, atts, undefined, null, () => markOld(jobId, 'regenerated'));
          },
          // The question into the composer, to change and send: that message replaces it.
          // A strip above the composer says so until it is sent or cancelled.
          edit: () => {
            stopEditing();
            editing = jobId;
            composer.set(splitUserMessage(user.t, user.atts).text);
            composer.focus?.();
            if (composer.el) unstrip = extras.editStrip({ composer: composer.el, strings, announce, focus: () => composer.focus?.(), cancelled: () => ((editing = ''), (unstrip = () => {})) });
          },
          question: rendered.find((entry) => entry.item.r == 'u' && entry.item.j == jobId)?.el,
        } : undefined,
      });
      bubble.el.after(foot);
      extras.adoptExtrasStyles(foot);
      list.follow();
    }, (error: unknown) => warn(`could not load the answer actions: ${errorMessage(error)}`));
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
    const item = items.find((m) => m.r == 'a' && m.j == jobId);
    if (item) {
      if (rating != 'note') item.v = rating;
      if (comment) item.c = comment;
      writeHistory(storage, backend.historyKey, items);
    }
  }

  // ---- history and rendering ----

  function paintFinal(bubble: AssistantBubble, item: HistoryItem, restored: boolean): MountGroup | null {
    return paintMarkdown(bubble.setContent, item.t, item.j, restored);
  }

  /**
   * Answer text `text` of `jobId` as its final render, through `setContent`; its renderer blocks
   * mount into `group` (a new one by default), told whether the answer was drawn from the history.
   */
  function paintMarkdown(setContent: (fragment: DocumentFragment) => void, text: string, jobId: string | undefined, restored: boolean, group = registry.createGroup()): MountGroup | null {
    const { fragment, blocks } = markdown!.renderFinal(text, { isRendererType: (type) => registry.has(type), images, words: strings });
    setContent(fragment);
    if (blocks.length === 0 || !jobId) {
      for (const block of blocks) keptFor(block.placeholder).replaceWith(fallbackBlock(block.type, block.source));
      return null;
    }
    const message = { jobId, responses: responsesFor(items, jobId), restored };
    for (const block of blocks) {
      group.add(registry.mount({
        type: block.type,
        source: block.source,
        container: keptFor(block.placeholder),
        theme: theme(),
        message,
        respond: (response, presentation) => respond(jobId, block.type, registry.get(block.type)?.version ?? 1, response, presentation),
      }));
    }
    return group;
  }

  function remember(item: HistoryItem, el: HTMLElement, mounts: MountGroup | null) {
    items.push(item);
    if (items.length > HISTORY_LIMIT) items.splice(0, items.length - HISTORY_LIMIT);
    writeHistory(storage, backend.historyKey, items);
    rendered.push({ item, el, mounts });
  }

  function destroyRendered() {
    for (const entry of rendered) entry.mounts?.destroyAll();
    for (const group of strayMounts.splice(0)) group.destroyAll();
    rendered = [];
    list.clear();
  }

  /** Renders the whole history (first open, new conversation, or a merge that changed it). */
  function renderAll() {
    // Answers need the markdown code; a greeting and the visitor's own rows do not.
    const wait = items.some((item) => item.r == 'a' && !item.err) && pending(items.map((item) => item.t).join());
    if (wait) return void wait.then(renderAll);
    destroyRendered();
    if (deps.greeting) list.addNote(deps.greeting);
    if (!items.length && deps.starters?.length) list.container.append(h('div', { class: 'bc-starters' }, deps.starters.slice(0, 4).map((text) => {
      const button = h('button', { type: 'button' }, [text]);
      button.onclick = () => send(text);
      return button;
    })));
    const failed = new Set(unansweredRows(items).failed);
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (item.r === 'u') {
        const el = addUser(item);
        if (item.o) showOld(el, item);
        rendered.push({ item, el, mounts: null });
        // Its job ended without an answer (BailingHub lists a failed job as its visitor row only).
        if (failed.has(i)) list.addAssistant().setError(strings.recoverFailed, item.interaction ? undefined : () => retry(item));
        continue;
      }
      const bubble = list.addAssistant(item.ts || 0);
      // A failed answer's steps (and what came of it before it failed) stand above it too.
      let mounts = item.j ? paintKeptParts(bubble, item.j) : null;
      if (item.err) {
        const user = items[i - 1];
        bubble.setError(item.t, user && user.r === 'u' && !user.interaction && i === items.length - 1 ? () => retry(user) : undefined);
      } else {
        mounts = joinGroups(paintFinal(bubble, item, true), mounts);
        decorate(bubble, item);
        if (item.j) showDecision(bubble, item.j);
      }
      if (item.o) showOld(bubble.el, item);
      rendered.push({ item, el: bubble.el, mounts });
    }
    paintQueued();
    list.toEnd();
  }

  async function syncWithServer() {
    if (synced) return;
    synced = true;
    if (!backend.thread) {
      // No thread to merge (AG-UI), and a stream the page was left in cannot be picked up:
      // following that turn again ends it as interrupted (cut off, with Retry), not unanswered.
      const at = unansweredRows(items).follow;
      const last = at === null ? null : items[at];
      if (last?.j && !running) resumeTurn(last);
      return;
    }
    const startedBefore = turnsStarted;
    let server: HistoryItem[];
    try {
      server = await backend.thread();
    } catch (error) {
      warn(`could not load the conversation history: ${errorMessage(error)}`);
      return;
    }
    // A turn started meanwhile owns the list, and the thread was read before it: merging now
    // would re-render (and re-mount) what the visitor is looking at. The next load will merge.
    if (running || open.size > 0 || turnsStarted !== startedBefore) return;
    const merged = mergeHistory(items, server);
    if (!sameHistory(merged, items)) {
      items = merged;
      writeHistory(storage, backend.historyKey, items);
      renderAll();
    }
    // The page was left while an answer was coming (a reload mid-stream, or Stop): the server
    // still runs that job, so follow its stream again rather than leave the question unanswered.
    const at = unansweredRows(items).follow;
    const last = at === null ? null : items[at];
    if (last?.j && server.some((m) => m.r === 'u' && m.j === last.j)) resumeTurn(last);
  }

  addEventListener('online', flush);
  if (queued && navigator.onLine) void Promise.resolve().then(flush);

  return {
    show, send, respond, stop, newConversation, visitor: () => backend.visitor(),
    // An unmounted widget must not send its waiting message when the browser comes back online.
    destroy: () => (removeEventListener('online', flush), destroy()),
  };
}

let markdown: typeof import('../markdown/markdown') | undefined;
let markdownModule: Promise<unknown> | undefined;
/**
 * marked and the DOM builder are inside widget.js (both builds), but their modules' code runs only when
 * an answer first needs it (or the page is idle after start-up): building marked's rules is about
 * a third of the widget's script time at load, and a ready composer needs none of it.
 */
export const loadMarkdown = () => (markdownModule ??= import('../markdown/markdown').then((module) => (markdown = module)));

let math: typeof import('../markdown/math') | null | undefined;
let mathModule: Promise<unknown> | undefined;
/** math.js and the markdown code, and the lexer told of formulas; a failure leaves formulas as written. */
const loadMath = (scriptSrc: string, warn: (message: string) => void) =>
  (mathModule ??= Promise.all([loadExternalModule('math', scriptSrc), loadMarkdown()]).then(
    ([module]) => (markdown!.useMath(module), (math = module)),
    (error: unknown) => ((math = null), warn(`could not load math.js (${errorMessage(error)}); formulas stay as written`)),
  ));

let extrasModule: ReturnType<typeof loadModule<'extras'>> | undefined;
/** The footer's module: one load per page, shared by every conversation. */
const loadExtras = (scriptSrc: string) => (extrasModule ??= loadModule('extras', scriptSrc));

/** Both groups as one (an answer's blocks and its parts' renderers end together). */
function joinGroups(a: MountGroup | null, b: MountGroup | null | undefined): MountGroup | null {
  if (!a || !b) return a ?? b ?? null;
  return { add: (handle) => a.add(handle), destroyAll: () => (a.destroyAll(), b.destroyAll()) };
}

function pickStrings(source: Record<string, unknown>, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) if (typeof source[key] === 'string') out[key] = source[key] as string;
  return out;
}


function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
