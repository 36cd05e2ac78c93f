import { describe, expect, it } from 'vitest';
import { decodeCss } from './css-decode';

describe('decodeCss', () => {
  // [what, CSS as written, as the tokenizer reads it (comments removed), with comments kept]
  const cases: [string, string, string, string][] = [
    ['plain text is unchanged', 'fill:#f96;stroke:#333', 'fill:#f96;stroke:#333', 'fill:#f96;stroke:#333'],
    ['a hex escape', '\\75rl(x)', 'url(x)', 'url(x)'],
    ['upper-case hex digits', '\\55RL(x)', 'URL(x)', 'URL(x)'],
    ['six hex digits', '\\000075rl(x)', 'url(x)', 'url(x)'],
    ['at most six digits: the seventh is text', '\\0000755', 'u5', 'u5'],
    ['one space after hex is part of the escape', '\\75 rl(x)', 'url(x)', 'url(x)'],
    ['only one space is', '\\75  rl(x)', 'u rl(x)', 'u rl(x)'],
    ['a tab after hex is part of it', '\\75\trl(x)', 'url(x)', 'url(x)'],
    ['CR LF after hex is one newline, part of it', '\\75\r\nrl(x)', 'url(x)', 'url(x)'],
    ['CR after hex', '\\75\rrl(x)', 'url(x)', 'url(x)'],
    ['form feed after hex', '\\75\frl(x)', 'url(x)', 'url(x)'],
    ['an escaped letter that is not hex', 'u\\rl(x)', 'url(x)', 'url(x)'],
    ['an escaped bracket', 'url\\(x)', 'url(x)', 'url(x)'],
    ['an escaped backslash stays one backslash', '\\\\75rl(', '\\75rl(', '\\75rl('],
    ['an escape in a property name', 'backgr\\6f und-image:x', 'background-image:x', 'background-image:x'],
    ['@import spelled with an escape', '@\\69mport "x"', '@import "x"', '@import "x"'],
    ['backslash-newline is a line continuation', 'ur\\\nl(x)', 'url(x)', 'url(x)'],
    ['NUL escape is U+FFFD', '\\0 x', '\uFFFDx', '\uFFFDx'],
    ['a surrogate escape is U+FFFD', '\\d800 x', '\uFFFDx', '\uFFFDx'],
    ['beyond U+10FFFF is U+FFFD', '\\110000 x', '\uFFFDx', '\uFFFDx'],
    ['an astral escape', '\\1F600 !', '\u{1F600}!', '\u{1F600}!'],
    ['an escaped astral character stays whole', '\\\u{1F600}', '\u{1F600}', '\u{1F600}'],
    ['a backslash at the end is U+FFFD', 'a\\', 'a\uFFFD', 'a\uFFFD'],
    ['a raw NUL is U+FFFD', 'a\u0000b', 'a\uFFFDb', 'a\uFFFDb'],
    ['a comment inside a name', 'u/**/rl(x)', 'url(x)', 'u/**/rl(x)'],
    ['a comment with text', 'a/* b */c', 'ac', 'a/* b */c'],
    ['an unclosed comment runs to the end', 'a/* b', 'a', 'a/* b'],
    ['an escaped slash does not open a comment', '\\/* x */', '/* x */', '/* x */'],
    ['escapes inside a string are decoded too', 'content:"\\75rl("', 'content:"url("', 'content:"url("'],
    ['a comment scan swallows text a string hides: the kept reading still has it', 'a:"/*";b:url(x);c:"*/"', 'a:""', 'a:"/*";b:url(x);c:"*/"'],
  ];
  it.each(cases)('%s', (_, css, removed, kept) => {
    expect(decodeCss(css)).toBe(removed);
    expect(decodeCss(css, 'keep')).toBe(kept);
  });

  it('decoding is done once: an escape that spells a backslash does not start another escape', () => {
    expect(decodeCss('\\5c 75rl(x)')).toBe('\\75rl(x)');
  });
});
