import { describe, expect, test } from 'vitest';
import { Lexer, getDefaults, type Token } from 'marked';
import { MATH_EXTENSIONS, MAX_MATH_CHARS } from './math-syntax';

const OPTIONS = { ...getDefaults(), gfm: true, extensions: MATH_EXTENSIONS } as unknown as ReturnType<typeof getDefaults>;

/**
 * What the lexer found, as one line: `⟨tex⟩` an inline formula, `⟦tex⟧` a display one, `` `x` ``
 * a code span, `[code:x]` a code block, `|` between blocks, everything else its text.
 */
function found(text: string): string {
  const walk = (tokens: Token[]): string => tokens.map((t) => {
    const token = t as Token & { text?: string; display?: boolean; tokens?: Token[] };
    if (token.type == 'math') return token.display ? `⟦${token.text}⟧` : `⟨${token.text}⟩`;
    if (token.type == 'codespan') return `\`${token.text}\``;
    if (token.type == 'code') return `[code:${token.text}]`;
    if (token.type == 'space') return '';
    if (token.tokens) return walk(token.tokens);
    if (token.type == 'list') return walk((token as unknown as { items: Token[] }).items);
    return token.text ?? '';
  }).join('');
  return Lexer.lex(text, OPTIONS).map((block) => walk([block])).filter(Boolean).join('|');
}

describe('formulas in text', () => {
  test.each([
    // title, input, what the lexer finds
    ['inline $…$', 'Euler: $e^{i\\pi}+1=0$.', 'Euler: ⟨e^{i\\pi}+1=0⟩.'],
    ['one letter', 'let $x$ be', 'let ⟨x⟩ be'],
    ['inline \\(…\\)', 'so \\(a^2+b^2\\) holds', 'so ⟨a^2+b^2⟩ holds'],
    ['display $$…$$ on its own lines', 'Sum:\n$$\n\\sum_{k=1}^n k\n$$\nend', 'Sum:|⟦\\sum_{k=1}^n k⟧|end'],
    ['display \\[…\\] on its own lines', '\\[\n\\int_0^1 x\\,dx\n\\]', '⟦\\int_0^1 x\\,dx⟧'],
    ['display $$…$$ inside a line', 'then $$x=1$$ follows', 'then ⟦x=1⟧ follows'],
    ['underscores and stars are not emphasis inside', '$a_1 * b_2 * c_3$ and $x_i$', '⟨a_1 * b_2 * c_3⟩ and ⟨x_i⟩'],
    ['a TeX backslash escape is not a markdown escape', '$\\{x\\}$', '⟨\\{x\\}⟩'],
    ['an escaped dollar inside a formula', '$\\$5$', '⟨\\$5⟩'],
    ['currency: two prices', 'It costs $5 and $10 today.', 'It costs $5 and $10 today.'],
    ['currency: a closing $ followed by a digit', 'from $x to y$5', 'from $x to y$5'],
    ['currency: opening $ followed by a space', 'pay $ 5 or 6 $ now', 'pay $ 5 or 6 $ now'],
    ['currency: closing $ preceded by a space', 'was $5, now $', 'was $5, now $'],
    ['an escaped dollar is a dollar', 'a \\$x\\$ b', 'a $x$ b'],
    ['escaped dollars around a formula', '\\$ and $y$', '$ and ⟨y⟩'],
    ['a code span is never math', 'run `echo $HOME$` or `$x$`', 'run `echo $HOME$` or `$x$`'],
    ['a code block is never math', '```sh\necho $a$ $$b$$\n```', '[code:echo $a$ $$b$$]'],
    ['an indented code block is never math', '    $x$', '[code:$x$]'],
    ['a formula beside a code span', '`$a` then $b$', '`$a` then ⟨b⟩'],
    ['a blank line ends an inline formula', '$a\n\nb$', '$a|b$'],
    ['one newline does not', '$a\n+b$', '⟨a\n+b⟩'],
    ['an unclosed $$ is its source (still streaming)', 'so $$\\frac{1}{2', 'so $$\\frac{1}{2'],
    ['an unclosed $$ block is its source', '$$\n\\sum_k', '$$\n\\sum_k'],
    ['an unclosed $ is text', 'so $\\frac{a', 'so $\\frac{a'],
    ['empty $$ $$ is text', 'x $$ $$ y', 'x $$ $$ y'],
    ['\\[ without a closer is an escaped bracket', '\\[not a link', '[not a link'],
    ['in a list item', '- item $n^2$', 'item ⟨n^2⟩'],
    ['in a heading', '# About $\\pi$', 'About ⟨\\pi⟩'],
    ['two formulas in a line', '$a$ and $b$', '⟨a⟩ and ⟨b⟩'],
    ['a link after a formula still links', '$x$ [docs](https://example.com)', '⟨x⟩ docs'],
  ])('%s', (_title, input, expected) => {
    expect(found(input)).toBe(expected);
  });

  test('a formula over the limit stays text', () => {
    const long = 'x'.repeat(MAX_MATH_CHARS + 1);
    expect(found(`$${long}$`)).toBe(`$${long}$`);
    expect(found(`$${long.slice(1)}$`)).toBe(`⟨${long.slice(1)}⟩`);
  });

  test('a long text of dollars lexes in linear time (no catastrophic backtracking)', () => {
    const text = '$a '.repeat(20_000);
    const start = performance.now();
    found(text);
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
