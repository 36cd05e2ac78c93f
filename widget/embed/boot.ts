// Start-up of the widget: finds its own <script>, reads data-* and the preload,
// installs window.BailingChat, fetches the entry's config and mounts the widget.

import { createApi, createEmitter, type ApiTarget, type BailingChatApi } from './api';
import { matchLang, readPreload, resolveEmbedOptions, type Preload } from './embed';
import { configFailure } from './config-failure';
import { readCachedConfig, sameConfig, writeCachedConfig } from './config-cache';
import { safeStorage } from '../conversation/history';
import { fallbackBlock } from '../registry/fallback';
import { createRegistry } from '../registry/registry';
import { createBailingClient, readWidgetConfig } from '../transport/bailing';
import { loadExternalModule } from '../modules';
import { streamFetch } from '../transport/stream-fetch';
import { createBailingBackend } from '../transport/bailing-backend';
import { loadStrings } from '../ui/i18n/i18n';
import type { BuiltinArgs, Builtins, PageContext, WidgetConfig } from '../types';
import { mountWidget, normalizeConfig, type MountArgs, type MountedWidget } from './mount';

const PREFIX = 'BailingChat:';
const warn = (message: string) => console.warn(`${PREFIX} ${message}`);

type Queued = (widget: MountedWidget) => void;

/**
 * A later widget.js tag asks the copy that runs the page's widgets to start its entry too: one
 * copy, so one Trusted Types policy and one `window.BailingChat` (the first entry's).
 */
const START_EVENT = 'bailing-chat:start';

/** A build's built-in renderers (builds/builtins.ts): the core names none. */
export type BuiltinsOf = (args: BuiltinArgs) => Builtins;

export function boot(builtins: BuiltinsOf, current: Element | null = document.currentScript): void {
  const existing = (window as { BailingChat?: unknown }).BailingChat as { apiVersion?: unknown } | undefined;
  const script = findOwnScript(current);
  if (existing && typeof existing === 'object' && existing.apiVersion === '1') {
    document.dispatchEvent(new CustomEvent(START_EVENT, { detail: script }));
    return;
  }
  if (!script) {
    console.error(`${PREFIX} cannot find the widget's <script data-entry="…"> tag; nothing rendered`);
    return;
  }
  /** The page's widgets by entry (`BailingChat.widget(entry)`). */
  const widgets = new Map<string, BailingChatApi>();
  const api = start(script, readPreload(existing, warn), widgets, builtins);
  if (!api) return;
  (window as { BailingChat?: unknown }).BailingChat = api;
  document.addEventListener(START_EVENT, (event) => {
    const other = (event as CustomEvent<unknown>).detail;
    if (!(other instanceof HTMLScriptElement)) return;
    // The same entry again is widget.js loaded twice by mistake; another entry is a widget of its own.
    if (widgets.has(other.getAttribute('data-entry') ?? '')) warn('widget.js was loaded twice; the second copy does nothing');
    // The preload was the first widget's: this one has its attributes and its entry's config.
    else start(other, readPreload(undefined, warn), widgets, builtins);
  });
}

