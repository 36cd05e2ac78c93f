// The host of one MCP App view (DESIGN.md §14; MCP Apps 2026-01-26): an AG-UI `mcp-apps` activity
// (`{resourceUri, result, toolInput, serverHash, serverId?}`, as @ag-ui/mcp-apps-middleware sends
// it) drawn as the server's own HTML in a sandboxed frame, talking JSON-RPC over postMessage.
// - The frame: opaque by default (`sandbox="allow-scripts"`, srcdoc, the CSP first in its head,
//   csp.ts), or the spec's proxy page on the separate origin the owner gives (`sandboxOrigin`),
//   which draws the same document in an opaque frame of its own.
// - What the view asks is checked (messages.ts), planned (methods.ts) and weighed by the consent
//   rules every model-driven path shares (widget/consent): reads within budgets, acts only inside
//   the visitor's gesture in this view. Requests to its server go through the agent as hidden runs
//   (`forwardedProps.__proxiedMCPRequest`); the page never holds the server's address.
// - Nothing is sent to the view before `ui/notifications/initialized`; a view that never gets
//   there, hangs, floods or navigates is closed, and its tool's text result is shown instead.
// This file admits the view and reads its resource; the view runs in lifecycle.ts (its frame in
// frame.ts, its requests answered in bridge.ts, its state in view-session.ts, limits.ts).
// Ships as mcp-apps.js beside widget.js, fetched the first time such an activity arrives.

import type { ActivityEnding, RendererContext } from '../../widget/types';
import { admitView, createLedger, releaseView, type ConsentBudgets } from '../../widget/consent/consent';
import { adoptSheet, el } from '../sandbox/dom';
import { failure } from './bridge';
import { viewCsp } from './csp';
import { resourceHtml } from './document';
import { runView } from './lifecycle';
import { MAX_WARNINGS } from './limits';
import { toolFacts, type ToolFacts } from './methods';
import { inputOf } from './tool-call';
import { validateMcpAppsPolicy, type McpAppsPolicy } from './policy';
import { mcpStrings, type McpStrings } from './strings';
import { MCP_CSS } from './styles';

/** What the renderer context of an activity gives (the AG-UI transport's activity renderers). */
export interface ActivityAccess {
  readonly id: string;
  request(forwardedProps: Record<string, unknown>, ask: { name: string; effect: 'read' | 'act' }): Promise<unknown>;
  /** Sends `text` as the visitor's next message (the widget's own send). Rejects when it cannot. */
  send(text: string): Promise<void>;
  onUpdate?(listener: (content: Record<string, unknown>) => void): () => void;
  /** The turn that drew the activity is over (RendererActivity.onEnd). */
  onEnd?(listener: (how: ActivityEnding) => void): () => void;
}

export interface McpAppsHostOptions {
  /** The owner's `mcpApps` (preload object, or `true` for `data-mcp-apps="1"`). */
  config: unknown;
  /** `data-sandbox-origin`, when the page gives the proxy that way. */
  sandboxOrigin?: string;
  /** A frame's document as the page's Trusted Types want it (widget/ui/trusted-types.ts). */
  html?: (markup: string) => string;
  strings?: Partial<McpStrings>;
  /** The widget's maximised-panel state, for `ui/request-display-mode`; absent: the box fills the window. */
  fullscreen?(on: boolean): void;
  /** Kept `ui/update-model-context` values, by view, for the next run (size-capped by the policy). */
  modelContext?(viewId: string, value: unknown): void;
}

/** The activity's content as the middleware sends it. */
export interface McpAppsContent {
  resourceUri: string;
  serverHash: string;
  serverId?: string;
  toolInput?: Record<string, unknown>;
  result?: unknown;
  toolName?: string;
}

const warn = (message: string) => console.warn('BailingChat: mcp-apps: ' + message);
const ledger = createLedger();
let owner: { config: unknown; origin?: string; policy: McpAppsPolicy | null } | undefined;

/** The owner's policy, validated once per configuration; null (after a warning) when invalid. */
export function ownerPolicy(config: unknown, sandboxOrigin?: string): McpAppsPolicy | null {
  if (owner && owner.config === config && owner.origin === sandboxOrigin) return owner.policy;
  const given = config === true || config === undefined ? {} : config;
  const merged = sandboxOrigin && given && typeof given == 'object' && !('sandboxOrigin' in given) ? { ...given, sandboxOrigin } : given;
  const checked = validateMcpAppsPolicy(merged);
  if (!checked.ok) warn(`the owner's mcpApps settings are invalid, so MCP App views show their text result only: ${checked.errors.join('; ')}`);
  owner = { config, origin: sandboxOrigin, policy: checked.ok ? checked.policy : null };
  return owner.policy;
}

/** Checks the activity's content; throws what is wrong. */
export function readContent(payload: unknown): McpAppsContent {
  const c = (payload ?? {}) as Record<string, unknown>;
  if (typeof c.resourceUri != 'string' || !c.resourceUri.startsWith('ui://')) throw new Error('mcp-apps activity: resourceUri must be a ui:// URI');
  if (typeof c.serverHash != 'string' || !c.serverHash) throw new Error('mcp-apps activity: serverHash is missing');
  if (c.serverId !== undefined && typeof c.serverId != 'string') throw new Error('mcp-apps activity: serverId must be a string');
  // The view is told `{arguments: toolInput}`: an object, as the spec's tool-input says.
  return { ...(c as unknown as McpAppsContent), toolInput: inputOf(c) };
}

