import { describe, expect, it, vi } from 'vitest';
import { pump, PUMP_GAP_MS, streamFetch } from './stream-fetch';

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A fetch answering with `count` chunks `data: i\n\n`, one each `everyMs` (0: all at once); records the signal it got. */
function tricklingFetch(count: number, everyMs: number, head: ResponseInit = { headers: { 'content-type': 'text/event-stream' } }) {
  const seen: { signal?: AbortSignal | null; cancelled: boolean } = { cancelled: false };
  const doFetch = (async (_url: string, init?: RequestInit) => {
    seen.signal = init?.signal;
    let timer: ReturnType<typeof setTimeout>;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const next = () => {
          controller.enqueue(encode(`data: ${sent}\n\n`));
          if (++sent == count) controller.close();
          else if (everyMs) timer = setTimeout(next, everyMs);
          else next();
        };
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          controller.error(new DOMException('aborted', 'AbortError'));
        });
        next();
      },
      cancel() {
        seen.cancelled = true;
        clearTimeout(timer);
      },
    });
    return new Response(body, head);
  }) as typeof fetch;
  return { doFetch, seen };
}

/** What `pump` posts for `count` chunks `everyMs` apart, on fake clocks: [kind, text, at][]. */
async function pumped(count: number, everyMs: number, gap = PUMP_GAP_MS) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
  try {
    const posts: [number, unknown, number][] = [];
    const t0 = Date.now();
    const { doFetch } = tricklingFetch(count, everyMs);
    const done = pump('https://hub.example.com/s', {}, (kind, value) => void posts.push([kind, value instanceof Uint8Array ? decode(value) : value, Date.now() - t0]), doFetch, gap);
    await vi.advanceTimersByTimeAsync(count * everyMs + 10 * gap);
    await done;
    return posts;
  } finally {
    vi.useRealTimers();
  }
}

describe('pump: a stream read in batches, at most one hand-over per gap', () => {
  it.each([
    // Every 2 ms: the first ones at once, then as far apart as the run is old (2, 4, 8 … ms: seven
    // hand-overs before the gap), then one batch per gap.
    { everyMs: 2, gap: PUMP_GAP_MS, most: 2 + 7 + Math.ceil((100 * 2) / PUMP_GAP_MS) },
    // Sparser than the gap: each chunk as it comes, no wait added.
    { everyMs: PUMP_GAP_MS + 20, gap: PUMP_GAP_MS, most: 100 },
    // Gap 0: each chunk as it comes, however dense (the row that shows the count is the pump's).
    { everyMs: 2, gap: 0, most: 100 },
  ])('one event every $everyMs ms, gap $gap: at most $most batches, every byte in order, none late', async ({ everyMs, gap, most }) => {
    const posts = await pumped(100, everyMs, gap);
    expect(posts[0]!.slice(0, 2)).toEqual([0, [200, [['content-type', 'text/event-stream']]]]);
    expect(posts.at(-1)!.slice(0, 2)).toEqual([2, undefined]);
    const batches = posts.filter(([kind]) => kind == 1);
    expect(batches.map(([, text]) => text).join('')).toBe(Array.from({ length: 100 }, (_, i) => `data: ${i}\n\n`).join(''));
    expect(batches.length).toBeLessThanOrEqual(most);
    if (most == 100) expect(batches).toHaveLength(100);
    // Never later than one gap after the chunk was sent.
    for (const [, text, at] of batches) {
      const first = Number(/data: (\d+)/.exec(text as string)![1]);
      expect(at - first * everyMs).toBeLessThanOrEqual(gap + everyMs);
    }
  });

  it('a chunk after a quiet spell (the model starting, a tool pausing) goes at once, not at the end of the gap', async () => {
    // 100 ms apart: under the gap since the last hand-over, but a third of it and more since the
    // last chunk, so each is the start of a burst the visitor waits for.
    const posts = await pumped(10, 100);
    const batches = posts.filter(([kind]) => kind == 1);
    expect(batches.map(([, text, at]) => [text, at])).toEqual(Array.from({ length: 10 }, (_, i) => [`data: ${i}\n\n`, i * 100]));
  });

  it("a run's first chunks go at once or nearly (an open event, then the first text), then the hand-overs space out to the gap", async () => {
    // 5 ms apart, from the stream's start: each hand-over waits as long as the run is old.
    const posts = await pumped(60, 5);
    const at = posts.filter(([kind]) => kind == 1).map(([, , time]) => time);
    // The first two as they come; then a chunk that waits, waits as long as the run is old (the
    // one at 35 ms: 35 ms), so the hand-overs space out 10, 20, 35, 70, 140 ms; then the gap.
    expect(at.slice(0, 7)).toEqual([0, 5, 15, 35, 70, 140, 280]);
    // Past the ramp, no closer than the gap (the last one is the body's end).
    for (let i = 7; i < at.length - 1; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(PUMP_GAP_MS);
  });

  it('a failed fetch or read: what was read, then the failure', async () => {
    const posts: [number, unknown][] = [];
    await pump('u', {}, (kind, value) => void posts.push([kind, value]), (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch, PUMP_GAP_MS);
    expect(posts).toEqual([[3, 'Failed to fetch']]);
    posts.length = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (posts.length) controller.error(new TypeError('network error'));
        else controller.enqueue(encode('data: a\n\n'));
      },
    });
    await pump('u', {}, (kind, value) => void posts.push([kind, value instanceof Uint8Array ? decode(value) : value]), (async () => new Response(body)) as typeof fetch, PUMP_GAP_MS);
    expect(posts).toEqual([[0, [200, []]], [1, 'data: a\n\n'], [3, 'network error']]);
  });
});

