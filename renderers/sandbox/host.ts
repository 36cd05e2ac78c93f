// The host side of a `sandbox` view (DESIGN.md §8.3): the owner's policy and the page's theme,
// the frame, its one MessagePort, the limits on what it sends, the calls of its capability packs
// (checked and run by packs.js), the watchdog that offers to stop a view that hangs, and the
// teardown when it tries to leave. Ships in dist/renderers/sandbox.js, imported the first time a
// view mounts.

import type { RendererContext } from '../../widget/types';
import { admitView, createLedger, releaseView, type ConsentBudgets } from '../../widget/consent/consent';
import type { PackHost } from './packs/types';
import { bridgeScript, type FrameMessage, type HostMessage } from './bridge';
import { buildSandboxDocument, sandboxThemeCss, type SandboxTheme } from './document';
import { validateSandboxPolicy, validateSandboxProps, type SandboxPolicy, type SandboxProps } from './policy';
import { DEFAULT_VIEW_HEIGHT } from './preview';
import { loadExternalModule } from '../../widget/modules';
import { answerCall, answerSend, packGate, viewConsent } from './view-requests';
import { heartbeat, SANDBOX_WATCHDOG } from './watchdog';
import { behind, showGone, stuckNotice, viewBox, viewFrame } from './view-chrome';
import { sandboxStrings, type SandboxStrings } from '../../widget/ui/i18n/sandbox-strings';
import { adoptSheet, el } from './dom';
import { SANDBOX_CSS } from './styles';
import { randomHex } from '../../widget/ids';

/** What the widget hands the module besides the renderer context (widget/builtins.ts). */
export interface SandboxHostOptions {
  /** The owner's preload `sandbox` object (`{policy?}`, or `true` for the default policy); `{}` for `data-sandbox="1"`. */
  sandbox: unknown;
  /** Sends `message` as the visitor's next turn, showing `shown` in their bubble. False when the chat cannot send now. */
  send(message: string, shown: string): boolean;
  /** The capability packs the owner installed (packs.js), or null/absent when there are none. */
  packs?: PackHost | null;
  /** widget.js's own URL: the JSX compiler (jsx.js) is beside it. */
  scriptSrc?: string;
  /**
   * A frame's document as the page's Trusted Types want it (widget/ui/trusted-types.ts): the widget's
   * one policy, handed in so that the split build's copy of this module makes no second one.
   */
  html?: (markup: string) => string;
  /** The widget's words (its language table, the host's overrides), over the chrome's English. */
  strings?: Partial<SandboxStrings>;
  /** The page's CSP nonce (the widget's script tag, or `data-nonce`), put on the scripts a frame's document starts with; empty when none. */
  nonce?: string;
}

/** The chrome's styles, adopted once into the shadow root (no `<style>`: works under a strict host CSP). */
export const adoptStyles = (container: HTMLElement) => adoptSheet(container, SANDBOX_CSS);
export { el };

export const pageHtml = (host: SandboxHostOptions | undefined) => host?.html ?? ((markup: string) => markup);

/** The watchdog's timings (watchdog.ts). */
export { SANDBOX_WATCHDOG };
const MIN_FRAME_HEIGHT = 24;
/** Console warnings one view may cause, so a view that throws in a loop cannot flood the console. */
const MAX_WARNINGS = 20;
const MAX_ERROR_CHARS = 300;
const OWNER_KEYS = ['policy', 'packs', 'kit', 'nonce', 'theme'];

const warn = (message: string) => console.warn('BailingChat: sandbox: ' + message);

let owner: { config: unknown; policy: SandboxPolicy | null } | undefined;

/**
 * What the views on this page have used since it loaded (DESIGN.md §13): the budgets are the
 * answer's and the page's, so every view shares this one ledger.
 */
const ledger = createLedger();


/**
 * The views on the page, each as its `end`. Chromium runs every sandboxed frame of one host site
 * in one renderer process, on one thread: a view that hangs freezes the others, and removing it
 * does not end the loop while another view keeps that process alive (measured in Chromium 156;
 * a process left with no frame is ended at once). So Stop ends them all.
 */
