import { describe, expect, it } from 'vitest';
import { SLICE_CHARS, SLICE_ROWS, sliceStart } from './thread-slices';

/** A thread from a pattern: `u` a visitor's row, `a` an answer, each `size` characters long. */
const thread = (pattern: string, size = 10) => [...pattern].map((r) => ({ r, t: 'x'.repeat(size) }));
/** `n` turns of a question and its answer. */
const turns = (n: number, size?: number) => thread('ua'.repeat(n), size);
const rows = SLICE_ROWS;

describe('sliceStart', () => {
  it.each([
    { title: 'a short thread is one slice', items: turns(2), end: 4, start: 0 },
    { title: 'an empty thread', items: thread(''), end: 0, start: 0 },
    { title: 'the newest rows, up to the row limit', items: turns(rows), end: 2 * rows, start: rows },
    { title: 'the row limit falls on an answer: back to its question', items: thread(`${'ua'.repeat(rows)}u`), end: 2 * rows + 1, start: rows },
    { title: 'the characters reached first', items: turns(8, SLICE_CHARS / 4), end: 16, start: 12 },
    { title: 'characters just under the limit take another row', items: turns(8, SLICE_CHARS / 4 - 1), end: 16, start: 10 },
    { title: 'one row longer than the limit is still a slice, with its question', items: turns(2, SLICE_CHARS * 4), end: 4, start: 2 },
    { title: 'a slice below an earlier one ends where that one began', items: turns(rows), end: rows, start: 0 },
    { title: 'several answers to one question stay with it', items: thread(`ua${'a'.repeat(rows)}`), end: rows + 2, start: 0 },
    { title: 'a thread that begins with answers (a kept copy cut short): to its start', items: thread(`aa${'ua'.repeat(rows / 2)}`), end: rows + 1, start: 0 },
    { title: 'no visitor row before: the start', items: thread('a'.repeat(rows + 4)), end: rows + 4, start: 0 },
  ])('$title', ({ items, end, start }) => {
    expect(sliceStart(items, end)).toBe(start);
  });
});
