// marked's tokens → DOM nodes (DESIGN.md §6). Every element is made with createElement from a
// fixed set of tag names, every piece of model text goes in as a text node, and the only model
// values written to attributes are URLs (parsed, absolute, scheme-checked) and plain-text
// `title`/`alt`. No HTML string is ever parsed, so there is no markup for a sanitizer to clean
// and no parser to confuse (mutation XSS needs a parse). markdown-policy.ts lists what can appear.

import type { Token, Tokens } from 'marked';
import { ATTRIBUTE_VALUES, IMAGE_ATTRIBUTES, IMAGE_PROTOCOLS, LINK_PROTOCOLS, LINK_REL, LINK_TARGET } from './markdown-policy';
import type { ImagePolicy } from './image-origins';
import { languageClass } from './fences';

export interface DomPolicy {
  /** Which images may load (image-origins.ts); null: none, every image is its alt text. */
  images: ImagePolicy | null;
  /** The node standing for a fenced block (a renderer's placeholder), or null for a code block. */
  slot(token: Tokens.Code): Node | null;
  /** The words of an image not loaded, in the widget's language (default English). */
  words?: ImageWords;
}

/** `imageLabel`'s `{alt}` is the image's alt text; `imageNoAlt` stands for an image without one. */
export interface ImageWords {
  imageLabel: string;
  imageNoAlt: string;
}
/** English, for a render not given its words (tests, the live render before the conversation's). */
const IMAGE_EN: ImageWords = { imageLabel: '[image: {alt}]', imageNoAlt: '[image]' };

/** A formula's node (the math module's, once the owner's math is on and it loaded): `math` tokens come only with it. */
let formula: (token: Tokens.Generic) => Node;
export const useFormula = (node: typeof formula): void => void (formula = node);

/** What the visitor sees for an image not loaded. */
export const imageLabel = (alt: string, words = IMAGE_EN): string => (alt ? words.imageLabel.replace('{alt}', () => alt) : words.imageNoAlt);

/**
 * The widget's Trusted Types policy (ui/trusted-types.ts), handed in by whoever loads this code:
 * the split build fetches it as a file of its own, which must not make a second policy of the name.
 * Until then a reference goes as a string (refused where the page enforces Trusted Types: it stays as written).
 */
let html = (text: string) => text;
export const useTrustedHTML = (policy: typeof html): void => void (html = policy);

