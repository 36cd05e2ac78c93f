// Puts the widget on the page once the hub's config is known: its frame and launcher at once; the
// panel, the message list, the conversation and the uploader when first needed (inline or open from
// the start, the visitor coming to the launcher, a call of the page, or the page's first idle time).
// Everything the host can call goes through the returned handle.

import type { Emitter } from './api';
import { createConversation, warmMarkdown, type Conversation, type ConversationDeps } from '../conversation/conversation';
import type { EmbedOptions, ThemeSetting } from './embed';
import { safeStorage } from '../conversation/history';
import { pageContext } from './page-context';
import type { Registry } from '../registry/registry';
import type { ChatBackend } from '../conversation/backend';
import { DEFAULT_CONFIG } from '../transport/bailing';
import type { PageContext, ThemeMode, WidgetConfig } from '../types';
import type { Words as Strings } from '../ui/i18n/i18n';
import { createMessageList } from '../ui/messages';
import { createFrame, type Frame } from '../ui/frame';
import { createShell, type Shell } from '../ui/shell';
import { applyFrameConfig, isCssColor } from '../ui/shell-config';
import type { Uploader } from '../attachments/uploader';
import { loadExternalModule, loadModule } from '../modules';
import { warmStreams } from '../transport/stream-fetch';
import { whenSettled } from './page-settled';

declare const __BAILING_SPLIT__: boolean;

export interface MountedWidget {
  open(): void;
  close(): void;
  toggle(): void;
  /** `shown`: what the visitor's bubble shows instead of `text` (a sandbox view's send). */
  send(text: string, shown?: string): boolean;
  newConversation(): void;
  setTicket(ticket: string | null): void;
  setContext(context: PageContext): void;
  destroy(): void;
}

export interface MountArgs {
  options: EmbedOptions;
  config: WidgetConfig;
  /** The chat service this widget talks to, given what it needs of the page. */
  backend(session: BackendSession): ChatBackend;
  registry: Registry;
  emitter: Emitter;
  warn(message: string): void;
  ticket: string | null;
  context: PageContext;
  strings: Strings;
}

/** What a backend may ask of the mounted widget: its storage, and the ticket and page context as they are at each request. */
export interface BackendSession {
  storage: Storage | null;
  ticket(): string | null;
  context(): PageContext;
  warn(message: string): void;
}

/** What the page's calls reach once the panel is built. */
interface Built {
  shell: Shell;
  conversation: Conversation;
  /** Stops waiting for the page to settle (page-settled.ts): a message is sent, its answer readies what it needs. */
  unsettle(): void;
  destroy(): void;
}

/** The ticket and page context as the page last set them (read at each request). */
interface Session {
  ticket: string | null;
  context: PageContext;
}

/** How long a floating widget's panel may wait for the page's idle time before it is built anyway. */
const BUILD_BY_MS = 2000;

/**
 * Wires one widget (the frame now, the rest when first needed, the page's API); everything it
 * makes shares the one teardown it returns.
 */
