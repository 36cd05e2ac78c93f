// Tiny DOM helpers shared by the UI modules. Text always goes in through textContent.

/** Creates an element; attributes that are `undefined` or `false` are left out, children that are `false`, `undefined` or empty too. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | undefined> = {},
  children: Array<Node | string | false | undefined> = [],
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child) el.append(child);
  return el;
}

const SVG = 'http://www.w3.org/2000/svg';
const ICON_ATTRS: [string, string][] = [['viewBox', '0 0 24 24'], ['fill', 'none'], ['stroke', 'currentColor'], ['stroke-width', '2'], ['stroke-linecap', 'round'], ['stroke-linejoin', 'round'], ['aria-hidden', 'true'], ['focusable', 'false']];

/**
 * One of our own icons (never model text): an `<svg>` with one path of `d`, made as elements, so
 * no HTML is parsed (innerHTML would be a Trusted Types sink). `fill`: a solid shape.
 */
export function icon(d: string, fill?: boolean): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  const path = document.createElementNS(SVG, 'path');
  for (const [name, value] of ICON_ATTRS) svg.setAttribute(name, value);
  path.setAttribute('d', d);
  if (fill) path.setAttribute('fill', 'currentColor'), path.setAttribute('stroke', 'none');
  svg.append(path);
  return svg;
}

export const ICONS = {
  chat: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z',
  close: 'M6 6l12 12M18 6L6 18',
  plus: 'M12 5v14M5 12h14',
  maximize: 'M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7',
  send: 'M5 12h14M13 6l6 6-6 6',
  /** Solid (`icon(ICONS.stop, true)`): a square with rounded corners. */
  stop: 'M8.5 7h7a1.5 1.5 0 0 1 1.5 1.5v7a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 7 15.5v-7A1.5 1.5 0 0 1 8.5 7z',
  clip: 'M21 11.5l-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l8.6-8.6a3.7 3.7 0 0 1 5.2 5.2l-8.6 8.6a1.8 1.8 0 0 1-2.6-2.6l7.9-7.9',
  file: 'M6 2h8l5 5v15H6zM14 2v5h5',
  tool: 'M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.6 2.6-2.4-.6-.6-2.4z',
} as const;
