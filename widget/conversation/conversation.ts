// One conversation: the shell around its state (state.ts, a pure reducer that composes each turn's
// life, turn.ts). It turns what the visitor and the renderers ask for into inputs; what the reducer
// asks for in return is run by effects.ts and live-turns.ts (the backend's requests, timers, storage,
// the composer, events), which paint through view.ts (the thread, derived from the state) and
// bubble.ts (the turns not over yet). The wire is the backend's (widget/conversation/backend.ts).

import type { ChatBackend, DecisionTools, TurnRefusal } from './backend';
import { MAX_MESSAGE_CHARS } from '../contract';
import { createEffects } from './effects';
import type { EmbedOptions } from '../embed/embed';
import { readHistory } from './history';
import { errorMessage, warmMarkdown } from './loaders';
import type { MessageList } from '../ui/messages';
import type { Registry } from '../registry/registry';
import { responseTurn } from './respond';
import { visitorError } from '../transport/errors';
import { newConversationState, reduceConversation, type ConversationInput, type ConversationRules, type OpenTurn } from './state';
import type { Strings } from '../ui/i18n/i18n';
import type { Attachment, HistoryItem, RendererTheme, ResponsePresentation, WidgetEventName } from '../types';
import { messageWithAttachments, splitUserMessage } from '../attachments/uploads';
import { createView, type ViewContext } from './view';

export { warmMarkdown };

export { MAX_MESSAGE_CHARS };
export { UNDO_MS, UNREACHABLE_RETRY_MS } from './effects';

/** How long a late answer is looked for after the stream gave up (when the backend can look). */
export const RECOVERY_DELAYS_MS = [1000, 2000, 3000, 5000, 8000, 10000, 15000, 20000, 30000, 30000];

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
 * The shell around the pure reducer (state.ts): what the visitor and the renderers ask for, as
 * inputs; the effects it returns are run by effects.ts, the painting is view.ts's and bubble.ts's.
 */
export function createConversation(deps: ConversationDeps): Conversation {
  // State lives in this closure (so the minifier can shorten every internal name).
  const { backend, composer, registry, storage, strings, theme, warn } = deps;
  const rules: ConversationRules = { recoveryDelays: backend.lookUp ? RECOVERY_DELAYS_MS : [], thread: !!backend.thread, failed: strings.recoverFailed };
  /**
   * The visitor's message that waits for the network ("Will send when online") is kept beside the
   * history so a reload keeps it too; sent once, by whichever comes first: the browser's `online`
   * event, the visitor's "Send now", or a start-up that finds the browser online.
   */
  const queuedKey = backend.historyKey + '_queued';
  let state = newConversationState(readHistory(storage, backend.historyKey), readHistory(storage, queuedKey)[0] ?? null);

  /** Applies one input to the state, then runs what it asks for, in order. */
  function dispatch(input: ConversationInput) {
    const [after, effects] = reduceConversation(state, input, rules, Date.now(), navigator.onLine);
    state = after;
    runAll(effects);
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

  /** Sends the visitor's text (and the composer's attachments) as a new turn. Returns false (and keeps them) when it cannot. */
  function send(text: string, shown?: string): boolean {
    const old = shown ? '' : state.editing;
    // Sent (or queued for when the browser is online): the edit is over either way.
    return sendMessage(text.trim(), (!shown && composer.attachments?.list()) || [], shown, shown ? null : text, old ? [old, 'edited'] : undefined);
  }

  /** A renderer's `respond`: the next user turn, carrying an interaction_response. */
  function respond(sourceJobId: string, type: string, version: number, response: Record<string, unknown>, presentation?: ResponsePresentation): Promise<void> {
    if (!response || typeof response !== 'object' || Array.isArray(response)) {
      return Promise.reject(new TypeError('respond(response): response must be an object'));
    }
    if (state.running) return Promise.reject(visitorError(strings.busy));
    return start(responseTurn(sourceJobId, type, version, response, presentation, Date.now()));
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

  const ctx: ViewContext = { state: () => state, dispatch, send: (text) => send(text), ask, respond, rate, flush, decisionTools };
  const view = createView(deps, ctx);
  const [runAll, start] = createEffects(deps, view, ctx, queuedKey);

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