const REFERENCE = /&(?:#\d{1,7}|#[Xx][a-fA-F0-9]{1,6}|\w+);/g;
const decoded = new Map<string, string>();
let decoder: HTMLTextAreaElement | undefined;

/**
 * Decodes character references (`&amp;`, `&Dcaron;`, `&#x41;`) as the HTML parser would in text:
 * marked leaves them in its tokens for the browser to decode. Each reference alone goes through
 * a detached `<textarea>`, whose content is RCDATA (no tag can start there) and which loads
 * nothing; the pattern admits no `<` anyway, which is why it may go through the widget's
 * Trusted Types policy. Where the page forbids the policy the reference stays as written.
 */
export function decodeReferences(text: string): string {
  return text.indexOf('&') < 0 ? text : text.replace(REFERENCE, (ref) => {
    let char = decoded.get(ref);
    if (char === undefined) {
      try {
        (decoder ??= document.createElement('textarea')).innerHTML = html(ref);
        char = decoder.value;
      } catch {
        char = ref;
      }
      if (decoded.size < 512) decoded.set(ref, char);
    }
    return char;
  });
}

/** `value` as an absolute URL with one of `protocols`, or null. */
function parseAllowed(value: string, protocols: readonly string[]): URL | null {
  try {
    // marked's own clean-up (spaces and non-ASCII percent-encoded), then no base URL: relative
    // and protocol-relative (`//host`) URLs throw.
    const url = new URL(encodeURI(value).replace(/%25/g, '%'));
    return protocols.includes(url.protocol) ? url : null;
  } catch {
    return null;
  }
}

/** `value` as an absolute URL with one of `protocols`, normalized (what the browser will follow), or null. */
export const allowedUrl = (value: string, protocols: readonly string[]): string | null => parseAllowed(value, protocols)?.href ?? null;

/** An image's URL if the policy lets it load (and only ever over `https:`). */
function imageSource(value: string, policy: ImagePolicy | null): string | null {
  const url = policy && parseAllowed(value, IMAGE_PROTOCOLS);
  return url && policy(url) ? url.href : null;
}

const CHECKBOX = (checked: boolean | undefined): string => (checked ? '\u2611 ' : '\u2610 ');

/** Text as the alt attribute of an image gets it: the words of its tokens, without markup. */
function plainText(tokens: Token[] | undefined): string {
  let text = '';
  for (const token of tokens ?? []) {
    if (token.type == 'br') text += '\n';
    else if (token.type == 'checkbox') text += token.raw;
    // Like marked's text renderer: containers give their children's words, the rest their text.
    else if (/^(strong|em|del|link|image)$/.test(token.type) && 'tokens' in token && token.tokens) text += plainText(token.tokens);
    else text += (token as { text?: string }).text ?? '';
  }
  return text;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, children?: Node | (Node | string)[] | string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (children != null) node.append(...(Array.isArray(children) ? children : [children]));
  return node;
}

function setChecked(node: Element, name: string, value: string): void {
  if (ATTRIBUTE_VALUES[name]!.test(value)) node.setAttribute(name, value);
}

/** Builds the nodes of marked's block tokens. */
export function tokensToFragment(tokens: Token[], policy: DomPolicy): DocumentFragment {
  const fragment = document.createDocumentFragment();
  fragment.append(...blocks(tokens, policy));
  return fragment;
}

function blocks(tokens: Token[], policy: DomPolicy): (Node | string)[] {
  const out: (Node | string)[] = [];
  for (const token of tokens) {
    const node = block(token, policy);
    if (Array.isArray(node)) out.push(...node);
    else if (node != null) out.push(node);
  }
  return out;
}

function block(token: Token, policy: DomPolicy): Node | string | (Node | string)[] | null {
  const t = token as Tokens.Generic;
  switch (token.type) {
    case 'paragraph':
      return el('p', inline(t.tokens!, policy));
    case 'heading':
      return el(`h${Math.min(6, Math.max(1, t.depth))}` as 'h1', inline(t.tokens!, policy));
    case 'code': {
      const slot = policy.slot(token as Tokens.Code);
      if (slot) return slot;
      const code = el('code', String(t.text).replace(/\n$/, '') + '\n');
      const lang = languageClass(t.lang);
      if (lang) setChecked(code, 'class', `language-${lang}`);
      return el('pre', code);
    }
    case 'blockquote':
      return el('blockquote', blocks(t.tokens!, policy));
    case 'list': {
      const list = el(t.ordered ? 'ol' : 'ul', (t.items as Tokens.ListItem[]).map((item) => el('li', blocks(item.tokens, policy))));
      if (t.ordered && t.start !== 1) setChecked(list, 'start', String(t.start));
      return list;
    }
    case 'table': {
      const row = (cells: Tokens.TableCell[], tag: 'th' | 'td') =>
        el('tr', cells.map((cell) => {
          const node = el(tag, inline(cell.tokens, policy));
          if (cell.align) setChecked(node, 'align', cell.align);
          return node;
        }));
      const table = el('table', el('thead', row(t.header, 'th')));
      if (t.rows.length) table.append(el('tbody', (t.rows as Tokens.TableCell[][]).map((cells) => row(cells, 'td'))));
      return table;
    }
    case 'hr':
      return el('hr');
    // Raw HTML stays the literal text the model wrote: no tag from the model becomes an element.
    case 'html':
      return el('p', String(t.text).trim());
    // Tight list items hold text tokens where paragraphs would be.
    case 'text':
      return t.tokens ? inline(t.tokens, policy) : decodeReferences(t.text);
    case 'checkbox':
      return CHECKBOX(t.checked);
    case 'math':
      return formula(t);
    // `space` and link definitions (`def`) draw nothing.
    default:
      return null;
  }
}

function inline(tokens: Token[], policy: DomPolicy): (Node | string)[] {
  const out: (Node | string)[] = [];
  for (const token of tokens) {
    const t = token as Tokens.Generic;
    switch (token.type) {
      case 'text':
        out.push(...(t.tokens ? inline(t.tokens, policy) : [decodeReferences(t.text)]));
        break;
      // A backslash escape and raw HTML are literal text.
      case 'escape':
      case 'html':
        out.push(t.text);
        break;
      case 'strong':
      case 'em':
      case 'del':
        out.push(el(token.type, inline(t.tokens!, policy)));
        break;
      case 'codespan':
        out.push(el('code', t.text));
        break;
      case 'br':
        out.push(el('br'));
        break;
      case 'checkbox':
        out.push(CHECKBOX(t.checked));
        break;
      case 'math':
        out.push(formula(t));
        break;
      case 'link': {
        // An autolink's text and URL are what the model wrote; a link's URL and title may hold references.
        const text = t.autolink ? [t.text as string] : inline(t.tokens!, policy);
        const href = allowedUrl(t.autolink ? t.href : decodeReferences(t.href), LINK_PROTOCOLS);
        // A link whose URL the policy refuses is its text, so it does not look clickable.
        if (!href) {
          out.push(...text);
          break;
        }
        const a = el('a', text);
        a.href = href;
        if (t.title) a.title = decodeReferences(t.title);
        a.target = LINK_TARGET;
        a.rel = LINK_REL;
        out.push(a);
        break;
      }
      case 'image': {
        const alt = decodeReferences(t.tokens ? plainText(t.tokens) : t.text);
        const src = imageSource(decodeReferences(t.href), policy.images);
        if (!src) {
          // Before `done`, or from an origin the owner did not list, no `<img>` exists: nothing
          // can be fetched, and the label is no link either.
          out.push(el('span', imageLabel(alt, policy.words)));
          break;
        }
        const img = el('img');
        // Lazy loading and the referrer policy first: a detached image starts its request once it has a src.
        for (const [name, value] of Object.entries(IMAGE_ATTRIBUTES)) img.setAttribute(name, value);
        img.alt = alt;
        if (t.title) img.title = decodeReferences(t.title);
        img.src = src;
        out.push(img);
        break;
      }
    }
  }
  return out;
}
