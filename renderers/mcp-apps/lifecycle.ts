// The life of an MCP App view (host.ts): its frame put in place, the messages it posts read and
// routed (replies, notifications, requests for bridge.ts), its start (`ui/notifications/initialized`,
// then the heartbeat), its size, and its end (a flood, a second document, no start, or teardown).

import { el } from '../sandbox/dom';
import { handleRequest, maximisePanel } from './bridge';
import type { ViewCsp } from './csp';
import { dropFlags, viewFrame } from './frame';
import { hostContext } from './host-context';
import { MAX_MESSAGES_PER_SECOND, MAX_PENDING, MCP_TIMING, MIN_HEIGHT } from './limits';
import { readViewMessage, RPC } from './messages';
import { callNotifications, inputOf } from './tool-call';
import { ask, close, holdForTeardown, later, notify, post, replyError, surroundings, viewSession, type ViewMount, type ViewSession } from './view-session';

/** Shows, or takes away, that the view stopped answering, with a button to close it. */
function setStuck(s: ViewSession, now: boolean) {
  if (now == s.stuck || s.stopped) return;
  s.stuck = now;
  if (!now) return s.m.status.replaceChildren();
  const button = el('button', 'sbx-stop', s.m.strings.mcpStop);
  button.type = 'button';
  button.onclick = () => close(s, s.m.strings.mcpStopped);
  s.m.status.replaceChildren(el('span', '', s.m.strings.mcpUnresponsive + ' '), button);
}

/** Tells the view what it is owed of its tool call now (tool-call.ts), once it is initialized. */
function tellCall(s: ViewSession) {
  if (!s.initialized) return;
  const { send, told } = callNotifications(s.call, s.told);
  s.told = told;
  for (const { method, params } of send) notify(s, method, params);
}

/** `ui/notifications/initialized`: the view is told its tool's input and result, and the heartbeat starts. */
function started(s: ViewSession, now: number) {
  if (s.initialized) return;
  s.initialized = true;
  s.lastPong = now;
  tellCall(s);
  s.heartbeat = setInterval(() => {
    if (document.visibilityState == 'hidden') s.lastPong = Date.now();
    else if (Date.now() - s.lastPong > MCP_TIMING.UNRESPONSIVE_MS) setStuck(s, true);
    else setStuck(s, false);
    void ask(s, 'ping', {}, MCP_TIMING.UNRESPONSIVE_MS);
  }, MCP_TIMING.HEARTBEAT_MS);
}

/** One message the page got: from this view only, within its rate, routed by its kind. */
function onViewMessage(s: ViewSession, event: MessageEvent) {
  const { m } = s;
  if (s.stopped || event.source !== s.frame.contentWindow || !event.source) return;
  if (s.proxy ? event.origin !== s.proxyOrigin : event.origin !== 'null') return;
  const now = Date.now();
  s.stamps = [...s.stamps.filter((t) => now - t < 1000), now];
  if (s.stamps.length > MAX_MESSAGES_PER_SECOND) {
    m.say(`more than ${MAX_MESSAGES_PER_SECOND} messages in a second; the view was closed`);
    return close(s, m.strings.mcpFlood);
  }
  const data = event.data as Record<string, unknown> | null;
  if (s.proxy && data?.method == 'ui/notifications/sandbox-proxy-ready') {
    return post(s, { method: 'ui/notifications/sandbox-resource-ready', params: { html: s.html, csp: s.csp.csp, sandbox: 'allow-scripts' } });
  }
  const message = readViewMessage(data);
  switch (message.kind) {
    case 'invalid':
      m.say(message.error.message);
      if (message.id !== undefined) replyError(s, message.id, message.error.code, message.error.message);
      return;
    case 'response': {
      s.lastPong = now;
      const settle = s.waiting.get(message.id);
      s.waiting.delete(message.id);
      return settle?.(message);
    }
    case 'notification':
      switch (message.method) {
        case 'ui/notifications/initialized':
          return started(s, now);
        case 'ui/notifications/size-changed': {
          const h = message.params.height as number | undefined;
          if (h !== undefined) s.frame.style.height = Math.min(m.policy.maxHeight, Math.max(MIN_HEIGHT, Math.ceil(h))) + 'px';
          return;
        }
        case 'ui/notifications/request-teardown':
          return close(s, m.strings.mcpStopped);
        case 'notifications/message':
          return m.say(`log: ${JSON.stringify(message.params).slice(0, 300)}`);
      }
      return;
    case 'request':
      if (s.pending >= MAX_PENDING) return replyError(s, message.id, RPC.REFUSED, `${message.method}: refused (rate): more than ${MAX_PENDING} requests of this view wait for an answer`);
      s.pending++;
      void handleRequest(s, message.id, message.method, message.params).finally(() => s.pending--);
  }
}

/** Its first document loaded: it must start within INIT_MS; a second document (the view navigated itself) closes it. */
function onLoad(s: ViewSession) {
  if (s.stopped) return;
  // The proxy page, too, loads once.
  if (++s.loads > 1) {
    s.m.say('the frame loaded a second document; it was removed');
    return close(s, s.m.strings.mcpNavigated);
  }
  later(s, MCP_TIMING.INIT_MS, () => {
    if (s.initialized) return;
    s.m.say(`the view did not send ui/notifications/initialized within ${MCP_TIMING.INIT_MS} ms`);
    close(s, s.m.strings.mcpNoStart);
  });
}

/** Runs the view: the frame, the bridge, the watchdog. Returns its teardown. */
export function runView(m: ViewMount, title: HTMLElement, server: string, html: string, csp: ViewCsp, border: boolean): () => void {
  const { box, strings, options } = m;
  const proxy = m.policy.sandboxUrl;
  box.classList.toggle('mcp-borderless', !border);
  const f = viewFrame(html, csp.csp, proxy, `${strings.mcpFrom} ${server}`, options.html);
  box.replaceChildren(title, f, m.status, el('p', 'sbx-caution', strings.mcpCaution));
  dropFlags(f, proxy);
  const s = viewSession(m, f, html, csp);
  const onMessage = (s.onMessage = (event: MessageEvent) => onViewMessage(s, event));
  addEventListener('message', onMessage);
  f.addEventListener('load', () => onLoad(s));
  // Redrawn in the widget's other mode: the view hears of it.
  const modeEl = m.context.container.closest('[data-mode]');
  const observer = modeEl && new MutationObserver(() => notify(s, 'ui/notifications/host-context-changed', { theme: surroundings(s).mode, styles: hostContext(surroundings(s)).styles }));
  observer?.observe(modeEl!, { attributes: true, attributeFilter: ['data-mode'] });
  m.activity.onUpdate?.((next) => {
    s.call = { ...s.call, input: inputOf(next), result: next.result };
    tellCall(s);
  });
  m.activity.onEnd?.((ending) => {
    s.call = { ...s.call, ending };
    tellCall(s);
  });
  return () => {
    observer?.disconnect();
    if (box.classList.contains('mcp-full')) maximisePanel(box, false), options.fullscreen?.(false);
    holdForTeardown(s);
    close(s, null);
  };
}
