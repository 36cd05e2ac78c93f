// The open tail of the live render (createLiveRender, widget/markdown/markdown.ts) as it reaches
// the bubble: the previews of its fences (offered, drawn again, ended), an open fence that grows
// by its new text alone, and a new paint put where the old tail was.

import type { PreviewHandle, StartPreview } from '../registry/registry';

/** A fence of the live tail that was offered to a preview. */
export interface Previewed {
  type: string;
  /** What the preview last drew from. */
  source: string;
  /** The preview's container, or null: the fence shows as code. */
  el: HTMLElement | null;
  /** Null once the preview has ended; what it drew stays until the final render replaces it. */
  handle: PreviewHandle | null;
}

/**
 * An open fence at the start of the tail: its code element (null when a preview draws it), its
 * opening line, where its content starts in the text, how much of the text it shows, and whether
 * this path drew it yet (the lexer did first).
 */
export interface OpenFence {
  code: Element | null;
  block: Previewed | undefined;
  opener: string;
  from: number;
  shown: number;
  grown?: boolean;
}

export const endPreview = (block: Previewed) => {
  block.handle?.destroy();
  block.handle = null;
};

export const redrawPreview = (block: Previewed, source: string) => {
  if (!block.handle || block.source == source) return;
  block.source = source;
  // The preview stopped (it threw, or the text outgrew its limit): the fence is code from now on.
  if (!block.handle.update(source)) block.handle = block.el = null;
};

/** A fence of `type` offered to `preview` in a new container; without a preview that takes it, the fence shows as code. */
export function offerPreview(preview: StartPreview, type: string, source: string): Previewed {
  const block: Previewed = { type, source, el: null, handle: null };
  const el = document.createElement('div');
  el.className = 'bc-preview';
  el.setAttribute('data-type', type);
  const handle = preview(type, el, source);
  if (handle) {
    block.el = el;
    block.handle = handle;
  }
  return block;
}

/**
 * The content of an open fence from its lines after the opener, as marked reads it (the token's
 * `text`, as the final render and `mount` get it), so the live render need not lex it: without
 * the last newline, with as much leading whitespace taken off each line as a backtick opener had
 * before its backticks, and (marked's own rule) a newline added to content that is empty or ends
 * with one. Pure; its test pins it to the lexer.
 */
export function openFenceText(opener: string, body: string): string {
  if (!body) return body;
  const indent = /^(\s+)```/.exec(opener)?.[1]!.length;
  let text = body.endsWith('\n') ? body.slice(0, -1) : body;
  if (indent) text = text.replace(new RegExp(`^[^\\S\\n]{0,${indent}}`, 'gm'), '');
  return !text || text.endsWith('\n') ? text + '\n' : text;
}

/**
 * Draws the new end of `text` into the open `fence` without lexing, as text into its code block
 * or to its preview. False when it must be lexed again: a line that could close it arrived (the
 * lexer decides if one did), or its preview stopped and left no container (the fence becomes code).
 */
export function growFence(fence: OpenFence, text: string, prepare: (content: ParentNode) => void): boolean {
  if (/\n {0,3}(`{3,}|~{3,})[ \t]*(\n|$)/.test(text.slice(text.lastIndexOf('\n', fence.shown - 1)))) return false;
  const { code, block } = fence;
  if (code) {
    // Growing, only its end changes: the new text is appended and what was there stays (with
    // the colours `prepare` gave it), so a paint costs the new text, not the whole block. (Its
    // text is the fence's lines as they came, without the newline the lexer would add.)
    if (fence.grown) code.append(text.slice(fence.shown));
    else {
      // The first time, its text as this path draws it (the lexer's may differ in indentation),
      // put back plain: prepared again (coloured again), as a new block would be.
      code.textContent = text.slice(fence.from);
      code.removeAttribute('data-hl');
      fence.grown = true;
    }
    prepare(code.parentNode!);
  }
  else if (block) redrawPreview(block, openFenceText(fence.opener, text.slice(fence.from)));
  fence.shown = text.length;
  return !!(code || block?.el);
}

/**
 * Puts `fragments` at the end of `target`, where the old `tail` was: a mark's container (`stays`,
 * cleared here) is not moved, the rest goes around it. Returns the new nodes, the staying containers among them.
 */
export function placeTail(target: Element, tail: ChildNode[], stays: Map<ChildNode, HTMLElement>, fragments: DocumentFragment[]): ChildNode[][] {
  const kept = new Set(stays.values());
  for (const node of tail) if (!kept.has(node as HTMLElement)) node.remove();
  // What stays is at the end now, in document order, as its marks are in the paint.
  let last: ChildNode | null = kept.size ? [...kept][0]!.previousSibling : target.lastChild;
  const placed = fragments.map((fragment) =>
    [...fragment.childNodes].map((node) => {
      const el = stays.get(node);
      if (el) return (last = el);
      if (last) last.after(node);
      else target.prepend(node);
      return (last = node);
    }),
  );
  // A mark the new paint put deeper (the text took another shape): its container moves there.
  for (const [mark, el] of stays) if (target.contains(mark)) mark.replaceWith(el);
  stays.clear();
  return placed;
}