/** Starts the widget of one script tag; its API, or null (after saying why) when it cannot start. */
// Long because start-up reads in the order it happens (the config request, the built-ins, the API,
// the kept config, the language, the mount), and each step reads what the last found.
function start(script: HTMLScriptElement, preload: Preload, widgets: Map<string, BailingChatApi>, builtins: BuiltinsOf): BailingChatApi | null {
  // `nonce` from the element (its attribute reads as empty once the page has loaded it).
  const resolved = resolveEmbedOptions((name) => (name == 'nonce' ? script.nonce || null : script.getAttribute(name)), script.src || location.href, preload.config, navigator.languages?.length ? navigator.languages : [navigator.language], warn, preload.agent);
  if (!resolved.ok) {
    console.error(`${PREFIX} ${resolved.error}; nothing rendered`);
    return null;
  }
  const options = resolved.options;
  // The config request goes out first, so its round trip overlaps everything below.
  const client = options.protocol === 'ag-ui' ? null : createBailingClient({ baseUrl: options.api, entry: options.entry });
  const configRequest = client?.getConfig();
  configRequest?.catch(() => undefined);

  // Fetched now, while the config loads (a language file beside widget.js, the host's overrides checked).
  let strings = loadStrings(options.lang, script.src || location.href, warn, preload.strings);
  const registry = createRegistry({ warn, fallback: fallbackBlock });
  // Built-ins first, so a host's preload may replace them (DESIGN.md §7).
  // Generated views only when the owner turns them on (DESIGN.md §8.3).
  const sandbox = preload.sandbox ?? (script.getAttribute('data-sandbox') == '1' && {});
  const built = builtins({ scriptSrc: script.src || location.href, sandbox, send: (text, shown) => widget?.send(text, shown), strings, nonce: options.nonce, images: options.images, warn });
  /** What the built-ins add to `client_capabilities` (the packs' and the kit's lines for the model), once known. */
  const capabilities = async () => built.capabilities?.();
  for (const definition of built.renderers) registry.register(definition);
  for (const definition of preload.renderers) registry.register(definition);

  const emitter = createEmitter();
  let widget: MountedWidget | null = null;
  let gone = false;
  const queue: Queued[] = [];
  let ticket = options.ticket;
  let context: PageContext = {};
  /** The AG-UI agent's shared state (BailingChat.state). */
  let state: unknown;
  /** Tools the page registered (BailingChat.registerTool), live: the AG-UI module checks them and reads them at each run. */
  const tools = new Set<unknown>();
  const whenReady = (call: Queued) => {
    if (widget) call(widget);
    else if (!gone) queue.push(call);
  };

  const target: ApiTarget = {
    register: (definition) => registry.register(definition),
    tool: (definition) => (tools.add(definition), () => void tools.delete(definition)),
    setContext(next) {
      context = next;
      widget?.setContext(next);
    },
    setTicket(next) {
      ticket = next;
      widget?.setTicket(next);
    },
    open: () => whenReady((w) => w.open()),
    close: () => whenReady((w) => w.close()),
    toggle: () => whenReady((w) => w.toggle()),
    send(text) {
      if (gone) return false;
      if (widget) return widget.send(text);
      queue.push((w) => w.send(text));
      return true;
    },
    newConversation: () => whenReady((w) => w.newConversation()),
    state: () => state,
    widget: (entry) => widgets.get(entry),
  };
  const api = createApi(target, emitter, warn);
  widgets.set(options.entry, api);

  const mount = async (config: WidgetConfig, backend: MountArgs['backend']) => {
    await domReady();
    widget = mountWidget({ options, config, backend, registry, emitter, warn, ticket, context, strings: await strings });
    for (const call of queue.splice(0)) call(widget);
  };
  const fail = (why: string) => {
    gone = true;
    queue.length = 0;
    console.error(`${PREFIX} ${why}; nothing rendered`);
  };

  if (options.protocol === 'ag-ui') {
    // An AG-UI agent has no config endpoint: the look is the preload's, over the defaults.
    loadExternalModule('ag-ui', script.src || location.href).then(
      (agui) => {
        const agent = agui.startAgent({ url: options.agentUrl, preload, registered: tools, lang: options.lang, fetch: streamFetch as typeof fetch, warn, onState: (next) => emitter.emit('state', (state = next)), onEvent: (event) => emitter.emit('event', event), capabilities, script, api });
        if (typeof agent == 'string') return fail(agent);
        target.tool = agent.register;
        return mount(normalizeConfig(readWidgetConfig(preload.config)), (session) => {
          const backend = agent.backend(session);
          state = backend.state();
          return backend;
        });
      },
      (error: unknown) => fail(`could not load the AG-UI module (ag-ui.js beside widget.js): ${error instanceof Error ? error.message : String(error)}`),
    );
    return api;
  }

  // A returning visitor's widget is drawn at once from the entry's last config; the answer then
  // replaces it only when it differs.
  const storage = safeStorage(() => window.localStorage);
  const kept = readCachedConfig(storage, options.api, options.entry);
  /** Draws the widget with the config `raw`: in the entry's language where the page chose none. */
  const draw = (raw: Partial<WidgetConfig>) => {
    const config = normalizeConfig(raw);
    const lang = matchLang(config.lang);
    if (lang && lang != options.lang && !script.getAttribute('data-lang') && !preload.config.lang) strings = loadStrings((options.lang = lang), script.src || location.href, warn, preload.strings);
    if (!config.enabled) {
      gone = true;
      queue.length = 0;
      return warn(`entry "${options.entry}" is turned off (enabled: false); nothing rendered`);
    }
    return mount(config, (session) => createBailingBackend({ client: client!, entry: options.entry, ...session, capabilities }));
  };
  const drawn = kept && kept.enabled !== false ? draw(kept) : undefined;
  configRequest!.then(
    async (raw) => {
      writeCachedConfig(storage, options.api, options.entry, raw);
      if (drawn) {
        if (sameConfig(kept!, raw)) return;
        // The entry changed since the last visit: drawn again with what the server says now.
        await drawn;
        widget?.destroy();
        widget = null;
      }
      await draw(raw);
    },
    async (error: unknown) => {
      const why = `could not load the chat config for "${options.entry}" from ${options.api}: ${await configFailure(error, (url) => fetch(url, { mode: 'no-cors', credentials: 'omit', cache: 'no-store' }))}`;
      // Drawn from the last config: the visitor keeps the widget, and the console says what failed.
      if (drawn) console.error(`${PREFIX} ${why}`);
      else fail(why);
    },
  );
  return api;
}

function findOwnScript(current: Element | null): HTMLScriptElement | null {
  if (current instanceof HTMLScriptElement && current.hasAttribute('data-entry')) return current;
  // `currentScript` is null when we run from a callback; the tag that names an entry is ours.
  const candidates = document.querySelectorAll<HTMLScriptElement>('script[src][data-entry]');
  if (candidates.length) return candidates[candidates.length - 1];
  // Our tag without data-entry: the entry may come from the preload config, and if not,
  // the visitor-facing error names the attribute and its rule.
  return current instanceof HTMLScriptElement ? current : null;
}

function domReady(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}

