import { describe, expect, test } from 'vitest';
import { fenceType, isClosedFence, languageClass } from './fences';

// `raw` as the lexer slices a fenced block: opener line, content, and the
// closing line when there is one.
const CLOSED_CASES: readonly { title: string; input: string; expected: boolean }[] = [
  { title: 'backticks closed by backticks', input: '```x\n{}\n```', expected: true },
  { title: 'with the newline after the closer', input: '```x\n{}\n```\n', expected: true },
  { title: 'tildes closed by tildes', input: '~~~x\n{}\n~~~', expected: true },
  { title: 'empty block', input: '```x\n```', expected: true },
  { title: 'closer longer than the opener', input: '```x\n{}\n`````', expected: true },
  { title: 'closer followed by spaces', input: '```x\n{}\n```   ', expected: true },
  { title: 'closer followed by a tab (CommonMark 0.31)', input: '```x\n{}\n```\t', expected: true },
  { title: 'closer indented 3 spaces', input: '```x\n{}\n   ```', expected: true },
  { title: 'opener indented 3 spaces', input: '   ```x\n{}\n```', expected: true },
  { title: 'backticks "closed" by tildes', input: '```x\n{}\n~~~', expected: false },
  { title: 'tildes "closed" by backticks', input: '~~~x\n{}\n```', expected: false },
  { title: 'closer shorter than the opener', input: '````x\n{}\n```', expected: false },
  { title: 'closer with an info string', input: '```x\n{}\n``` y', expected: false },
  { title: 'closer indented 4 spaces', input: '```x\n{}\n    ```', expected: false },
  { title: 'left open at the end', input: '```x\n{"a": 1', expected: false },
  { title: 'left open, content ends with a newline', input: '```x\n{}\n', expected: false },
  { title: 'opener alone', input: '```', expected: false },
  { title: 'opener alone with info', input: '```x', expected: false },
  { title: 'opener alone with its newline', input: '```\n', expected: false },
  { title: 'indented code that looks like a fence', input: '    ```x\n    {}\n    ```', expected: false },
  { title: 'two-backtick "fence"', input: '``x\n{}\n``', expected: false },
];

describe('isClosedFence', () => {
  test.each(CLOSED_CASES)('$title', ({ input, expected }) => {
    expect(isClosedFence(input)).toBe(expected);
  });
});

const TYPE_CASES: readonly { title: string; input: string | undefined; expected: string }[] = [
  { title: 'one word', input: 'bailing-chart', expected: 'bailing-chart' },
  { title: 'extra words', input: 'bailing-chart extra words', expected: 'bailing-chart' },
  { title: 'tab separated', input: 'bailing-form\tv1', expected: 'bailing-form' },
  { title: 'surrounding spaces', input: '  mermaid  ', expected: 'mermaid' },
  { title: 'no info string', input: undefined, expected: '' },
  { title: 'empty info string', input: '', expected: '' },
  { title: 'case is kept (types are matched exactly)', input: 'Bailing-Chart', expected: 'Bailing-Chart' },
];

describe('fenceType', () => {
  test.each(TYPE_CASES)('$title', ({ input, expected }) => {
    expect(fenceType(input)).toBe(expected);
  });
});

const LANGUAGE_CASES: readonly { title: string; input: string | undefined; expected: string }[] = [
  { title: 'plain', input: 'ts', expected: 'ts' },
  { title: 'lower-cased', input: 'JavaScript', expected: 'javascript' },
  { title: 'keeps + - _ and digits', input: 'c++ x', expected: 'c++' },
  { title: 'objective_c-2', input: 'objective_c-2', expected: 'objective_c-2' },
  { title: 'quote and markup stripped', input: 'x"><img', expected: 'ximg' },
  { title: 'a UI class cannot be formed', input: 'x bc-rich', expected: 'x' },
  { title: 'dots and slashes stripped', input: 'foo.bar/baz', expected: 'foobarbaz' },
  { title: 'non-ASCII stripped', input: 'JSÖN', expected: 'jsn' },
  { title: 'cut at 32 characters', input: 'a'.repeat(40), expected: 'a'.repeat(32) },
  { title: 'nothing left', input: '"<>', expected: '' },
  { title: 'no info string', input: undefined, expected: '' },
];

describe('languageClass', () => {
  test.each(LANGUAGE_CASES)('$title', ({ input, expected }) => {
    expect(languageClass(input)).toBe(expected);
  });
});
