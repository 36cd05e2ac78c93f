// What a `sandbox` view shows while the model still writes it (DESIGN.md §8.3): the renderer's
// `preview`, a box of the view's `initialHeight` with the first of its `placeholderMessages` (the
// model writes those two fields first). It is in dist/widget.js itself (widget/builtins.ts), not in
// the view's module: it must show at once, and that module may be a fetch away. Once the module
// is in, it draws the view itself as it is written (live-preview.ts).

import type { RendererPreviewContext } from '../../widget/types';
import { isPlaceholderLine } from './text';

/** A view's height, in CSS pixels, when its props give no `initialHeight` (the frame starts at it too). */
export const DEFAULT_VIEW_HEIGHT = 240;
/** The placeholder's height bounds, in CSS pixels: `initialHeight` is the model's to choose. */
export const PLACEHOLDER_HEIGHT = Object.freeze({ min: 40, max: 1600 });
/**
 * How far into the block the placeholder still reads the props: the model writes its two fields
 * first, and past this the rest is the view's code, which would cost a parse of all of it per frame.
 */
export const PLACEHOLDER_READ_CHARS = 500;

/**
 * The placeholder's height and line for the props parsed so far (anything: the model wrote them):
 * the first line only once it passes the props' own text checks (`isPlaceholderLine`). Pure.
 */
export function placeholderOf(payload: unknown): { height: number; text: string } {
  const props = (payload ?? {}) as { initialHeight?: unknown; placeholderMessages?: unknown };
  const height = typeof props.initialHeight == 'number' ? props.initialHeight : DEFAULT_VIEW_HEIGHT;
  const first = Array.isArray(props.placeholderMessages) ? props.placeholderMessages[0] : undefined;
  return {
    height: Math.min(PLACEHOLDER_HEIGHT.max, Math.max(PLACEHOLDER_HEIGHT.min, height)),
    text: isPlaceholderLine(first) ? first : '',
  };
}

/** A block's preview once the view's module is in (renderers/sandbox/live-preview.ts). */
export type ModulePreview = (context: RendererPreviewContext) => void;

/** By block (the registry hands every call of one block the same signal): the module's preview, and the call it must draw when it arrives. */
const blocks = new WeakMap<AbortSignal, { draw?: ModulePreview; last: RendererPreviewContext }>();

/**
 * The renderer's `preview`: the placeholder at once; with `load`, the view's module is fetched
 * (its mount needs it moments later anyway) and draws every call from then on, the last one first.
 */
export function preview(context: RendererPreviewContext, load?: () => Promise<ModulePreview>): void {
  const { container, source, signal } = context;
  if (load) {
    let block = blocks.get(signal);
    if (!block) {
      const started: { draw?: ModulePreview; last: RendererPreviewContext } = (block = { last: context });
      blocks.set(signal, started);
      // A module that cannot be had leaves the placeholder; the mount says why.
      load().then((draw) => signal.aborted || (started.draw = draw)(started.last), () => {});
    }
    block.last = context;
    if (block.draw) return block.draw(context);
  }
  if (container.firstElementChild && source.length > PLACEHOLDER_READ_CHARS) return;
  // Read only now: the widget parses the payload when it is first read.
  drawPlaceholder(container, placeholderOf(context.payload));
}

/** Draws the placeholder, or brings the one drawn before up to date (same container each call). */
export function drawPlaceholder(container: HTMLElement, { height, text }: { height: number; text: string }): void {
  let box = container.firstElementChild as HTMLElement | null;
  if (!box || box.className != 'bc-wait') {
    box = document.createElement('div');
    box.className = 'bc-wait';
    container.replaceChildren(box);
  }
  // Only what changed: each write would cost the page a style and layout pass.
  if (box.style.height != height + 'px') box.style.height = height + 'px';
  // Text only: model text never becomes markup here.
  if (box.textContent != text) box.textContent = text;
}
