import { describe, expect, it } from 'vitest';
import { findMarkers, MAX_REFERENCES, readReferences } from './citations';

describe('readReferences', () => {
  const cases: { title: string; input: unknown; expected: unknown }[] = [
    { title: 'not an array', input: { seq: 1, title: 'x' }, expected: [] },
    { title: 'undefined', input: undefined, expected: [] },
    {
      title: 'the hub shape, sorted by seq',
      input: [
        { seq: 2, title: 'Billing', score: 0.71, snippet: 'Invoices are sent monthly.' },
        { seq: 1, title: 'Setup', score: 0.92, snippet: 'Install the agent.' },
      ],
      expected: [
        { seq: 1, title: 'Setup', score: 0.92, snippet: 'Install the agent.' },
        { seq: 2, title: 'Billing', score: 0.71, snippet: 'Invoices are sent monthly.' },
      ],
    },
    { title: 'a seq that is not a whole number in 1..999 is dropped', input: [{ seq: 0, title: 'a' }, { seq: 1.5, title: 'b' }, { seq: '3', title: 'c' }, { seq: 1000, title: 'd' }], expected: [] },
    { title: 'a repeated seq keeps the first', input: [{ seq: 1, title: 'first' }, { seq: 1, title: 'second' }], expected: [{ seq: 1, title: 'first' }] },
    { title: 'no title: the start of the snippet names it', input: [{ seq: 1, snippet: 'Only a snippet here' }], expected: [{ seq: 1, title: 'Only a snippet here', snippet: 'Only a snippet here' }] },
    { title: 'no title and no snippet: dropped', input: [{ seq: 1, title: '   ' }], expected: [] },
    { title: 'a non-finite or non-number score is left out', input: [{ seq: 1, title: 'a', score: 'high' }], expected: [{ seq: 1, title: 'a' }] },
    { title: 'control and bidi-override characters become spaces', input: [{ seq: 1, title: 'a\u202eb\u0000c' }], expected: [{ seq: 1, title: 'a b c' }] },
    { title: 'HTML stays text (rendered with textContent)', input: [{ seq: 1, title: '<img src=x onerror=alert(1)>' }], expected: [{ seq: 1, title: '<img src=x onerror=alert(1)>' }] },
    { title: 'non-objects are skipped', input: [null, 'x', [1], { seq: 2, title: 'ok' }], expected: [{ seq: 2, title: 'ok' }] },
  ];
  for (const { title, input, expected } of cases) it(title, () => expect(readReferences(input)).toEqual(expected));

  it(`keeps at most ${MAX_REFERENCES}`, () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ seq: i + 1, title: `t${i}` }));
    expect(readReferences(many)).toHaveLength(MAX_REFERENCES);
  });

  it('cuts long titles by code points', () => {
    const [ref] = readReferences([{ seq: 1, title: '😀'.repeat(300) }]);
    expect([...ref!.title]).toHaveLength(200);
  });
});

describe('findMarkers', () => {
  const seqs = new Set([1, 2, 12]);
  const cases: { title: string; text: string; expected: [number, number][] }[] = [
    { title: 'one marker', text: 'See [1].', expected: [[4, 1]] },
    { title: 'adjacent markers', text: 'Both[1][2]', expected: [[4, 1], [7, 2]] },
    { title: 'a number with no source stays text', text: 'Year [7] and [2024]', expected: [] },
    { title: 'two digits', text: 'x [12]', expected: [[2, 12]] },
    { title: 'not a marker: [1a], [ 1 ], [1,2]', text: '[1a] [ 1 ] [1,2]', expected: [] },
  ];
  for (const { title, text, expected } of cases) {
    it(title, () => expect(findMarkers(text, seqs).map((m) => [m.index, m.seq])).toEqual(expected));
  }
});
