// What a `sandbox` view shows while the model still writes it (DESIGN.md §8.3): the renderer's
// `preview`, a box of the view's `initialHeight` with the first of its `placeholderMessages` (the
// model writes those two fields first). It is in dist/widget.js itself (widget/builtins.ts), not in
// the view's module: it must show at once, and that module may be a fetch away.

import type { RendererPreviewContext } from '../../widget/types';

/** A view's height, in CSS pixels, when its props give no `initialHeight` (the frame starts at it too). */
export const DEFAULT_VIEW_HEIGHT = 240;
/** The placeholder's height bounds, in CSS pixels: `initialHeight` is the model's to choose. */
export const PLACEHOLDER_HEIGHT = Object.freeze({ min: 40, max: 1600 });
/**
 * How far into the block the placeholder still reads the props: the model writes its two fields
 * first, and past this the rest is the view's code, which would cost a parse of all of it per frame.
 */
export const PLACEHOLDER_READ_CHARS = 500;

/** The placeholder's height and line for the props parsed so far (anything: the model wrote them). Pure. */
export function placeholderOf(payload: unknown): { height: number; text: string } {
  const props = (payload ?? {}) as { initialHeight?: unknown; placeholderMessages?: unknown };
  const height = typeof props.initialHeight == 'number' ? props.initialHeight : DEFAULT_VIEW_HEIGHT;
  const first = Array.isArray(props.placeholderMessages) ? props.placeholderMessages[0] : undefined;
  return {
    height: Math.min(PLACEHOLDER_HEIGHT.max, Math.max(PLACEHOLDER_HEIGHT.min, height)),
    text: typeof first == 'string' ? first : '',
  };
}

/** Draws the placeholder, or brings the one drawn before up to date (same container each call). */
export function preview(context: RendererPreviewContext): void {
  const { container, source } = context;
  let box = container.firstElementChild as HTMLElement | null;
  if (box && source.length > PLACEHOLDER_READ_CHARS) return;
  // Read only now: the widget parses the payload when it is first read.
  const { height, text } = placeholderOf(context.payload);
  if (!box) {
    box = container.appendChild(document.createElement('div'));
    box.className = 'bc-wait';
  }
  // Only what changed: each write would cost the page a style and layout pass.
  if (box.style.height != height + 'px') box.style.height = height + 'px';
  // Text only: model text never becomes markup here.
  if (box.textContent != text) box.textContent = text;
}
