import { describe, expect, it } from 'vitest';
import { CALCULATOR_VIEW } from '../../examples/server/demo-sandbox';
import { SANDBOX_PREVIEW_HEIGHT, sandboxPreview } from './preview';

describe('sandboxPreview: the placeholder of a block that is still streaming', () => {
  it.each([
    { title: 'nothing yet', input: '', expected: { height: SANDBOX_PREVIEW_HEIGHT, messages: [] } },
    { title: 'an open brace', input: '{', expected: { height: SANDBOX_PREVIEW_HEIGHT, messages: [] } },
    { title: 'a height still being written', input: '{"initialHeight": 3', expected: { height: SANDBOX_PREVIEW_HEIGHT, messages: [] } },
    { title: 'a whole height', input: '{"initialHeight": 320,', expected: { height: 320, messages: [] } },
    { title: 'a height before the closing brace', input: '{"initialHeight":320}', expected: { height: 320, messages: [] } },
    { title: 'a height clamped up', input: '{"initialHeight": 0,', expected: { height: 40, messages: [] } },
    { title: 'a height clamped down', input: '{"initialHeight": 99999,', expected: { height: 2000, messages: [] } },
    { title: 'a negative height is not read', input: '{"initialHeight": -5,', expected: { height: SANDBOX_PREVIEW_HEIGHT, messages: [] } },
    { title: 'a line still being written is left out', input: '{"initialHeight": 300, "placeholderMessages": ["Setting up", "Lay', expected: { height: 300, messages: ['Setting up'] } },
    { title: 'escapes in a line', input: '{"placeholderMessages": ["A \\"quoted\\" line \\u2026"', expected: { height: SANDBOX_PREVIEW_HEIGHT, messages: ['A "quoted" line …'] } },
    { title: 'a cut-off escape', input: '{"placeholderMessages": ["one", "two \\u20', expected: { height: SANDBOX_PREVIEW_HEIGHT, messages: ['one'] } },
    { title: 'pretty-printed, then later fields', input: '{\n  "initialHeight": 200,\n  "placeholderMessages": [\n    "a",\n    "b"\n  ],\n  "title": "T', expected: { height: 200, messages: ['a', 'b'] } },
    { title: 'at most 8 lines, blank ones skipped', input: `{"placeholderMessages": [${Array(10).fill('"x"').join(',')}, " "]}`, expected: { height: SANDBOX_PREVIEW_HEIGHT, messages: Array(8).fill('x') } },
    { title: 'a later field first: nothing more is read', input: '{"title": "T", "initialHeight": 300}', expected: { height: SANDBOX_PREVIEW_HEIGHT, messages: [] } },
    { title: 'not an object', input: '["initialHeight", 300]', expected: { height: SANDBOX_PREVIEW_HEIGHT, messages: [] } },
    { title: 'a non-string line stops the reading', input: '{"placeholderMessages": ["a", 3, "b"]', expected: { height: SANDBOX_PREVIEW_HEIGHT, messages: ['a'] } },
  ])('$title', ({ input, expected }) => {
    expect(sandboxPreview(input)).toEqual(expected);
  });

  it('reads every prefix of a real block without throwing, and the whole block as written', () => {
    const source = JSON.stringify(CALCULATOR_VIEW, null, 2);
    for (let i = 0; i <= source.length; i += 7) expect(() => sandboxPreview(source.slice(0, i))).not.toThrow();
    expect(sandboxPreview(source)).toEqual({ height: CALCULATOR_VIEW.initialHeight, messages: CALCULATOR_VIEW.placeholderMessages });
  });
});
