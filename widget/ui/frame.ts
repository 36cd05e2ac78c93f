// The widget's frame: all a page needs before the visitor opens the chat. Its element (an open
// shadow root with the widget's styles), the root that carries the theme and the entry's look,
// and the launcher. The panel (shell.ts) is built into it when it is first needed
// (widget/embed/mount.ts), so a page view that never opens the chat builds nothing else.

import { h, icon, ICONS } from './dom';
import type { Strings } from './i18n/i18n';
import { CSS } from './styles';
import { KEYBOARD_CSS } from './keyboard-styles';

export interface FrameOptions {
  strings: Strings;
  lang: string;
  /** Render inline in this element instead of a floating launcher. */
  inlineIn: Element | null;
  /** The host's CSP nonce for a `<style>` (EmbedOptions.nonce). */
  nonce: string;
}

export interface Frame {
  readonly host: HTMLElement;
  readonly shadow: ShadowRoot;
  readonly root: HTMLElement;
  readonly launcher: HTMLButtonElement;
  readonly inline: boolean;
}

const HOST_TAG = 'bailing-chat-widget';

export function createFrame({ strings: s, lang, inlineIn, nonce }: FrameOptions): Frame {
  const inline = inlineIn !== null;
  const host = document.createElement(HOST_TAG);
  // Inline !important outranks every author rule, even `* { all: unset !important }` or a
  // transform that would make our fixed-position panel move with the page. Set through the
  // CSSOM: a `style` attribute would be blocked by a strict host CSP.
  host.style.setProperty('all', 'initial', 'important');
  host.style.setProperty('display', 'contents', 'important');
  host.setAttribute('data-bailing-chat', '');
  const shadow = host.attachShadow({ mode: 'open' });
  adoptStyles(shadow, nonce);
  const root = h('div', { class: 'bc-root' + (inline ? ' bc-inline' : ''), part: 'root', lang, dir: lang == 'ar' ? 'rtl' : 'ltr', 'data-open': 'false' });
  // Open, it is the panel's close button: its icon turns into a cross and its name says so.
  const launcher = h('button', { type: 'button', class: 'bc-launcher', part: 'launcher', 'aria-label': s.openChat, 'aria-expanded': 'false', 'aria-controls': 'bc-panel', hidden: inline }, [icon(ICONS.chat), h('span', { class: 'bc-x' }, [icon(ICONS.close)])]);
  root.append(launcher);
  shadow.append(root);
  // Floating: a child of <html>, after <body>, so that a `transform`, `filter` or `zoom` on the
  // page's body (a transform makes `position: fixed` relative to the body) leaves the launcher
  // and the panel at the corner of the viewport.
  (inlineIn ?? document.documentElement).append(host);
  return { host, shadow, root, launcher, inline };
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
