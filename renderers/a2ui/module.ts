// A2UI surfaces (DESIGN.md §15): the `a2ui` fenced block over the hub (JSON lines of v0.9
// messages, answered through `respond`) and the `a2ui-surface` activity over AG-UI, as
// @ag-ui/a2ui-middleware carries it (`content.a2ui_operations`, or its building / retrying /
// failed states; answered through the activity's `run` with `forwardedProps.a2uiAction`).
// Shipped as a2ui.js beside widget.js, fetched when the first surface arrives.
//
// What the visitor does on a surface acts only inside their gesture in it, through widget/consent
// (DESIGN.md §13); a surface drawn again from the history is inert until touched. What the model
// wrote is never markup, never script: text nodes, checked attribute values, native controls;
// images, video and audio load only from the origins the owner allows (as answers' images do).

import type { RendererContext } from '../../widget/types';
import { adoptStyles } from '../../widget/ui/adopt-styles';
import { h } from '../../widget/ui/dom';
import { imagePolicy } from '../../widget/markdown/image-origins';
import { createLedger, type ConsentBudgets } from '../../widget/consent/consent';
import { contentConsent } from '../../widget/consent/content';
import { agUiProps, hubResponse, localCall, openableUrl, userAction } from './actions';
import { resolve, text, type Scope } from './bindings';
import { readMessages, type ClientError } from './messages';
import { fill, stringsFor, type A2uiStrings } from './strings';
import { A2UI_CSS } from './styles';
import { surfacesOf, type Surface } from './surfaces';
import { createSurfaceView, type SurfaceView } from './view';
import { sync } from './widget-helpers';

export interface A2uiHost {
  /** The https origins the owner lets answers load images from (preload `config.images`); media of surfaces too. */
  images?: readonly string[];
}

/** What the surfaces of one page load may do (DESIGN.md §13): sends per answer and their spacing; `openUrl` counts as a call. */
export const A2UI_BUDGETS: ConsentBudgets = Object.freeze({ maxCalls: 20, maxCallsPerPage: 200, maxCallsPerMinute: 20, maxSends: 20, minSendIntervalMs: 1000, maxViews: 100 });
const ledger = createLedger();

const warn = (message: string) => console.warn(`BailingChat: a2ui: ${message}`);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The middleware's states before the surface is painted (one activity, replaced in place). */
function lifecycle(content: Record<string, unknown>, s: A2uiStrings): HTMLElement | null {
  const status = content.status;
  if (status !== 'building' && status !== 'retrying' && status !== 'failed') return null;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : undefined);
  const line =
    status === 'building' ? (num(content.progressTokens) ? fill(s.buildingTokens, { n: num(content.progressTokens) }) : s.building)
    : status === 'retrying' ? fill(s.retrying, { n: num(content.attempt) ?? '?', m: num(content.maxAttempts) ?? '?' })
    : s.failed;
  const el = h('div', { class: 'a2-state', 'data-status': status, role: status === 'failed' ? 'alert' : 'status' }, [h('span', {}, [line])]);
  if (status === 'building') el.setAttribute('aria-busy', 'true');
  // What went wrong, behind a disclosure unless the agent's middleware hides it (debugExposure).
  const detail = status === 'retrying' ? content.errors : status === 'failed' ? content.error ?? content.attempts : undefined;
  if (detail !== undefined && content.debugExposure !== 'hidden') {
    const pre = h('pre', {}, [(typeof detail === 'string' ? detail : JSON.stringify(detail, null, 2) ?? '').slice(0, 4000)]);
    el.append(h('details', { open: content.debugExposure === 'verbose' }, [h('summary', {}, [s.details]), pre]));
  }
  return el;
}

/** Whether a surface may load media from `url`: the https origins the owner lets answers load images from. */
function mediaPolicy(images: readonly string[]): (url: string) => boolean {
  const allowed = imagePolicy(images);
  return (url) => {
    try {
      return allowed(new URL(url));
    } catch {
      return false;
    }
  };
}

