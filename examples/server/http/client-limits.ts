// Per-client limits of the routes a page calls without sending anything: the history (`/thread`)
// and the job stream (`/events`), rate-limited per address and per visitor, and open streams
// capped per visitor, per address and for the whole server. Past a client's limit the answer is a
// 429 with Retry-After; past the server's stream cap, a 503. The widget retries both on a stream
// (with backoff, honouring Retry-After) and then recovers the answer from `/thread`. Uploads being
// received are capped per address and in all (503 with Retry-After, before the body is read).
import { HttpError } from './http-error';
import {
  DEFAULT_EVENTS_RATE_PER_IP,
  DEFAULT_EVENTS_RATE_PER_VISITOR,
  DEFAULT_MAX_STREAMS,
  DEFAULT_MAX_STREAMS_PER_IP,
  DEFAULT_MAX_STREAMS_PER_VISITOR,
  DEFAULT_MAX_UPLOADS,
  DEFAULT_MAX_UPLOADS_PER_IP,
  DEFAULT_RATE_PER_MINUTE,
  DEFAULT_THREAD_RATE_PER_IP,
  DEFAULT_THREAD_RATE_PER_VISITOR,
  STREAM_SLOT_RETRY_AFTER_SECONDS,
  UPLOAD_BUSY_RETRY_AFTER_SECONDS,
} from '../settings/limits';
import { RateLimiter } from './rate-limit';
import { resolveWholeNumbers, wholeNumbersFromEnv } from '../settings/env-settings';
import { StreamSlots, type SlotScope } from './stream-slots';

export interface ClientLimitSettings {
  /** POST requests per address and minute (the create-job, rating and upload routes). */
  postsPerIpPerMinute: number;
  threadPerIpPerMinute: number;
  threadPerVisitorPerMinute: number;
  eventsPerIpPerMinute: number;
  eventsPerVisitorPerMinute: number;
  maxStreams: number;
  maxStreamsPerIp: number;
  maxStreamsPerVisitor: number;
  /** Uploads being received at once, in all. */
  maxUploads: number;
  /** Uploads being received at once from one address (client-address.ts). */
  maxUploadsPerIp: number;
}

export const DEFAULT_CLIENT_LIMITS: Readonly<ClientLimitSettings> = Object.freeze({
  postsPerIpPerMinute: DEFAULT_RATE_PER_MINUTE,
  threadPerIpPerMinute: DEFAULT_THREAD_RATE_PER_IP,
  threadPerVisitorPerMinute: DEFAULT_THREAD_RATE_PER_VISITOR,
  eventsPerIpPerMinute: DEFAULT_EVENTS_RATE_PER_IP,
  eventsPerVisitorPerMinute: DEFAULT_EVENTS_RATE_PER_VISITOR,
  maxStreams: DEFAULT_MAX_STREAMS,
  maxStreamsPerIp: DEFAULT_MAX_STREAMS_PER_IP,
  maxStreamsPerVisitor: DEFAULT_MAX_STREAMS_PER_VISITOR,
  maxUploads: DEFAULT_MAX_UPLOADS,
  maxUploadsPerIp: DEFAULT_MAX_UPLOADS_PER_IP,
});

/** The environment variable that overrides each setting (a load test runs many visitors from one address). */
export const CLIENT_LIMIT_ENV: Readonly<Record<keyof ClientLimitSettings, string>> = Object.freeze({
  postsPerIpPerMinute: 'BAILING_POST_RATE_PER_IP',
  threadPerIpPerMinute: 'BAILING_THREAD_RATE_PER_IP',
  threadPerVisitorPerMinute: 'BAILING_THREAD_RATE_PER_VISITOR',
  eventsPerIpPerMinute: 'BAILING_EVENTS_RATE_PER_IP',
  eventsPerVisitorPerMinute: 'BAILING_EVENTS_RATE_PER_VISITOR',
  maxStreams: 'BAILING_MAX_STREAMS',
  maxStreamsPerIp: 'BAILING_MAX_STREAMS_PER_IP',
  maxStreamsPerVisitor: 'BAILING_MAX_STREAMS_PER_VISITOR',
  maxUploads: 'BAILING_MAX_UPLOADS',
  maxUploadsPerIp: 'BAILING_MAX_UPLOADS_PER_IP',
});

/** The settings the environment sets; an empty variable is unset, anything but a whole number ≥ 1 is refused. */
export function clientLimitsFromEnv(env: Readonly<Record<string, string | undefined>>): Partial<ClientLimitSettings> {
  return wholeNumbersFromEnv(env, CLIENT_LIMIT_ENV);
}

