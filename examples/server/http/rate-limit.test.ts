// The token bucket, driven by the clock it is handed.
import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

describe('RateLimiter', () => {
  it('allows a burst, then refills over time', () => {
    const limiter = new RateLimiter(2);
    expect(limiter.take('a', 0)).toEqual({ ok: true });
    expect(limiter.take('a', 0)).toEqual({ ok: true });
    expect(limiter.take('a', 0)).toEqual({ ok: false, retryAfterSeconds: 30 });
    expect(limiter.take('b', 0)).toEqual({ ok: true });
    expect(limiter.take('a', 30_000)).toEqual({ ok: true });
    expect(limiter.take('a', 30_000).ok).toBe(false);
  });
});
