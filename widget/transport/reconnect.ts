// The SSE reconnect policy (DESIGN.md §4 "Reconnect rules"): pure, no timers, no I/O.
// sse.ts asks it how long to wait; tests drive it with a fixed `random`.

/** Smallest wait a server `retry:` or `Retry-After` may ask for: a hint of 0 must not become a busy loop. */
export const MIN_RETRY_MS = 250;
/** Largest wait a server hint may impose: past this a visitor thinks the widget hung. */
export const MAX_RETRY_MS = 30_000;
/**
 * Statuses worth asking again. 500 is included because the stream GET is idempotent and resumes
 * from `Last-Event-ID`: a hub restarting mid-answer answers 500/502/503 for a moment. Every retry
 * still spends the bounded budget, so this is never a blind retry.
 */
export const RETRYABLE_STATUSES: readonly number[] = [408, 429, 500, 502, 503, 504];

export interface ReconnectOptions {
  /** First backoff step. Default 500 ms. */
  baseDelayMs?: number;
  /** Cap of the exponential backoff (server hints may exceed it, up to {@link MAX_RETRY_MS}). Default 10 000 ms. */
  maxDelayMs?: number;
  /** Reconnects allowed without an event in between. Default 6. */
  maxAttempts?: number;
  /** Source of jitter in [0, 1). Default `Math.random`. */
  random?: () => number;
}

export interface ReconnectPolicy {
  /** Milliseconds to wait before the next reconnect, or `null` once the budget is spent. */
  nextDelay(): number | null;
  /** A server `retry:` (or `Retry-After`) hint: a floor for later delays, clamped to [MIN_RETRY_MS, MAX_RETRY_MS]. */
  honourRetry(ms: number): void;
  /** An event arrived: the connection works, so the attempt count starts again. */
  progress(): void;
  /** Reconnects spent since the last progress. */
  readonly attempts: number;
}

export function createReconnectPolicy({
  baseDelayMs = 500,
  maxDelayMs = 10_000,
  maxAttempts = 6,
  random = Math.random,
}: ReconnectOptions = {}): ReconnectPolicy {
  let attempts = 0;
  let floor = 0;
  return {
    get attempts() {
      return attempts;
    },
    nextDelay() {
      if (attempts >= maxAttempts) return null;
      const cap = Math.min(maxDelayMs, baseDelayMs * 2 ** attempts++);
      // Equal jitter: at least half the step, so delays still grow, while many widgets
      // dropped by one hub restart do not all come back in the same millisecond.
      return Math.max(floor, Math.round(cap / 2 + (random() * cap) / 2));
    },
    honourRetry(ms) {
      if (ms >= 0) floor = Math.min(MAX_RETRY_MS, Math.max(MIN_RETRY_MS, ms));
    },
    progress() {
      attempts = 0;
    },
  };
}

export type ResponseClass = 'ok' | 'fatal' | 'retryable';

/**
 * What to do with the stream GET's response. A 2xx that is not `text/event-stream` (a login page,
 * a proxy's error page) is fatal: asking again would get the same page.
 */
export function classifyResponse({ status, contentType }: { status: number; contentType?: string | null }): ResponseClass {
  if (status >= 200 && status < 300) return /^text\/event-stream\s*(;|$)/i.test(contentType ?? '') ? 'ok' : 'fatal';
  return RETRYABLE_STATUSES.includes(status) ? 'retryable' : 'fatal';
}

/** `Retry-After` (delta-seconds or an HTTP date, RFC 9110 §10.2.3) in milliseconds, or `null`. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  // An HTTP date always ends in GMT; anything else non-numeric (e.g. "-3") is not a Retry-After.
  const ms = /^\s*\d+\s*$/.test(value) ? Number(value) * 1000 : / GMT$/.test(value) ? Date.parse(value) - now : NaN;
  return Number.isFinite(ms) ? Math.max(0, ms) : null;
}
