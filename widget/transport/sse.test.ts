import { describe, expect, it, vi } from 'vitest';
import { initialTurn, reduceTurn, type TurnState } from './bailing-stream';
import { parseStreamEvent } from './bailing';
import { fakeBody, fakeFetch, fakeResponse, RECORDED_STREAM, seeded, sse } from './fixtures/fake-fetch';
import { MAX_RETRY_MS } from './reconnect';
import { MAX_EVENT_CHARS, readEventStream, streamJob, type StreamEnd, type StreamJobOptions } from './sse';

const URL_ = 'https://hub.example.com/chat/store_assistant/events/job_7f3a';

interface Seen {
  name: string;
  data: string;
  id?: string;
}

interface Run {
  end: StreamEnd;
  events: Seen[];
  /** Turn state just before the terminal event: what the stream itself produced. */
  provisional: TurnState;
  final: TurnState;
  delays: number[];
}

/** Runs streamJob and pipes every event through parseStreamEvent + reduceTurn, as the widget does. */
async function run(fetch: typeof globalThis.fetch, extra: Partial<StreamJobOptions> = {}): Promise<Run> {
  const events: Seen[] = [];
  const delays: number[] = [];
  let turn = initialTurn('job_7f3a');
  let provisional = turn;
  const end = await streamJob({
    url: URL_,
    signal: new AbortController().signal,
    fetch,
    sleep: async (ms) => void delays.push(ms),
    policy: { random: () => 1 },
    onEvent(name, data, id) {
      events.push(id === undefined ? { name, data } : { name, data, id });
      const parsed = parseStreamEvent(name, data);
      if (!parsed.ok) throw new Error(parsed.error);
      if (name === 'done' || name === 'failed' || name === 'timeout') provisional = turn;
      turn = reduceTurn(turn, parsed.event);
    },
    ...extra,
  });
  return { end, events, provisional, final: turn, delays };
}

const bytes = (s: string) => new TextEncoder().encode(s);
const BOM = Uint8Array.of(0xef, 0xbb, 0xbf);
const concat = (a: Uint8Array, b: Uint8Array) => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};
/** `whole` cut at the given byte offsets. */
const cut = (whole: Uint8Array, at: readonly number[]) =>
  [0, ...at, whole.length].slice(1).map((end, i, ends) => whole.subarray(i ? ends[i - 1] : 0, end));

const OPEN = 'event: open\ndata: {"ok":true,"job_id":"job_7f3a","status":"running"}\n\n';
const PROVISIONAL = 'héllo 世界 🎉\n\n| a | b |\n|---|---|\n| 1 | 2 | — done 👍🏽';

describe('framing of the recorded stream', () => {
  const LF = bytes(RECORDED_STREAM);
  const CRLF = bytes(RECORDED_STREAM.replace(/\n/g, '\r\n'));
  const variants = { LF, CRLF, 'BOM + LF': concat(BOM, LF), 'BOM + CRLF': concat(BOM, CRLF) };

  it('gives the expected events in one chunk', async () => {
    const r = await run(fakeFetch([sse([LF])]));
    expect(r.end).toEqual({ kind: 'terminal', event: 'done' });
    expect(r.events.map((e) => `${e.name}${e.id ? `#${e.id}` : ''}`)).toEqual([
      'open', 'status', 'phase#1', 'delta#2', 'reset#3', 'phase#4', 'ping',
      'phase#5', 'delta#6', 'delta#7', 'delta#8', 'delta#9', 'done',
    ]);
    // The two data: lines of event 8 are joined with "\n" (still valid JSON).
    expect(r.events[10]!.data).toContain('"seq":8,\n"ts"');
    expect(r.provisional).toMatchObject({ text: PROVISIONAL, lastSeq: 9, round: 2, resets: 1, phase: 'model', status: 'running' });
    expect(r.final).toMatchObject({ status: 'done', text: PROVISIONAL, reply: PROVISIONAL });
    expect(r.delays).toEqual([]);
  });

  it('the fixture really splits multibyte characters and CRLF pairs', () => {
    // Guards the premise of the tests below: cutting at every byte must hit the inside of a
    // 4-byte emoji, a 3-byte CJK character and a CR LF pair.
    const emoji = LF.indexOf(0xf0);
    expect(emoji).toBeGreaterThan(0);
    expect(LF[emoji + 1]! & 0xc0).toBe(0x80);
    expect(CRLF.some((b, i) => b === 13 && CRLF[i + 1] === 10)).toBe(true);
  });

  const reference = run(fakeFetch([sse([LF])]));

  for (const [title, whole] of Object.entries(variants)) {
    it(`${title}: the same events at every two-chunk cut (${whole.length + 1} cuts)`, async () => {
      const { events } = await reference;
      for (let i = 0; i <= whole.length; i++) {
        const r = await run(fakeFetch([sse(cut(whole, [i]))]));
        if (JSON.stringify(r.events) !== JSON.stringify(events) || r.provisional.text !== PROVISIONAL) {
          expect.fail(`cut at byte ${i}: ${JSON.stringify(r.events.map((e) => e.name))} / ${JSON.stringify(r.provisional.text)}`);
        }
        expect(r.end).toEqual({ kind: 'terminal', event: 'done' });
        expect(r.final.text).toBe(PROVISIONAL);
      }
    });

    it(`${title}: the same events under random multi-cut splits`, async () => {
      const { events } = await reference;
      const random = seeded(title.length * 7919);
      for (let n = 0; n < 150; n++) {
        const at = Array.from({ length: 1 + Math.floor(random() * 40) }, () => Math.floor(random() * whole.length));
        at.sort((a, b) => a - b);
        const r = await run(fakeFetch([sse(cut(whole, at))]));
        expect(r.events, `cuts ${at.join(',')}`).toEqual(events);
        expect(r.provisional.text).toBe(PROVISIONAL);
      }
    });
  }

  it('one byte per chunk', async () => {
    const whole = variants['BOM + CRLF'];
    const r = await run(fakeFetch([sse(Array.from(whole, (b) => Uint8Array.of(b)))]));
    expect(r.events).toEqual((await reference).events);
  });
});

