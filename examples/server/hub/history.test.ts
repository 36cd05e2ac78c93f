// The times of the `/thread` items, as the hub writes them.
import { describe, expect, it } from 'vitest';
import { isoSeconds } from './history';

describe('history times', () => {
  it.each<[number, string]>([
    [Date.UTC(2026, 11, 1, 9, 30, 0, 999), '2026-12-01T09:30:00Z'],
    [Date.UTC(2026, 11, 1, 9, 30, 1, 0), '2026-12-01T09:30:01Z'],
    [0, '1970-01-01T00:00:00Z'],
  ])('%d → %s (ISO, whole seconds, as the hub sends them)', (ms, iso) => {
    expect(isoSeconds(ms)).toBe(iso);
    expect(Date.parse(iso)).toBe(Math.floor(ms / 1000) * 1000);
  });
});
