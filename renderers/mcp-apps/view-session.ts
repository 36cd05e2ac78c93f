// The state of one running MCP App view (lifecycle.ts, bridge.ts): what its mount gave it, its
// frame and timers, and the JSON-RPC it sends the view (replies, notifications, its own requests).

import type { RendererContext } from '../../widget/types';
import type { ConsentBudgets, createLedger } from '../../widget/consent/consent';
import type { ViewCsp } from './csp';
import type { HostSurroundings } from './host-context';
import type { ActivityAccess, McpAppsContent, McpAppsHostOptions } from './host';
import { MCP_TIMING } from './limits';
import type { RpcId } from './messages';
import type { ToolFacts } from './methods';
import type { McpAppsPolicy } from './policy';
import type { McpStrings } from './strings';
import { NOTHING_TOLD, type CallFacts, type CallTold } from './tool-call';

/** What the mount of an activity gives its view. */
export interface ViewMount {
  readonly context: RendererContext;
  readonly activity: ActivityAccess;
  readonly options: McpAppsHostOptions;
  readonly content: McpAppsContent;
  readonly policy: McpAppsPolicy;
  readonly budgets: ConsentBudgets;
  readonly ledger: ReturnType<typeof createLedger>;
  readonly strings: McpStrings;
  readonly box: HTMLElement;
  readonly status: HTMLElement;
  /** The answer the view belongs to (the consent rules count by it). */
  readonly answer: string;
  readonly tools: Promise<ReadonlyMap<string, ToolFacts> | null>;
  say(message: string): void;
  proxied(method: string, params: unknown): Record<string, unknown>;
  /** Shows the tool's text result instead of the view, with why. */
  fallback(reason: string): void;
  /** Whether the activity was destroyed. */
  ended(): boolean;
}

/** One running view: its mount, its frame and document, and what changes while it runs. */
export interface ViewSession {
  readonly m: ViewMount;
  readonly frame: HTMLIFrameElement;
  readonly html: string;
  readonly csp: ViewCsp;
  readonly proxy: string | undefined;
  readonly proxyOrigin: string;
  readonly timers: Set<ReturnType<typeof setTimeout>>;
  readonly waiting: Map<RpcId, (reply: { result?: unknown; error?: unknown }) => void>;
  initialized: boolean;
  appModes: string[];
  touched: boolean;
  loads: number;
  nextId: number;
  pending: number;
  stamps: number[];
  stopped: boolean;
  lastPong: number;
  stuck: boolean;
  heartbeat: ReturnType<typeof setInterval> | undefined;
  asking: HTMLElement | null;
  /** The listener of the page's messages, removed when the view stops. */
  onMessage?: (event: MessageEvent) => void;
  /** Where the frame waits out its teardown once the widget took its row away (holdForTeardown). */
  holder?: HTMLElement;
  /** The tool call as the activity now says it, and what the view has been told of it (tool-call.ts). */
  call: CallFacts;
  told: CallTold;
}

export function viewSession(m: ViewMount, frame: HTMLIFrameElement, html: string, csp: ViewCsp): ViewSession {
  const proxy = m.policy.sandboxUrl;
  const proxyOrigin = proxy ? new URL(proxy).origin : '';
  return {
    m, frame, html, csp, proxy, proxyOrigin, timers: new Set(), waiting: new Map(),
    initialized: false, appModes: [], touched: false, loads: 0, nextId: 1, pending: 0, stamps: [],
    stopped: false, lastPong: Date.now(), stuck: false, heartbeat: undefined, asking: null,
    call: { input: m.content.toolInput ?? {}, result: m.content.result }, told: NOTHING_TOLD,
  };
}

/** Runs `fn` after `ms`, unless the view stops first. */
export function later(s: ViewSession, ms: number, fn: () => void) {
  const id = setTimeout(() => (s.timers.delete(id), fn()), ms);
  s.timers.add(id);
}

/** Posts to the view: to the proxy's origin, or to the opaque frame (whose origin has no name). */
export const post = (s: ViewSession, message: Record<string, unknown>) => s.frame.contentWindow?.postMessage({ jsonrpc: '2.0', ...message }, s.proxy ? s.proxyOrigin : '*');
export const reply = (s: ViewSession, id: RpcId, result: unknown) => post(s, { id, result });
export const replyError = (s: ViewSession, id: RpcId, code: number, message: string) => post(s, { id, error: { code, message } });
/** A notification, only once the view is initialized (the spec's MUST). */
export const notify = (s: ViewSession, method: string, params: Record<string, unknown>) => s.initialized && post(s, { method, params });
/** A request to the view; null when it does not answer within `ms`. */
export const ask = (s: ViewSession, method: string, params: Record<string, unknown>, ms: number) =>
  new Promise<{ result?: unknown; error?: unknown } | null>((done) => {
    const id = 'h' + s.nextId++;
    s.waiting.set(id, done);
    post(s, { id, method, params });
    later(s, ms, () => s.waiting.delete(id) && done(null));
  });

/** What the view is told of the page around it (host-context.ts). */
export function surroundings({ m }: ViewSession): HostSurroundings {
  const { container, theme } = m.context;
  const modeEl = container.closest('[data-mode]');
  const style = getComputedStyle(m.box);
  return {
    mode: modeEl?.getAttribute('data-mode') == 'dark' ? 'dark' : theme.mode,
    accent: theme.accent,
    accentText: '#ffffff',
    font: style.fontFamily || 'system-ui, sans-serif',
    displayMode: m.box.classList.contains('mcp-full') ? 'fullscreen' : 'inline',
    width: m.box.clientWidth || container.clientWidth || 360,
    maxHeight: m.policy.maxHeight,
    locale: document.documentElement.lang || navigator.language || 'en',
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: 'bailing-chat-widget',
    touch: matchMedia('(pointer: coarse)').matches,
    hover: matchMedia('(hover: hover)').matches,
    ...(m.content.toolName ? { tool: { name: m.content.toolName } } : {}),
  };
}

/** Ends the view at once: its timers, its heartbeat, its listener, its frame. */
export function stop(s: ViewSession) {
  if (s.stopped) return;
  s.stopped = true;
  for (const id of s.timers) clearTimeout(id);
  clearInterval(s.heartbeat);
  if (s.onMessage) removeEventListener('message', s.onMessage);
  s.frame.remove();
  s.holder?.remove();
}

/**
 * The widget takes a view's row away at once (its message replaced, a new conversation), yet the
 * view is owed `ui/resource-teardown` and time to answer it. Where the browser moves a frame
 * without reloading it (`moveBefore`), the frame waits out that time in a hidden holder of the
 * widget's own root; elsewhere it goes with its row, told but not waited for.
 */
export function holdForTeardown(s: ViewSession) {
  const root = s.frame.getRootNode() as ParentNode;
  if (s.stopped || !s.initialized || !s.frame.isConnected || !('moveBefore' in Element.prototype)) return;
  const holder = document.createElement('div');
  holder.hidden = true;
  try {
    root.append(holder);
    (holder as unknown as { moveBefore(node: Node, child: Node | null): void }).moveBefore(s.frame, null);
    s.holder = holder;
  } catch {
    holder.remove();
  }
}

/** The view goes: it is told first (`ui/resource-teardown`), and given TEARDOWN_MS to answer. */
export function close(s: ViewSession, reason: string | null) {
  if (s.stopped) return;
  const finish = () => {
    stop(s);
    if (reason !== null && !s.m.ended()) s.m.fallback(reason);
  };
  if (!s.initialized) return finish();
  void ask(s, 'ui/resource-teardown', {}, MCP_TIMING.TEARDOWN_MS).then(finish);
}