/** Options first, then the environment, then the defaults. */
export function resolveClientLimits(
  options: Partial<ClientLimitSettings> | undefined,
  env: Readonly<Record<string, string | undefined>>,
): ClientLimitSettings {
  return resolveWholeNumbers(DEFAULT_CLIENT_LIMITS, CLIENT_LIMIT_ENV, options, env);
}

/** One visitor of one entry (visitor ids are only unique within an entry). */
export const visitorKey = (entry: string, visitorId: string): string => `${entry}\n${visitorId}`;

export type ReadingRoute = 'thread' | 'events';

const RATE_REFUSALS: Readonly<Record<ReadingRoute, { code: string; sentence: string }>> = {
  thread: { code: 'thread_rate_limited', sentence: 'The conversation is being reloaded too often. Please wait a moment and try again.' },
  events: { code: 'stream_rate_limited', sentence: 'The answer is being reconnected too often. Please wait a moment and try again.' },
};

const SLOT_REFUSALS: Readonly<Record<SlotScope, { status: number; code: string; sentence: string }>> = {
  visitor: {
    status: 429,
    code: 'too_many_streams_visitor',
    sentence: 'Too many answers are open at once in this chat. Close another chat tab or wait for an answer to finish.',
  },
  ip: { status: 429, code: 'too_many_streams_ip', sentence: 'Too many chats are open from your network at once. Please wait a moment and try again.' },
  // Not the client's doing: the server as a whole is full.
  server: { status: 503, code: 'server_busy', sentence: 'The chat is busy right now. Please try again in a moment.' },
};

const UPLOAD_REFUSALS: Readonly<Record<Exclude<SlotScope, 'visitor'>, { code: string; sentence: string }>> = {
  ip: { code: 'too_many_uploads_ip', sentence: 'Too many files are being sent from your network at once. Please wait for one to finish and try again.' },
  server: { code: 'uploads_busy', sentence: 'The chat is receiving many files right now. Please try again in a moment.' },
};

export class ClientLimits {
  private readonly perIp: Record<ReadingRoute, RateLimiter>;
  private readonly perVisitor: Record<ReadingRoute, RateLimiter>;
  private readonly slots: StreamSlots;
  private readonly uploads: StreamSlots;

  constructor(settings: ClientLimitSettings) {
    this.perIp = { thread: new RateLimiter(settings.threadPerIpPerMinute), events: new RateLimiter(settings.eventsPerIpPerMinute) };
    this.perVisitor = {
      thread: new RateLimiter(settings.threadPerVisitorPerMinute),
      events: new RateLimiter(settings.eventsPerVisitorPerMinute),
    };
    this.slots = new StreamSlots({ max: settings.maxStreams, perIp: settings.maxStreamsPerIp, perVisitor: settings.maxStreamsPerVisitor });
    this.uploads = new StreamSlots({ max: settings.maxUploads, perIp: settings.maxUploadsPerIp, perVisitor: Infinity });
  }

  /** Takes an upload slot of an address (client-address.ts); returns its release. Throws the 503. */
  openUpload(address: string): () => void {
    const decision = this.uploads.acquire(address);
    if (decision.ok) return decision.release;
    const { code, sentence } = UPLOAD_REFUSALS[decision.scope === 'server' ? 'server' : 'ip'];
    throw new HttpError(503, code, sentence, { 'Retry-After': String(UPLOAD_BUSY_RETRY_AFTER_SECONDS) });
  }

  /** Streams open now (for logs and tests). */
  openStreams(): number {
    return this.slots.count();
  }

  /** Counts a request of an address before anything else about it is looked at; throws the 429. */
  takeIp(route: ReadingRoute, ip: string, now: number): void {
    refuseUnlessOk(route, this.perIp[route].take(ip, now));
  }

  /** Counts a request of a visitor once it is known; throws the 429. */
  takeVisitor(route: ReadingRoute, visitor: string, now: number): void {
    refuseUnlessOk(route, this.perVisitor[route].take(visitor, now));
  }

  /** Takes a stream slot; returns its release. Throws the 429 (visitor, address) or 503 (server). */
  openStream(ip: string, visitor: string): () => void {
    const decision = this.slots.acquire(ip, visitor);
    if (decision.ok) return decision.release;
    const { status, code, sentence } = SLOT_REFUSALS[decision.scope];
    throw new HttpError(status, code, sentence, { 'Retry-After': String(STREAM_SLOT_RETRY_AFTER_SECONDS) });
  }
}

function refuseUnlessOk(route: ReadingRoute, decision: ReturnType<RateLimiter['take']>): void {
  if (decision.ok) return;
  const { code, sentence } = RATE_REFUSALS[route];
  throw new HttpError(429, code, sentence, { 'Retry-After': String(decision.retryAfterSeconds) });
}
