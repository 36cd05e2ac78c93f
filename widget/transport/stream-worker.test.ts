import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, sse } from './fixtures/fake-fetch';
import { createStreamReader, serveStreams, WORKER_WAIT_MS } from './stream-worker';

const URL_ = 'https://hub.example.com/chat/store_assistant/events/job_1';
const STREAM = ['id: 1\nevent: delta\ndata: {"seq":1,"text":"Hel"}\n\n', 'id: 2\nevent: delta\ndata: {"seq":2,"text":"lo"}\n\n', 'event: done\ndata: {"reply":"Hello"}\n\n'];

/** A worker and its scope joined as a real pair would be: messages cloned, delivered in a later task. */
function fakeWorkerPair(fetchInWorker: typeof fetch, { start = true } = {}) {
  const toPage: unknown[] = [];
  const toWorker: unknown[] = [];
  const later = (f: () => void) => setTimeout(f, 0);
  const worker = {
    onmessage: null as ((e: MessageEvent) => void) | null,
    onerror: null as ((e: ErrorEvent) => void) | null,
    terminated: false,
    postMessage(message: unknown) {
      toWorker.push(message);
      later(() => scope.onmessage?.({ data: structuredClone(message) } as MessageEvent));
    },
    terminate() {
      this.terminated = true;
    },
    fail() {
      this.onerror?.({ preventDefault() {} } as ErrorEvent);
    },
  };
  const scope = {
    onmessage: null as ((e: MessageEvent) => void) | null,
    postMessage(message: unknown) {
      toPage.push(message);
      later(() => worker.onmessage?.({ data: structuredClone(message) } as MessageEvent));
    },
  };
  if (start) later(() => serveStreams(scope as never, fetchInWorker));
  return { worker, scope, toPage, toWorker };
}

const ready = async (pair: { toPage: unknown[] }) => vi.waitFor(() => expect(pair.toPage).toContainEqual({ ready: true }));

afterEach(() => vi.unstubAllGlobals());

describe('createStreamReader', () => {
  it('reads in the worker once it is ready: every event in order, fewer messages than events, the end', async () => {
    const inWorker = fakeFetch([sse(STREAM)]);
    const pair = fakeWorkerPair(inWorker);
    const reader = createStreamReader('https://hub.example.com/widget.js', () => pair.worker as never);
    reader.warm();
    await ready(pair);
    const seen: string[] = [];
    const end = await reader.read({ url: URL_, signal: new AbortController().signal, onEvent: (name, data, id) => void seen.push(`${name} ${data} ${id ?? '-'}`) });
    expect(end).toEqual({ kind: 'terminal', event: 'done' });
    expect(seen).toEqual(['delta {"seq":1,"text":"Hel"} 1', 'delta {"seq":2,"text":"lo"} 2', 'done {"reply":"Hello"} -']);
    expect(inWorker.calls.map((c) => c.url)).toEqual([URL_]);
    const batches = pair.toPage.filter((m) => (m as { events?: unknown }).events);
    expect(batches.length).toBeLessThan(seen.length);
  });

  it('reads on the main thread when never warmed, or when the page refuses the worker', async () => {
    for (const makeWorker of [undefined, () => { throw new DOMException('blocked by CSP', 'SecurityError'); }]) {
      const main = fakeFetch([sse(STREAM)]);
      vi.stubGlobal('fetch', main);
      const reader = createStreamReader('https://hub.example.com/widget.js', makeWorker as never);
      if (makeWorker) reader.warm();
      const seen: string[] = [];
      expect(await reader.read({ url: URL_, signal: new AbortController().signal, onEvent: (name) => void seen.push(name) })).toEqual({ kind: 'terminal', event: 'done' });
      expect(seen).toEqual(['delta', 'delta', 'done']);
      expect(main.calls).toHaveLength(1);
    }
  });

  it(`waits at most ${WORKER_WAIT_MS} ms for a worker that does not start, then reads on the main thread`, async () => {
    const pair = fakeWorkerPair(fakeFetch([]), { start: false });
    const main = fakeFetch([sse(STREAM)]);
    vi.stubGlobal('fetch', main);
    const reader = createStreamReader('https://hub.example.com/widget.js', () => pair.worker as never);
    reader.warm();
    const seen: string[] = [];
    expect(await reader.read({ url: URL_, signal: new AbortController().signal, onEvent: (name) => void seen.push(name) })).toEqual({ kind: 'terminal', event: 'done' });
    expect(seen).toEqual(['delta', 'delta', 'done']);
    expect(pair.toWorker).toEqual([]);
  });

  it('Stop reaches the worker: the read ends aborted, and events read before the stop arrived are dropped', async () => {
    const hanging = sse([STREAM[0]!], { hang: true });
    const pair = fakeWorkerPair(fakeFetch([hanging]));
    const reader = createStreamReader('https://hub.example.com/widget.js', () => pair.worker as never);
    reader.warm();
    await ready(pair);
    const controller = new AbortController();
    const seen: string[] = [];
    const reading = reader.read({ url: URL_, signal: controller.signal, onEvent: (name) => void seen.push(name) });
    await vi.waitFor(() => expect(seen).toEqual(['delta']));
    controller.abort();
    expect(await reading).toEqual({ kind: 'aborted' });
    expect(pair.toWorker).toContainEqual({ n: 0, stop: true });
  });

  it('a worker that fails mid-turn ends that turn as a lost stream (the conversation looks it up), and the next turn reads on the main thread', async () => {
    const pair = fakeWorkerPair(fakeFetch([sse([STREAM[0]!], { hang: true })]));
    const reader = createStreamReader('https://hub.example.com/widget.js', () => pair.worker as never);
    reader.warm();
    await ready(pair);
    const seen: string[] = [];
    const reading = reader.read({ url: URL_, signal: new AbortController().signal, onEvent: (name) => void seen.push(name) });
    await vi.waitFor(() => expect(seen).toEqual(['delta']));
    pair.worker.fail();
    const end = await reading;
    expect(end).toMatchObject({ kind: 'exhausted', lastError: { message: 'the stream reader stopped' } });
    expect(pair.worker.terminated).toBe(true);
    const main = fakeFetch([sse(STREAM)]);
    vi.stubGlobal('fetch', main);
    expect(await reader.read({ url: URL_, signal: new AbortController().signal, onEvent: () => {} })).toEqual({ kind: 'terminal', event: 'done' });
    expect(main.calls).toHaveLength(1);
  });

  it("a handler's throw rejects the read, as on the main thread, and the worker stops reading", async () => {
    const pair = fakeWorkerPair(fakeFetch([sse([STREAM[0]!], { hang: true })]));
    const reader = createStreamReader('https://hub.example.com/widget.js', () => pair.worker as never);
    reader.warm();
    await ready(pair);
    await expect(reader.read({ url: URL_, signal: new AbortController().signal, onEvent: () => { throw new Error('bug'); } })).rejects.toThrow('bug');
    await vi.waitFor(() => expect(pair.toPage).toContainEqual({ n: 0, end: { kind: 'aborted' } }));
  });
});
