// One conversation: its history, the running turn, and the wiring of transport, markdown and
// renderers to the message list. Each turn's stream is folded by the pure reducer in turn.ts;
// this module only decides what the visitor sees and what is kept.

import type { EmbedOptions } from './embed';
import { HISTORY_LIMIT, mergeHistory, readHistory, readString, responsesFor, sameHistory, storageKeys, writeHistory, writeString } from './history';
import { fallbackBlock, renderFinal, renderProvisional } from './markdown';
import type { MountGroup, Registry } from './registry';
import type { BailingClient, CreateJobBody, CreateJobResponse } from './transport/bailing';
import { parseStreamEvent } from './transport/bailing';
import { streamJob, type StreamEnd } from './transport/sse';
import { initialTurn, reduceTurn, type TurnState } from './turn';
import type { Strings } from './ui/i18n';
import type { AssistantBubble, MessageList } from './ui/messages';
import type { HistoryItem, PageContext, RendererTheme, ResponsePresentation, ResponseSummary, WidgetEventName } from './types';

/** Longest message the hub accepts (DESIGN.md §4). */
export const MAX_MESSAGE_CHARS = 4000;
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
  /** The composer's text, read and written so a failed send can put it back. */
  composer: { get(): string; set(text: string): void };
  setStreaming(streaming: boolean): void;
  announce(text: string): void;
  warn(message: string): void;
}

interface RunningTurn {
  jobId: string | null;
  abort: AbortController;
  bubble: AssistantBubble | null;
  state: TurnState | null;
  frame: number;
}

interface RenderedItem {
  item: HistoryItem;
  el: HTMLElement;
  mounts: MountGroup | null;
}

export class Conversation {
  private items: HistoryItem[];
  private rendered: RenderedItem[] = [];
  private running: RunningTurn | null = null;
  private recoveries = new Set<AbortController>();
  private visitorId: string;
  private threadId: string;
  private readonly keys: ReturnType<typeof storageKeys>;
  private shown = false;
  private synced = false;
  private greetingEl: HTMLElement | null = null;
  greeting = '';

  constructor(private readonly deps: ConversationDeps) {
    this.keys = storageKeys(deps.options.entry);
    this.items = readHistory(deps.storage, this.keys.history);
    this.visitorId = readString(deps.storage, this.keys.visitor) || randomId('v_', 24);
    this.threadId = readString(deps.storage, this.keys.thread) || randomId('t_', 20);
    writeString(deps.storage, this.keys.visitor, this.visitorId);
    writeString(deps.storage, this.keys.thread, this.threadId);
  }

  get busy(): boolean {
    return this.running !== null;
  }

  /** First open: local history at once, then the server's thread merged in by job id. */
  show() {
    if (this.shown) return;
    this.shown = true;
    this.renderAll();
    void this.syncWithServer();
  }

  /** Sends the visitor's text as a new turn. Returns false (and keeps the text) when it cannot. */
  send(text: string): boolean {
    const message = text.trim();
    if (!message) return false;
    if (this.running) {
      this.deps.announce(this.deps.strings.busy);
      return false;
    }
    if (message.length > MAX_MESSAGE_CHARS) {
      this.deps.warn(`a message is limited to ${MAX_MESSAGE_CHARS} characters (got ${message.length}); not sent`);
      return false;
    }
    this.show();
    void this.startTurn({ message }, { r: 'u', t: message, ts: Date.now() }, text).catch(() => undefined);
    return true;
  }

  /** A renderer's `respond`: the next user turn, carrying an interaction_response. */
  respond(sourceJobId: string, type: string, version: number, response: Record<string, unknown>, presentation?: ResponsePresentation): Promise<void> {
    if (!response || typeof response !== 'object' || Array.isArray(response)) {
      return Promise.reject(new TypeError('respond(response): response must be an object'));
    }
    if (this.running) return Promise.reject(new Error('another answer is still streaming; try again when it is done'));
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
    this.show();
    return this.startTurn({ interaction_response: interaction }, { r: 'u', t: displayText, ts: Date.now(), interaction: summary }, null);
  }

