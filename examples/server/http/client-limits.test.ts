// Rate limits of `/thread` and the events stream, and the caps on open streams, over HTTP: the
// 429 (per client, with Retry-After) and 503 (server-wide) answers, and a closed stream's slot
// given back. The limiter cores are tested in tables in stream-slots.test.ts and rate-limit tests.
import { afterEach, describe, expect, it } from 'vitest';
import type { Agent } from '../agents/agent';
import type { RunningServer, StartServerOptions } from '../app';
import { CLIENT_LIMIT_ENV, DEFAULT_CLIENT_LIMITS } from './client-limits';
import { createJob, getJson, readStream, startTestServer, waitFor } from '../test-support';

const ENTRY = 'demo_assistant';

/** Answers only when the server shuts down: its streams stay open as long as the test needs. */
const holdingAgent: Agent = async (_input, sink, signal) => {
  sink.phase('model', 1);
  await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
};

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: StartServerOptions): Promise<RunningServer> {
  server = await startTestServer({ agent: holdingAgent, streamWindowMs: 30_000, ...options });
  return server;
}

const threadOf = (s: RunningServer, visitor: string) => getJson(`${s.url}/chat/${ENTRY}/thread?visitor_id=${visitor}`);
const eventsUrl = (s: RunningServer, job: { job_id: string; visitor_id: string }) => `${s.url}/chat/${ENTRY}/events/${job.job_id}?visitor_id=${job.visitor_id}`;

interface OpenStream {
  status: number;
  /** The JSON error of a refusal. */
  body?: unknown;
  retryAfter: string | null;
  /** Closes the connection (a visitor closing the tab). */
  close(): void;
  /** Settles when the connection has ended: `end` when the server ended it, `aborted` when closed here. */
  closed: Promise<'end' | 'aborted'>;
}

/** One request: a refusal's status and body, or an open stream once its `open` event arrived. */
async function openStream(url: string): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { Accept: 'text/event-stream' }, signal: controller.signal });
  const retryAfter = res.headers.get('retry-after');
  if (res.status !== 200) return { status: res.status, body: await res.json(), retryAfter, close: () => {}, closed: Promise.resolve('end') };
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('event: open')) {
    const chunk = await reader.read();
    if (chunk.done) throw new Error(`the stream ended before its open event: ${text}`);
    text += decoder.decode(chunk.value, { stream: true });
  }
  const closed = (async (): Promise<'end' | 'aborted'> => {
    try {
      while (!(await reader.read()).done);
      return 'end';
    } catch {
      return 'aborted';
    }
  })();
  return { status: 200, retryAfter, close: () => controller.abort(), closed };
}

/** What a refused request answered. */
async function refusal(url: string) {
  const { status, body, retryAfter } = await openStream(url);
  return { status, body, retryAfter };
}

describe('GET /chat/:entry/thread rate limits', () => {
  it('refuses a visitor past its per-minute limit with a 429 and Retry-After; another visitor goes on', async () => {
    const s = await start({ limits: { threadPerVisitorPerMinute: 2 } });
    expect((await threadOf(s, 'visitor_limit01')).status).toBe(200);
    expect((await threadOf(s, 'visitor_limit01')).status).toBe(200);
    const refused = await threadOf(s, 'visitor_limit01');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'The conversation is being reloaded too often. Please wait a moment and try again.', code: 'thread_rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await threadOf(s, 'visitor_limit02')).status).toBe(200);
  });

  it('refuses an address past its per-minute limit, whichever visitors it names', async () => {
    const s = await start({ limits: { threadPerIpPerMinute: 3 } });
    for (const visitor of ['visitor_ip_0001', 'visitor_ip_0002', 'visitor_ip_0003']) expect((await threadOf(s, visitor)).status).toBe(200);
    const refused = await threadOf(s, 'visitor_ip_0004');
    expect(refused).toMatchObject({ status: 429, body: { code: 'thread_rate_limited' } });
    expect(refused.headers.get('retry-after')).toBe('20');
  });
});

