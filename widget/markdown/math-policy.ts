// What a rendered formula may contain, as data. KaTeX builds MathML elements itself (no HTML is
// parsed); widget/markdown/math.ts then copies its tree through these lists into nodes of our own, so a
// KaTeX bug or an input we did not foresee still cannot put anything else into the answer. The
// markdown policy (markdown-policy.ts) still allows no `math` from the model's own text: only this
// path makes one.

const freeze = Object.freeze;

/** The MathML namespace: every element made here is in it. */
export const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';

/**
 * MathML elements KaTeX emits with `output: 'mathml'` and `trust: false`. Never `mglyph` (its
 * `src` loads an image: KaTeX makes one only for a trusted `\includegraphics`), never
 * `maction`/`semantics` annotations of other types (`annotation-xml` can hold HTML), never
 * anything with `href` (MathML Core links: KaTeX makes one only for a trusted `\href`).
 */
export const MATH_TAGS: ReadonlySet<string> = new Set([
  'math', 'semantics', 'annotation', 'mrow', 'mi', 'mn', 'mo', 'ms', 'mtext', 'mspace', 'mstyle',
  'mpadded', 'mphantom', 'menclose', 'mfrac', 'msqrt', 'mroot', 'msub', 'msup', 'msubsup',
  'mover', 'munder', 'munderover', 'mtable', 'mtr', 'mtd', 'mlabeledtr',
]);

/**
 * Presentation attributes KaTeX sets on them. Never `style` (CSS injection; KaTeX sets it only
 * for `\boldsymbol` shadows and `\fcolorbox` borders, which draw without it), `class`, `id`,
 * `href`, `src`, `on*`, `xlink:*`.
 */
export const MATH_ATTRIBUTES: ReadonlySet<string> = new Set([
  'display', 'displaystyle', 'scriptlevel', 'mathvariant', 'mathsize', 'mathcolor', 'mathbackground',
  'stretchy', 'fence', 'separator', 'lspace', 'rspace', 'minsize', 'maxsize', 'largeop', 'movablelimits',
  'symmetric', 'accent', 'accentunder', 'width', 'height', 'depth', 'voffset', 'linethickness', 'notation',
  'columnalign', 'rowalign', 'columnspacing', 'rowspacing', 'columnlines', 'rowlines', 'encoding', 'linebreak',
]);

/**
 * Every value kept is a keyword, a length, a colour or `application/x-tex`: no `(`, `:` or
 * quote, so no `url(…)`, no `javascript:`, nothing a value could smuggle.
 */
export const MATH_VALUE = /^[\w .#%+/-]{0,80}$/;

/**
 * KaTeX's own limits, so a formula cannot make the page spend or draw without bound:
 * user sizes (`\rule{500em}{500em}`) are capped at `maxSize` em, and macros expand at most
 * `maxExpand` times (`\def\a{\a\a}\a`).
 */
export const KATEX_LIMITS = freeze({ maxSize: 20, maxExpand: 500 });

/**
 * How far a formula's content may be moved up or down from where its line puts it, all the moves
 * of a path added up, in em of the answer's text. KaTeX draws `\raisebox` (and a raised `\rule`)
 * as `<mpadded voffset>`, which moves ink without moving the box: four nested `\raisebox{20em}`
 * (each within `maxSize`) drew a formula 1,230 px above its line, over other messages. A move past
 * this is cut back to it. (What still draws outside its line, `\smash`, `\rlap`, is clipped:
 * MATH_CSS in math.ts.)
 */
export const MAX_MATH_SHIFT_EM = 0.5;

/**
 * How large a formula's text may grow, all the sizes of a path multiplied. KaTeX writes `\Huge`
 * (the largest, 2.488) as `mathsize="2.488em"`, relative to the text around it, so nested ones
 * compound (`\Huge{\Huge{\Huge{\Huge W}}}` is 38 times the text, wider than the message). A size
 * past this is cut back to it.
 */
export const MAX_MATH_SCALE = 2.5;

/**
 * What one of each unit KaTeX writes a length in is worth in em (CSS units at 16 px to the em,
 * `ex` as about half an em). A length in any other unit (`bp`, `dd`, `mu`, `%`) draws nothing in
 * a browser; its attribute is dropped.
 */
export const LENGTH_EM: Readonly<Record<string, number>> = freeze({ em: 1, ex: 0.5, px: 1 / 16, pt: 1 / 12, pc: 1, in: 6, cm: 6 / 2.54, mm: 0.6 / 2.54 });
