// Assistant text → sanitized DOM (DESIGN.md §6). marked turns markdown into
// HTML, our renderer overrides keep model-written HTML as text and carve out
// rich-block slots, and a dedicated DOMPurify instance applies the policy of
// markdown-policy.ts to everything before it reaches the page.

import { Marked, type Token, type Tokens } from 'marked';
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
/** Live render: an open fence of a previewed type becomes a slot too. */
let live = false;
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
      if (isRendererType && type && token.codeBlockStyle !== 'indented' && (live || isClosedFence(token.raw)) && isRendererType(type)) {
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
  let keep = Object.hasOwn(ATTRIBUTES_BY_TAG, tag) && ATTRIBUTES_BY_TAG[tag]!.includes(name);
  if (keep && (name === 'href' || name === 'src')) {
    // Checked on the value the HTML parser decoded (`java&#115;cript:` is
    // `javascript:` here), and written back normalized so the browser follows
    // exactly the URL that was checked.
    const url = allowedUrl(value, name === 'href' ? LINK_PROTOCOLS : loadImages ? IMAGE_PROTOCOLS : []);
    if (url) event.attrValue = url;
    else keep = false;
  } else if (keep && Object.hasOwn(ATTRIBUTE_VALUES, name)) {
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

function render(text: string | Token[], images: boolean, isType: ((type: string) => boolean) | null): DocumentFragment {
  isRendererType = isType;
  loadImages = images;
  slots = [];
  const source = typeof text == 'string' ? text : text.map((t) => t.raw).join('');
  let html: string;
  try {
    html = md.parser(typeof text == 'string' ? md.lexer(text) : text);
  } catch {
    // marked gave up on this input: show it as text rather than nothing.
    html = `<p>${escapeAll(source)}</p>`;
  } finally {
    isRendererType = null;
    live = false;
  }
  return sanitize(html, images, source);
}

/** Replaces the marker `div`s of the last render with `make(type, source)`; false if they do not match its slots. */
function fillSlots(fragment: DocumentFragment, make: (type: string, source: string) => Node): boolean {
  const found = slots;
  slots = [];
  const markers = fragment.querySelectorAll('div');
  // Never expected; if a marker went missing, code blocks beat a renderer mounted in the wrong place.
  if (markers.length !== found.length) return false;
  found.forEach(({ type, source }, i) => markers[i]!.replaceWith(make(type, source)));
  return true;
}

/**
 * Renders a final reply. Each closed fence whose type is registered becomes
 * an empty placeholder (in place) and a `RichBlock`; everything else is
 * sanitized markdown. Unclosed or unregistered fences are code blocks.
 */
export function renderFinal(reply: string, opts: RenderOptions): FinalRender {
  const images = opts.remoteImages !== false;
  const fragment = render(reply, images, (type) => opts.isRendererType(type));
  const blocks: RichBlock[] = [];
  const filled = fillSlots(fragment, (type, source) => {
    const placeholder = document.createElement('div');
    placeholder.className = 'bc-rich';
    placeholder.setAttribute('data-type', type);
    blocks.push({ type, source, placeholder });
    return placeholder;
  });
  return filled ? { fragment, blocks } : { fragment: render(reply, images, null), blocks: [] };
}

const isFence = (token: Token | undefined): token is Tokens.Code => token?.type == 'code' && token.codeBlockStyle != 'indented';

/**
 * How many leading tokens of a streaming text's block tokens can no longer change, whatever
 * text follows: those before a blank line, or after a heading, a rule or a closed fence, or
 * before a fence's opening line. The last block never counts (it may still grow). Pure.
 */
export function stableCut(tokens: Token[]): number {
  let end = tokens.length;
  while (end && tokens[end - 1]!.type == 'space') end--;
  for (let i = end - 1; i > 0; i--) {
    const before = tokens[i - 1]!;
    if (/^(space|heading|hr)$/.test(before.type) || (isFence(before) && isClosedFence(before.raw)) || isFence(tokens[i])) {
      // A paragraph still streaming after a list may yet become one of its items ("2" → "2. next").
      if (i == end - 1 && tokens[i]!.type == 'paragraph' && tokens[before.type == 'space' ? i - 2 : i - 1]?.type == 'list') continue;
      return i;
    }
  }
  return 0;
}

/**
 * Streaming text ends mid-syntax: an unfinished link or image shows its text only, and an
 * emphasis, strike or code span still open on the last line is closed, so the visitor sees
 * formatting instead of raw `**` or `` ` `` flashing by. Pure.
 */
export function closeOpenInline(text: string): string {
  text = text.replace(/!?\[([^\]\n]*)(\]\([^)\s]*)?$/, '$1');
  // (A closer after a space would not close: the space goes.)
  for (let i = 0, m; i < 4 && (m = /^[^]*(?:^|[^\\\w*_~`])(\*\*|__|~~|\*|_|`)(?=[^\s*_~`])((?!\1)[^\n])*$/.exec(text)); i++) text = text.trimEnd() + m[1];
  return text;
}

export interface LiveRender {
  /** Shows `text`, the whole provisional text so far (each call extends the last one). */
  update(text: string): void;
  /**
   * Shows `reply` as the final render would, when it extends what was shown: only the tail is
   * rendered (nothing closed for it, no growing fence). False, changing nothing, when it does not.
   */
  finish(reply: string): boolean;
}

/**
 * The provisional bubble while an answer streams (DESIGN.md §6): sanitized markdown under the
 * final render's policy, with no renderer mounted and no image loaded. Blocks that can no longer
 * change are rendered once and kept; only the open tail is rendered again, and an open code
 * fence grows by appending text, so the work follows the new text, not the whole answer.
 * `previews` gives a stand-in for fences of a type (an open `sandbox` view shows its placeholder).
 */
export function createLiveRender(target: Element, prepare: (fragment: DocumentFragment) => void, previews: Record<string, (source: string) => Node> = {}): LiveRender {
  let seen = 0;
  let text = '';
  let frozen = 0;
  let tail: ChildNode[] = [];
  // An open fence at the start of the tail: its code element (null for a preview), where its
  // content starts in `text`, and how much of `text` it shows.
  let fence: { code: Element | null; from: number; shown: number } | null = null;
  const paint = (tokens: Token[]) => {
    live = true;
    const fragment = render(tokens, false, (type) => Object.hasOwn(previews, type));
    fillSlots(fragment, (type, source) => previews[type]!(source));
    prepare(fragment);
    return fragment;
  };
  let shown = '';
  const update = (input: string, final?: boolean) => {
    shown = input;
    let add = input.slice(seen);
    // A CR at the very end may be the first half of CRLF: wait for the next character.
    if (add.endsWith('\r')) add = add.slice(0, -1);
    seen += add.length;
    text += add.replace(/\r\n?/g, '\n');
    if (fence) {
      // Still open unless a line that could close it arrived (the lexer decides if one did).
      // A stand-in is drawn again while its source is short: it reads its first fields from it.
      if (!final && (fence.code || text.length - fence.from > 500) && !/\n {0,3}(`{3,}|~{3,})[ \t]*(\n|$)/.test(text.slice(text.lastIndexOf('\n', fence.shown - 1)))) {
        // No lexing, no sanitizing: the text goes in as text, as the code renderer writes it.
        if (fence.code) fence.code.textContent = text.slice(fence.from).replace(/\n?$/, '\n');
        fence.shown = text.length;
        return;
      }
      fence = null;
    }
    let tokens = md.lexer(text.slice(frozen));
    // A link reference definition may resolve a reference above it: while one is in the tail,
    // everything is rendered again (definitions come last, so this is the answer's last lines).
    if (frozen && Object.keys(tokens.links).length) {
      tail = [...target.childNodes];
      tokens = md.lexer(text);
      frozen = 0;
    }
    const cut = stableCut(tokens);
    for (const node of tail) node.remove();
    if (cut) {
      target.append(paint(tokens.slice(0, cut)));
      for (const token of tokens.splice(0, cut)) frozen += token.raw.length;
    }
    const src = text.slice(frozen);
    const last = tokens[tokens.length - 1];
    const closed = final ? src : closeOpenInline(src);
    if (last && !isFence(last) && !/^ {0,3}(`{3,}|~{3,})/m.test(last.raw) && closed != src) tokens = md.lexer(closed);
    const fragment = paint(tokens);
    tail = [...fragment.childNodes];
    target.append(fragment);
    const open = tokens[0];
    if (!final && tokens.length == 1 && isFence(open) && !isClosedFence(open.raw) && src.includes('\n')) {
      fence = { code: (tail[0] as Element).querySelector?.('code') ?? null, from: frozen + src.indexOf('\n') + 1, shown: text.length };
    }
  };
  return { update, finish: (reply) => reply.startsWith(shown) && (update(reply, true), true) };
}

/**
 * Renders streaming text as the live bubble shows it after its last update, detached.
 * `opts` is accepted for symmetry with `renderFinal` and ignored.
 */
export function renderProvisional(text: string, opts?: Partial<RenderOptions>): DocumentFragment {
  void opts;
  const fragment = document.createDocumentFragment();
  createLiveRender(fragment as unknown as Element, () => {}).update(text);
  return fragment;
}

/** Sanitizes HTML with the markdown policy (the same hooks, URL and image rules). */
export function sanitizeHtml(html: string, opts?: SanitizeOptions): DocumentFragment {
  return sanitize(html, opts?.remoteImages === true, html);
}

export { fallbackBlock } from './fallback';