describe('one connection', () => {
  it('sends the stream request the hub expects', async () => {
    const f = fakeFetch([sse(['event: done\ndata: {"job_id":"j","reply":"ok"}\n\n'])]);
    const controller = new AbortController();
    await streamJob({ url: URL_, signal: controller.signal, fetch: f, onEvent() {} });
    expect(f.calls).toHaveLength(1);
    const [call] = f.calls;
    expect(call!.url).toBe(URL_);
    expect(call!.headers).toEqual({ accept: 'text/event-stream' }); // no Last-Event-ID yet
    expect(call!.init).toMatchObject({ cache: 'no-store', credentials: 'omit', signal: controller.signal });
    expect(call!.init.method ?? 'GET').toBe('GET');
  });

  it('resumes from a given lastEventId', async () => {
    const f = fakeFetch([sse(['event: timeout\ndata: {"done":false}\n\n'])]);
    await streamJob({ url: URL_, signal: new AbortController().signal, fetch: f, lastEventId: '41', onEvent() {} });
    expect(f.calls[0]!.headers['last-event-id']).toBe('41');
  });

  it.each(['done', 'failed', 'timeout'] as const)('stops at %s: closes the body, delivers nothing after it', async (terminal) => {
    const res = sse([`data: hi\n\nevent: ${terminal}\ndata: {}\n\nevent: ping\ndata: {}\n\n`], { hang: true });
    const seen: string[] = [];
    const end = await streamJob({ url: URL_, signal: new AbortController().signal, fetch: fakeFetch([res]), onEvent: (n) => seen.push(n) });
    expect(end).toEqual({ kind: 'terminal', event: terminal });
    expect(seen).toEqual(['message', terminal]);
    expect(res.fake.cancelled).toBe(true);
  });

  it('rejects when onEvent throws, without reconnecting', async () => {
    const f = fakeFetch([sse(['event: open\ndata: {}\n\n'])]);
    const p = streamJob({
      url: URL_,
      signal: new AbortController().signal,
      fetch: f,
      onEvent() {
        throw new Error('caller bug');
      },
    });
    await expect(p).rejects.toThrow('caller bug');
    expect(f.calls).toHaveLength(1);
  });
});

