// CSS from a diagram may not make the browser fetch anything: a load is a beacon that tells the
// attacker's server who read the answer, when, and from where. Checked on the decoded text
// (css-decode.ts), in both readings, so escapes and comments cannot spell a function past it. Pure.

import { decodeCss } from './css-decode';

/** Not part of a longer name: `getElement(` and `5url(` are not the functions (CSS reads one ident, or a number and its unit). */
const NAME_START = '(?:^|[^A-Za-z0-9_])';
const fn = (name: string) => new RegExp(NAME_START + name + '\\s*\\(', 'i');

/**
 * CSS that fetches. `url(` is allowed only for a fragment of this document (`url(#id)`,
 * `url("#id")`): Mermaid's own arrowheads, gradients and filters are drawn that way, and a
 * fragment never leaves the page. A vendor prefix (`-webkit-image-set(`) still matches, and so
 * does space before the bracket, though CSS allows none there.
 */
export const CSS_LOADS: readonly (readonly [name: string, pattern: RegExp])[] = Object.freeze([
  ['url()', new RegExp(NAME_START + 'url\\s*\\((?!\\s*[\'"]?#)', 'i')],
  // `image-set("https://…" 1x)` loads a string without url().
  ['image-set()', fn('image-set')],
  ['image()', fn('image')],
  ['cross-fade()', fn('cross-fade')],
  // `-moz-element(#id)` paints a live copy of another element of the page.
  ['element()', fn('element')],
  // CSS Values 5 `src("https://…")`: url() by another name.
  ['src()', fn('src')],
  ['@import', /@import/i],
]);

/** CSS that ran script in old IE and Firefox: refused in case a page still runs in such a mode. */
export const CSS_SCRIPT_HOOKS: readonly (readonly [name: string, pattern: RegExp])[] = Object.freeze([
  ['expression()', fn('expression')],
  ['-moz-binding', /-moz-binding/i],
  ['behavior', /behavior\s*:/i],
]);

const ALL = Object.freeze([...CSS_LOADS, ...CSS_SCRIPT_HOOKS]);

/**
 * The name of the first construct of `rules` in `css` (by default every one above), or null.
 * The text is decoded first (css-decode.ts), and read both with its comments removed and kept.
 */
export function cssLoader(css: string, rules: readonly (readonly [string, RegExp])[] = ALL): string | null {
  if (css === '') return null;
  const readings = [decodeCss(css, 'remove'), decodeCss(css, 'keep')];
  for (const [name, pattern] of rules) {
    if (readings.some((text) => pattern.test(text))) return name;
  }
  return null;
}
