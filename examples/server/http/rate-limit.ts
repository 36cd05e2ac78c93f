// Token bucket per client: `perMinute` requests in a burst, refilled continuously. Pure apart
// from the clock it is handed, so tests can drive it without waiting.
import { RATE_LIMIT_MAX_TRACKED_CLIENTS } from '../settings/limits';

interface Bucket {
  tokens: number;
  at: number;
}

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(private readonly perMinute: number) {
    this.perMs = perMinute / 60_000;
  }

  take(client: string, now: number): RateDecision {
    const bucket = this.refill(client, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    const waitMs = (1 - bucket.tokens) / this.perMs;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  private refill(client: string, now: number): Bucket {
    let bucket = this.buckets.get(client);
    if (!bucket) {
      if (this.buckets.size >= RATE_LIMIT_MAX_TRACKED_CLIENTS) this.forgetIdle(now);
      bucket = { tokens: this.perMinute, at: now };
      this.buckets.set(client, bucket);
      return bucket;
    }
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    return bucket;
  }

  /** A full bucket holds nothing worth remembering. */
  private forgetIdle(now: number): void {
    for (const [client, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * this.perMs >= this.perMinute) this.buckets.delete(client);
    }
  }
}
