// The widget's frame: a shadow root holding the launcher, the panel (header, message list,
// notice, composer) and one polite live region. It knows nothing of jobs or streams.

import type { ThemeMode, WidgetConfig } from '../types';
import { h, icon, ICONS } from './dom';
import { hubAssetUrl } from './hub-asset';
import type { Strings } from './i18n';
import { CSS } from './styles';

export interface ShellOptions {
  strings: Strings;
  lang: string;
  /** Render inline in this element instead of a floating launcher. */
  inlineIn: Element | null;
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
  announce(text: string): void;
  destroy(): void;
}

const HOST_TAG = 'bailing-chat-widget';

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
  adoptStyles(shadow);

  const root = h('div', { class: 'bc-root' + (inline ? ' bc-inline' : ''), part: 'root', lang: options.lang, dir: options.lang == 'ar' ? 'rtl' : 'ltr', 'data-open': 'false' });
  const launcher = h('button', { type: 'button', class: 'bc-launcher', part: 'launcher', 'aria-label': s.openChat, 'aria-expanded': 'false', 'aria-controls': 'bc-panel' }, [icon(ICONS.chat)]);
  const title = h('h2', { class: 'bc-title', id: 'bc-title' }, [s.defaultTitle]);
  const avatar = h('img', { class: 'bc-avatar', alt: '', hidden: true, referrerpolicy: 'no-referrer' });
  const newButton = iconButton(s.newConversation, ICONS.plus, 'bc-new-btn');
  const maxButton = iconButton(s.maximize, ICONS.maximize, 'bc-max-btn');
  maxButton.setAttribute('aria-pressed', 'false');
  const closeButton = iconButton(s.close, ICONS.close, 'bc-close-btn');
  const header = h('div', { class: 'bc-header', part: 'header' }, [avatar, title, newButton, maxButton, closeButton]);
  // Not role=log: a log is a live region and would read every streamed token aloud.
  const messages = h('div', { class: 'bc-messages', part: 'messages', role: 'region', 'aria-label': s.conversation, tabindex: '0' });
  const notice = h('div', { class: 'bc-notice', part: 'notice', hidden: true, dir: 'auto' });
  const input = h('textarea', { class: 'bc-input', part: 'input', rows: '1', 'aria-label': s.message, placeholder: s.placeholder, maxlength: '4000', enterkeyhint: 'send' });
  const sendButton = h('button', { type: 'submit', class: 'bc-send', 'aria-label': s.send }, [icon(ICONS.send)]);
  const stopButton = h('button', { type: 'button', class: 'bc-send bc-stop', 'aria-label': s.stop, hidden: true }, [icon(ICONS.stop)]);
  const composer = h('form', { class: 'bc-composer', part: 'composer' }, [input, sendButton, stopButton]);
  const powered = h('div', { class: 'bc-powered', hidden: true, dir: 'auto' });
  const live = h('div', { class: 'bc-sr', 'aria-live': 'polite', 'aria-atomic': 'true' });
  const panel = h('section', { class: 'bc-panel', id: 'bc-panel', part: 'panel', 'aria-labelledby': 'bc-title', hidden: !inline }, [header, messages, notice, composer, powered, live]);
  if (!inline) panel.setAttribute('role', 'dialog');
  if (inline) {
    launcher.hidden = true;
    closeButton.hidden = true;
    maxButton.hidden = true;
  }
  root.append(launcher, panel);
  shadow.append(root);
  (options.inlineIn ?? document.body).append(host);

  let opened = inline;
  let streaming = false;
  let blocked: string | null = null;

  const setOpen = (next: boolean, focus: boolean) => {
    if (inline || next === opened) return;
    opened = next;
    panel.hidden = !next;
    root.setAttribute('data-open', String(next));
    launcher.setAttribute('aria-expanded', String(next));
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
  });

  // An empty text may still send: the message may be attachments only (the conversation decides).
  const submit = () => {
    if (streaming) return;
    if (blocked) return announce(blocked);
    options.onSubmit(input.value);
  };
  const announce = (text: string) => {
    // Clearing first makes a repeated phrase ("Responding") be read again.
    live.textContent = '';
    requestAnimationFrame(() => (live.textContent = text));
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
        host.style.setProperty('--bailing-accent', config.color);
        host.style.setProperty('--bailing-accent-text', readableTextOn(config.color));
      }
      style.setProperty('--bc-offset-x', `${clamp(config.offset_x, 0, 200, 24)}px`);
      style.setProperty('--bc-offset-y', `${clamp(config.offset_y, 0, 200, 24)}px`);
      style.setProperty('--bc-width', `${clamp(config.width, 280, 960, 400)}px`);
      style.setProperty('--bc-height', `${clamp(config.height, 360, 1200, 640)}px`);
      const avatarUrl = image('avatar');
      if (avatarUrl) {
        avatar.src = avatarUrl;
        avatar.hidden = false;
      }
      const iconUrl = image('launcher_icon');
      if (iconUrl) launcher.replaceChildren(h('img', { src: iconUrl, alt: '', referrerpolicy: 'no-referrer' }));
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
      viewport?.removeEventListener('resize', fit);
      viewport?.removeEventListener('scroll', fit);
      host.remove();
    },
  };
}

function iconButton(label: string, svg: string, extraClass: string): HTMLButtonElement {
  return h('button', { type: 'button', class: `bc-icon-btn ${extraClass}`, 'aria-label': label, title: label }, [icon(svg)]);
}

function adoptStyles(shadow: ShadowRoot) {
  // Constructable sheets are not subject to a host's CSP style-src, unlike a <style> element.
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    shadow.adoptedStyleSheets = [sheet];
  } catch {
    shadow.append(h('style', {}, [CSS]));
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

/** Black or white, whichever reads better on the accent (WCAG relative luminance). */
export function readableTextOn(hex: string): string {
  let digits = hex.slice(1);
  if (digits.length === 3) digits = digits.replace(/./g, '$&$&');
  const channel = (i: number) => {
    const c = parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast with white vs with black; pick the larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#111111';
}
