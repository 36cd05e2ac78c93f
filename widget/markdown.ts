// Assistant text → DOM (DESIGN.md §6). marked's lexer reads the markdown; markdown-dom.ts
// builds the nodes from its tokens under the policy of markdown-policy.ts, with model text only
// ever as text nodes, and carves out the rich-block slots.

import { Marked, type Token, type Tokens } from 'marked';
import { tokensToFragment } from './markdown-dom';
import { fenceType, isClosedFence } from './fences';
import type { ImagePolicy } from './image-origins';

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
  /** Which images of the final reply load (image-origins.ts). Default none: each shows its alt text. */
  images?: ImagePolicy;
}

export interface FinalRender {
  fragment: DocumentFragment;
  /** In document order, each with its placeholder inside `fragment`. */
  blocks: RichBlock[];
}

const md = new Marked({ gfm: true, breaks: false, async: false });

function textFragment(text: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  fragment.appendChild(document.createElement('p')).textContent = text;
  return fragment;
}

/**
 * Renders markdown (or its block tokens). A fence whose type `slot` accepts becomes the node it
 * returns: only a closed fence, unless `open` (a live preview), because a truncated payload must
 * not mount (DESIGN.md §2.2); indented code has no info string to trust. Null if marked gave up.
 */
function render(text: string | Token[], images: ImagePolicy | null, slot: ((type: string, source: string) => Node | null) | null, open = false): DocumentFragment | null {
  try {
    return tokensToFragment(typeof text == 'string' ? md.lexer(text) : text, {
      images,
      slot: (token: Tokens.Code) => {
        const type = fenceType(token.lang);
        return slot && type && token.codeBlockStyle !== 'indented' && (open || isClosedFence(token.raw)) ? slot(type, token.text) : null;
      },
    });
  } catch {
    return null;
  }
}

/**
 * Renders a final reply. Each closed fence whose type is registered becomes
 * an empty placeholder (in place) and a `RichBlock`; everything else is
 * markdown. Unclosed or unregistered fences are code blocks.
 */
export function renderFinal(reply: string, opts: RenderOptions): FinalRender {
  const blocks: RichBlock[] = [];
  const fragment = render(reply, opts.images ?? null, (type, source) => {
    if (!opts.isRendererType(type)) return null;
    const placeholder = document.createElement('div');
    placeholder.className = 'bc-rich';
    placeholder.setAttribute('data-type', type);
    blocks.push({ type, source, placeholder });
    return placeholder;
  });
  // marked gave up on this input: show it as text rather than nothing.
  return fragment ? { fragment, blocks } : { fragment: textFragment(reply), blocks: [] };
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
 * The provisional bubble while an answer streams (DESIGN.md §6): markdown under the
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
    const fragment = render(tokens, null, (type, source) => (Object.hasOwn(previews, type) ? previews[type]!(source) : null), true) ?? textFragment(tokens.map((t) => t.raw).join(''));
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
        // No lexing: the text goes in as text, as the code block holds it.
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

export { fallbackBlock } from './fallback';