describe('reconnect', () => {
  const delta = (seq: number, text: string) =>
    `id: ${seq}\nevent: delta\ndata: ${JSON.stringify({ seq, text, ts: '2026-07-20T08:00:00Z', round: 1 })}\n\n`;
  const done = (reply: string) => `event: done\ndata: ${JSON.stringify({ done: true, job_id: 'job_7f3a', reply })}\n\n`;

  it('resumes with Last-Event-ID after the stream ends mid-answer; replayed seqs are dropped once', async () => {
    const first = sse([OPEN, delta(1, 'Hel'), delta(2, 'lo'), 'id: 3\nevent: delta\ndata: {"seq":3,"te']); // cut mid-event
    // A server replaying from before the cursor: seqs 1 and 2 arrive again.
    const second = sse([OPEN, delta(1, 'Hel'), delta(2, 'lo'), delta(3, ' wor'), delta(4, 'ld'), done('Hello world')]);
    const f = fakeFetch([first, second]);
    const attempts: number[] = [];
    const r = await run(f, { onOpenAttempt: (n) => attempts.push(n) });
    expect(r.end).toEqual({ kind: 'terminal', event: 'done' });
    expect(f.calls.map((c) => c.headers['last-event-id'])).toEqual([undefined, '2']);
    expect(attempts).toEqual([0, 1]);
    expect(r.delays).toEqual([500]);
    expect(r.provisional.text).toBe('Hello world');
    expect(r.final).toMatchObject({ status: 'done', text: 'Hello world', lastSeq: 4 });
  });

  it('backs off after network errors: delays grow, are capped, then the budget runs out', async () => {
    const f = fakeFetch(Array.from({ length: 9 }, () => new TypeError('Failed to fetch')));
    const r = await run(f, { policy: { maxAttempts: 8, random: () => 1 } });
    expect(r.delays).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
    expect(f.calls).toHaveLength(9);
    expect(r.end.kind).toBe('exhausted');
    expect(r.end.kind === 'exhausted' && r.end.lastError.message).toBe('Failed to fetch');
  });

  it('uses jitter from the injected random source', async () => {
    const f = fakeFetch([new TypeError('x'), new TypeError('x'), sse([done('ok')])]);
    const r = await run(f, { policy: { random: () => 0 } });
    expect(r.delays).toEqual([250, 500]);
    expect(r.end).toEqual({ kind: 'terminal', event: 'done' });
  });

  it('an event restarts the backoff', async () => {
    const f = fakeFetch([new TypeError('x'), new TypeError('x'), sse([OPEN]), new TypeError('x'), sse([done('ok')])]);
    const r = await run(f);
    expect(r.delays).toEqual([500, 1000, 500, 1000]);
  });

  it('honours retry: but clamps it', async () => {
    const f = fakeFetch([sse(['retry: 99999999\n\n', OPEN]), sse([done('ok')])]);
    const r = await run(f);
    expect(r.delays).toEqual([MAX_RETRY_MS]);
  });

  it('honours Retry-After on a 503', async () => {
    const busy = fakeResponse({ status: 503, contentType: 'application/json', headers: { 'retry-after': '7' } });
    const r = await run(fakeFetch([busy, sse([done('ok')])]));
    expect(r.delays).toEqual([7000]);
    expect(r.end).toEqual({ kind: 'terminal', event: 'done' });
  });

  it('retries a 500 up to the budget, then reports exhausted', async () => {
    const f = fakeFetch(Array.from({ length: 4 }, () => fakeResponse({ status: 500, contentType: 'text/plain' })));
    const r = await run(f, { policy: { maxAttempts: 3, random: () => 1 } });
    expect(f.calls).toHaveLength(4);
    expect(r.delays).toEqual([500, 1000, 2000]);
    expect(r.end.kind === 'exhausted' && r.end.lastError.message).toBe(`GET ${URL_}: HTTP 500`);
  });

  it('treats a 2xx without a body as a dropped stream', async () => {
    const f = fakeFetch([fakeResponse({ body: null }), sse([done('ok')])]);
    const r = await run(f);
    expect(f.calls).toHaveLength(2);
    expect(r.end).toEqual({ kind: 'terminal', event: 'done' });
  });

  it.each([
    { title: '404', status: 404, contentType: 'application/json', message: `GET ${URL_}: HTTP 404` },
    { title: '401', status: 401, contentType: 'application/json', message: `GET ${URL_}: HTTP 401` },
    {
      title: '200 text/html',
      status: 200,
      contentType: 'text/html; charset=utf-8',
      message: `GET ${URL_}: expected text/event-stream, got text/html; charset=utf-8`,
    },
  ])('$title is fatal: one request, no retry, body released', async ({ status, contentType, message }) => {
    const body = fakeBody(['<html>'], { hang: true });
    const f = fakeFetch([fakeResponse({ status, contentType, body })]);
    const r = await run(f);
    expect(r.end).toEqual({ kind: 'fatal', status, message });
    expect(f.calls).toHaveLength(1);
    expect(r.delays).toEqual([]);
    expect(body.cancelled).toBe(true);
  });
});

