// The requests an MCP App view may make (host.ts), answered once planned (methods.ts): its
// initialization, display mode, model context, a message to send, a link to open, and requests to
// its server through the agent, each weighed by the consent rules (widget/consent).

import { decide, record, type Verdict } from '../../widget/consent/consent';
import { awaitGesture } from '../../widget/consent/gesture';
import { el } from '../sandbox/dom';
import { initializeResult } from './host-context';
import { RPC, type Params, type RpcId } from './messages';
import { planRequest, type Ask } from './methods';
import { later, notify, reply, replyError, surroundings, type ViewSession } from './view-session';

/** Whether `result` is the middleware's failure (`{error}`) instead of an MCP result. */
export const failure = (result: unknown): string | undefined => {
  const error = (result as { error?: unknown } | null)?.error;
  return error === undefined || (result as { content?: unknown }).content !== undefined ? undefined : typeof error == 'string' ? error : JSON.stringify(error).slice(0, 300);
};

/** The consent rules' verdict on `a`, counted when it goes ahead (a send is counted when the visitor presses Send). */
async function consent(s: ViewSession, a: Ask, send = false): Promise<Verdict> {
  const { m } = s;
  const gesture = a.effect == 'act' && (await awaitGesture(s.frame, (ms, fn) => later(s, ms, fn)));
  s.touched ||= gesture;
  const full = { ...a, send, answer: m.answer, allowed: true, gesture, restored: !!m.context.message.restored && !s.touched };
  const verdict = decide(m.ledger, m.budgets, full, Date.now());
  if (verdict.ok && !send) record(m.ledger, full, Date.now());
  return verdict;
}

/** `ui/message`: shown to the visitor, sent only when they press Send (their gesture, in our chrome). */
function confirmSend(s: ViewSession, id: RpcId, text: string) {
  const { m } = s;
  if (s.asking) return replyError(s, id, RPC.REFUSED, 'ui/message: refused (interval): a message of this view is already waiting for the visitor');
  const strip = (s.asking = el('div', 'mcp-ask'));
  const yes = el('button', 'mcp-yes', m.strings.mcpSend);
  const no = el('button', 'mcp-no', m.strings.mcpCancel);
  yes.type = no.type = 'button';
  strip.append(el('p', '', m.strings.mcpAsksSend), el('blockquote', 'mcp-text', text), yes, no);
  const done = (error?: string) => {
    strip.remove();
    s.asking = null;
    error ? (m.say(error), replyError(s, id, RPC.REFUSED, error)) : reply(s, id, {});
  };
  no.onclick = () => done('ui/message: the visitor did not send it');
  yes.onclick = () => {
    const full = { name: 'ui/message', effect: 'act' as const, send: true, answer: m.answer, allowed: true, gesture: true, restored: false };
    const verdict = decide(m.ledger, m.budgets, full, Date.now());
    if (!verdict.ok) return done(verdict.reason);
    record(m.ledger, full, Date.now());
    s.touched = true;
    m.activity.send(text).then(
      () => done(),
      (error: Error) => done(`ui/message: ${error?.message ?? 'the chat cannot send now'}`),
    );
  };
  m.box.insertBefore(strip, m.status);
  yes.focus();
}

/**
 * The widget's panel maximised for a view in full screen (through its own Maximize button, so its
 * state and `aria-pressed` stay true), and back as it was; an inline widget fills its own box.
 */
export function maximisePanel(box: HTMLElement, on: boolean) {
  const root = box.closest('.bc-root');
  const button = root?.querySelector<HTMLButtonElement>('.bc-max-btn');
  if (!root || !button || root.classList.contains('bc-inline')) return;
  if (on && !root.classList.contains('bc-max')) (box.dataset.maximised = '1'), button.click();
  else if (!on && box.dataset.maximised) {
    delete box.dataset.maximised;
    if (root.classList.contains('bc-max')) button.click();
  }
}

/** The view filling the widget's maximised panel, or back inline. */
function setFull(s: ViewSession, on: boolean) {
  const { m } = s;
  m.box.classList.toggle('mcp-full', on);
  maximisePanel(m.box, on);
  m.options.fullscreen?.(on);
  if (on) {
    const exit = el('button', 'mcp-exit', m.strings.mcpExitFull);
    exit.type = 'button';
    exit.onclick = () => {
      setFull(s, false);
      notify(s, 'ui/notifications/host-context-changed', { displayMode: 'inline' });
    };
    m.box.prepend(exit);
  } else m.box.querySelector(':scope>.mcp-exit')?.remove();
}

/** Answers one request of the view, as methods.ts plans it. */
export async function handleRequest(s: ViewSession, id: RpcId, method: string, params: Params) {
  const { m } = s;
  const plan = planRequest(method, params, { tools: method == 'tools/call' ? await m.tools : new Map(), viewModes: s.appModes }, m.policy);
  if (s.stopped) return;
  switch (plan.do) {
    case 'initialize': {
      const caps = (params.appCapabilities ?? {}) as { availableDisplayModes?: unknown };
      s.appModes = Array.isArray(caps.availableDisplayModes) ? caps.availableDisplayModes.filter((mode): mode is string => typeof mode == 'string') : [];
      return reply(s, id, initializeResult(surroundings(s), s.csp));
    }
    case 'answer':
      return reply(s, id, plan.result);
    case 'refuse':
      m.say(plan.reason);
      return replyError(s, id, RPC.REFUSED, plan.reason);
    case 'display': {
      if (plan.mode == 'fullscreen') {
        const verdict = await consent(s, { name: 'ui/request-display-mode', effect: 'act' });
        if (!verdict.ok) return (m.say(verdict.reason), reply(s, id, { mode: surroundings(s).displayMode }));
      }
      setFull(s, plan.mode == 'fullscreen');
      return reply(s, id, { mode: plan.mode });
    }
    case 'context':
      m.options.modelContext?.(m.activity.id, { source: 'mcp-app-view', resourceUri: m.content.resourceUri, ...plan.value });
      return reply(s, id, {});
    case 'send': {
      const verdict = await consent(s, plan.ask, true);
      if (!verdict.ok) return m.say(verdict.reason), replyError(s, id, RPC.REFUSED, verdict.reason);
      // Asked inside the visitor's gesture in the view; their press of Send is what sends it.
      return confirmSend(s, id, plan.text);
    }
    case 'open': {
      const verdict = await consent(s, plan.ask);
      if (!verdict.ok) return m.say(verdict.reason), replyError(s, id, RPC.REFUSED, verdict.reason);
      window.open(plan.url, '_blank', 'noopener,noreferrer');
      return reply(s, id, {});
    }
    case 'proxy': {
      const verdict = await consent(s, plan.ask);
      if (!verdict.ok) return m.say(verdict.reason), replyError(s, id, RPC.REFUSED, verdict.reason);
      try {
        const result = await m.activity.request(m.proxied(plan.method, plan.params), plan.ask);
        if (s.stopped) return;
        const error = failure(result);
        return error ? replyError(s, id, RPC.INTERNAL, `${plan.ask.name}: ${error}`) : reply(s, id, result);
      } catch (error) {
        const reason = (error as Error)?.message ?? String(error);
        m.say(reason);
        return replyError(s, id, RPC.REFUSED, reason);
      }
    }
  }
}
