// The formulas of answers: `math.js` beside widget.js, fetched the first time an answer may hold
// one, and only when the owner turned math on (`data-math="1"`, preload `math: true`). KaTeX draws
// each formula as MathML (MathML Core: Chromium 109+, Firefox and Safari draw it with the system's
// math font, no fonts or CSS of KaTeX's to fetch), and the tree it built goes through the
// allow-list of math-policy.ts into nodes of our own. The lexer extensions that find formulas in
// text come with it (math-syntax.ts).

import katex from 'katex';
import type { Tokens } from 'marked';
import { MATH_EXTENSIONS } from './math-syntax';
import { KATEX_LIMITS, LENGTH_EM, MATH_ATTRIBUTES, MATH_TAGS, MATH_VALUE, MATHML_NS, MAX_MATH_SCALE, MAX_MATH_SHIFT_EM } from './math-policy';
import { adoptStyles } from '../ui/adopt-styles';

export const extensions = MATH_EXTENSIONS;

const ERROR_COLOR = '#b3261e';

const OPTIONS = Object.freeze({
  ...KATEX_LIMITS,
  output: 'mathml' as const,
  // No `\href`, `\url`, `\includegraphics`, `\htmlClass`/`\htmlId`/`\htmlStyle`/`\htmlData`: with
  // trust off KaTeX shows them as their source, and makes no element that could load or link.
  trust: false,
  // A bad formula shows its source, marked as an error (below), instead of throwing.
  throwOnError: false,
  // No console warnings for what LaTeX would frown on but KaTeX draws anyway.
  strict: 'ignore' as const,
  // What KaTeX colours a command it refused (`\href` with trust off): our error colour, which the
  // dark theme turns lighter (MATH_CSS), so it reads on either background.
  errorColor: ERROR_COLOR,
});

/** Formulas drawn before, by mode and source: a streaming answer's tail is drawn again each frame. */
const MAX_CACHED = 200;
const cache = new Map<string, Node>();

/** A length as KaTeX writes it (`-3pt`, `0.25ex`), in em; NaN in a unit LENGTH_EM does not list. */
function inEm(value: string): number {
  const m = /^(-?[\d.]+)([a-z]+)$/.exec(value);
  return m && Object.hasOwn(LENGTH_EM, m[2]!) ? +m[1]! * LENGTH_EM[m[2]!]! : NaN;
}

const clamp = (value: number, max: number) => Math.max(-max, Math.min(max, value));

/**
 * `from` (KaTeX's tree) as nodes of our own: MathML elements and attributes of the allow-list,
 * text as text. Anything else goes, with all it holds. `shift` is how far its ancestors moved it
 * (in em of the answer's text) and `scale` the size they gave it: the sums of a path stay within
 * MAX_MATH_SHIFT_EM and MAX_MATH_SCALE, each value past them cut back.
 */
function copy(from: Node, shift = 0, scale = 1): Node | null {
  if (from.nodeType == 3) return document.createTextNode(from.nodeValue ?? '');
  const el = from as Element;
  if (from.nodeType != 1 || el.namespaceURI != MATHML_NS || !MATH_TAGS.has(el.localName)) return null;
  const to = document.createElementNS(MATHML_NS, el.localName);
  for (let { name, value } of el.attributes) {
    if (!MATH_ATTRIBUTES.has(name) || !MATH_VALUE.test(value)) continue;
    if (name == 'mathsize' || name == 'voffset') {
      const em = inEm(value);
      if (Number.isNaN(em)) continue;
      if (name == 'mathsize') {
        const next = Math.min(MAX_MATH_SCALE, scale * em);
        // Within the bound a value stays as written; past it, it is what is left of the bound.
        if (next != scale * em) value = `${+(next / scale).toFixed(4)}em`;
        scale = next;
      } else {
        // A move is in em of this element's text, which the sizes above made `scale` times the answer's.
        const next = clamp(shift + em * scale, MAX_MATH_SHIFT_EM);
        if (next != shift + em * scale) value = `${+((next - shift) / scale).toFixed(4)}em`;
        shift = next;
      }
    }
    to.setAttribute(name, value);
  }
  for (const child of el.childNodes) {
    const kept = copy(child, shift, scale);
    if (kept) to.append(kept);
  }
  return to;
}

/** The node of formula `tex`: its MathML in a `bc-math` span, or its source marked as an error. */
export function renderMath(tex: string, display: boolean): Node {
  const key = `${+display}${tex}`;
  let node = cache.get(key);
  if (!node) {
    const out = document.createElement('span');
    const drawn = document.createElement('span');
    let math: Node | null = null;
    let error = '';
    try {
      katex.render(tex, drawn, { ...OPTIONS, displayMode: display });
      const mathml = drawn.querySelector('math');
      math = mathml && copy(mathml);
      // KaTeX's error span: its message as our title (text only), its source as our text.
      error = drawn.querySelector('.katex-error')?.getAttribute('title') ?? '';
    } catch (e) {
      // Only misuse throws with throwOnError off (a page in quirks mode): the source, as an error too.
      error = String(e);
    }
    if (math && !error) {
      out.className = display ? 'bc-math bc-math-display' : 'bc-math';
      out.append(math);
    } else {
      out.className = 'bc-math-error';
      out.title = error.slice(0, 300) || 'ParseError';
      out.textContent = tex;
    }
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(key, (node = out));
  }
  return node.cloneNode(true);
}

/** The markdown builder's hook for a `math` token (math-syntax.ts). */
export const node = (token: Tokens.Generic): Node => renderMath(token.text, token.display);

/**
 * An inline formula is a box of its line, no wider than the answer, and what it draws is clipped
 * to that box: `\smash{\rule{1em}{20em}}` draws 20em above a box of no height, `\rlap` past the
 * message's edge, over other messages and the widget's own controls. The clip keeps 8 px around
 * the box (the bubble's padding: no further than its own message) for what normal formulas draw
 * just outside their box (an accent, an arrow's label); with `overflow: clip` the box keeps its
 * baseline, so the line is laid out as before. A display formula already scrolls within its block.
 */
export const MATH_CSS = `
.bc-math math { font-size: 1.1em; }
.bc-math:not(.bc-math-display) { display: inline-block; max-width: 100%; overflow: clip; overflow-clip-margin: 8px; }
.bc-math-display { display: block; overflow-x: auto; overflow-y: hidden; margin: 8px 0; }
.bc-math-error { font-family: var(--bailing-mono); font-size: .92em; color: ${ERROR_COLOR}; text-decoration: underline wavy; text-underline-offset: 3px; white-space: pre-wrap; }
.bc-root[data-mode="dark"] :is(.bc-math-error, .bc-math [mathcolor="${ERROR_COLOR}"]) { color: #ffb4ab; }
`;

/** The formulas' styles in the shadow root that holds `el` (once per root). */
export const adoptMathStyles = (el: Node): void => adoptStyles(el, MATH_CSS);