// Node has no Worker: these run the pump here, as a page that refuses a worker does. The worker
// itself is the browser's (e2e/stream-worker.spec.ts).
describe('streamFetch', () => {
  it('resolves a Response with the status, the headers and every byte', async () => {
    const { doFetch } = tricklingFetch(5, 0, { status: 503, headers: { 'content-type': 'text/event-stream', 'retry-after': '7' } });
    const res = await streamFetch('u', { signal: new AbortController().signal }, doFetch);
    expect([res.status, res.ok, res.headers.get('content-type'), res.headers.get('retry-after')]).toEqual([503, false, 'text/event-stream', '7']);
    expect(await res.text()).toBe('data: 0\n\ndata: 1\n\ndata: 2\n\ndata: 3\n\ndata: 4\n\n');
  });

  it('a body-less status has no body, as fetch gives it', async () => {
    const res = await streamFetch('u', { signal: new AbortController().signal }, (async () => new Response(null, { status: 204 })) as typeof fetch);
    expect([res.status, res.body]).toEqual([204, null]);
  });

  it('a failed fetch rejects with its message', async () => {
    const failing = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await expect(streamFetch('u', { signal: new AbortController().signal }, failing)).rejects.toThrow(new TypeError('Failed to fetch'));
  });

  it('aborted before the answer: rejects with the reason, the fetch is aborted', async () => {
    const stop = new AbortController();
    let signal: AbortSignal | null | undefined;
    const hanging = ((_: string, init?: RequestInit) => ((signal = init?.signal), new Promise(() => {}))) as typeof fetch;
    const res = streamFetch('u', { signal: stop.signal }, hanging);
    await vi.waitFor(() => expect(signal).toBeDefined());
    stop.abort();
    await expect(res).rejects.toMatchObject({ name: 'AbortError' });
    expect(signal!.aborted).toBe(true);
    // Already aborted: the fetch is never made.
    signal = undefined;
    await expect(streamFetch('u', { signal: stop.signal }, hanging)).rejects.toMatchObject({ name: 'AbortError' });
    expect(signal).toBeUndefined();
  });

  it.each(['the signal', 'the reader'])('stopped mid-body by %s: the read fails or ends, the fetch is aborted', async (by) => {
    const stop = new AbortController();
    const { doFetch, seen } = tricklingFetch(1000, 5);
    const res = await streamFetch('u', { signal: stop.signal }, doFetch);
    const reader = res.body!.getReader();
    expect(decode((await reader.read()).value!)).toBe('data: 0\n\n');
    if (by == 'the signal') {
      stop.abort();
      await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
    } else await reader.cancel();
    expect(seen.signal!.aborted).toBe(true);
  });
});
