// CSS text as a browser's tokenizer reads it, so a check sees the letters the browser sees:
// `\75rl(`, `\000075rl(`, `\75 rl(` and `u\rl(` are all `url(` (CSS Syntax Level 3 §3.3
// preprocessing, §4.3.7 escapes). A filter that matches the written text misses every one. Pure.

const HEX_DIGIT = /^[0-9a-fA-F]$/;
const WHITESPACE = new Set(['\n', '\t', ' ']);
const REPLACEMENT = '\uFFFD';

/**
 * Decodes `css`:
 * - newlines are normalized first (CR LF, CR and FF are LF; NUL is U+FFFD), as the browser does
 *   before tokenizing, so `\75` + CR LF + `rl(` is `url(` and not `u` + LF + `rl(`;
 * - `\` + 1–6 hex digits + one optional whitespace → that code point (0, a surrogate or above
 *   U+10FFFF → U+FFFD);
 * - `\` + newline → nothing (a string's line continuation; elsewhere it is no escape, and joining
 *   the lines only finds more);
 * - `\` + any other character → that character; `\` at the end → U+FFFD;
 * - comments `/* … *\/` are removed (`u/**\/rl(` reads `url(`), unless `comments` is `'keep'`.
 *   Browsers do not join tokens across a comment, so removing them only finds more; keeping them
 *   is the other reading a check needs, as a comment scan that does not know strings can be made
 *   to swallow live text (`content:"/*"; … ; content:"*\/"`).
 */
export function decodeCss(css: string, comments: 'remove' | 'keep' = 'remove'): string {
  const text = css.replace(/\r\n?|\f/g, '\n').replace(/\0/g, REPLACEMENT);
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '*' && comments === 'remove') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
    } else if (c !== '\\') {
      out += c;
      i++;
    } else if (i + 1 >= text.length) {
      out += REPLACEMENT;
      i++;
    } else if (HEX_DIGIT.test(text[i + 1]!)) {
      let j = i + 1;
      while (j < text.length && j - i <= 6 && HEX_DIGIT.test(text[j]!)) j++;
      const code = parseInt(text.slice(i + 1, j), 16);
      out += code === 0 || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff ? REPLACEMENT : String.fromCodePoint(code);
      i = WHITESPACE.has(text[j]!) ? j + 1 : j;
    } else if (text[i + 1] === '\n') {
      i += 2;
    } else {
      // One code point, so an escaped astral character stays whole.
      const next = String.fromCodePoint(text.codePointAt(i + 1)!);
      out += next;
      i += 1 + next.length;
    }
  }
  return out;
}