describe('abort', () => {
  it('mid-stream: resolves aborted, closes the body, no further request', async () => {
    const controller = new AbortController();
    const res = sse([OPEN, 'id: 1\nevent: delta\ndata: {"seq":1,"text":"a"}\n\n'], { hang: true });
    const f = fakeFetch([res]);
    const seen: string[] = [];
    const end = await streamJob({
      url: URL_,
      signal: controller.signal,
      fetch: f,
      sleep: async () => expect.fail('must not sleep'),
      onEvent(name) {
        seen.push(name);
        if (name === 'delta') setTimeout(() => controller.abort(), 5);
      },
    });
    expect(end).toEqual({ kind: 'aborted' });
    expect(seen).toEqual(['open', 'delta']);
    expect(f.calls).toHaveLength(1);
    expect(res.fake.cancelled).toBe(true);
  });

  it('during the backoff wait: no further request', async () => {
    const controller = new AbortController();
    const f = fakeFetch([new TypeError('x')]);
    const end = await streamJob({
      url: URL_,
      signal: controller.signal,
      fetch: f,
      sleep: async () => controller.abort(),
      onEvent() {},
    });
    expect(end).toEqual({ kind: 'aborted' });
    expect(f.calls).toHaveLength(1);
  });

  it('while the request is in flight', async () => {
    const controller = new AbortController();
    const f = fakeFetch([
      () => {
        controller.abort();
        return new DOMException('The operation was aborted.', 'AbortError');
      },
    ]);
    const end = await streamJob({ url: URL_, signal: controller.signal, fetch: f, onEvent() {} });
    expect(end).toEqual({ kind: 'aborted' });
    expect(f.calls).toHaveLength(1);
  });

  it('before the start: no request at all', async () => {
    const f = fakeFetch([]);
    const end = await streamJob({ url: URL_, signal: AbortSignal.abort(), fetch: f, onEvent() {} });
    expect(end).toEqual({ kind: 'aborted' });
    expect(f.calls).toHaveLength(0);
  });

  it('the default sleep wakes up on abort', async () => {
    const controller = new AbortController();
    const f = fakeFetch([new TypeError('x')]);
    const started = Date.now();
    const p = streamJob({ url: URL_, signal: controller.signal, fetch: f, policy: { baseDelayMs: 60_000 }, onEvent() {} });
    setTimeout(() => controller.abort(), 10);
    expect(await p).toEqual({ kind: 'aborted' });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('an event longer than MAX_EVENT_CHARS ends the stream, fatally, with what came before handed over', () => {
  const big = (n: number) => 'x'.repeat(n);
  const before = 'event: delta\ndata: before\n\n';
  const after = 'event: delta\ndata: after\n\n';
  // The parser buffers an event that spans chunks (its cap), and hands one that came whole to
  // onEvent (ours): both paths, and a line that never ends.
  it.each([
    { title: 'at the cap, whole in one chunk: delivered', chunks: [before, `data: ${big(MAX_EVENT_CHARS)}\n\n`, after], fatal: false, seen: ['before', MAX_EVENT_CHARS, 'after'] },
    { title: 'one past the cap, whole in one chunk', chunks: [before, `data: ${big(MAX_EVENT_CHARS + 1)}\n\n`, after], fatal: true, seen: ['before'] },
    { title: 'past the cap in many chunks', chunks: [before, 'data: ', ...Array.from({ length: 9 }, () => big(MAX_EVENT_CHARS / 8)), '\n\n', after], fatal: true, seen: ['before'] },
    { title: 'past the cap in many data lines', chunks: [before, ...Array.from({ length: 9 }, () => `data: ${big(MAX_EVENT_CHARS / 8)}\n`), '\n', after], fatal: true, seen: ['before'] },
    { title: 'a line that never ends (the body stays open)', chunks: [before, ...Array.from({ length: 9 }, () => big(MAX_EVENT_CHARS / 8))], hang: true, fatal: true, seen: ['before'] },
  ])('$title', async ({ chunks, hang, fatal, seen }) => {
    const body = fakeBody(chunks, { hang });
    const got: (string | number)[] = [];
    const read = await readEventStream(body.body, new AbortController().signal, ({ data }) => void got.push(data.length > 100 ? data.length : data));
    expect(got).toEqual(seen);
    if (!fatal) return expect(read).toBe('ended');
    expect(read).toMatchObject({ fatal: true, message: `an event over ${MAX_EVENT_CHARS} characters (MAX_EVENT_CHARS) ended the stream` });
    // Nothing more is read: the connection is closed.
    expect(body.cancelled).toBe(true);
  });

  it('streamJob: a fatal end, not a reconnect that would fetch the same event again', async () => {
    const f = fakeFetch([sse([OPEN, 'event: delta\nid: 1\ndata: {"seq":1,"text":"Hi","round":1}\n\n', `event: delta\nid: 2\ndata: ${big(MAX_EVENT_CHARS + 1)}\n\n`])]);
    const r = await run(f);
    expect(r.end).toEqual({ kind: 'fatal', message: `GET ${URL_}: an event over ${MAX_EVENT_CHARS} characters (MAX_EVENT_CHARS) ended the stream` });
    expect(f.calls).toHaveLength(1);
    expect(r.final.text).toBe('Hi');
  });
});
