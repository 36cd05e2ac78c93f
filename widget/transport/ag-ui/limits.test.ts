// The depth and size limits on what an agent hands the page, in tables.
import { describe, expect, it } from 'vitest';
import { deeperThan, MAX_JSON_DEPTH, MAX_STATE_CHARS, stateProblem } from './limits';

/** `n` arrays inside one another around `inner`. */
const nest = (n: number, inner: unknown = 1): unknown => {
  let v = inner;
  for (let i = 0; i < n; i++) v = [v];
  return v;
};
const nestObjects = (n: number): unknown => {
  let v: unknown = 'leaf';
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};

describe('deeperThan', () => {
  it.each([
    { title: 'a scalar has no depth', value: 'x', max: 0, deeper: false },
    { title: 'null has no depth', value: null, max: 0, deeper: false },
    { title: 'an empty object is one level', value: {}, max: 1, deeper: false },
    { title: 'an empty object is deeper than none', value: {}, max: 0, deeper: true },
    { title: 'arrays at the limit', value: nest(MAX_JSON_DEPTH), max: MAX_JSON_DEPTH, deeper: false },
    { title: 'arrays one past it', value: nest(MAX_JSON_DEPTH + 1), max: MAX_JSON_DEPTH, deeper: true },
    { title: 'objects one past it', value: nestObjects(MAX_JSON_DEPTH + 1), max: MAX_JSON_DEPTH, deeper: true },
    { title: 'the deep branch is found beside shallow ones', value: { a: 1, b: [1, 2], c: { d: nest(MAX_JSON_DEPTH) } }, max: MAX_JSON_DEPTH, deeper: true },
    { title: '20,000 levels: no stack overflow', value: JSON.parse('['.repeat(20_000) + ']'.repeat(20_000)), max: MAX_JSON_DEPTH, deeper: true },
  ])('$title', ({ value, max, deeper }) => {
    expect(deeperThan(value, max)).toBe(deeper);
  });
});

describe('stateProblem', () => {
  it.each([
    { title: 'a small state', state: { todos: [{ title: 'a', done: false }] }, problem: undefined },
    { title: 'no state', state: undefined, problem: undefined },
    { title: 'at the size limit', state: 'x'.repeat(MAX_STATE_CHARS - 2), problem: undefined },
    { title: 'past the size limit, named', state: 'x'.repeat(MAX_STATE_CHARS - 1), problem: `it is ${MAX_STATE_CHARS + 1} characters of JSON, more than ${MAX_STATE_CHARS} (MAX_STATE_CHARS)` },
    { title: 'at the depth limit', state: nestObjects(MAX_JSON_DEPTH), problem: undefined },
    { title: 'past the depth limit, named', state: nestObjects(MAX_JSON_DEPTH + 1), problem: `it nests deeper than ${MAX_JSON_DEPTH} levels (MAX_JSON_DEPTH)` },
    { title: '20,000 levels: named, not thrown', state: JSON.parse('{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000)), problem: `it nests deeper than ${MAX_JSON_DEPTH} levels (MAX_JSON_DEPTH)` },
  ])('$title', ({ state, problem }) => {
    expect(stateProblem(state)).toBe(problem);
  });
});