/** Puts `line` in a surface's status line, as an alert when it says something failed. */
function say(status: HTMLElement, line: string, alert = false) {
  status.setAttribute('role', alert ? 'alert' : 'status');
  status.textContent = line;
}

/** A note in place of what cannot be drawn, with a button (`label`) whose click `report`s why to the agent. */
function refusal(line: string, label: string, report: (status: HTMLElement) => void): HTMLElement {
  const status = h('p', { class: 'a2-status', role: 'status' });
  const button = h('button', { type: 'button', class: 'a2-btn a2-report' }, [label]);
  button.addEventListener('click', () => {
    button.focus({ preventScroll: true });
    report(status);
  });
  return h('div', { class: 'a2-state', 'data-status': 'failed' }, [h('span', {}, [line]), button, status]);
}

/**
 * Mounts the surfaces of a block or an activity into `context.container`. A block's or an
 * activity's surfaces, their data models and the visitor's actions share one container and one
 * teardown here; the surfaces' drawing is view.ts and the catalog widgets.ts.
 */
export function mount(context: RendererContext, host: A2uiHost = {}): () => void {
  const { container, signal, activity, message } = context;
  if (signal.aborted) return () => {};
  adoptStyles(container, A2UI_CSS);
  // The widget's language and direction (its root carries both): an answer's body is `dir=auto`
  // for its text, but a surface is laid out as the widget is (right to left in Arabic).
  const widgetRoot = container.closest('[lang]');
  const lang = widgetRoot?.getAttribute('lang') || 'en';
  const strings = stringsFor(lang);
  const env = { locale: lang };
  container.setAttribute('aria-label', strings.surface);
  const media = mediaPolicy(host.images ?? []);
  const root = container.appendChild(h('div', { class: 'a2', dir: widgetRoot?.getAttribute('dir') || 'auto' }));
  const consent = contentConsent({ container, answer: message.jobId, restored: !!message.restored, ledger, budgets: A2UI_BUDGETS, signal, warn });

  /** Each surface's view and status line, by id; `closed` once a deleteSurface removed it. */
  const shown = new Map<string, { el: HTMLElement; view?: SurfaceView; status: HTMLElement; surface?: Surface }>();
  /** Errors met and not yet sent: they go back with the visitor's next action (or their report). */
  let pending: ClientError[] = [];
  const known = new Set<string>();
  const problem = (e: ClientError) => {
    const key = `${e.surfaceId}\n${e.path}\n${e.message}`;
    if (known.has(key)) return;
    known.add(key);
    warn(`${e.surfaceId ? `surface "${e.surfaceId}": ` : ''}${e.path ? `${e.path}: ` : ''}${e.message}`);
    pending.push(e);
  };
  let busy = false;

  /** Sends what the visitor did (or a report of the errors), as each wire expects it. */
  async function send(surfaceId: string, action: ReturnType<typeof userAction>, shownText: string, status: HTMLElement) {
    if (busy) return;
    busy = true;
    say(status, strings.sending);
    const errors = pending;
    const models: Record<string, unknown> = {};
    for (const [id, s] of shown) if (s.surface?.sendDataModel && s.view) models[id] = s.view.data();
    try {
      if (activity) await activity.run(agUiProps(action, errors, models, surfaceId), shownText);
      else {
        const ask = await consent.ask('a2ui.action', 'act', true);
        await context.respond(hubResponse(action, errors, models), { displayText: shownText });
        consent.done(ask);
      }
      pending = pending.filter((e) => !errors.includes(e));
      say(status, action ? strings.sent : strings.reported);
    } catch (e) {
      say(status, fill(strings.notSent, { x: e instanceof Error ? e.message : String(e) }), true);
    } finally {
      busy = false;
    }
  }

  /** A Button of surface `surfaceId`: its event goes to the agent; its local call runs here. */
  const act = (surfaceId: string, status: HTMLElement) => (action: unknown, componentId: string, scope: Scope, el: HTMLElement) => {
    if (busy || signal.aborted) return;
    const call = localCall(action);
    if (call) {
      if (call.call !== 'openUrl') return void resolve({ call: call.call, args: call.args }, scope);
      const url = openableUrl(text(resolve(call.args.url, scope)));
      if (!url) return problem({ code: 'VALIDATION_FAILED', surfaceId, path: `/components/${componentId}/action`, message: 'openUrl opens http and https URLs only.' });
      // Opening a page is an act: only in the visitor's gesture (DESIGN.md §13).
      void consent.ask('openUrl', 'act').then((ask) => {
        consent.done(ask);
        window.open(url, '_blank', 'noopener,noreferrer');
      }, (e: Error) => say(status, fill(strings.notSent, { x: e.message }), true));
      return;
    }
    const ua = userAction(action, surfaceId, componentId, scope);
    if (!ua) return problem({ code: 'VALIDATION_FAILED', surfaceId, path: `/components/${componentId}/action`, message: 'A Button needs an action: {"event": {"name": …}} or {"functionCall": …}.' });
    void send(surfaceId, ua, (el.textContent ?? '').trim().slice(0, 200) || ua.name, status);
  };

  /** A note in place of what cannot be drawn, with a button that tells the agent why. */
  const refused = (line: string, surfaceId: string) => refusal(line, strings.report, (status) => void send(surfaceId, null, strings.report, status));

  function show(input: unknown) {
    if (signal.aborted) return;
    const content = isRecord(input) ? input : {};
    const state = activity || context.type !== 'a2ui' ? lifecycle(content, strings) : null;
    if (state) return void sync(root, [state]);
    const read = readMessages(activity || context.type !== 'a2ui' ? (Array.isArray(content.a2ui_operations) ? content.a2ui_operations : []) : input);
    const surfaces = surfacesOf(read.messages);
    for (const e of [...read.errors, ...surfaces.errors]) problem(e);
    const els: HTMLElement[] = [];
    const now = new Set(surfaces.list.map((s) => s.id));
    for (const surface of surfaces.list) {
      let entry = shown.get(surface.id);
      if (!entry || (!entry.view && surface.supported)) {
        entry?.view?.destroy();
        const status = h('p', { class: 'a2-status', role: 'status' });
        const view = surface.supported ? createSurfaceView({ strings, env, media, act: act(surface.id, status), error: (path, m) => problem({ code: 'VALIDATION_FAILED', surfaceId: surface.id, path, message: m }) }) : undefined;
        const el = view ? h('div', { class: 'a2-wrap' }, [view.el, status]) : refused(strings.unsupportedCatalog, surface.id);
        shown.set(surface.id, (entry = { el, view, status }));
      }
      entry.surface = surface;
      entry.view?.show(surface);
      els.push(entry.el);
    }
    // A surface the agent deleted says so where it was.
    for (const [id, entry] of shown) {
      if (now.has(id)) continue;
      entry.view?.destroy();
      entry.view = undefined;
      entry.el.replaceChildren(h('p', { class: 'a2-note' }, [strings.closed]));
      els.push(entry.el);
    }
    if (!surfaces.list.length && !shown.size) els.push(read.errors.length ? refused(strings.unreadable, '') : h('div', { class: 'a2-state', 'data-status': 'building', role: 'status', 'aria-busy': 'true' }, [strings.building]));
    // Moved only where out of place: a field the visitor is typing in keeps its focus.
    sync(root, els);
  }

  show(activity || context.type !== 'a2ui' ? context.payload : context.source);
  const stop = activity?.onUpdate(show);
  return () => {
    stop?.();
    for (const entry of shown.values()) entry.view?.destroy();
    root.remove();
  };
}
