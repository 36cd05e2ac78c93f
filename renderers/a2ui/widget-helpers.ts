// What the catalog's widgets share (widgets.ts): element ids, keeping a box's children in order,
// a value among options, text set only when it changed, and the accessible label the agent gave.

import { text } from './bindings';
import type { Ctx } from './view';

let ids = 0;
/** A unique id for an element of a widget (a label points at its input by it). */
export const newId = () => `a2-${++ids}`;

/** Puts `els` in `box` in order, moving only what is out of place (a focused element stays put). */
export function sync(box: Element, els: readonly Node[]) {
  let at: ChildNode | null = box.firstChild;
  for (const el of els) {
    if (el === at) at = at.nextSibling;
    else box.insertBefore(el, at);
  }
  while (at) {
    const next = at.nextSibling;
    at.remove();
    at = next;
  }
}

export const oneOf = <T extends string>(v: unknown, options: readonly T[], fallback: T): T => (options.includes(v as T) ? (v as T) : fallback);
export const setText = (el: Element, value: string) => el.textContent !== value && (el.textContent = value);
/** The accessible label (or description) the agent gave a component (`accessibility`), resolved. */
export const a11y = (ctx: Ctx, key: 'label' | 'description') => {
  const given = ctx.def.accessibility as Record<string, unknown> | undefined;
  return given && typeof given === 'object' ? text(ctx.resolve(given[key])) : '';
};
