// One conversation: its history, the running turn, and the wiring of transport, markdown and
// renderers to the message list. Each turn's stream is folded by the pure reducer in turn.ts;
// this module only decides what the visitor sees and what is kept.

import type { EmbedOptions } from './embed';
import { randomId } from './ids';
import { readAttachments } from './attachments';
import { imagePolicy } from './image-origins';
import { readReferences } from './citations';
import { cleanThreadId, HISTORY_LIMIT, mergeHistory, readHistory, readString, responsesFor, sameHistory, storageKeys, unansweredRows, writeHistory, writeString } from './history';
import { loadModule } from './modules';
import { fallbackBlock } from './fallback';
import type { LiveRender } from './markdown';
import type { MountGroup, Registry } from './registry';
import type { BailingClient, CreateJobBody, CreateJobResponse } from './transport/bailing';
import { parseStreamEvent } from './transport/bailing';
import { BailingHttpError, visitorError, visitorMessage } from './transport/errors';
import { streamJob, type StreamEnd } from './transport/sse';
import { initialTurn, reduceTurn, type TurnState } from './turn';
import type { Strings } from './ui/i18n';
import type { AssistantBubble, MessageList } from './ui/messages';
import type { Attachment, HistoryItem, PageContext, RendererTheme, ResponsePresentation, ResponseSummary, WidgetEventName } from './types';
import { fill, messageWithAttachments, splitUserMessage } from './uploads';
import { attachmentList } from './ui/attachment-list';

/** Longest message the hub accepts, in code points, attachment lines included (DESIGN.md §4). */
export const MAX_MESSAGE_CHARS = 4000;
/** Fewest milliseconds between two renders of a streaming answer. */
const LIVE_RENDER_MS = 100;
/** How long a late answer is looked for in `/thread` after the stream gave up. */
const RECOVERY_DELAYS_MS = [1000, 2000, 3000, 5000, 8000, 10000, 15000, 20000, 30000, 30000];

