// Where an answer's text holds a formula, as marked lexer extensions (the math module adds them to
// the lexer, widget/markdown/markdown.ts `useMath`). A formula becomes one `math` token with its TeX source;
// everything else lexes as before. Pure: no DOM, no KaTeX.
//
// The rules are the usual ones (Pandoc's `tex_math_dollars`), so prices stay prices:
// - `$…$` inline: the opening `$` is followed by a non-space, the closing `$` is preceded by a
//   non-space and not followed by a digit (`$5 and $10` is text), and no blank line lies between;
// - `$$…$$` and `\[…\]` display, `\(…\)` inline;
// - `\$` is a dollar sign (marked's escape runs after these extensions, and none of them starts at
//   a backslash followed by `$`);
// - code spans and code blocks are never looked in: a fence is a block token before any inline
//   text is lexed, and a code span starting before a `$` is consumed before the `$` is reached.
// An unclosed `$$` or `\[` is its source as text (to the end of its paragraph), so a formula that
// is still streaming shows as what was written until it closes, and never as half a formula.

/** A formula as the lexer hands it to the DOM builder. */
export interface MathToken {
  type: 'math';
  raw: string;
  /** The TeX between the delimiters. */
  text: string;
  /** `$$…$$`, `\[…\]`: a block of its own; `$…$`, `\(…\)`: inline in its line. */
  display: boolean;
}

/** Longest formula rendered; a longer one stays text (a page must not spend long on one). */
export const MAX_MATH_CHARS = 4000;

const INLINE = [
  // `$$…$$` (also inside a line), then `\[…\]`, `\(…\)`, then `$…$` by the rules above.
  /^\$\$(?!\$)((?:\\[^]|[^\\$])+?)\$\$/,
  /^\\\[((?:\\(?!\])[^]|[^\\])+?)\\\]/,
  /^\\\(((?:\\(?!\))[^]|[^\\])+?)\\\)/,
  /^\$(?![\s$])((?:\\[^]|[^\\$\n]|\n(?![ \t]*\n))*?(?:\\[^]|[^\s\\$]))\$(?!\d)/,
];
/** A `$$` with no closer in what is left of its paragraph: text. (`\[` alone is an escaped `[`.) */
const UNCLOSED = /^\$\$[^]*/;
/** A display formula alone on its lines: no `$$` or `\]` inside, so it never reaches past its own closer. */
const BLOCK = /^ {0,3}(\$\$|\\\[)((?:\\(?!\])[^]|[^\\$]|\$(?!\$))*?)(\$\$|\\\])[ \t]*(?:\n+|$)/;

function formula(raw: string, text: string, display: boolean): MathToken | undefined {
  text = text.trim();
  return text && text.length <= MAX_MATH_CHARS ? { type: 'math', raw, text, display } : undefined;
}

/** `$$` closes `$$` and `\]` closes `\[`: the block pattern takes either, this checks the pair. */
function block(src: string): MathToken | undefined {
  const m = BLOCK.exec(src);
  if (!m || (m[1] == '$$') != (m[3] == '$$')) return undefined;
  return formula(m[0], m[2]!, true);
}

function inline(src: string): MathToken | { type: 'text'; raw: string; text: string } | undefined {
  for (let i = 0; i < INLINE.length; i++) {
    const m = INLINE[i]!.exec(src);
    if (m) return formula(m[0], m[1]!, i < 2) ?? { type: 'text', raw: m[0], text: m[0] };
  }
  const open = UNCLOSED.exec(src);
  return open ? { type: 'text', raw: open[0], text: open[0] } : undefined;
}

/** Where the next formula may start, so marked's text tokenizer stops there. */
const start = (src: string) => {
  const at = src.search(/\$|\\[([]/);
  return at < 0 ? undefined : at;
};

/** The extensions in the shape marked's lexer reads from its options (`Marked.use` builds the same). */
export const MATH_EXTENSIONS = Object.freeze({
  block: [block],
  inline: [inline],
  // A display formula's first line ends the paragraph above it.
  startBlock: [(src: string) => /\n {0,3}(?:\$\$|\\\[)/.exec(src)?.index],
  startInline: [start],
});