export function mountWidget(args: MountArgs): MountedWidget {
  const { options, config, warn, strings } = args;
  const inlineIn = findContainer(options.container, warn);
  const frame = createFrame({ strings, lang: options.lang, inlineIn, nonce: options.nonce });
  applyFrameConfig(frame, config, options.api, warn);
  const themeWatcher = watchTheme(options.theme, (mode) => frame.root.setAttribute('data-mode', mode));
  const session: Session = { ticket: args.ticket, context: args.context };
  const { launcher } = frame;
  let built: Built | undefined;
  let gone = false;
  // A floating, closed widget waits: the visitor coming to the launcher (a pointer over it, or the
  // focus), its click, the focus-cycle key, a call of the page, or the page's idle time.
  const cues = ['pointerenter', 'focus'];
  const stopWaiting = () => {
    for (const type of cues) launcher.removeEventListener(type, build);
    launcher.removeEventListener('click', clicked);
    document.removeEventListener('keydown', keyed, true);
  };
  const build = () => {
    if (!built) {
      stopWaiting();
      built = buildPanel(args, frame, themeWatcher, session);
    }
    return built;
  };
  // Built in this click or key press, the panel's own listener did not hear it.
  const clicked = () => build().shell.open();
  const keyed = (event: KeyboardEvent) => event.key == options.focusKey && build().shell.key(event);
  for (const type of cues) launcher.addEventListener(type, build);
  launcher.addEventListener('click', clicked);
  if (options.focusKey) document.addEventListener('keydown', keyed, true);
  if (inlineIn || options.open || config.default_open) build();
  else (self.requestIdleCallback ?? setTimeout)(() => gone || build(), { timeout: BUILD_BY_MS });
  /** A page's call reaches the panel, built first if need be; nothing once the widget is gone. */
  const use = <T>(call: (panel: Built) => T): T | false => !gone && call(build());

  return {
    open: () => void use(({ shell }) => shell.open()),
    // Closed until built.
    close: () => void (built && !gone && built.shell.close()),
    toggle: () => void use(({ shell }) => (shell.isOpen() ? shell.close() : shell.open())),
    send: (text, shown) =>
      use(({ shell, conversation, unsettle }) => {
        // Nothing readied in an idle moment while its answer is awaited (the clock would hold up its first text).
        unsettle();
        if (!shell.isOpen()) shell.open();
        return conversation.send(text, shown);
      }),
    newConversation: () => void use(({ conversation }) => conversation.newConversation()),
    setTicket: (next) => void (session.ticket = next),
    setContext: (next) => void (session.context = next),
    destroy() {
      gone = true;
      stopWaiting();
      built ? built.destroy() : frame.host.remove();
      themeWatcher.stop();
    },
  };
}

/** The panel in `frame`, with the message list, the conversation and the uploader. */
function buildPanel(args: MountArgs, frame: Frame, themeWatcher: ReturnType<typeof watchTheme>, session: Session): Built {
  const { options, config, registry, emitter, warn, strings } = args;
  let conversation: Conversation;
  let uploader: Uploader | null = null;
  // The markdown code (marked's rules are most of its cost: about 13 ms of a desktop's main thread,
  // and its lexer's first run about 20 ms more) and the clock that names messages, each in an idle
  // moment of its own, when the visitor shows they may ask (opens the panel, or turns to an inline
  // composer) or once the page has settled (page-settled.ts: not while it loads), whichever comes
  // first; the streams' worker only on the approach (a page view alone keeps no thread of ours,
  // and a page whose CSP header refuses it reports nothing). The first answer or stored thread
  // loads the markdown code it needs in any case.
  const ready = () => {
    unsettle();
    warmMarkdown(options.scriptSrc, warn);
    list.warm();
  };
  const prepare = () => {
    ready();
    warmStreams();
  };
  const unsettle = whenSettled(ready);
  /** The conversation reads `attachments` at each use: the uploader becomes them once it has loaded. */
  const composer: ConversationDeps['composer'] = {
    get: () => shell.input.value,
    set: (text) => shell.setText(text),
    focus: () => shell.input.focus(),
  };
  let destroyed = false;
  const shell = createShell(frame, {
    strings,
    focusKey: options.focusKey,
    onSubmit: (text) => conversation.send(text),
    onStop: () => conversation.stop(),
    onNewConversation: () => {
      conversation.newConversation();
      shell.input.focus();
    },
    onOpenChange: (open) => {
      if (open) {
        conversation.show();
        prepare();
      }
      emitter.emit(open ? 'open' : 'close', {});
    },
  });
  shell.applyConfig(config, options.api, warn);
  composer.el = shell.composer;

  const accent = isCssColor(config.color) ? config.color : DEFAULT_CONFIG.color;
  const announce = (text: string, assertive?: boolean) => shell.announce(text, assertive);
  // The drop-in has no code.js unless the page says so: then the list is not asked to look at code at all.
  const list = createMessageList(shell.messages, strings, !(__BAILING_SPLIT__ || options.code) ? undefined : codeHighlighter(shell.messages, options.scriptSrc, registry, strings, announce, warn), options.lang, config.title || strings.assistant);

  const storage = safeStorage(() => window.localStorage);
  conversation = createConversation({
    options,
    backend: args.backend({ storage, ticket: () => session.ticket, context: () => pageContext(location, document.title, session.context), warn }),
    registry,
    list,
    strings,
    storage,
    theme: () => Object.freeze({ accent, mode: themeWatcher.mode() }),
    emit: (event, detail) => emitter.emit(event, detail),
    composer,
    setStreaming: (streaming) => shell.setStreaming(streaming),
    announce: shell.announce,
    warn,
    greeting: config.greeting,
    starters: config.starters,
  });
  // The attachment controls load only where the entry takes uploads: the one way the core reaches them.
  if (config.upload) {
    loadModule('uploader', options.scriptSrc).then(
      ({ createUploader }) => {
        if (destroyed) return;
        composer.attachments = uploader = createUploader({
          shell,
          strings,
          options,
          // An absent ticket is left out of the body (JSON has no undefined).
          visitor: () => ({ visitor_id: conversation.visitor(), ticket: session.ticket || undefined }),
        });
      },
      (error: unknown) => warn(`could not load the attachment controls (${String(error)}); messages can still be sent`),
    );
  }
  if (frame.inline) {
    conversation.show();
    // In view from the start: the markdown code comes when the visitor turns to the composer.
    for (const type of ['focusin', 'pointerenter']) shell.composer.addEventListener(type, prepare, { once: true });
  }
  if (options.open || config.default_open) shell.open();

  return {
    shell,
    conversation,
    unsettle,
    destroy() {
      destroyed = true;
      unsettle();
      uploader?.destroy();
      conversation.destroy();
      shell.destroy();
    },
  };
}