  /** Stops the running stream. The server's job goes on; its answer shows up in the history later. */
  stop() {
    this.running?.abort.abort();
  }

  newConversation() {
    this.stop();
    for (const recovery of this.recoveries) recovery.abort();
    this.recoveries.clear();
    this.destroyRendered();
    this.items = [];
    this.threadId = randomId('t_', 20);
    writeString(this.deps.storage, this.keys.thread, this.threadId);
    writeHistory(this.deps.storage, this.keys.history, this.items);
    this.synced = true;
    this.shown = true;
    this.renderAll();
  }

  /** Tears everything down (unmount of the widget). */
  destroy() {
    this.stop();
    for (const recovery of this.recoveries) recovery.abort();
    this.destroyRendered();
  }

  // ---- turns ----

  private async startTurn(body: Pick<CreateJobBody, 'message' | 'interaction_response'>, userItem: HistoryItem, composerText: string | null): Promise<void> {
    const { deps } = this;
    const turn: RunningTurn = { jobId: null, abort: new AbortController(), bubble: null, state: null, frame: 0 };
    this.running = turn;
    deps.setStreaming(true);
    const userEl = deps.list.addUser(userItem.t);
    deps.list.toEnd();
    if (composerText !== null) deps.composer.set('');

    let created: CreateJobResponse;
    try {
      created = await deps.client.createJob({
        ...body,
        visitor_id: this.visitorId,
        thread_id: this.threadId,
        ticket: deps.ticket() ?? undefined,
        context: deps.context(),
        client_capabilities: { renderers: deps.registry.types() },
      }, turn.abort.signal);
    } catch (error) {
      // Never re-sent automatically: a second POST would start a second answer.
      userEl.remove();
      this.finishTurn(turn);
      if (composerText !== null && !turn.abort.signal.aborted) {
        const current = deps.composer.get();
        deps.composer.set(current.trim() ? `${composerText}\n${current}` : composerText);
      }
      if (!turn.abort.signal.aborted) {
        const message = errorMessage(error);
        deps.announce(deps.strings.notSent);
        deps.list.addNote(deps.strings.notSent).classList.add('bc-msg-error');
        deps.emit('error', { message });
      }
      throw error;
    }

    if (created.visitor_id && created.visitor_id !== this.visitorId) {
      this.visitorId = created.visitor_id;
      writeString(deps.storage, this.keys.visitor, this.visitorId);
    }
    const jobId = created.job_id;
    turn.jobId = jobId;
    const user: HistoryItem = { ...userItem, j: jobId };
    this.remember(user, userEl, null);
    deps.emit('message', { role: 'user', text: user.t, jobId });

    const bubble = deps.list.addAssistant();
    turn.bubble = bubble;
    deps.announce(deps.strings.responding);

    if (created.done && typeof created.reply === 'string') {
      this.finishTurn(turn);
      if (created.error) this.showFailure(bubble, jobId, created.reply, user);
      else this.showFinal(bubble, jobId, created.reply);
      return;
    }

    bubble.setStatus({ kind: 'waiting' });
    turn.state = initialTurn(jobId);
    void this.follow(turn, bubble, jobId, user);
  }

