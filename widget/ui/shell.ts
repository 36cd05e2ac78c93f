// The widget's panel in its frame (frame.ts: the element, its styles and the launcher): the
// header, message list, notice and composer, a polite and an assertive live region, and the
// keyboard's ways in and out (the focus-cycle key, Esc, the phone's focus trap). It knows nothing
// of jobs or streams. The composer is composer.ts; how the entry's config shows, shell-config.ts.

import type { WidgetConfig } from '../types';
import { h, icon, ICONS } from './dom';
import type { Frame } from './frame';
import type { Strings } from './i18n/i18n';
import { IDLE, queueAnnouncement, takeAnnouncement } from './announcements';
import { nextStop, type Stop } from './focus-cycle';
import { createComposer } from './composer';
import { applyConfig } from './shell-config';

/** Where the panel fills the screen (styles.ts says the same): there it is modal and keeps the focus. */
const PHONE_QUERY = '(max-width: 480px)';

export interface ShellOptions {
  strings: Strings;
  /** The key that moves focus between the page, the list and the composer (`null`: none). */
  focusKey: string | null;
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
  /** The panel's part of the entry's look (the frame's is applyFrameConfig's); `hubBase`: what hub-relative image paths resolve against; `warn` names a refused field. */
  applyConfig(config: WidgetConfig, hubBase: string, warn: (message: string) => void): void;
  /** The focus-cycle key pressed before the panel was built, handed on (its own listener missed it). */
  key(event: KeyboardEvent): void;
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

// Long because it makes the frame's elements and wires them in one place, and its handlers share
// the open state; the composer, the config's look and the announcer are apart (composer.ts, shell-config.ts).
export function createShell({ host, shadow, root, launcher, inline }: Frame, options: ShellOptions): Shell {
  const { strings: s } = options;
  const form = createComposer(s, shadow, (text) => announce(text), options.onSubmit, options.onStop);
  const { composer, input } = form;
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
  const powered = h('div', { class: 'bc-powered', hidden: true, dir: 'auto' });
  const live = h('div', { class: 'bc-sr', 'aria-live': 'polite', 'aria-atomic': 'true' });
  const alert = h('div', { class: 'bc-sr', role: 'alert' });
  const panel = h('section', { class: 'bc-panel', id: 'bc-panel', part: 'panel', 'aria-labelledby': 'bc-title', hidden: !inline }, [header, messages, notice, composer, powered, live, alert]);
  if (!inline) panel.setAttribute('role', 'dialog');
  if (inline) {
    closeButton.hidden = true;
    maxButton.hidden = true;
  }
  root.append(panel);
  const [announce, hush] = announcer(live, alert);

  let opened = inline;

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
    if (event.key == 'Tab' && modal()) wrapTab(event, panel, shadow);
  });

  // The panel is modal only where it fills the screen; a desktop panel sits beside the page.
  const phone = window.matchMedia?.(PHONE_QUERY);
  const modal = () => !inline && opened && !!phone?.matches;
  const setModal = () => panel.setAttribute('aria-modal', String(modal()));
  phone?.addEventListener?.('change', setModal);
  // The page's element that had focus last: the focus-cycle key goes back to it (the one that had
  // it when the panel was built, for a key pressed before).
  let pageFocus = document.activeElement != host && document.activeElement != document.body ? (document.activeElement as HTMLElement | null) : null;
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

  return {
    host,
    panel,
    messages,
    ...form,
    applyConfig: (config, hubBase, warn) => applyConfig({ root, title, avatar, notice, powered }, s, config, hubBase, warn),
    key: onKey,
    open: () => setOpen(true, true),
    close: () => setOpen(false, panel.contains(shadow.activeElement)),
    isOpen: () => opened,
    announce,
    destroy() {
      hush();
      phone?.removeEventListener?.('change', setModal);
      document.removeEventListener('focusin', onFocusIn, true);
      document.removeEventListener('keydown', onKey, true);
      viewport?.removeEventListener('resize', fit);
      viewport?.removeEventListener('scroll', fit);
      host.remove();
    },
  };
}

/** Tab in a modal panel: past the last control it comes back to the first, and Shift+Tab the other way. */
function wrapTab(event: KeyboardEvent, panel: HTMLElement, shadow: ShadowRoot) {
  const stops = [...panel.querySelectorAll<HTMLElement>('button,textarea,input,select,a[href],iframe,[tabindex]')].filter(
    (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.getClientRects().length,
  );
  const edge = stops[event.shiftKey ? 0 : stops.length - 1];
  if (shadow.activeElement == edge || !panel.contains(shadow.activeElement)) {
    event.preventDefault();
    stops[event.shiftKey ? stops.length - 1 : 0]?.focus();
  }
}

/**
 * Writes announcements into the polite region `live` and the assertive `alert`, paced by
 * announcements.ts; returns the announce and what cancels a pending one.
 */
function announcer(live: HTMLElement, alert: HTMLElement): [(text: string, assertive?: boolean) => void, () => void] {
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
  return [announce, () => clearTimeout(timer)];
}

function iconButton(label: string, svg: string, extraClass: string): HTMLButtonElement {
  return h('button', { type: 'button', class: `bc-icon-btn ${extraClass}`, 'aria-label': label, title: label }, [icon(svg)]);
}