/** The element `selector` names, for an inline widget; null (said why) when it names none, or no selector. */
function findContainer(selector: string | null, warn: (message: string) => void): Element | null {
  let found: Element | null = null;
  if (selector) {
    try {
      found = document.querySelector(selector);
    } catch {
      /* an invalid selector is reported below like a missing element */
    }
    if (!found) warn(`data-container "${selector}" matches no element; showing the floating launcher instead`);
  }
  return found;
}

/**
 * What gives the list's code blocks their head (language, Copy code) and colours: code.js beside
 * the script, fetched at the first code block; until then (or without it: a host that serves
 * widget.js alone) code is plain.
 */
function codeHighlighter(messages: HTMLElement, scriptSrc: string, registry: Registry, strings: Strings, announce: (text: string, assertive?: boolean) => void, warn: (message: string) => void) {
  let code: typeof import('../markdown/code-highlight') | null | undefined;
  return (content: ParentNode) => {
    if (code) return code.highlightCode(content, strings, announce);
    // Not for a renderer's block shown as code while it streams (its type may still be growing:
    // `bail` before `bailing-form`): that one is not code to read.
    if (code === undefined && [...content.querySelectorAll('pre>code')].some((el) => !registry.types().some((type) => type.startsWith(el.className.slice(9) || '\0')))) {
      code = null;
      loadExternalModule('code', scriptSrc).then((module) => {
        module.adoptCodeStyles(messages);
        module.highlightCode(messages, strings, announce);
        code = module;
      }, (error: unknown) => warn(`could not load code.js (${String(error)}); code blocks stay plain`));
    }
  };
}

/** Light, dark, or following the visitor's system setting live. */
function watchTheme(setting: ThemeSetting, apply: (mode: ThemeMode) => void) {
  if (setting !== 'auto') {
    apply(setting);
    return { mode: () => setting, stop: () => undefined };
  }
  const query = window.matchMedia?.('(prefers-color-scheme: dark)');
  const current = (): ThemeMode => (query?.matches ? 'dark' : 'light');
  const onChange = () => apply(current());
  query?.addEventListener?.('change', onChange);
  apply(current());
  return { mode: current, stop: () => query?.removeEventListener?.('change', onChange) };
}

/** Fills the defaults in (the client has already dropped fields of the wrong type). */
export function normalizeConfig(raw: Partial<WidgetConfig>): WidgetConfig {
  return { ...DEFAULT_CONFIG, ...raw };
}