  private async follow(turn: RunningTurn, bubble: AssistantBubble, jobId: string, user: HistoryItem) {
    const { deps } = this;
    let end: StreamEnd;
    try {
      end = await streamJob({
        url: deps.client.eventsUrl(jobId, this.visitorId),
        signal: turn.abort.signal,
        onEvent: (name, data) => {
          const parsed = parseStreamEvent(name, data);
          if (!parsed.ok) {
            deps.warn(`ignored a stream event: ${parsed.error}`);
            return;
          }
          const before = turn.state!;
          const after = reduceTurn(before, parsed.event);
          if (after === before) return;
          turn.state = after;
          if (after.text !== before.text || after.phase !== before.phase) this.scheduleProvisional(turn);
        },
      });
    } catch (error) {
      end = { kind: 'fatal', message: errorMessage(error) };
    }
    cancelAnimationFrame(turn.frame);
    this.finishTurn(turn);
    const state = turn.state!;
    if (state.status === 'done' && typeof state.reply === 'string') {
      this.showFinal(bubble, jobId, state.reply);
    } else if (state.status === 'failed') {
      this.showFailure(bubble, jobId, state.error || deps.strings.recoverFailed, user);
    } else if (end.kind === 'aborted') {
      // What was shown stays readable, but it is marked as not the answer.
      this.paintProvisional(turn, bubble);
      bubble.setStatus({ kind: 'note', text: deps.strings.stopped });
    } else {
      // `timeout`, an exhausted reconnect budget or a refused stream: the answer may still
      // arrive; look for it in the thread history.
      this.paintProvisional(turn, bubble);
      bubble.setStatus({ kind: 'note', text: deps.strings.recovering });
      void this.recover(bubble, jobId, user);
    }
  }

  private scheduleProvisional(turn: RunningTurn) {
    if (turn.frame) return;
    // At most one render per animation frame, however many deltas arrive in between.
    turn.frame = requestAnimationFrame(() => {
      turn.frame = 0;
      if (this.running === turn && turn.bubble) this.paintProvisional(turn, turn.bubble);
    });
  }

  private paintProvisional(turn: RunningTurn, bubble: AssistantBubble) {
    const state = turn.state;
    if (!state) return;
    bubble.setContent(renderProvisional(state.text, { remoteImages: this.deps.options.remoteImages }));
    if (this.running === turn) {
      if (state.phase === 'tool') bubble.setStatus({ kind: 'working', label: this.deps.strings.working });
      else bubble.setStatus(state.text ? { kind: 'none' } : { kind: 'waiting' });
    }
  }

  private finishTurn(turn: RunningTurn) {
    if (this.running === turn) {
      this.running = null;
      this.deps.setStreaming(false);
    }
  }

  private showFinal(bubble: AssistantBubble, jobId: string, reply: string) {
    const item: HistoryItem = { r: 'a', t: reply, j: jobId, ts: Date.now() };
    const mounts = this.paintFinal(bubble, item);
    bubble.setStatus({ kind: 'none' });
    this.remember(item, bubble.el, mounts);
    this.deps.announce(this.deps.strings.complete);
    this.deps.emit('message', { role: 'assistant', text: reply, jobId });
    this.deps.emit('done', { jobId, reply });
  }

  private showFailure(bubble: AssistantBubble, jobId: string, reply: string, user: HistoryItem) {
    const item: HistoryItem = { r: 'a', t: reply, j: jobId, ts: Date.now(), err: true };
    bubble.setError(reply, () => this.retry(user));
    this.remember(item, bubble.el, null);
    this.deps.announce(this.deps.strings.failedAnnounce);
    this.deps.emit('error', { message: reply, jobId });
  }

  /** Retry of a failed answer: the visitor asks again, as a new job (never an automatic re-POST). */
  private retry(user: HistoryItem) {
    if (this.running) {
      this.deps.announce(this.deps.strings.busy);
      return;
    }
    if (user.interaction) return;
    this.send(user.t);
  }

  private async recover(bubble: AssistantBubble, jobId: string, user: HistoryItem) {
    const controller = new AbortController();
    this.recoveries.add(controller);
    try {
      for (const delay of RECOVERY_DELAYS_MS) {
        await sleep(delay, controller.signal);
        let messages: HistoryItem[];
        try {
          messages = (await this.deps.client.getThread({ visitor_id: this.visitorId, thread_id: this.threadId, ticket: this.deps.ticket() ?? undefined }, controller.signal)).messages;
        } catch {
          if (controller.signal.aborted) return;
          continue;
        }
        const answer = messages.find((m) => m.r === 'a' && m.j === jobId);
        if (answer) {
          if (answer.err) this.showFailure(bubble, jobId, answer.t, user);
          else this.showFinal(bubble, jobId, answer.t);
          return;
        }
      }
      bubble.setError(this.deps.strings.recoverFailed, () => this.retry(user));
    } catch {
      /* aborted: a new conversation or teardown */
    } finally {
      this.recoveries.delete(controller);
    }
  }

