// Assistant text → DOM (DESIGN.md §6). marked's lexer reads the markdown; markdown-dom.ts
// builds the nodes from its tokens under the policy of markdown-policy.ts, with model text only
// ever as text nodes, and carves out the rich-block slots.

import { Lexer, getDefaults, type Links, type Token, type Tokens } from 'marked';
import { tokensToFragment, useFormula, type ImageWords } from './markdown-dom';

export { useTrustedHTML } from './markdown-dom';
import { fenceType, isClosedFence } from './fences';
import type { ImagePolicy } from './image-origins';
import type { StartPreview } from '../registry/registry';
import { endPreview as end, growFence, offerPreview, placeTail, redrawPreview as redraw, type OpenFence, type Previewed } from './live-tail';

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
  /** What an image not loaded shows (default English). */
  words?: ImageWords;
}

export interface FinalRender {
  fragment: DocumentFragment;
  /** In document order, each with its placeholder inside `fragment`. */
  blocks: RichBlock[];
}

/**
 * marked's options for the lexer (only the lexer: the DOM is built from its tokens, and build.mjs
 * leaves the rest of marked out of the bundles). One object for every call, as a `Marked` instance
 * keeps one, so the lexer's tokenizer is made once.
 */
const LEXER_OPTIONS = { ...getDefaults(), gfm: true, breaks: false, async: false };
/** `text`'s block tokens; `links`, the definitions of the text before it, resolve its references too. */
const lex = (text: string, links?: Links) => {
  const lexer = new Lexer(LEXER_OPTIONS);
  Object.assign(lexer.tokens.links, links);
  return lexer.lex(text);
};

/**
 * Texts that between them run the lexer's rules, the block ones twice: V8 compiles a regular
 * expression at its first run and again, to machine code, at its second, and marked's largest
 * (the paragraph's, the setext heading's, HTML's, the table's) take about 20 ms so on a desktop.
 * Lexed one a task ahead of the first answer (warmUp), the first answer's text does not wait for
 * that: 45–55 → 28–33 ms from the send to the first text, with the clock's warm-up (ui/messages.ts).
 */
const WARM_TEXTS = ['a', 'b c', '# a\n- **b** *c* `d` [e](f) ~~g~~ https://h.i\n\n| j |\n|-|\n| k |\n\n```\nl\n```\n> m'];
let warm = -1;
/** Lexes WARM_TEXTS, one in each idle moment (once per page). */
export function warmUp(): void {
  const next = () => ++warm < WARM_TEXTS.length && (self.requestIdleCallback ?? setTimeout)(() => (lex(WARM_TEXTS[warm]!), next()));
  if (warm < 0) next();
}

/**
 * Formulas from now on (math.js, widget/markdown/math.ts): its lexer extensions find them, its `node` draws
 * each. Before (and without) it, `$` is text like any other.
 */