describe('GET /chat/:entry/events/:job_id limits', () => {
  it('rate-limits reconnects per visitor (the job’s owner) and per address', async () => {
    const s = await start({ limits: { eventsPerVisitorPerMinute: 2, eventsPerIpPerMinute: 4 } });
    const a = await createJob(s.url, { message: 'hi', visitor_id: 'visitor_rate_a1' });
    const b = await createJob(s.url, { message: 'hi', visitor_id: 'visitor_rate_b1' });
    for (let i = 0; i < 2; i++) (await openStream(eventsUrl(s, a))).close();
    expect(await refusal(eventsUrl(s, a))).toMatchObject({
      status: 429,
      body: { error: 'The answer is being reconnected too often. Please wait a moment and try again.', code: 'stream_rate_limited' },
      retryAfter: '30',
    });
    // The refusal above was the address's fourth request; B's first is its fifth.
    (await openStream(eventsUrl(s, b))).close();
    expect(await refusal(eventsUrl(s, b))).toMatchObject({ status: 429, body: { code: 'stream_rate_limited' } });
  });

  it('caps the streams one visitor has open (429), and a closed stream frees its slot', async () => {
    const s = await start({ limits: { maxStreamsPerVisitor: 2 } });
    const job = await createJob(s.url, { message: 'hi', visitor_id: 'visitor_slots1' });
    const first = await openStream(eventsUrl(s, job));
    const second = await openStream(eventsUrl(s, job));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await refusal(eventsUrl(s, job))).toEqual({
      status: 429,
      body: { error: 'Too many answers are open at once in this chat. Close another chat tab or wait for an answer to finish.', code: 'too_many_streams_visitor' },
      retryAfter: '5',
    });
    // Another visitor is not affected.
    const other = await createJob(s.url, { message: 'hi', visitor_id: 'visitor_slots2' });
    const theirs = await openStream(eventsUrl(s, other));
    expect(theirs.status).toBe(200);

    first.close();
    expect(await first.closed).toBe('aborted');
    // The server frees the slot when it sees the connection close.
    const third = await waitFor(async () => {
      const attempt = await openStream(eventsUrl(s, job));
      return attempt.status === 200 ? attempt : undefined;
    });
    expect(third.status).toBe(200);
    for (const open of [second, third, theirs]) open.close();
  });

  it('caps the streams one address has open (429)', async () => {
    const s = await start({ limits: { maxStreamsPerIp: 2 } });
    const jobs = await Promise.all(['visitor_addr01', 'visitor_addr02', 'visitor_addr03'].map((v) => createJob(s.url, { message: 'hi', visitor_id: v })));
    const open = [await openStream(eventsUrl(s, jobs[0]!)), await openStream(eventsUrl(s, jobs[1]!))];
    expect(await refusal(eventsUrl(s, jobs[2]!))).toEqual({
      status: 429,
      body: { error: 'Too many chats are open from your network at once. Please wait a moment and try again.', code: 'too_many_streams_ip' },
      retryAfter: '5',
    });
    for (const o of open) o.close();
  });

  it('caps the streams of the whole server (503), and a stream that ends by itself gives its slot back', async () => {
    const s = await start({ limits: { maxStreams: 1 }, agent: undefined, deltaDelayMs: 0 });
    const done = await createJob(s.url, { message: 'hi', visitor_id: 'visitor_busy01' });
    // A finished job's stream ends at its `done`: one slot is enough for any number of them in turn.
    for (let i = 0; i < 3; i++) {
      const stream = await readStream(eventsUrl(s, done));
      expect(stream.events.at(-1)!.event).toBe('done');
    }
    // A stream held open takes the one slot: the next, of anyone, is a 503.
    const waiting = await createJob(s.url, { message: 'slow answer please', visitor_id: 'visitor_busy02' });
    const held = await openStream(eventsUrl(s, waiting));
    expect(held.status).toBe(200);
    expect(await refusal(eventsUrl(s, done))).toEqual({
      status: 503,
      body: { error: 'The chat is busy right now. Please try again in a moment.', code: 'server_busy' },
      retryAfter: '5',
    });
    held.close();
  });

  it('takes its caps from the environment (a load test raises them that way)', async () => {
    const name = CLIENT_LIMIT_ENV.maxStreamsPerVisitor;
    process.env[name] = '1';
    try {
      const s = await start({});
      const job = await createJob(s.url, { message: 'hi', visitor_id: 'visitor_env001' });
      const open = await openStream(eventsUrl(s, job));
      expect(await refusal(eventsUrl(s, job))).toMatchObject({ status: 429, body: { code: 'too_many_streams_visitor' } });
      open.close();
    } finally {
      delete process.env[name];
    }
  });
});

describe('the default limits', () => {
  it('leave room for a test suite from one address, and name their environment variables', () => {
    expect(DEFAULT_CLIENT_LIMITS).toEqual({
      postsPerIpPerMinute: 30,
      threadPerIpPerMinute: 600,
      threadPerVisitorPerMinute: 60,
      eventsPerIpPerMinute: 600,
      eventsPerVisitorPerMinute: 60,
      maxStreams: 500,
      maxStreamsPerIp: 50,
      maxStreamsPerVisitor: 8,
      maxUploads: 8,
      maxUploadsPerIp: 4,
    });
    expect(CLIENT_LIMIT_ENV).toEqual({
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
  });
});