export interface ConversationDeps {
  options: EmbedOptions;
  client: BailingClient;
  registry: Registry;
  list: MessageList;
  strings: Strings;
  storage: Storage | null;
  theme(): RendererTheme;
  context(): PageContext;
  ticket(): string | null;
  emit(event: WidgetEventName, detail: unknown): void;
  /** The composer's text (and attachments), read and written so a failed send can put them back. */
  composer: { get(): string; set(text: string): void; attachments?: ComposerAttachments };
  setStreaming(streaming: boolean): void;
  announce(text: string): void;
  warn(message: string): void;
  /** Shown first in every conversation, not part of the history. */
  greeting: string;
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

interface RunningTurn {
  jobId: string | null;
  abort: AbortController;
  bubble: AssistantBubble | null;
  state: TurnState | null;
  /** The pending live render (a timer, then a frame), or 0. */
  frame: number;
  paintedAt: number;
  /** The provisional render of the current stream; a new one after each `reset`. */
  live?: LiveRender;
  liveResets?: number;
}

interface RenderedItem {
  item: HistoryItem;
  el: HTMLElement;
  mounts: MountGroup | null;
}

export function createConversation(deps: ConversationDeps): Conversation {
  // State lives in this closure (so the minifier can shorten every internal name).
  const { announce, client, composer, context, emit, list, options, registry, setStreaming, storage, strings, theme, ticket, warn } = deps;
  const keys = storageKeys(options.entry);
  let items: HistoryItem[] = readHistory(storage, keys.history);
  let rendered: RenderedItem[] = [];
  let running: RunningTurn | null = null;
  const recoveries = new Set<AbortController>();
  // The hub's widget may have written these: the same visitor, and the same thread, go on.
  let visitorId = readString(storage, keys.visitor) || randomId('v_', 24);
  /** `''`: the default thread, as on the hub's widget, until the visitor starts a new conversation. */
  let threadId = cleanThreadId(readString(storage, keys.thread));
  let shown = false;
  let synced = false;
  writeString(storage, keys.visitor, visitorId);
  /** Who and which thread `/thread` is asked about: the same in the first sync and in recovery. */
  const threadQuery = () => ({ visitor_id: visitorId, thread_id: threadId || undefined, ticket: ticket() ?? undefined });
  /** What may load of an attachment: the hub's own files, and others by the owner's image policy. */
  const hubOrigin = new URL(options.api).origin;
  const images = imagePolicy(options.images);
  const attachmentPolicy = { hubOrigin, images };
  /** A visitor's bubble: the text without attachment lines, with the attachments under it. */
  const addUser = (item: HistoryItem) => {
    const { text, atts } = splitUserMessage(item.t, item.atts);
    return list.addUser(text, atts.length ? attachmentList(atts, attachmentPolicy, strings) : null);
  };

  /** First open: local history at once, then the server's thread merged in by job id. */
  function show() {
    if (shown) return;
    shown = true;
    renderAll();
    void syncWithServer();
  }

  /** Sends the visitor's text (and the composer's attachments) as a new turn. Returns false (and keeps them) when it cannot. */
  function send(text: string, shown?: string): boolean {
    return sendMessage(text.trim(), (!shown && composer.attachments?.list()) || [], shown, shown ? null : text);
  }

  /** The message = typed text + one markdown line per attachment, as the hub's widget sends it. */
  function sendMessage(typed: string, atts: Attachment[], shown: string | undefined, composerText: string | null): boolean {
    const message = messageWithAttachments(typed, atts);
    if (!message) return false;
    if (running) {
      announce(strings.busy);
      return false;
    }
    const length = [...message].length;
    if (length > MAX_MESSAGE_CHARS) {
      warn(`a message is limited to ${MAX_MESSAGE_CHARS} characters, attachment lines included (got ${length}); not sent`);
      const note = fill(strings.tooLong, { n: MAX_MESSAGE_CHARS });
      announce(note);
      composer.attachments?.note(note);
      return false;
    }
    show();
    // The history keeps the text without the lines, and the attachments beside it (the hub widget's shape).
    const user: HistoryItem = { r: 'u', t: shown || typed, ts: Date.now() };
    if (atts.length) user.atts = atts;
    void startTurn({ message }, user, composerText).catch(() => undefined);
    return true;
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
    return startTurn({ interaction_response: interaction }, { r: 'u', t: displayText, ts: Date.now(), interaction: summary }, null);
  }

  /** Stops the running stream. The server's job goes on; its answer shows up in the history later. */
  function stop() {
    running?.abort.abort();
  }

  function newConversation() {
    destroy();
    recoveries.clear();
    items = [];
    threadId = randomId('t_', 20);
    writeString(storage, keys.thread, threadId);
    writeHistory(storage, keys.history, items);
    synced = true;
    shown = true;
    renderAll();
  }

  /** Tears everything down (unmount of the widget). */
  function destroy() {
    stop();
    for (const recovery of recoveries) recovery.abort();
    destroyRendered();
  }

  // ---- turns ----

  async function startTurn(body: Pick<CreateJobBody, 'message' | 'interaction_response'>, userItem: HistoryItem, composerText: string | null): Promise<void> {
    const turn: RunningTurn = { jobId: null, abort: new AbortController(), bubble: null, state: null, frame: 0, paintedAt: 0 };
    running = turn;
    setStreaming(true);
    // Ready long before the answer's first words arrive.
    void loadMarkdown();
    const userEl = addUser(userItem);
    list.toEnd();
    if (composerText !== null) {
      composer.set('');
      composer.attachments?.clear();
    }

    let created: CreateJobResponse;
    try {
      created = await client.createJob({
        ...body,
        visitor_id: visitorId,
        thread_id: threadId || undefined,
        ticket: ticket() ?? undefined,
        context: context(),
        client_capabilities: { renderers: registry.types() },
      }, turn.abort.signal);
    } catch (error) {
      // Never re-sent automatically: a second POST would start a second answer.
      userEl.remove();
      finishTurn(turn);
      // The visitor's text goes back in the box, whatever stopped it (Stop included).
      if (composerText !== null) {
        const current = composer.get();
        composer.set(current.trim() && composerText ? `${composerText}\n${current}` : composerText || current);
        if (userItem.atts) composer.attachments?.restore(userItem.atts);
      }
      if (turn.abort.signal.aborted) throw error;
      emit('error', { message: errorMessage(error) });
      // 409: the hub still runs the previous answer of this thread (after Stop, or a late one).
      // Otherwise the hub's own sentence when it wrote one (a 429's `reply`, a 403's `error`).
      const said = error instanceof BailingHttpError && error.status === 409 ? strings.busy : visitorMessage(error);
      // A renderer's response: the renderer shows the failure where the visitor acted (a form
      // keeps its values), so it gets the sentence to show, or its own words when there is none.
      if (userItem.interaction) throw said ? visitorError(said) : error;
      // "Back in the box" only when something was put back (not for a view's send).
      const note = said ?? (composerText !== null ? strings.notSent : strings.sendFailed);
      announce(note);
      list.addAssistant().setError(note);
      throw error;
    }

    if (created.visitor_id && created.visitor_id !== visitorId) {
      visitorId = created.visitor_id;
      writeString(storage, keys.visitor, visitorId);
    }
    const jobId = created.job_id;
    turn.jobId = jobId;
    const user: HistoryItem = { ...userItem, j: jobId };
    remember(user, userEl, null);
    emit('message', { role: 'user', text: user.t, jobId });

    const bubble = list.addAssistant();
    turn.bubble = bubble;
    announce(strings.responding);

    if (created.done && typeof created.reply === 'string') {
      finishTurn(turn);
      if (created.error) showFailure(bubble, jobId, created.reply, user);
      else showFinal(bubble, jobId, created.reply, undefined, created);
      return;
    }

    void follow(turn, bubble, jobId, user);
  }

  /** Streams job `jobId` into `bubble` until it ends, then shows the answer, the failure or a recovery. */
  async function follow(turn: RunningTurn, bubble: AssistantBubble, jobId: string, user: HistoryItem) {
    bubble.setStatus({ kind: 'waiting' });
    turn.state = initialTurn(jobId);
    let end: StreamEnd;
    try {
      end = await streamJob({
        url: client.eventsUrl(jobId, visitorId, ticket() ?? undefined),
        signal: turn.abort.signal,
        onEvent: (name, data) => {
          const parsed = parseStreamEvent(name, data);
          if (!parsed.ok) {
            warn(`ignored a stream event: ${parsed.error}`);
            return;
          }
          const before = turn.state!;
          const after = reduceTurn(before, parsed.event);
          if (after === before) return;
          turn.state = after;
          if (after.text !== before.text || after.phase !== before.phase) scheduleProvisional(turn);
        },
      });
    } catch (error) {
      end = { kind: 'fatal', message: errorMessage(error) };
    }
    clearTimeout(turn.frame);
    finishTurn(turn);
    const state = turn.state!;
    if (state.status === 'done' && typeof state.reply === 'string') {
      showFinal(bubble, jobId, state.reply, turn.live, state);
    } else if (state.status === 'failed') {
      showFailure(bubble, jobId, state.error || strings.recoverFailed, user);
    } else if (end.kind === 'aborted') {
      // What was shown stays readable, but it is marked as not the answer.
      paintProvisional(turn, bubble);
      bubble.setStatus({ kind: 'note', text: strings.stopped });
    } else {
      // `timeout`, an exhausted reconnect budget or a refused stream: the answer may still
      // arrive; look for it in the thread history.
      paintProvisional(turn, bubble);
      bubble.setStatus({ kind: 'note', text: strings.recovering });
      void recover(bubble, jobId, user);
    }
  }

  function scheduleProvisional(turn: RunningTurn) {
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

  function paintProvisional(turn: RunningTurn, bubble: AssistantBubble) {
    const state = turn.state;
    if (!state) return;
    if (!markdown) return void loadMarkdown().then(() => running === turn && paintProvisional(turn, bubble));
    if (turn.liveResets !== state.resets) {
      bubble.body.replaceChildren();
      turn.live = markdown.createLiveRender(bubble.body, bubble.prepare, (type, container, source) => registry.preview(type, container, source, theme()), turn.abort.signal);
      turn.liveResets = state.resets;
    }
    turn.live!.update(state.text);
    if (running === turn) {
      if (state.phase === 'tool') bubble.setStatus({ kind: 'working', label: strings.working });
      else bubble.setStatus(state.text ? { kind: 'none' } : { kind: 'waiting' });
    }
  }

  function finishTurn(turn: RunningTurn) {
    if (running === turn) {
      running = null;
      setStreaming(false);
    }
  }

  function showFinal(bubble: AssistantBubble, jobId: string, reply: string, live?: LiveRender, sent?: { references?: unknown; attachments?: unknown }) {
    if (!markdown) return void loadMarkdown().then(() => showFinal(bubble, jobId, reply, live, sent));
    const item: HistoryItem = { r: 'a', t: reply, j: jobId, ts: Date.now() };
    const refs = readReferences(sent?.references);
    const atts = readAttachments(sent?.attachments);
    if (refs.length) item.refs = refs;
    if (atts.length) item.atts = atts;
    // The live render shows this text under the same policy: finishing its tail is all that is
    // left, unless the answer has what only the final render shows (images, renderer blocks).
    const done = live && !/!\[/.test(reply) && ![...reply.matchAll(/^ {0,3}(?:`{3,}|~{3,})[ \t]*([^\s`]+)/gm)].some((m) => registry.has(m[1]!)) && live.finish(reply);
    const mounts = done ? null : paintFinal(bubble, item);
    bubble.setStatus({ kind: 'none' });
    remember(item, bubble.el, mounts);
    decorate(bubble, item);
    announce(strings.complete);
    emit('message', { role: 'assistant', text: reply, jobId });
    emit('done', { jobId, reply });
  }

  function showFailure(bubble: AssistantBubble, jobId: string, reply: string, user: HistoryItem) {
    const item: HistoryItem = { r: 'a', t: reply, j: jobId, ts: Date.now(), err: true, e: true };
    bubble.setError(reply, () => retry(user));
    remember(item, bubble.el, null);
    announce(strings.failedAnnounce);
    emit('error', { message: reply, jobId });
  }

  /** Retry of a failed answer: the visitor asks again, as a new job (never an automatic re-POST). */
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

  async function recover(bubble: AssistantBubble, jobId: string, user: HistoryItem) {
    const controller = new AbortController();
    recoveries.add(controller);
    try {
      for (const delay of RECOVERY_DELAYS_MS) {
        await sleep(delay, controller.signal);
        let messages: HistoryItem[];
        try {
          messages = (await client.getThread(threadQuery(), controller.signal)).messages;
        } catch {
          if (controller.signal.aborted) return;
          continue;
        }
        const answer = messages.find((m) => m.r === 'a' && m.j === jobId);
        if (answer) {
          if (answer.err) showFailure(bubble, jobId, answer.t, user);
          else showFinal(bubble, jobId, answer.t, undefined, { references: answer.refs, attachments: answer.atts });
          return;
        }
      }
      bubble.setError(strings.recoverFailed, () => retry(user));
    } catch {
      /* aborted: a new conversation or teardown */
    } finally {
      recoveries.delete(controller);
    }
  }

  // ---- under each answer: attachments, sources, actions ----

  /** Adds the footer under a finished answer once its module is there (at once when bundled). */
  function decorate(bubble: AssistantBubble, item: HistoryItem) {
    const jobId = item.j;
    if (!jobId) return;
    void loadExtras(options.scriptSrc).then((extras) => {
      // Replaced meanwhile (a re-render of the history, a new conversation): nothing to add to.
      if (!bubble.el.isConnected) return;
      const foot = extras.answerFooter({
        item,
        body: bubble.body,
        strings,
        policy: attachmentPolicy,
        rate: (rating, comment) => rate(jobId, rating, comment),
        announce,
      });
      bubble.el.after(foot);
      extras.adoptExtrasStyles(foot);
      list.follow();
    }, (error: unknown) => warn(`could not load the answer actions: ${errorMessage(error)}`));
  }

  /** A rating or note on answer `jobId`; kept in the history item (`v`, `c`) once the hub took it. */
  async function rate(jobId: string, rating: 'up' | 'down' | 'note', comment?: string): Promise<void> {
    const t = ticket();
    try {
      await client.rate(jobId, { rating, visitor_id: visitorId, ...(comment ? { comment } : {}), ...(t ? { ticket: t } : {}) });
    } catch (error) {
      warn(`the rating was not sent: ${errorMessage(error)}`);
      // The hub's own sentence when it wrote one; else the footer says it in its words.
      throw new Error(visitorMessage(error) ?? '');
    }
    const item = items.find((m) => m.r == 'a' && m.j == jobId);
    if (item) {
      if (rating != 'note') item.v = rating;
      if (comment) item.c = comment;
      writeHistory(storage, keys.history, items);
    }
  }

  // ---- history and rendering ----

  function paintFinal(bubble: AssistantBubble, item: HistoryItem): MountGroup | null {
    const { fragment, blocks } = markdown!.renderFinal(item.t, { isRendererType: (type) => registry.has(type), images });
    bubble.setContent(fragment);
    if (blocks.length === 0 || !item.j) {
      for (const block of blocks) block.placeholder.replaceWith(fallbackBlock(block.type, block.source));
      return null;
    }
    const jobId = item.j;
    const group = registry.createGroup();
    const message = { jobId, responses: responsesFor(items, jobId) };
    for (const block of blocks) {
      group.add(registry.mount({
        type: block.type,
        source: block.source,
        container: block.placeholder,
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
    writeHistory(storage, keys.history, items);
    rendered.push({ item, el, mounts });
  }

  function destroyRendered() {
    for (const entry of rendered) entry.mounts?.destroyAll();
    rendered = [];
    list.clear();
  }

  /** Renders the whole history (first open, new conversation, or a merge that changed it). */
  function renderAll() {
    // Answers need the markdown code; a greeting and the visitor's own rows do not.
    if (!markdown && items.some((item) => item.r == 'a' && !item.err)) return void loadMarkdown().then(renderAll);
    destroyRendered();
    if (deps.greeting) list.addNote(deps.greeting);
    const failed = new Set(unansweredRows(items).failed);
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (item.r === 'u') {
        rendered.push({ item, el: addUser(item), mounts: null });
        // Its job ended without an answer (BailingHub lists a failed job as its visitor row only).
        if (failed.has(i)) list.addAssistant().setError(strings.recoverFailed, item.interaction ? undefined : () => retry(item));
        continue;
      }
      const bubble = list.addAssistant();
      let mounts: MountGroup | null = null;
      if (item.err) {
        const user = items[i - 1];
        bubble.setError(item.t, user && user.r === 'u' && !user.interaction && i === items.length - 1 ? () => retry(user) : undefined);
      } else {
        mounts = paintFinal(bubble, item);
        decorate(bubble, item);
      }
      rendered.push({ item, el: bubble.el, mounts });
    }
    list.toEnd();
  }

  async function syncWithServer() {
    if (synced) return;
    synced = true;
    let server: HistoryItem[];
    try {
      const thread = await client.getThread(threadQuery());
      server = thread.messages;
    } catch (error) {
      warn(`could not load the conversation history: ${errorMessage(error)}`);
      return;
    }
    // A turn started meanwhile owns the list; the next load will merge.
    if (running || recoveries.size > 0) return;
    const merged = mergeHistory(items, server);
    if (!sameHistory(merged, items)) {
      items = merged;
      writeHistory(storage, keys.history, items);
      renderAll();
    }
    // The page was left while an answer was coming (a reload mid-stream, or Stop): the server
    // still runs that job, so follow its stream again rather than leave the question unanswered.
    const open = unansweredRows(items).follow;
    const last = open === null ? null : items[open];
    if (last?.j && server.some((m) => m.r === 'u' && m.j === last.j)) {
      const bubble = list.addAssistant();
      const turn: RunningTurn = { jobId: last.j, abort: new AbortController(), bubble, state: null, frame: 0, paintedAt: 0 };
      running = turn;
      setStreaming(true);
      void follow(turn, bubble, last.j, last);
    }
  }

  return { show, send, respond, stop, newConversation, visitor: () => visitorId, destroy };
}

let markdown: typeof import('./markdown') | undefined;
let markdownModule: Promise<unknown> | undefined;
/**
 * marked and the DOM builder are inside widget.js (both builds), but their modules' code runs only when
 * an answer first needs it (or the page is idle after start-up): building marked's rules is about
 * a third of the widget's script time at load, and a ready composer needs none of it.
 */
export const loadMarkdown = () => (markdownModule ??= import('./markdown').then((module) => (markdown = module)));

let extrasModule: ReturnType<typeof loadModule<'extras'>> | undefined;
/** The footer's module: one load per page, shared by every conversation. */
const loadExtras = (scriptSrc: string) => (extrasModule ??= loadModule('extras', scriptSrc));

function pickStrings(source: Record<string, unknown>, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) if (typeof source[key] === 'string') out[key] = source[key] as string;
  return out;
}


function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