export function useMath(math: { extensions: object; node(token: Tokens.Generic): Node }): void {
  (LEXER_OPTIONS as { extensions: unknown }).extensions = math.extensions;
  useFormula(math.node);
}

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
function render(text: string | Token[], images: ImagePolicy | null, slot: ((type: string, token: Tokens.Code) => Node | null) | null, open = false, words?: ImageWords): DocumentFragment | null {
  try {
    return tokensToFragment(typeof text == 'string' ? lex(text) : text, {
      images,
      words,
      slot: (token: Tokens.Code) => {
        const type = fenceType(token.lang);
        return slot && type && token.codeBlockStyle !== 'indented' && (open || isClosedFence(token.raw)) ? slot(type, token) : null;
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
  const fragment = render(reply, opts.images ?? null, (type, { text: source }) => {
    if (!opts.isRendererType(type)) return null;
    const placeholder = document.createElement('div');
    placeholder.className = 'bc-rich';
    placeholder.setAttribute('data-type', type);
    blocks.push({ type, source, placeholder });
    return placeholder;
  }, false, opts.words);
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
 *
 * `preview` (the registry's, widget/registry/registry.ts) is offered each fence once its first line is
 * complete; a fence it takes is drawn by it, in the same container, each time its text grew, and
 * without lexing while it is open. Its preview ends when the fence closes, when `signal` aborts
 * (the answer is stopped), or when its container leaves the bubble (the final render, a failure
 * or a reset replaced what the bubble shows): what it drew stays until then.
 *
 * What reaches the bubble (the previews, a growing fence, the new tail's place) is live-tail.ts;
 * what is pure (stableCut, closeOpenInline, openFenceText) is apart and tested in tables.
 */
export function createLiveRender(target: Element, prepare: (content: ParentNode) => void, preview?: StartPreview, signal?: AbortSignal, words?: ImageWords): LiveRender {
  let seen = 0;
  let text = '';
  let frozen = 0;
  // The link reference definitions of the frozen text: the tail is lexed with them, as the final
  // render lexes it, so a reference in the tail to a definition above it is a link there too.
  let links: Links = {};
  let tail: ChildNode[] = [];
  let fence: OpenFence | null = null;
  // The tail's fences that were offered to `preview`, in document order; `next` collects them
  // again while the tail is painted, so each finds its block (and container) of the last paint.
  let blocks: Previewed[] = [];
  let next: Previewed[] = [];
  let watcher: MutationObserver | undefined;
  signal?.addEventListener('abort', () => {
    blocks.forEach(end);
    watcher?.disconnect();
  }, { once: true });
  // Nothing tells the live render that the bubble moved on (the final render, a failure, a reset,
  // a new conversation replace what it shows): a preview whose container left the widget ends then.
  const watch = () => {
    const root = target.getRootNode();
    watcher ??= new MutationObserver(() => {
      for (const block of blocks) if (block.handle && !root.contains(block.el)) end(block);
      if (!blocks.some((block) => block.handle)) {
        watcher!.disconnect();
        watcher = undefined;
      }
    });
    watcher.observe(root, { childList: true, subtree: true });
  };
  const slot = (type: string, token: Tokens.Code, final?: boolean): Node | null => {
    // Until its first line is complete a fence's type may still grow (`sand` → `sandbox`).
    if (!preview || !token.raw.includes('\n')) return null;
    const last = blocks[next.length];
    let block: Previewed;
    if (last?.type == type) redraw((block = last), token.text);
    else {
      block = !final && !signal?.aborted ? offerPreview(preview, type, token.text) : { type, source: token.text, el: null, handle: null };
      if (block.handle) watch();
    }
    next.push(block);
    // A closed fence is complete: its preview has drawn all of it; `mount` takes over at done.
    if (final || isClosedFence(token.raw)) end(block);
    // A container already in the bubble stays where it is, and a mark stands for it in the new
    // paint: moved (even out and back), a frame a preview drew in it would load its document again.
    if (block.el?.parentNode != target) return block.el;
    const mark = document.createComment('');
    stays.set(mark, block.el);
    return mark;
  };
  /** The marks of this paint, for the containers that stay. */
  const stays = new Map<ChildNode, HTMLElement>();
  const paint = (tokens: Token[], final?: boolean) => {
    const fragment = render(tokens, null, (type, token) => slot(type, token, final), true, words) ?? textFragment(tokens.map((t) => t.raw).join(''));
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
      if (!final && growFence(fence, text, prepare)) return;
      fence = null;
    }
    const count = (links: Links) => Object.keys(links).length;
    let tokens = lex(text.slice(frozen), links);
    const defines = count(tokens.links) > count(links);
    // A link reference definition may resolve a reference above it: when the tail brings a new
    // one, everything is rendered again (definitions come last, so this is the answer's last lines).
    if (frozen && defines) {
      tail = [...target.childNodes];
      tokens = lex(text);
      frozen = 0;
      links = {};
      // Drawn again from the start, every fence gets a new preview.
      blocks.forEach(end);
      blocks = [];
    }
    let cut = stableCut(tokens);
    // Nor is a block frozen while a definition it may draw from is still in the open tail: the
    // tail's next line can unmake it (`[r]: https://x` then ` text`), and a link drawn from it
    // would stay in the bubble after `done`, where the final render has none (DESIGN.md §2.2).
    // (Here nothing is frozen: the blocks to freeze are lexed alone.)
    if (defines && count(lex(tokens.slice(0, cut).map((t) => t.raw).join('')).links) < count(tokens.links)) cut = 0;
    if (cut) links = tokens.links;
    next = [];
    const stable = cut ? paint(tokens.slice(0, cut), final) : document.createDocumentFragment();
    for (const token of tokens.splice(0, cut)) frozen += token.raw.length;
    // Frozen blocks never change again: their previews are over, and their blocks leave the list.
    const done = next.length;
    next.forEach(end);
    const src = text.slice(frozen);
    const last = tokens[tokens.length - 1];
    const closed = final ? src : closeOpenInline(src);
    if (last && !isFence(last) && !/^ {0,3}(`{3,}|~{3,})/m.test(last.raw) && closed != src) tokens = lex(closed, links);
    tail = placeTail(target, tail, stays, [stable, paint(tokens, final)])[1]!;
    // A block not painted again (the text took another shape) has left the bubble.
    for (const block of blocks) if (!next.includes(block)) end(block);
    blocks = next.slice(done);
    const open = tokens[0];
    if (!final && tokens.length == 1 && isFence(open) && !isClosedFence(open.raw) && src.includes('\n')) {
      const block = blocks[0]?.el ? blocks[0] : undefined;
      fence = {
        code: block ? null : ((tail[0] as Element).querySelector?.('code') ?? null),
        block,
        opener: src.slice(0, src.indexOf('\n')),
        from: frozen + src.indexOf('\n') + 1,
        shown: text.length,
      };
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

export { fallbackBlock } from '../registry/fallback';
