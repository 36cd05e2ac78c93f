// Start-up of the widget: finds its own <script>, reads data-* and the preload,
// installs window.BailingChat, fetches the entry's config and mounts the widget.

import { createApi, createEmitter, type ApiTarget } from './api';
import { readPreload, resolveEmbedOptions } from './embed';
import { builtinRenderers } from './builtins';
import { fallbackBlock } from './fallback';
import { createRegistry } from './registry';
import { createBailingClient } from './transport/bailing';
import { createBailingBackend } from './transport/bailing-backend';
import { loadStrings } from './ui/i18n';
import type { PageContext } from './types';
import { mountWidget, normalizeConfig, type MountedWidget } from './widget';

const PREFIX = 'BailingChat:';
const warn = (message: string) => console.warn(`${PREFIX} ${message}`);

type Queued = (widget: MountedWidget) => void;

export function boot(): void {
  const existing = (window as { BailingChat?: unknown }).BailingChat as { apiVersion?: unknown } | undefined;
  if (existing && typeof existing === 'object' && existing.apiVersion === '1') {
    warn('widget.js was loaded twice; the second copy does nothing');
    return;
  }
  const script = findOwnScript();
  if (!script) {
    console.error(`${PREFIX} cannot find the widget's <script data-entry="…"> tag; nothing rendered`);
    return;
  }
  const preload = readPreload(existing, warn);
  const resolved = resolveEmbedOptions((name) => script.getAttribute(name), script.src || location.href, preload.config, navigator.language, warn);
  if (!resolved.ok) {
    console.error(`${PREFIX} ${resolved.error}; nothing rendered`);
    return;
  }
  const options = resolved.options;

  const registry = createRegistry({ warn, fallback: fallbackBlock });
  // Built-ins first, so a host's preload may replace them (DESIGN.md §7).
  // The sandbox renderer only when the owner turns it on (DESIGN.md §8.3).
  const sandbox = preload.sandbox ?? (script.getAttribute('data-sandbox') == '1' && {});
  for (const definition of builtinRenderers(script.src || location.href, sandbox, (text, shown) => widget?.send(text, shown))) registry.register(definition);
  for (const definition of preload.renderers) registry.register(definition);

  const emitter = createEmitter();
  let widget: MountedWidget | null = null;
  let gone = false;
  const queue: Queued[] = [];
  let ticket = options.ticket;
  let context: PageContext = {};
  const whenReady = (call: Queued) => {
    if (widget) call(widget);
    else if (!gone) queue.push(call);
  };

  const target: ApiTarget = {
    register: (definition) => registry.register(definition),
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
  };
  (window as { BailingChat?: unknown }).BailingChat = createApi(target, emitter, warn);

  const client = createBailingClient({ baseUrl: options.api, entry: options.entry });
  const strings = loadStrings(options.lang, script.src || location.href, warn);
  client.getConfig().then(
    async (raw) => {
      const config = normalizeConfig(raw);
      if (!config.enabled) {
        gone = true;
        queue.length = 0;
        return;
      }
      await domReady();
      widget = mountWidget({ options, config, backend: (session) => createBailingBackend({ client, entry: options.entry, ...session }), registry, emitter, warn, ticket, context, strings: await strings });
      for (const call of queue.splice(0)) call(widget);
    },
    (error: unknown) => {
      gone = true;
      queue.length = 0;
      console.error(`${PREFIX} could not load the chat config for "${options.entry}" from ${options.api}: ${error instanceof Error ? error.message : String(error)}; nothing rendered`);
    },
  );
}

function findOwnScript(): HTMLScriptElement | null {
  const current = document.currentScript;
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

