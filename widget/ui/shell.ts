// The widget's frame: a shadow root holding the launcher, the panel (header, message list,
// notice, composer), a polite and an assertive live region, and the keyboard's ways in and out
// (the focus-cycle key, Esc, the phone's focus trap). It knows nothing of jobs or streams.

import type { ThemeMode, WidgetConfig } from '../types';
import { MAX_HEIGHT, MAX_OFFSET, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH } from '../contract';
import { h, icon, ICONS } from './dom';
import { hubAssetUrl } from './hub-asset';
import type { Strings } from './i18n/i18n';
import { CSS } from './styles';
import { KEYBOARD_CSS } from './keyboard-styles';
import { IDLE, queueAnnouncement, takeAnnouncement } from './announcements';
import { nextStop, type Stop } from './focus-cycle';
import { luminance, readableTextOn } from './contrast';

/** Where the panel fills the screen (styles.ts says the same): there it is modal and keeps the focus. */
const PHONE_QUERY = '(max-width: 480px)';

export interface ShellOptions {
  strings: Strings;
  lang: string;
  /** The key that moves focus between the page, the list and the composer (`null`: none). */
  focusKey: string | null;
  /** Render inline in this element instead of a floating launcher. */
  inlineIn: Element | null;
  /** The host's CSP nonce for a `<style>` (EmbedOptions.nonce). */
  nonce: string;
  onSubmit(text: string): void;
  onStop(): void;
  onNewConversation(): void;
  onOpenChange(open: boolean): void;
}

export interface Shell {
  readonly host: HTMLElement;
  readonly panel: HTMLElement;
  readonly messages: HTMLElement;
  /** The composer form: input, send and stop (attachment controls join it when uploads are on). */
  readonly composer: HTMLFormElement;
  readonly input: HTMLTextAreaElement;
  /** Replaces the composer's text, and its height with it (a sent message leaves one line). */
  setText(text: string): void;
  /** `hubBase`: what hub-relative image paths resolve against; `warn` names a refused field. */
  applyConfig(config: WidgetConfig, hubBase: string, warn: (message: string) => void): void;
  setMode(mode: ThemeMode): void;
  open(): void;
  close(): void;
  isOpen(): boolean;
  /** While a job runs the send button becomes a stop button; typing stays possible. */
  setStreaming(streaming: boolean): void;
  /** With a reason, Send waits (an upload is running): it says why instead of sending. */
  setSendBlocked(reason: string | null): void;
  /** Queued for screen readers (widget/ui/announcements.ts); `assertive` for errors. */
  announce(text: string, assertive?: boolean): void;
  destroy(): void;
}

const HOST_TAG = 'bailing-chat-widget';

/**
 * One function of about 250 lines, on purpose: the shell's elements and their listeners are made
 * together and removed together by `destroy`, and each handler reaches several of them; the pure
 * parts are apart (focus-cycle.ts, announcements.ts, contrast.ts, the styles).
 */
