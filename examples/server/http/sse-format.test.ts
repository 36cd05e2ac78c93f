// SSE framing and the Last-Event-ID a client resumes from.
import { describe, expect, it } from 'vitest';
import { formatSse, parseLastEventId } from './sse-format';

describe('SSE framing', () => {
  it('formats events with and without ids', () => {
    expect(formatSse({ id: 3, event: 'delta', data: '{"a":1}' })).toBe('id: 3\nevent: delta\ndata: {"a":1}\n\n');
    expect(formatSse({ event: 'ping', data: '{}' })).toBe('event: ping\ndata: {}\n\n');
  });

  it.each([
    [undefined, 0],
    ['12', 12],
    [' 7 ', 7],
    ['-1', 0],
    ['abc', 0],
    ['1e3', 0],
  ])('Last-Event-ID %j → %d', (value, seq) => {
    expect(parseLastEventId(value)).toBe(seq);
  });
});
