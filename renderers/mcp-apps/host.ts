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
// Ships as mcp-apps.js beside widget.js, fetched the first time such an activity arrives.

import type { RendererContext } from '../../widget/types';
import { admitView, createLedger, decide, record, releaseView, type ConsentBudgets, type Verdict } from '../../widget/consent/consent';
import { awaitGesture } from '../../widget/consent/gesture';
import { adoptSheet, el } from '../sandbox/dom';
import { viewCsp, type ViewCsp } from './csp';
import { resourceHtml, viewDocument } from './document';
import { hostContext, initializeResult, type HostSurroundings } from './host-context';
import { readViewMessage, RPC, type Params, type RpcId } from './messages';
import { planRequest, toolFacts, type Ask, type ToolFacts } from './methods';
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

/** Timings: a view must say `initialized` within INIT_MS of its document; teardown waits TEARDOWN_MS for the view's answer. */
export const MCP_TIMING = Object.freeze({ INIT_MS: 15_000, TEARDOWN_MS: 1000, HEARTBEAT_MS: 2000, UNRESPONSIVE_MS: 6000 });
/** Messages one view may post in one second before it is closed as a flood. */
export const MAX_MESSAGES_PER_SECOND = 100;
/** Requests of one view waiting for an answer at once; more are refused. */
export const MAX_PENDING = 16;
const MAX_WARNINGS = 20;
const MIN_HEIGHT = 48;
const INITIAL_HEIGHT = 200;

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
  const input = c.toolInput;
  // The view is told `{arguments: toolInput}`: an object, as the spec's tool-input says.
  return { ...(c as unknown as McpAppsContent), toolInput: input && typeof input == 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {} };
}

/** The text of a tool result (its text blocks), for views that cannot run. */
export function resultText(result: unknown): string {
  const blocks = (result as { content?: unknown } | null)?.content;
  const text = Array.isArray(blocks) ? blocks.filter((b) => b?.type == 'text' && typeof b.text == 'string').map((b) => b.text as string).join('\n') : '';
  return text.slice(0, 4000);
}