const live = new Set<(reason: string) => void>();

/** The owner's policy, validated once per configuration object; null (after a warning) when invalid. */
export function ownerPolicy(config: unknown): SandboxPolicy | null {
  if (owner && owner.config === config) return owner.policy;
  let policy: SandboxPolicy | null = null;
  if (config === true) {
    policy = (validateSandboxPolicy(undefined) as { policy: SandboxPolicy }).policy;
  } else if (!config || typeof config != 'object' || Array.isArray(config)) {
    warn('the preload "sandbox" must be true or an object such as {policy: {…}}; sandbox views will show as code');
  } else {
    for (const key of Object.keys(config)) if (!OWNER_KEYS.includes(key)) warn(`unknown preload key "sandbox.${key}" ignored`);
    const nonce = (config as { nonce?: unknown }).nonce;
    if (nonce !== undefined && typeof nonce != 'boolean') warn(`"sandbox.nonce" must be true or false (got ${typeof nonce}); views do not get the page's nonce`);
    const theme = (config as { theme?: unknown }).theme;
    if (theme !== undefined && typeof theme != 'boolean') warn('"sandbox.theme" must be true or false');
    const checked = validateSandboxPolicy((config as { policy?: unknown }).policy);
    if (checked.ok) policy = checked.policy;
    else warn(`the owner's sandbox policy is invalid, so sandbox views will show as code: ${checked.errors.join('; ')}`);
  }
  owner = { config, policy };
  return policy;
}


/**
 * The host page's `:root` custom properties (`--*` only, as computed), for its views to use,
 * unless the owner turned that off (preload `sandbox: {theme: false}`); the theme keeps only the
 * safe ones (document.ts `hostVarsCss`).
 */
export function hostVars(config: unknown): [string, string][] {
  if ((config as { theme?: unknown } | null)?.theme === false) return [];
  const style = getComputedStyle(document.documentElement);
  return [...style].filter((name) => name.startsWith('--')).map((name) => [name, style.getPropertyValue(name)]);
}

/**
 * The host's look for the frame: the widget's accent and mode, its font when it is a plain list of
 * names, and the page's own custom properties ({@link hostVars}; `sandbox` is the owner's preload).
 */
export function frameTheme(context: Pick<RendererContext, 'theme'>, mode: 'light' | 'dark', font: string, sandbox?: unknown): SandboxTheme {
  const theme = { accent: /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(context.theme.accent) ? context.theme.accent : '#2563eb', mode, vars: hostVars(sandbox) };
  try {
    sandboxThemeCss({ ...theme, font });
    return { ...theme, font };
  } catch {
    return theme;
  }
}

/**
 * Mounts one view. Throws (the block then shows as code) when the owner's policy or the props are
 * invalid; a `jsx` view first gets the owner's kit and the JSX compiler, and rejects without them.
 */
export function mount(context: RendererContext, host: SandboxHostOptions): (() => void) | Promise<() => void> {
  const policy = ownerPolicy(host?.sandbox);
  if (!policy) throw new Error('sandbox views are off: the owner policy is invalid (see the warning above)');
  const checked = validateSandboxProps(context.payload);
  if (!checked.ok) throw new Error(`invalid sandbox props: ${checked.errors.slice(0, 5).join('; ')}`);
  const props: SandboxProps = checked.props;
  if (checked.note) warn(`view "${props.title ?? ''}": ${checked.note}`);
  if (!props.jsx?.trim()) return show(context, host, policy, props, props);
  return loadJsxHost(host).then((jsx) => {
    const kit = jsx.ownerKit(host.sandbox);
    if (!kit) throw new Error('this view is written in jsx, and the page has no valid sandbox kit (preload sandbox.kit) to draw it with');
    return Promise.all([jsx.kitText(kit), jsx.jsxCompilerText(host.scriptSrc ?? location.href)]).then(([kitSource, compiler]) =>
      context.signal.aborted ? () => {} : show(context, host, policy, props, jsx.jsxLiveProps(props, { kit: kitSource, compiler })),
    );
  });
}

