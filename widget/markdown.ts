// Assistant text → sanitized DOM (DESIGN.md §6). marked turns markdown into
// HTML, our renderer overrides keep model-written HTML as text and carve out
// rich-block slots, and a dedicated DOMPurify instance applies the policy of
// markdown-policy.ts to everything before it reaches the page.

import { Marked } from 'marked';
import DOMPurify from 'dompurify';
import type { DOMPurify as Purifier, UponSanitizeAttributeHookEvent } from 'dompurify';
import {
  ATTRIBUTES_BY_TAG,
  ATTRIBUTE_VALUES,
  IMAGE_ATTRIBUTES,
  IMAGE_PROTOCOLS,
  LINK_PROTOCOLS,
  LINK_REL,
  LINK_TARGET,
  PURIFY_CONFIG,
} from './markdown-policy';
import { fenceType, isClosedFence, languageClass } from './fences';

/** A fenced block handed to a registered renderer (DESIGN.md §7). */
export interface RichBlock {
  /** The renderer type: the first word of the fence's info string. */
  type: string;
  /**
   * The lines between the fences, joined by `\n`, without a final newline
   * (CommonMark content: the opener's indentation removed, CRLF read as LF).
   */
  source: string;
  /** `<div class="bc-rich" data-type="TYPE">`, in place in the fragment, empty. */
  placeholder: HTMLElement;
}

export interface RenderOptions {
  /** Whether `type` names a registered renderer; called once per closed fence. */
  isRendererType(type: string): boolean;
  /** Load `https:` images in the final reply. Default `true`; `false` shows their alt text. */
  remoteImages?: boolean;
}

export interface SanitizeOptions {
  /** Keep `https:` images. Default `false`: every image becomes its alt text. */
  remoteImages?: boolean;
}

export interface FinalRender {
  fragment: DocumentFragment;
  /** In document order, each with its placeholder inside `fragment`. */
  blocks: RichBlock[];
}

// State of the render in progress, read by the marked overrides and the
// sanitizer hooks. Rendering is synchronous, so one module-level pass is safe.
let loadImages = false;
let isRendererType: ((type: string) => boolean) | null = null;
let slots: { type: string; source: string }[] = [];

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeAll = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
/** Leaves character references for the HTML parser to decode, as CommonMark does in alt text. */
const escapeText = (s: string): string => s.replace(/[<>"']|&(?!#?\w+;)/g, (c) => ENTITIES[c]!);
const imageLabel = (alt: string): string => (alt ? `[image: ${alt}]` : '[image]');

const md = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    // Raw HTML in markdown stays the literal text the model wrote: no tag or
    // attribute from the model ever reaches the page, or the sanitizer, as markup.
    html({ text, block }) {
      return block ? `<p>${escapeAll(text.trim())}</p>\n` : escapeAll(text);
    },
    code(token) {
      const type = fenceType(token.lang);
      // Only a complete fence goes to a renderer: a truncated payload must
      // not mount (DESIGN.md §2.2). Indented code has no info string to trust.
      if (isRendererType && type && token.codeBlockStyle !== 'indented' && isClosedFence(token.raw) && isRendererType(type)) {
        slots.push({ type, source: token.text });
        // The one `div` our output contains: replaced by a placeholder after sanitizing.
        return '<div></div>';
      }
      const lang = languageClass(token.lang);
      return `<pre><code${lang ? ` class="language-${lang}"` : ''}>${escapeAll(token.text.replace(/\n$/, ''))}\n</code></pre>\n`;
    },
    image(token) {
      // Before `done` (or when the owner turned images off) no `<img>` is
      // written at all, so nothing can be fetched; the sanitizer checks again.
      if (loadImages) return false;
      return `<span>${escapeText(imageLabel(this.parser.parseInline(token.tokens, this.parser.textRenderer)))}</span>`;
    },
    // GFM task items: a glyph, since form controls are not allowed.
    checkbox({ checked }) {
      return checked ? '\u2611 ' : '\u2610 ';
    },
  },
});