/** The text of a tool result (its text blocks), for views that cannot run. */
export function resultText(result: unknown): string {
  const blocks = (result as { content?: unknown } | null)?.content;
  const text = Array.isArray(blocks) ? blocks.filter((b) => b?.type == 'text' && typeof b.text == 'string').map((b) => b.text as string).join('\n') : '';
  return text.slice(0, 4000);
}

/** The server's tools, asked once per server and page (views of one server share them). */
const toolLists = new Map<string, Promise<ReadonlyMap<string, ToolFacts> | null>>();

export function mount(context: RendererContext, activity: ActivityAccess, options: McpAppsHostOptions): () => void {
  const { container, signal } = context;
  const strings = mcpStrings(options.strings);
  const content = readContent(context.payload);
  const policy = ownerPolicy(options.config, options.sandboxOrigin);
  adoptSheet(container, MCP_CSS);
  const box = el('div', 'sbx mcp');
  /** Whose view it is, as the chrome names it: the agent's server id, else the resource's host part. */
  const server = content.serverId || /^ui:\/\/([^/?#]{1,80})/.exec(content.resourceUri)?.[1] || 'server';
  const title = el('div', 'sbx-title', `${strings.mcpFrom} ${server}`);
  const status = el('div', 'sbx-status');
  status.setAttribute('role', 'status');
  box.append(title, el('p', 'mcp-loading', strings.mcpLoading));
  container.append(box);
  const answer = context.message.jobId;

  /** Shows the tool's text result instead of a view, with why. */
  const fallback = (reason: string) => {
    const rest = el('div', 'sbx-fallback');
    const text = resultText(content.result);
    if (text) rest.append(el('p', 'sbx-summary', text));
    rest.append(el('p', 'sbx-reason', reason));
    box.replaceChildren(title, rest);
  };
  if (!policy) {
    fallback(strings.mcpUnreadable);
    return () => box.remove();
  }
  const budgets: ConsentBudgets = policy;
  const admitted = admitView(ledger, budgets, answer, `MCP App view ${content.resourceUri}`);
  if (!admitted.ok) {
    warn(admitted.reason);
    fallback(admitted.reason);
    return () => box.remove();
  }

  const said = new Set<string>();
  const say = (message: string) => !said.has(message) && said.size < MAX_WARNINGS && (said.add(message), warn(`view ${content.resourceUri}: ${message}`));
  const proxied = (method: string, params: unknown) => ({ __proxiedMCPRequest: { serverHash: content.serverHash, ...(content.serverId ? { serverId: content.serverId } : {}), method, params } });
  const key = content.serverId || content.serverHash;
  if (!toolLists.has(key)) {
    // A list that could not be had is not kept: the next view of that server asks again.
    const listed = activity.request(proxied('tools/list', {}), { name: 'tools/list', effect: 'read' }).then((result) => toolFacts(result), () => null);
    toolLists.set(key, listed);
    void listed.then((facts) => facts || toolLists.delete(key));
  }
  const tools = toolLists.get(key)!;

  let ended = false;
  let stopView: (() => void) | undefined;
  const destroy = () => {
    if (!ended) releaseView(ledger, answer);
    ended = true;
    stopView?.();
    box.remove();
  };
  signal.addEventListener('abort', destroy, { once: true });

  activity
    .request(proxied('resources/read', { uri: content.resourceUri }), { name: `resources/read ${content.resourceUri}`, effect: 'read' })
    .then((read) => {
      if (ended) return;
      const items = ((read as { contents?: unknown } | null)?.contents ?? []) as Record<string, unknown>[];
      const item = Array.isArray(items) ? (items.find((c) => c?.uri == content.resourceUri) ?? items[0]) : undefined;
      const html = item && String(item.mimeType ?? '').replace(/\s/g, '').toLowerCase() == 'text/html;profile=mcp-app' ? resourceHtml(item) : null;
      if (html === null) {
        say(`the resource could not be read as text/html;profile=mcp-app${failure(read) ? ': ' + failure(read) : ''}`);
        return fallback(strings.mcpUnreadable);
      }
      const meta = ((item!._meta as { ui?: Record<string, unknown> } | undefined)?.ui ?? {}) as Record<string, unknown>;
      const csp = viewCsp(meta.csp, policy);
      for (const line of csp.dropped) say(`CSP: ${line}`);
      const mounted = { context, activity, options, content, policy, budgets, ledger, strings, box, status, answer, tools, say, proxied, fallback, ended: () => ended };
      stopView = runView(mounted, title, server, html, csp, meta.prefersBorder !== false);
    })
    .catch((error: Error) => {
      if (ended) return;
      say(`the resource could not be read: ${error?.message ?? error}`);
      fallback(strings.mcpUnreadable);
    });

  return destroy;
}
