import { describe, expect, it } from 'vitest';
import { checkPayload, utf8Length } from './payload';

const json = (maxPayloadBytes: number) => ({ contentType: 'application/json' as const, maxPayloadBytes });
const text = (maxPayloadBytes: number) => ({ contentType: 'text/plain' as const, maxPayloadBytes });

describe('utf8Length', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['€', 3],
    ['😀', 4],
    ['\ud800', 3], // a lone surrogate is encoded as U+FFFD
  ])('%j is %i bytes', (input, bytes) => expect(utf8Length(input)).toBe(bytes));
});

describe('checkPayload', () => {
  it.each([
    { title: 'object', source: '{"a":1}', limits: json(100), payload: { a: 1 } },
    { title: 'array', source: '[1,2]', limits: json(100), payload: [1, 2] },
    { title: 'whitespace around JSON', source: ' \n{}\n', limits: json(100), payload: {} },
    { title: 'text/plain gets the source string', source: '42', limits: text(100), payload: '42' },
    { title: 'text/plain need not be JSON', source: 'graph TD; A-->B', limits: text(100), payload: 'graph TD; A-->B' },
    { title: 'exactly the limit in multibyte text', source: '€'.repeat(10), limits: text(30), payload: '€'.repeat(10) },
    { title: 'exactly the limit in JSON with multibyte text', source: '["€€€"]', limits: json(13), payload: ['€€€'] },
    { title: 'astral characters count 4 bytes', source: '["😀"]', limits: json(8), payload: ['😀'] },
  ])('accepts $title', ({ source, limits, payload }) => {
    expect(checkPayload(source, limits)).toEqual({ ok: true, payload });
  });

  it.each([
    { title: 'one byte over in multibyte text', source: '€'.repeat(10) + 'a', limits: text(30), reason: 'exceeds 30 bytes' },
    { title: 'one byte over in JSON', source: '["€€€" ]', limits: json(13), reason: 'exceeds 13 bytes' },
    { title: 'astral one byte over', source: '["😀"]', limits: json(7), reason: 'exceeds 7 bytes' },
    { title: 'more UTF-16 units than bytes allowed', source: 'x'.repeat(11), limits: text(10), reason: 'exceeds 10 bytes' },
    { title: 'invalid JSON', source: '{"a":', limits: json(100), reason: 'not valid JSON' },
    { title: 'empty JSON', source: '', limits: json(100), reason: 'not valid JSON' },
    { title: 'a number', source: '42', limits: json(100), reason: '(got number)' },
    { title: 'a string', source: '"x"', limits: json(100), reason: '(got string)' },
    { title: 'null', source: 'null', limits: json(100), reason: '(got null)' },
    { title: 'a boolean', source: 'true', limits: json(100), reason: '(got boolean)' },
  ])('rejects $title', ({ source, limits, reason }) => {
    const result = checkPayload(source, limits);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toContain(reason);
  });
});
