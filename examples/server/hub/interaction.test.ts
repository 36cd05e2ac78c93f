import { describe, expect, it } from 'vitest';
import { checkBounds, nestsDeeperThan } from './interaction';

const wrap = (levels: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { k: value };
  return value;
};

describe('nestsDeeperThan', () => {
  it.each<[string, unknown, number, boolean]>([
    ['a scalar', 'text', 0, false],
    ['null', null, 0, false],
    ['an empty object at the limit', {}, 1, false],
    ['an empty object past it', {}, 0, true],
    ['objects and arrays, 8 levels, limit 8', wrap(8), 8, false],
    ['objects and arrays, 9 levels, limit 8', wrap(9), 8, true],
    ['a deep branch beside shallow ones', { a: 1, b: { c: 2 }, d: wrap(8) }, 8, true],
    ['100,000 levels, without recursing', wrap(100_000), 8, true],
  ])('%s', (_title, value, max, expected) => {
    expect(nestsDeeperThan(value, max)).toBe(expected);
  });
});

describe('checkBounds', () => {
  it('passes a form-sized response and names the limit it refuses', () => {
    expect(() => checkBounds({ type: 'bailing-form', values: { a: 'x'.repeat(1000) } })).not.toThrow();
    expect(() => checkBounds(wrap(9) as Record<string, unknown>)).toThrow('"interaction_response" is nested more than 8 levels deep.');
    expect(() => checkBounds({ a: 'x'.repeat(16 * 1024) })).toThrow('"interaction_response" is larger than 16384 bytes.');
  });
});
