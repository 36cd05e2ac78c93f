import { describe, expect, it, vi } from 'vitest';
import { checkPayload, growingUtf8Length, previewPayload, utf8Length, withinBytes } from './payload';

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

describe('previewPayload: an unfinished block, as a preview gets it', () => {
  it.each([
    { title: 'nothing yet', source: '', payload: undefined },
    { title: 'only blanks', source: ' \n', payload: undefined },
    { title: 'an opened object', source: '{', payload: {} },
    { title: 'a key still being written', source: '{"ti', payload: {} },
    { title: 'a key without its value', source: '{"title":', payload: {} },
    { title: 'a string cut short', source: '{"title": "Ord', payload: { title: 'Ord' } },
    { title: 'a string cut inside an escape', source: '{"title": "a\\u00', payload: { title: 'a' } },
    { title: 'a string cut after a backslash', source: '{"title": "a\\', payload: { title: 'a' } },
    { title: 'escapes decoded as JSON.parse does', source: '{"title": "\\u2026\\"q\\"', payload: { title: '…"q"' } },
    { title: 'a number still being written is left out', source: '{"a": 1, "b": 12', payload: { a: 1 } },
    { title: 'a number ended by a comma is kept', source: '{"a": 1, "b": 12,', payload: { a: 1, b: 12 } },
    { title: 'a literal still being written is left out', source: '{"a": tr', payload: {} },
    { title: 'a finished literal is kept', source: '{"a": true, "b": nul', payload: { a: true } },
    { title: 'an array cut short', source: '[{"a": 1}, {"b": [1, 2', payload: [{ a: 1 }, { b: [1] }] },
    { title: 'a finished block', source: '{"a": [1, {"b": "c"}]}', payload: { a: [1, { b: 'c' }] } },
    { title: 'only a string so far: not a payload', source: '"a str', payload: undefined },
    { title: 'only a number: not a payload', source: '42', payload: undefined },
    { title: 'null: not a payload', source: 'null', payload: undefined },
    { title: 'a lone minus', source: '-', payload: undefined },
    { title: 'malformed after a good start: what came before', source: '{"a": 1, "b" 2, "c": 3}', payload: { a: 1 } },
    { title: 'NaN is not JSON: null, as JSON gives it', source: '{"a": NaN, "b": 1}', payload: { a: null, b: 1 } },
    // partial-json assigns keys: without the JSON round trip this would set the object's prototype.
    { title: 'a __proto__ key sets no prototype', source: '{"__proto__": {"polluted": 1}, "a": 1}', payload: { a: 1 } },
    { title: 'nesting too deep to read', source: '['.repeat(50_000), payload: undefined },
  ])('$title: $source', ({ source, payload }) => {
    const result = previewPayload(source, 'application/json');
    expect(result).toEqual(payload);
    if (payload) expect(Object.getPrototypeOf(result)).toBe(Array.isArray(payload) ? Array.prototype : Object.prototype);
    expect((result as { polluted?: unknown } | undefined)?.polluted).toBeUndefined();
  });

  it('text/plain gets the text so far', () => {
    expect(previewPayload('graph TD; A-->', 'text/plain')).toBe('graph TD; A-->');
  });
});

describe('withinBytes: the limit a preview stops at, as mount refuses past it', () => {
  it.each([
    { source: '', max: 1, within: true },
    { source: 'x'.repeat(10), max: 10, within: true },
    { source: 'x'.repeat(11), max: 10, within: false },
    { source: '€'.repeat(10), max: 30, within: true },
    { source: '€'.repeat(10), max: 29, within: false },
    { source: '😀', max: 4, within: true },
    { source: '😀', max: 3, within: false },
    { source: '\ud800', max: 3, within: true },
    { source: '\ud800', max: 2, within: false },
  ])('$source in $max bytes: $within', ({ source, max, within }) => {
    expect(withinBytes(source, max)).toBe(within);
    expect(checkPayload(source, text(max)).ok).toBe(within);
  });
});

describe('growingUtf8Length', () => {
  it.each([
    ['ASCII growing', ['', 'a', 'ab', 'abc']],
    ['multibyte growing', ['é', 'é€', 'é€😀', 'é€😀x']],
    ['a surrogate pair split across calls', ['a\ud83d', 'a\ud83d\ude00', 'a\ud83d\ude00\ud83d', 'a\ud83d\ude00\ud83d\ude00b']],
    ['a text that does not extend the last', ['abc€', 'xy', 'xy😀', '😀']],
    ['the same text again', ['a€', 'a€', 'a€b']],
    ['a longer text that does not extend the last', ['aaaa€', 'bbbb€x', 'bbbb€xy']],
  ])('%s: each call equals utf8Length', (_, texts) => {
    const length = growingUtf8Length();
    expect(texts.map(length)).toEqual(texts.map(utf8Length));
  });

  it('encodes only the appended text', () => {
    const length = growingUtf8Length();
    const encode = vi.spyOn(TextEncoder.prototype, 'encode');
    length('x'.repeat(10_000));
    length('x'.repeat(10_000) + 'yz');
    expect(encode.mock.calls.map(([t]) => t!.length)).toEqual([10_000, 2]);
    encode.mockRestore();
  });
});
