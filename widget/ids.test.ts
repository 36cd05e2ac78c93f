import { describe, expect, it } from 'vitest';
import { randomId } from './ids';

describe('randomId', () => {
  it('is the prefix and `length` URL-safe symbols', () => {
    expect(randomId('v_', 24)).toMatch(/^v_[A-Za-z0-9_-]{24}$/);
    expect(randomId('', 22)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('draws from all 64 symbols and does not repeat itself', () => {
    const ids = Array.from({ length: 200 }, () => randomId('', 32));
    expect(new Set(ids).size).toBe(200);
    expect(new Set(ids.join('')).size).toBe(64);
  });
});
