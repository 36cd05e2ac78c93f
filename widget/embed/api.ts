// `window.BailingChat`: the public API object (DESIGN.md §5, §7). Frozen; every call
// validates its input and reports misuse with a console warning instead of throwing into
// the host's code.

import { describe } from './embed';
import type { HostToolDefinition, PageContext, RendererDefinition, WidgetEventName } from '../types';

export interface BailingChatApi {
  /** Version of this API object. */
  readonly apiVersion: '1';
  /** Version of the renderer contract (`registerRenderer`, the mount context). */
  readonly rendererApiVersion: '1';
  /** Registers a trusted renderer for fenced blocks of `definition.type`; returns an idempotent unregister. */
  registerRenderer(definition: RendererDefinition): () => void;
  /**
   * Adds a tool the page runs when an AG-UI agent calls it, as the preload's `tools` are: it is
   * checked the same way (a bad one is warned about in the console and left out), offered to the
   * agent from the next run on (a run already going keeps the tools it started with), and its
   * handler runs with arguments checked against `parameters`. A name registered again stands for
   * the latest tool of that name; registering the same definition object again changes nothing.
   * Returns an idempotent unregister, which also applies from the next run. A BailingHub entry
   * has no tools: there it does nothing.
   */
  registerTool(definition: HostToolDefinition): () => void;
  /** Page context sent with each new message: `{page_key, page_name}`. */
  setContext(context: { page_key?: string; page_name?: string }): void;
  /** A short-lived signed ticket from the host's backend; passed through, never parsed. `null` clears it. */
  setTicket(ticket: string | null): void;
  open(): void;
  close(): void;
  toggle(): void;
  /** Sends `text` as the visitor's message (opens the panel). False when it cannot be sent now. */
  send(text: string): boolean;
  newConversation(): void;
  /** Subscribes to `open`, `close`, `message`, `done`, `error`, `state` or `event`; returns an unsubscribe function. */
  on(event: WidgetEventName, handler: (detail: unknown) => void): () => void;
  /** An AG-UI agent's shared state, as its last event left it (`undefined` for a BailingHub entry). */
  readonly state: unknown;
  /** The API of this page's widget of `entry` (a second script tag's), or undefined. */
  widget(entry: string): BailingChatApi | undefined;
}

/** What the API drives: the widget once it is up (calls before that are queued by boot). */
export interface ApiTarget {
  register(definition: unknown): () => void;
  tool(definition: unknown): () => void;
  setContext(context: PageContext): void;
  setTicket(ticket: string | null): void;
  open(): void;
  close(): void;
  toggle(): void;
  send(text: string): boolean;
  newConversation(): void;
  state(): unknown;
  widget(entry: string): BailingChatApi | undefined;
}

export const EVENT_NAMES: readonly WidgetEventName[] = ['open', 'close', 'message', 'done', 'error', 'state', 'event'];
const CONTEXT_KEYS = ['page_key', 'page_name'] as const;
const MAX_CONTEXT_CHARS = 200;

export interface Emitter {
  on(event: WidgetEventName, handler: (detail: unknown) => void): () => void;
  emit(event: WidgetEventName, detail: unknown): void;
}

export function createEmitter(): Emitter {
  const handlers = new Map<WidgetEventName, Set<(detail: unknown) => void>>();
  return {
    on(event, handler) {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      // Wrapped, so subscribing the same function twice gives two independent subscriptions.
      const wrapped = (detail: unknown) => handler(detail);
      set.add(wrapped);
      return () => void set!.delete(wrapped);
    },
    emit(event, detail) {
      for (const handler of [...(handlers.get(event) ?? [])]) {
        try {
          handler(detail);
        } catch (error) {
          // A host handler's bug must not break the widget.
          console.error(`BailingChat: a "${event}" handler threw`, error);
        }
      }
    },
  };
}

export function createApi(target: ApiTarget, emitter: Emitter, warn: (message: string) => void): BailingChatApi {
  const api: BailingChatApi = {
    apiVersion: '1',
    rendererApiVersion: '1',
    registerRenderer: (definition) => target.register(definition),
    registerTool: (definition) => target.tool(definition),
    setContext(context) {
      if (!context || typeof context !== 'object') {
        warn(`setContext expects an object {page_key, page_name} (got ${describe(context)})`);
        return;
      }
      const clean: PageContext = {};
      for (const [key, value] of Object.entries(context)) {
        if (!(CONTEXT_KEYS as readonly string[]).includes(key)) warn(`setContext: unknown key "${key}" ignored`);
        else if (typeof value !== 'string') warn(`setContext: ${key} must be a string (got ${describe(value)}); ignored`);
        else if (value.length > MAX_CONTEXT_CHARS) warn(`setContext: ${key} is longer than ${MAX_CONTEXT_CHARS} characters; ignored`);
        else clean[key as (typeof CONTEXT_KEYS)[number]] = value;
      }
      target.setContext(clean);
    },
    setTicket(ticket) {
      if (ticket !== null && (typeof ticket !== 'string' || !ticket)) {
        warn(`setTicket expects a non-empty string or null (got ${describe(ticket)})`);
        return;
      }
      target.setTicket(ticket);
    },
    open: () => target.open(),
    close: () => target.close(),
    toggle: () => target.toggle(),
    send(text) {
      if (typeof text !== 'string' || !text.trim()) {
        warn(`send expects a non-empty string (got ${describe(text)})`);
        return false;
      }
      return target.send(text);
    },
    newConversation: () => target.newConversation(),
    widget: (entry) => target.widget(String(entry)),
    get state() {
      return target.state();
    },
    on(event, handler) {
      if (!EVENT_NAMES.includes(event)) {
        warn(`on: unknown event "${String(event)}"; events are ${EVENT_NAMES.join(', ')}`);
        return () => undefined;
      }
      if (typeof handler !== 'function') {
        warn(`on("${event}"): handler must be a function (got ${describe(handler)})`);
        return () => undefined;
      }
      return emitter.on(event, handler);
    },
  };
  return Object.freeze(api);
}