/** Whether `result` is the middleware's failure (`{error}`) instead of an MCP result. */
const failure = (result: unknown): string | undefined => {
  const error = (result as { error?: unknown } | null)?.error;
  return error === undefined || (result as { content?: unknown }).content !== undefined ? undefined : typeof error == 'string' ? error : JSON.stringify(error).slice(0, 300);
};

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
  let frame: HTMLIFrameElement | undefined;
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
      stopView = run(html, csp, meta.prefersBorder !== false);
    })
    .catch((error: Error) => {
      if (ended) return;
      say(`the resource could not be read: ${error?.message ?? error}`);
      fallback(strings.mcpUnreadable);
    });

  /** Runs the view: the frame, the bridge, the watchdog. Returns its teardown. */
  function run(html: string, csp: ViewCsp, border: boolean): () => void {
    const proxy = policy!.sandboxUrl;
    const proxyOrigin = proxy ? new URL(proxy).origin : '';
    const f = (frame = el('iframe', 'sbx-frame mcp-frame'));
    box.classList.toggle('mcp-borderless', !border);
    f.title = `${strings.mcpFrom} ${server}`;
    f.setAttribute('referrerpolicy', 'no-referrer');
    f.setAttribute('allow', '');
    f.style.height = INITIAL_HEIGHT + 'px';
    const doc = viewDocument(html, csp.csp);
    if (proxy) {
      // The spec's proxy: its own origin (so it may be same-origin with itself), which draws the
      // view in an opaque frame of its own; the page's CSP does not reach a document loaded by URL.
      f.setAttribute('sandbox', 'allow-scripts allow-same-origin');
      f.src = proxy;
    } else {
      // Scripts and nothing else: an opaque origin (no cookies, storage or DOM of the page), no
      // popups, forms, top navigation, modals or downloads.
      f.setAttribute('sandbox', 'allow-scripts');
      f.srcdoc = (options.html ?? ((m: string) => m))(doc);
    }
    box.replaceChildren(title, f, status, el('p', 'sbx-caution', strings.mcpCaution));
    // The first document took its flags as it started: whatever it navigates to gets none.
    if (!proxy) f.setAttribute('sandbox', '');

    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (ms: number, fn: () => void) => {
      const id = setTimeout(() => (timers.delete(id), fn()), ms);
      timers.add(id);
    };
    let initialized = false;
    let appModes: string[] = [];
    let touched = false;
    let loads = 0;
    let nextId = 1;
    const waiting = new Map<RpcId, (reply: { result?: unknown; error?: unknown }) => void>();
    let pending = 0;
    let stamps: number[] = [];
    let stopped = false;
    let lastPong = Date.now();
    let stuck = false;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let asking: HTMLElement | null = null;

    const target = () => f.contentWindow;
    /** Posts to the view: to the proxy's origin, or to the opaque frame (whose origin has no name). */
    const post = (message: Record<string, unknown>) => target()?.postMessage({ jsonrpc: '2.0', ...message }, proxy ? proxyOrigin : '*');
    const reply = (id: RpcId, result: unknown) => post({ id, result });
    const replyError = (id: RpcId, code: number, message: string) => post({ id, error: { code, message } });
    /** A notification, only once the view is initialized (the spec's MUST). */
    const notify = (method: string, params: Record<string, unknown>) => initialized && post({ method, params });
    const ask = (method: string, params: Record<string, unknown>, ms: number) =>
      new Promise<{ result?: unknown; error?: unknown } | null>((done) => {
        const id = 'h' + nextId++;
        waiting.set(id, done);
        post({ id, method, params });
        later(ms, () => waiting.delete(id) && done(null));
      });

    const surroundings = (): HostSurroundings => {
      const modeEl = container.closest('[data-mode]');
      const style = getComputedStyle(box);
      return {
        mode: modeEl?.getAttribute('data-mode') == 'dark' ? 'dark' : context.theme.mode,
        accent: context.theme.accent,
        accentText: '#ffffff',
        font: style.fontFamily || 'system-ui, sans-serif',
        displayMode: box.classList.contains('mcp-full') ? 'fullscreen' : 'inline',
        width: box.clientWidth || container.clientWidth || 360,
        maxHeight: policy!.maxHeight,
        locale: document.documentElement.lang || navigator.language || 'en',
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        userAgent: 'bailing-chat-widget',
        touch: matchMedia('(pointer: coarse)').matches,
        hover: matchMedia('(hover: hover)').matches,
        ...(content.toolName ? { tool: { name: content.toolName } } : {}),
      };
    };

    const stop = () => {
      if (stopped) return;
      stopped = true;
      for (const id of timers) clearTimeout(id);
      clearInterval(heartbeat);
      removeEventListener('message', onMessage);
      f.remove();
    };
    /** The view goes: it is told first (`ui/resource-teardown`), and given TEARDOWN_MS to answer. */
    const close = (reason: string | null) => {
      if (stopped) return;
      const finish = () => {
        stop();
        if (reason !== null && !ended) fallback(reason);
      };
      if (!initialized) return finish();
      void ask('ui/resource-teardown', {}, MCP_TIMING.TEARDOWN_MS).then(finish);
    };

    /** The consent rules' verdict on `a`, counted when it goes ahead (a send is counted when the visitor presses Send). */
    const consent = async (a: Ask, send = false): Promise<Verdict> => {
      const gesture = a.effect == 'act' && (await awaitGesture(f, later));
      touched ||= gesture;
      const full = { ...a, send, answer, allowed: true, gesture, restored: !!context.message.restored && !touched };
      const verdict = decide(ledger, budgets, full, Date.now());
      if (verdict.ok && !send) record(ledger, full, Date.now());
      return verdict;
    };

    const setStuck = (now: boolean) => {
      if (now == stuck || stopped) return;
      stuck = now;
      if (!now) return status.replaceChildren();
      const button = el('button', 'sbx-stop', strings.mcpStop);
      button.type = 'button';
      button.onclick = () => close(strings.mcpStopped);
      status.replaceChildren(el('span', '', strings.mcpUnresponsive + ' '), button);
    };

    /** `ui/message`: shown to the visitor, sent only when they press Send (their gesture, in our chrome). */
    const confirmSend = (id: RpcId, text: string) => {
      if (asking) return replyError(id, RPC.REFUSED, 'ui/message: refused (interval): a message of this view is already waiting for the visitor');
      const strip = (asking = el('div', 'mcp-ask'));
      const yes = el('button', 'mcp-yes', strings.mcpSend);
      const no = el('button', 'mcp-no', strings.mcpCancel);
      yes.type = no.type = 'button';
      strip.append(el('p', '', strings.mcpAsksSend), el('blockquote', 'mcp-text', text), yes, no);
      const done = (error?: string) => {
        strip.remove();
        asking = null;
        error ? (say(error), replyError(id, RPC.REFUSED, error)) : reply(id, {});
      };
      no.onclick = () => done('ui/message: the visitor did not send it');
      yes.onclick = () => {
        const full = { name: 'ui/message', effect: 'act' as const, send: true, answer, allowed: true, gesture: true, restored: false };
        const verdict = decide(ledger, budgets, full, Date.now());
        if (!verdict.ok) return done(verdict.reason);
        record(ledger, full, Date.now());
        touched = true;
        activity.send(text).then(
          () => done(),
          (error: Error) => done(`ui/message: ${error?.message ?? 'the chat cannot send now'}`),
        );
      };
      box.insertBefore(strip, status);
      yes.focus();
    };

    const setFull = (on: boolean) => {
      box.classList.toggle('mcp-full', on);
      options.fullscreen?.(on);
      if (on) {
        const exit = el('button', 'mcp-exit', strings.mcpExitFull);
        exit.type = 'button';
        exit.onclick = () => {
          setFull(false);
          notify('ui/notifications/host-context-changed', { displayMode: 'inline' });
        };
        box.prepend(exit);
      } else box.querySelector(':scope>.mcp-exit')?.remove();
    };

    const handleRequest = async (id: RpcId, method: string, params: Params) => {
      const plan = planRequest(method, params, { tools: method == 'tools/call' ? await tools : new Map(), viewModes: appModes }, policy!);
      if (stopped) return;
      switch (plan.do) {
        case 'initialize': {
          const caps = (params.appCapabilities ?? {}) as { availableDisplayModes?: unknown };
          appModes = Array.isArray(caps.availableDisplayModes) ? caps.availableDisplayModes.filter((m): m is string => typeof m == 'string') : [];
          return reply(id, initializeResult(surroundings(), csp));
        }
        case 'answer':
          return reply(id, plan.result);
        case 'refuse':
          say(plan.reason);
          return replyError(id, RPC.REFUSED, plan.reason);
        case 'display': {
          if (plan.mode == 'fullscreen') {
            const verdict = await consent({ name: 'ui/request-display-mode', effect: 'act' });
            if (!verdict.ok) return (say(verdict.reason), reply(id, { mode: surroundings().displayMode }));
          }
          setFull(plan.mode == 'fullscreen');
          return reply(id, { mode: plan.mode });
        }
        case 'context':
          options.modelContext?.(activity.id, { source: 'mcp-app-view', resourceUri: content.resourceUri, ...plan.value });
          return reply(id, {});
        case 'send': {
          const verdict = await consent(plan.ask, true);
          if (!verdict.ok) return say(verdict.reason), replyError(id, RPC.REFUSED, verdict.reason);
          // Asked inside the visitor's gesture in the view; their press of Send is what sends it.
          return confirmSend(id, plan.text);
        }
        case 'open': {
          const verdict = await consent(plan.ask);
          if (!verdict.ok) return say(verdict.reason), replyError(id, RPC.REFUSED, verdict.reason);
          window.open(plan.url, '_blank', 'noopener,noreferrer');
          return reply(id, {});
        }
        case 'proxy': {
          const verdict = await consent(plan.ask);
          if (!verdict.ok) return say(verdict.reason), replyError(id, RPC.REFUSED, verdict.reason);
          try {
            const result = await activity.request(proxied(plan.method, plan.params), plan.ask);
            if (stopped) return;
            const error = failure(result);
            return error ? replyError(id, RPC.INTERNAL, `${plan.ask.name}: ${error}`) : reply(id, result);
          } catch (error) {
            const reason = (error as Error)?.message ?? String(error);
            say(reason);
            return replyError(id, RPC.REFUSED, reason);
          }
        }
      }
    };

    function onMessage(event: MessageEvent) {
      if (stopped || event.source !== target() || !event.source) return;
      if (proxy ? event.origin !== proxyOrigin : event.origin !== 'null') return;
      const now = Date.now();
      stamps = [...stamps.filter((t) => now - t < 1000), now];
      if (stamps.length > MAX_MESSAGES_PER_SECOND) {
        say(`more than ${MAX_MESSAGES_PER_SECOND} messages in a second; the view was closed`);
        return close(strings.mcpFlood);
      }
      const data = event.data as Record<string, unknown> | null;
      if (proxy && data?.method == 'ui/notifications/sandbox-proxy-ready') {
        return post({ method: 'ui/notifications/sandbox-resource-ready', params: { html, csp: csp.csp, sandbox: 'allow-scripts' } });
      }
      const message = readViewMessage(data);
      switch (message.kind) {
        case 'invalid':
          say(message.error.message);
          if (message.id !== undefined) replyError(message.id, message.error.code, message.error.message);
          return;
        case 'response': {
          lastPong = now;
          const settle = waiting.get(message.id);
          waiting.delete(message.id);
          return settle?.(message);
        }
        case 'notification':
          switch (message.method) {
            case 'ui/notifications/initialized':
              if (initialized) return;
              initialized = true;
              lastPong = now;
              notify('ui/notifications/tool-input', { arguments: content.toolInput ?? {} });
              if (content.result !== undefined) notify('ui/notifications/tool-result', content.result as Record<string, unknown>);
              heartbeat = setInterval(() => {
                if (document.visibilityState == 'hidden') lastPong = Date.now();
                else if (Date.now() - lastPong > MCP_TIMING.UNRESPONSIVE_MS) setStuck(true);
                else setStuck(false);
                void ask('ping', {}, MCP_TIMING.UNRESPONSIVE_MS);
              }, MCP_TIMING.HEARTBEAT_MS);
              return;
            case 'ui/notifications/size-changed': {
              const h = message.params.height as number | undefined;
              if (h !== undefined) f.style.height = Math.min(policy!.maxHeight, Math.max(MIN_HEIGHT, Math.ceil(h))) + 'px';
              return;
            }
            case 'ui/notifications/request-teardown':
              return close(strings.mcpStopped);
            case 'notifications/message':
              return say(`log: ${JSON.stringify(message.params).slice(0, 300)}`);
          }
          return;
        case 'request':
          if (pending >= MAX_PENDING) return replyError(message.id, RPC.REFUSED, `${message.method}: refused (rate): more than ${MAX_PENDING} requests of this view wait for an answer`);
          pending++;
          void handleRequest(message.id, message.method, message.params).finally(() => pending--);
      }
    }
    addEventListener('message', onMessage);

    f.addEventListener('load', () => {
      if (stopped) return;
      // A second document: the view navigated itself (the proxy page, too, loads once).
      if (++loads > 1) {
        say('the frame loaded a second document; it was removed');
        return close(strings.mcpNavigated);
      }
      later(MCP_TIMING.INIT_MS, () => {
        if (initialized) return;
        say(`the view did not send ui/notifications/initialized within ${MCP_TIMING.INIT_MS} ms`);
        close(strings.mcpNoStart);
      });
    });
    // Redrawn in the widget's other mode: the view hears of it.
    const modeEl = container.closest('[data-mode]');
    const observer = modeEl && new MutationObserver(() => notify('ui/notifications/host-context-changed', { theme: surroundings().mode, styles: hostContext(surroundings()).styles }));
    observer?.observe(modeEl!, { attributes: true, attributeFilter: ['data-mode'] });
    activity.onUpdate?.((next) => {
      if (next.result !== undefined) notify('ui/notifications/tool-result', next.result as Record<string, unknown>);
    });
    return () => {
      observer?.disconnect();
      if (box.classList.contains('mcp-full')) options.fullscreen?.(false);
      close(null);
    };
  }

  return destroy;
}