export function createShell(options: ShellOptions): Shell {
  const { strings: s } = options;
  const inline = options.inlineIn !== null;
  const host = document.createElement(HOST_TAG);
  // Inline !important outranks every author rule, even `* { all: unset !important }` or a
  // transform that would make our fixed-position panel move with the page. Set through the
  // CSSOM: a `style` attribute would be blocked by a strict host CSP.
  host.style.setProperty('all', 'initial', 'important');
  host.style.setProperty('display', 'contents', 'important');
  host.setAttribute('data-bailing-chat', '');
  const shadow = host.attachShadow({ mode: 'open' });
  adoptStyles(shadow, options.nonce);

  const root = h('div', { class: 'bc-root' + (inline ? ' bc-inline' : ''), part: 'root', lang: options.lang, dir: options.lang == 'ar' ? 'rtl' : 'ltr', 'data-open': 'false' });
  // Open, it is the panel's close button: its icon turns into a cross and its name says so.
  const launcher = h('button', { type: 'button', class: 'bc-launcher', part: 'launcher', 'aria-label': s.openChat, 'aria-expanded': 'false', 'aria-controls': 'bc-panel' }, [icon(ICONS.chat), h('span', { class: 'bc-x' }, [icon(ICONS.close)])]);
  const title = h('h2', { class: 'bc-title', id: 'bc-title' }, [s.defaultTitle]);
  const avatar = h('img', { class: 'bc-avatar', alt: '', hidden: true, referrerpolicy: 'no-referrer' });
  const newButton = iconButton(s.newConversation, ICONS.plus, 'bc-new-btn');
  const maxButton = iconButton(s.maximize, ICONS.maximize, 'bc-max-btn');
  maxButton.setAttribute('aria-pressed', 'false');
  const closeButton = iconButton(s.close, ICONS.close, 'bc-close-btn');
  const header = h('div', { class: 'bc-header', part: 'header' }, [avatar, title, h('div', { class: 'bc-tools' }, [newButton, maxButton, closeButton])]);
  // Not role=log: a log is a live region and would read every streamed token aloud.
  const messages = h('div', { class: 'bc-messages', part: 'messages', role: 'region', 'aria-label': s.conversation, tabindex: '0' });
  const notice = h('div', { class: 'bc-notice', part: 'notice', hidden: true, dir: 'auto' });
  const input = h('textarea', { class: 'bc-input', part: 'input', rows: '1', 'aria-label': s.message, placeholder: s.placeholder, maxlength: '4000', enterkeyhint: 'send' });
  const sendButton = h('button', { type: 'submit', class: 'bc-send', 'aria-label': s.send }, [icon(ICONS.send)]);
  const stopButton = h('button', { type: 'button', class: 'bc-send bc-stop', 'aria-label': s.stop, hidden: true }, [icon(ICONS.stop, true)]);
  const composer = h('form', { class: 'bc-composer', part: 'composer' }, [input, sendButton, stopButton]);
  const powered = h('div', { class: 'bc-powered', hidden: true, dir: 'auto' });
  const live = h('div', { class: 'bc-sr', 'aria-live': 'polite', 'aria-atomic': 'true' });
  const alert = h('div', { class: 'bc-sr', role: 'alert' });
  const panel = h('section', { class: 'bc-panel', id: 'bc-panel', part: 'panel', 'aria-labelledby': 'bc-title', hidden: !inline }, [header, messages, notice, composer, powered, live, alert]);
  if (!inline) panel.setAttribute('role', 'dialog');
  if (inline) {
    launcher.hidden = true;
    closeButton.hidden = true;
    maxButton.hidden = true;
  }
  root.append(launcher, panel);
  shadow.append(root);
  // Floating: a child of <html>, after <body>, so that a `transform`, `filter` or `zoom` on the
  // page's body (a transform makes `position: fixed` relative to the body) leaves the launcher
  // and the panel at the corner of the viewport.
  (options.inlineIn ?? document.documentElement).append(host);

  let opened = inline;
  let streaming = false;
  let blocked: string | null = null;

  const setOpen = (next: boolean, focus: boolean) => {
    if (inline || next === opened) return;
    opened = next;
    panel.hidden = !next;
    root.setAttribute('data-open', String(next));
    launcher.setAttribute('aria-expanded', String(next));
    launcher.setAttribute('aria-label', next ? s.closeChat : s.openChat);
    setModal();
    if (next) {
      fit();
      if (focus) input.focus({ preventScroll: true });
    } else if (focus) {
      launcher.focus({ preventScroll: true });
    }
    options.onOpenChange(next);
  };
  // On a phone the panel fills the screen, and the on-screen keyboard shrinks the visual viewport
  // but not the layout one (iOS; Android since Chrome 108): the panel follows the visual viewport,
  // so the keyboard never covers the composer.
  const viewport = window.visualViewport;
  const fit = () => {
    if (!viewport || !opened) return;
    root.style.setProperty('--bc-vh', `${viewport.height}px`);
    root.style.setProperty('--bc-vt', `${viewport.offsetTop}px`);
  };
  viewport?.addEventListener('resize', fit);
  viewport?.addEventListener('scroll', fit);

  launcher.addEventListener('click', () => setOpen(!opened, true));
  closeButton.addEventListener('click', () => setOpen(false, true));
  newButton.addEventListener('click', () => options.onNewConversation());
  maxButton.addEventListener('click', () => {
    const max = root.classList.toggle('bc-max');
    // A toggle keeps its name; aria-pressed tells its state.
    maxButton.setAttribute('aria-pressed', String(max));
  });
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && opened && !inline) {
      event.stopPropagation();
      setOpen(false, true);
    }
    // Modal: Tab past the last control comes back to the first, and Shift+Tab the other way.
    if (event.key == 'Tab' && modal()) {
      const stops = [...panel.querySelectorAll<HTMLElement>('button,textarea,input,select,a[href],iframe,[tabindex]')].filter(
        (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.getClientRects().length,
      );
      const edge = stops[event.shiftKey ? 0 : stops.length - 1];
      if (shadow.activeElement == edge || !panel.contains(shadow.activeElement)) {
        event.preventDefault();
        stops[event.shiftKey ? stops.length - 1 : 0]?.focus();
      }
    }
  });

  // The panel is modal only where it fills the screen; a desktop panel sits beside the page.
  const phone = window.matchMedia?.(PHONE_QUERY);
  const modal = () => !inline && opened && !!phone?.matches;
  const setModal = () => panel.setAttribute('aria-modal', String(modal()));
  phone?.addEventListener?.('change', setModal);
  // The page's element that had focus last: the focus-cycle key goes back to it.
  let pageFocus: HTMLElement | null = null;
  const onFocusIn = (event: FocusEvent) => {
    if (event.target == host) return;
    // Behind a modal panel the page is out of reach: focus that lands there comes back in.
    if (modal()) input.focus();
    else pageFocus = event.target as HTMLElement;
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key != options.focusKey || event.ctrlKey || event.altKey || event.metaKey) return;
    const at = shadow.activeElement;
    const from: Stop = !event.composedPath().includes(host) ? 'page' : at == launcher ? 'launcher' : composer.contains(at) ? 'composer' : 'list';
    const to = nextStop(from, opened, modal(), event.shiftKey);
    event.preventDefault();
    if (to == 'page') pageFocus?.isConnected ? pageFocus.focus() : (at as HTMLElement | null)?.blur();
    else (to == 'launcher' ? launcher : to == 'list' ? messages : input).focus();
  };
  document.addEventListener('focusin', onFocusIn, true);
  document.addEventListener('keydown', onKey, true);

  // An empty text may still send: the message may be attachments only (the conversation decides).
  const submit = () => {
    if (streaming) return;
    if (blocked) return announce(blocked);
    options.onSubmit(input.value);
  };
  let said = IDLE;
  let timer = 0;
  const pump = () => {
    const next = takeAnnouncement(said, performance.now());
    said = next.state;
    if (next.show) {
      const { text, assertive } = next.show;
      const region = assertive ? alert : live;
      // Cleared first and set on the next frame: the same words again are read again.
      region.textContent = '';
      requestAnimationFrame(() => (region.textContent = text));
    }
    timer = next.wait && +setTimeout(pump, next.wait);
  };
  const announce = (text: string, assertive = false) => {
    said = queueAnnouncement(said, { text, assertive });
    if (!timer) pump();
  };
  composer.addEventListener('submit', (event) => {
    event.preventDefault();
    submit();
  });
  input.addEventListener('keydown', (event) => {
    // Enter sends, Shift+Enter adds a line; an IME composition's Enter only confirms the text.
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing && event.keyCode !== 229) {
      event.preventDefault();
      submit();
    }
  });
  input.addEventListener('input', () => autosize(input));
  stopButton.addEventListener('click', () => options.onStop());

  return {
    host,
    panel,
    messages,
    composer,
    input,
    setText(text) {
      input.value = text;
      autosize(input);
    },
    applyConfig(config, hubBase, warn) {
      const image = (field: 'avatar' | 'launcher_icon') => {
        if (!config[field]) return null;
        const r = hubAssetUrl(config[field], hubBase);
        if ('url' in r) return r.url;
        warn(`config ${field} ${r.refused}; not shown`);
        return null;
      };
      title.textContent = config.title || s.defaultTitle;
      root.setAttribute('data-position', config.position === 'left' ? 'left' : 'right');
      root.setAttribute('data-title-align', config.title_align === 'center' ? 'center' : 'left');
      root.setAttribute('data-resizable', String(!!config.resizable));
      const style = root.style;
      if (isCssColor(config.color)) {
        const lum = luminance(config.color);
        host.style.setProperty('--bailing-accent', config.color);
        host.style.setProperty('--bailing-accent-text', readableTextOn(config.color));
        // The focus ring in each theme: the accent where it stands out 3:1 from the panel (white,
        // #111827), else the link colour (styles.ts --bc-ring).
        if (1.05 / (lum + 0.05) >= 3) host.style.setProperty('--bc-ring-l', config.color);
        if ((lum + 0.05) / 0.0603 >= 3) host.style.setProperty('--bc-ring-d', config.color);
      }
      style.setProperty('--bc-offset-x', `${clamp(config.offset_x, 0, MAX_OFFSET, 24)}px`);
      style.setProperty('--bc-offset-y', `${clamp(config.offset_y, 0, MAX_OFFSET, 24)}px`);
      style.setProperty('--bc-width', `${clamp(config.width, MIN_WIDTH, MAX_WIDTH, 400)}px`);
      style.setProperty('--bc-height', `${clamp(config.height, MIN_HEIGHT, MAX_HEIGHT, 640)}px`);
      const avatarUrl = image('avatar');
      if (avatarUrl) {
        avatar.src = avatarUrl;
        avatar.hidden = false;
      }
      const iconUrl = image('launcher_icon');
      if (iconUrl) launcher.firstChild!.replaceWith(h('img', { src: iconUrl, alt: '', referrerpolicy: 'no-referrer' }));
      notice.textContent = config.ai_notice === true ? s.aiNotice : config.ai_notice || '';
      notice.hidden = !notice.textContent;
      powered.textContent = config.powered_by_text || '';
      powered.hidden = !(config.powered_by_visible && config.powered_by_text);
    },
    setMode(mode) {
      root.setAttribute('data-mode', mode);
    },
    open: () => setOpen(true, true),
    close: () => setOpen(false, panel.contains(shadow.activeElement)),
    isOpen: () => opened,
    setStreaming(next) {
      streaming = next;
      const refocus = next ? shadow.activeElement === sendButton : shadow.activeElement === stopButton;
      sendButton.hidden = next;
      stopButton.hidden = !next;
      if (refocus) (next ? stopButton : input).focus();
    },
    setSendBlocked(reason) {
      blocked = reason;
      // aria-disabled, not disabled: the button keeps focus and, pressed, says why it waits.
      if (reason) sendButton.setAttribute('aria-disabled', 'true');
      else sendButton.removeAttribute('aria-disabled');
    },
    announce,
    destroy() {
      clearTimeout(timer);
      phone?.removeEventListener?.('change', setModal);
      document.removeEventListener('focusin', onFocusIn, true);
      document.removeEventListener('keydown', onKey, true);
      viewport?.removeEventListener('resize', fit);
      viewport?.removeEventListener('scroll', fit);
      host.remove();
    },
  };
}

function iconButton(label: string, svg: string, extraClass: string): HTMLButtonElement {
  return h('button', { type: 'button', class: `bc-icon-btn ${extraClass}`, 'aria-label': label, title: label }, [icon(svg)]);
}

function adoptStyles(shadow: ShadowRoot, nonce: string) {
  // Constructable sheets are not subject to a host's CSP style-src, unlike a <style> element,
  // which a nonce-based style-src refuses without the page's nonce.
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS + KEYBOARD_CSS);
    shadow.adoptedStyleSheets = [sheet];
  } catch {
    const style = h('style', {}, [CSS + KEYBOARD_CSS]);
    style.nonce = nonce;
    shadow.append(style);
  }
}

function autosize(input: HTMLTextAreaElement) {
  input.style.height = 'auto';
  input.style.height = `${Math.min(input.scrollHeight + 2, 160)}px`;
}

function clamp(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Only plain hex colours from config: a config string never becomes arbitrary CSS. */
export function isCssColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