/** `value` as an absolute URL with one of `protocols`, normalized, or null. */
function allowedUrl(value: string, protocols: readonly string[]): string | null {
  try {
    // No base URL: relative and protocol-relative (`//host`) URLs throw.
    const url = new URL(value);
    return protocols.includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function checkAttribute(node: Element, event: UponSanitizeAttributeHookEvent): void {
  const tag = node.nodeName.toLowerCase();
  const name = event.attrName;
  const value = event.attrValue;
  let keep = Object.prototype.hasOwnProperty.call(ATTRIBUTES_BY_TAG, tag) && ATTRIBUTES_BY_TAG[tag]!.includes(name);
  if (keep && (name === 'href' || name === 'src')) {
    // Checked on the value the HTML parser decoded (`java&#115;cript:` is
    // `javascript:` here), and written back normalized so the browser follows
    // exactly the URL that was checked.
    const url = allowedUrl(value, name === 'href' ? LINK_PROTOCOLS : loadImages ? IMAGE_PROTOCOLS : []);
    if (url) event.attrValue = url;
    else keep = false;
  } else if (keep && Object.prototype.hasOwnProperty.call(ATTRIBUTE_VALUES, name)) {
    keep = ATTRIBUTE_VALUES[name]!.test(value);
  }
  event.keepAttr = keep;
}

function finishElement(node: Element): void {
  if (node.nodeName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', LINK_TARGET);
    node.setAttribute('rel', LINK_REL);
  } else if (node.nodeName === 'IMG' && node.hasAttribute('src')) {
    for (const [name, value] of Object.entries(IMAGE_ATTRIBUTES)) node.setAttribute(name, value);
  }
}

let purifier: Purifier | undefined;

/** Our own DOMPurify instance: the host page's DOMPurify and its hooks stay untouched. */
function purify(): Purifier {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.setConfig(PURIFY_CONFIG);
    purifier.addHook('uponSanitizeAttribute', checkAttribute);
    purifier.addHook('afterSanitizeAttributes', finishElement);
  }
  return purifier;
}

function textFragment(text: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  fragment.appendChild(document.createElement('p')).textContent = text;
  return fragment;
}

function sanitize(html: string, images: boolean, fallbackText: string): DocumentFragment {
  const purifier = purify();
  // An engine DOMPurify cannot protect gets text, never HTML.
  if (!purifier.isSupported) return textFragment(fallbackText);
  loadImages = images;
  // RETURN_DOM_FRAGMENT is set in PURIFY_CONFIG; the typings assume a string.
  const fragment = document.adoptNode(purifier.sanitize(html) as unknown as DocumentFragment);
  // A link whose URL the policy refused is left as its text, so it does not
  // look clickable; an image refused shows its alt text instead.
  for (const a of fragment.querySelectorAll('a:not([href])')) a.replaceWith(...a.childNodes);
  for (const img of fragment.querySelectorAll('img:not([src])')) {
    const span = document.createElement('span');
    span.textContent = imageLabel(img.getAttribute('alt') ?? '');
    img.replaceWith(span);
  }
  return fragment;
}

function render(text: string, images: boolean, isType: ((type: string) => boolean) | null): DocumentFragment {
  isRendererType = isType;
  loadImages = images;
  slots = [];
  let html: string;
  try {
    html = md.parser(md.lexer(text));
  } catch {
    // marked gave up on this input: show it as text rather than nothing.
    html = `<p>${escapeAll(text)}</p>`;
  } finally {
    isRendererType = null;
  }
  return sanitize(html, images, text);
}

/**
 * Renders a final reply. Each closed fence whose type is registered becomes
 * an empty placeholder (in place) and a `RichBlock`; everything else is
 * sanitized markdown. Unclosed or unregistered fences are code blocks.
 */
export function renderFinal(reply: string, opts: RenderOptions): FinalRender {
  const images = opts.remoteImages !== false;
  const fragment = render(reply, images, (type) => opts.isRendererType(type));
  const found = slots;
  slots = [];
  const markers = fragment.querySelectorAll('div');
  if (markers.length !== found.length) {
    // Never expected; if a marker went missing, code blocks beat a renderer
    // mounted in the wrong place.
    return { fragment: render(reply, images, null), blocks: [] };
  }
  const blocks = found.map(({ type, source }, i): RichBlock => {
    const placeholder = document.createElement('div');
    placeholder.className = 'bc-rich';
    placeholder.setAttribute('data-type', type);
    markers[i]!.replaceWith(placeholder);
    return { type, source, placeholder };
  });
  return { fragment, blocks };
}

/**
 * Renders streaming text with the same markdown and sanitizer policy, but
 * mounts nothing and loads nothing: registered fences stay code blocks and
 * images are their alt text (`[image: alt]`), with no `<img>` and no `src`.
 * `opts` is accepted for symmetry with `renderFinal` and ignored.
 */
export function renderProvisional(text: string, opts?: Partial<RenderOptions>): DocumentFragment {
  void opts;
  return render(text, false, null);
}

/** Sanitizes HTML with the markdown policy (the same hooks, URL and image rules). */
export function sanitizeHtml(html: string, opts?: SanitizeOptions): DocumentFragment {
  return sanitize(html, opts?.remoteImages === true, html);
}

/**
 * The block shown instead of a rich renderer (unknown type, invalid payload,
 * oversized payload, renderer failure): `<pre class="bc-code"><code data-language>`
 * with the source as text.
 */
export function fallbackBlock(type: string, source: string): HTMLElement {
  const pre = document.createElement('pre');
  pre.className = 'bc-code';
  const code = pre.appendChild(document.createElement('code'));
  code.setAttribute('data-language', type);
  code.textContent = source;
  return pre;
}