/** What `jsx` views need on the page (sandbox-jsx.js beside widget.js), fetched at the first one. */
export const loadJsxHost = (host: SandboxHostOptions) => loadExternalModule<typeof import('./jsx-host')>('sandbox-jsx', host?.scriptSrc ?? location.href);

/** Why a view whose bridge never answered could not start, for the console. */
const CANNOT_START =
  'could not start: its bridge never answered, so its scripts did not run (or it hung at once). ' +
  "srcdoc frames inherit the page's Content-Security-Policy, so a policy without 'unsafe-inline' in script-src stops them unless views are given the page's nonce (the widget's tag's nonce or data-nonce, and sandbox: {nonce: true} in the preload); " +
  "showing the view's title and summary instead";

/**
 * Shows a view of `props` whose frame runs the document of `documentProps` (for a `jsx` view, its
 * kit, compiler and runner). view-chrome.ts draws the DOM around the frame, view-requests.ts answers
 * what the view asks, watchdog.ts pings it; the pure parts are policy.ts, document.ts and bridge.ts.
 */
// Long because one view's frame, port, timers, heartbeat and observer live and die together and the
// teardown must reach every one; each handler below is short, and the message switch reads as the protocol.
function show(context: RendererContext, host: SandboxHostOptions, policy: SandboxPolicy, props: SandboxProps, documentProps: SandboxProps): () => void {
  const { container, signal } = context;
  const strings: SandboxStrings = sandboxStrings(host?.strings);
  const title = props.title ?? strings.viewUntitled;
  adoptStyles(container);
  const [stand, box, status] = viewBox(container, title, strings);
  const answer = context.message.jobId;
  // The sends and views of the view policy; the calls of the packs' policy (a view calls nothing where no pack is installed).
  const budgets = { ...policy, ...host.packs?.policy } as ConsentBudgets;
  const admitted = admitView(ledger, budgets, answer, `view "${title}"`);
  if (!admitted.ok) {
    // Past the answer's views: its title and summary, as clients that cannot run views show them.
    warn(admitted.reason);
    showGone(box, title, props.summary);
    const remove = () => box.remove();
    signal.addEventListener('abort', remove, { once: true });
    return remove;
  }
  const modeEl = container.closest('[data-mode]');
  const mode = () => (modeEl?.getAttribute('data-mode') == 'dark' ? 'dark' : context.theme.mode);
  let theme = frameTheme(context, mode(), getComputedStyle(box).fontFamily, host.sandbox);
  const token = randomHex();
  const clampHeight = (h: number) => Math.min(policy.maxHeight, Math.max(MIN_FRAME_HEIGHT, Math.ceil(h)));
  const srcdoc = pageHtml(host)(buildSandboxDocument(documentProps, policy, theme, bridgeScript(token), host.packs?.script, host.nonce));
  const frame = viewFrame(title, clampHeight(props.initialHeight ?? DEFAULT_VIEW_HEIGHT), srcdoc);
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (ms: number, run: () => void) => {
    const id = setTimeout(() => (timers.delete(id), run()), ms);
    timers.add(id);
  };
  const consent = viewConsent(ledger, budgets, answer, !!context.message.restored, frame, later);
  const calls = host.packs?.view(packGate(ledger, consent));

  const channel = new MessageChannel();
  const port = channel.port1;
  let loads = 0;
  let ready = false;
  let ended = false;
  /** What this view was warned about: each reason once, and at most MAX_WARNINGS of them. */
  const said = new Set<string>();
  let beat: ReturnType<typeof heartbeat> | undefined;
  let observer: MutationObserver | undefined;

  const say = (message: string) => !said.has(message) && said.size < MAX_WARNINGS && (said.add(message), warn(`view "${title}": ${message}`));
  const post = (message: HostMessage) => port.postMessage(message);

  /** Removes the frame and everything that talks to it. */
  const stopFrame = () => {
    if (!ended) releaseView(ledger, answer);
    ended = true;
    live.delete(end);
    for (const id of timers) clearTimeout(id);
    timers.clear();
    beat?.stop();
    observer?.disconnect();
    port.onmessage = null;
    port.close();
    frame.remove();
  };

  /** The view is gone for good: its title and summary stay as text, with why. */
  const end = (reason: string) => {
    if (ended) return;
    stopFrame();
    status.replaceChildren();
    showGone(box, title, props.summary, reason);
  };

  /** Shows or hides the "not responding" notice with its Stop button. */
  let stuck = false;
  const setStuck = (now: boolean) => {
    if (now == stuck || ended) return;
    stuck = now;
    status.replaceChildren(...(now ? stuckNotice(strings, () => [...live].forEach((endView) => endView(strings.viewStopped))) : []));
  };

  port.onmessage = ({ data }: MessageEvent<FrameMessage>) => {
    if (ended || !data || typeof data != 'object') return;
    switch (data.type) {
      case 'ready':
        if (ready) return;
        ready = true;
        frame.setAttribute('sandbox', '');
        beat = heartbeat(() => post({ type: 'ping' }), setStuck);
        return;
      case 'pong':
        beat?.pong();
        return setStuck(false);
      case 'resize':
        if (Number.isFinite(data.height)) frame.style.height = clampHeight(data.height) + 'px';
        // Up and measured: the live view takes the preview's place.
        if (ready && swap) swap = void swap();
        return;
      case 'error': {
        const message = String(data.message).slice(0, MAX_ERROR_CHARS);
        say(`error in the view's code: ${message}`);
        if (!stuck) status.replaceChildren(el('span', 'sbx-error', `${strings.viewError} ${message}`));
        return;
      }
      case 'leave':
        say('the view navigated away; its frame was removed');
        return end(strings.viewNavigated);
      case 'call':
        return answerCall(calls, data, post, say);
      case 'send': {
        const id = Number(data.id);
        return answerSend(data.payload, policy, ledger, consent, host.send, () => ended, (reason) => {
          if (reason) say(reason);
          post({ type: 'result', id, ok: !reason, ...(reason ? { reason } : {}) });
        });
      }
    }
  };

  frame.addEventListener('load', () => {
    if (ended) return;
    // A second document in the frame: the view navigated itself. It was created with no scripts
    // allowed (the sandbox attribute is "" by then), and it goes now.
    if (++loads > 1) {
      say('the frame loaded a second document; it was removed');
      return end(strings.viewNavigated);
    }
    setStuck(false);
    // The port goes to our document, the only one the frame has had; the bridge takes it once.
    frame.contentWindow?.postMessage(token, '*', [channel.port2]);
    later(SANDBOX_WATCHDOG.READY_TIMEOUT_MS, () => ready || (warn(`view "${title}" ${CANNOT_START}`), end(strings.viewCannotRun)));
  });
  later(SANDBOX_WATCHDOG.LOAD_TIMEOUT_MS, () => loads || setStuck(true));

  live.add(end);
  box.insertBefore(frame, status);
  let swap = stand ? behind(stand, frame) : undefined;
  // The srcdoc navigation took its sandbox flags as it started (when the frame was inserted), so
  // the running view keeps its scripts while any document it navigates to gets none. When the
  // box is not in a document yet, the same happens at `ready`.
  if (frame.isConnected) frame.setAttribute('sandbox', '');

  if (modeEl) {
    observer = new MutationObserver(() => {
      const next = mode();
      if (next == theme.mode) return;
      theme = { ...theme, mode: next, vars: hostVars(host.sandbox) };
      post({ type: 'theme', css: sandboxThemeCss(theme) });
    });
    observer.observe(modeEl, { attributes: true, attributeFilter: ['data-mode'] });
  }

  const destroy = () => {
    stopFrame();
    box.remove();
  };
  signal.addEventListener('abort', destroy, { once: true });
  return destroy;
}