  // ---- history and rendering ----

  private paintFinal(bubble: AssistantBubble, item: HistoryItem): MountGroup | null {
    const { registry, options } = this.deps;
    const { fragment, blocks } = renderFinal(item.t, { isRendererType: (type) => registry.has(type), remoteImages: options.remoteImages });
    bubble.setContent(fragment);
    if (blocks.length === 0 || !item.j) {
      for (const block of blocks) block.placeholder.replaceWith(fallbackBlock(block.type, block.source));
      return null;
    }
    const jobId = item.j;
    const group = registry.createGroup();
    const message = { jobId, responses: responsesFor(this.items, jobId) };
    for (const block of blocks) {
      group.add(registry.mount({
        type: block.type,
        source: block.source,
        container: block.placeholder,
        theme: this.deps.theme(),
        message,
        respond: (response, presentation) => this.respond(jobId, block.type, registry.get(block.type)?.version ?? 1, response, presentation),
      }));
    }
    return group;
  }

  private remember(item: HistoryItem, el: HTMLElement, mounts: MountGroup | null) {
    this.items.push(item);
    if (this.items.length > HISTORY_LIMIT) this.items.splice(0, this.items.length - HISTORY_LIMIT);
    writeHistory(this.deps.storage, this.keys.history, this.items);
    this.rendered.push({ item, el, mounts });
  }

  private destroyRendered() {
    for (const entry of this.rendered) entry.mounts?.destroyAll();
    this.rendered = [];
    this.deps.list.clear();
    this.greetingEl = null;
  }

  /** Renders the whole history (first open, new conversation, or a merge that changed it). */
  private renderAll() {
    this.destroyRendered();
    const { list } = this.deps;
    if (this.greeting) this.greetingEl = list.addNote(this.greeting);
    for (let i = 0; i < this.items.length; i++) {
      const item = this.items[i];
      if (item.r === 'u') {
        this.rendered.push({ item, el: list.addUser(item.t), mounts: null });
        continue;
      }
      const bubble = list.addAssistant();
      let mounts: MountGroup | null = null;
      if (item.err) {
        const user = this.items[i - 1];
        bubble.setError(item.t, user && user.r === 'u' && !user.interaction && i === this.items.length - 1 ? () => this.retry(user) : undefined);
      } else {
        mounts = this.paintFinal(bubble, item);
      }
      this.rendered.push({ item, el: bubble.el, mounts });
    }
    list.toEnd();
  }

  private async syncWithServer() {
    if (this.synced) return;
    this.synced = true;
    let server: HistoryItem[];
    try {
      const thread = await this.deps.client.getThread({ visitor_id: this.visitorId, thread_id: this.threadId, ticket: this.deps.ticket() ?? undefined });
      server = thread.messages;
    } catch (error) {
      this.deps.warn(`could not load the conversation history: ${errorMessage(error)}`);
      return;
    }
    // A turn started meanwhile owns the list; the next load will merge.
    if (this.running || this.recoveries.size > 0) return;
    const merged = mergeHistory(this.items, server);
    if (sameHistory(merged, this.items)) return;
    this.items = merged;
    writeHistory(this.deps.storage, this.keys.history, this.items);
    this.renderAll();
  }
}

function pickStrings(source: Record<string, unknown>, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) if (typeof source[key] === 'string') out[key] = source[key] as string;
  return out;
}

export function randomId(prefix: string, length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let id = prefix;
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return id;
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
