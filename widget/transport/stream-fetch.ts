// A streamed response read off the page's main thread. The browser hands a page every network
// packet of a stream as a task of its own (a watcher, a read, a microtask checkpoint: about half a
// millisecond each on a 2-core machine), whether or not anything reads it; an answer paced at
// 2 ms per delta is thousands of them. A dedicated worker takes the packets instead and posts
// them in batches, at most one per PUMP_GAP_MS once a run of close packets is under way (its first
// ones at once, the last as the body ends), so the page sees a few dozen messages. Where the page
// forbids a worker made from a blob: URL (its CSP's `worker-src`, or Trusted Types), the same pump
// runs on the main thread, batching alike: the answer is the same, only the cost differs. The
// browser reports a refusal (console, CSP reports), so a page that shows a CSP that may forbid it
// (a <meta> one that names where scripts or workers may come from, or nonces on its scripts, which
// a strict CSP's header asks for) is not asked, nor one whose widget tag says `data-worker="0"`
// (its owner's choice, for a CSP header that refuses it), and a refusal by a CSP header the widget
// cannot see is remembered in the visitor's storage and not tried again on that site.
import { trustedHTML } from '../ui/trusted-types';
import { readString, safeStorage, writeString } from '../conversation/history';

/**
 * How often at most a stream's bytes are handed to the page (ms), once a run of close chunks has
 * lasted this long (before, as often as the run is old). Chunks closer than this are joined; a
 * sparser stream is handed over as it comes. The live render draws at most once per 150 ms
 * (conversation/bubble.ts), so handing over more often only adds tasks (a third of a millisecond
 * each, whatever they carry): 32 rather than 150 was 800 hand-overs for 10 KB at 30 ms per delta,
 * about 110 ms more main-thread time (npm run bench, 2026-12-04).
 */
export const PUMP_GAP_MS = 150;

/** What the pump posts: the head (status and headers), a batch of bytes, the end, or a failure. */
type Post = (kind: 0 | 1 | 2 | 3, value?: unknown) => void;

/**
 * Fetches `url` and posts what comes back, batched. Self-contained: the worker's source is this
 * function's text, so it names nothing outside itself but the globals of both scopes.
 */
export async function pump(url: string, init: RequestInit, post: Post, doFetch: typeof fetch, gap: number): Promise<void> {
  let held: Uint8Array[] = [];
  let size = 0;
  let last = -1e9;
  /** When the last chunk came: one after a quiet spell (the model starting, a tool's pause) goes at once. */
  let came = -1e9;
  /** When the current run of close chunks began (its first chunk came after a quiet spell). */
  let since = 0;
  let timer: ReturnType<typeof setTimeout> | 0 = 0;
  const flush = () => {
    clearTimeout(timer as number);
    timer = 0;
    if (!size) return;
    const out = new Uint8Array(size);
    let at = 0;
    for (const chunk of held) out.set(chunk, at), (at += chunk.length);
    held = [];
    size = 0;
    last = performance.now();
    post(1, out);
  };
  try {
    const res = await doFetch(url, init);
    post(0, [res.status, [...res.headers]]);
    const reader = res.body?.getReader();
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      held.push(chunk.value);
      size += chunk.value.length;
      const now = performance.now();
      if (now - came > gap / 3) since = now;
      came = now;
      // A run's hand-overs are as far apart as the run is old, up to the gap: its first chunks (an
      // open event, a run's start, then the first text, each written on its own) go at once, or
      // nearly, and a long run is batched. A flat gap held the first text back up to 150 ms when
      // it came a few ms after the stream's first event.
      const wait = last + Math.min(gap, now - since) - now;
      if (wait <= 0) flush();
      else timer ||= setTimeout(flush, wait);
    }
    flush();
    post(2);
  } catch (error) {
    flush();
    post(3, error instanceof Error ? error.message : String(error));
  }
}

/** The worker: one pump per request, `[id, url, init]` starts one, `[id]` aborts it. */
const WORKER_MAIN = (pumpFn: typeof pump, gap: number) => {
  const running: Record<number, AbortController> = {};
  onmessage = ({ data: [id, url, init] }: MessageEvent) => {
    if (!url) return running[id]?.abort();
    const stop = (running[id] = new AbortController());
    void pumpFn(url, { ...init, signal: stop.signal }, (kind, value) => {
      if (kind > 1) delete running[id];
      (postMessage as (message: unknown, transfer: Transferable[]) => void)([id, kind, value], value instanceof Uint8Array ? [value.buffer] : []);
    }, fetch, gap);
  };
};

type Listener = (kind: 0 | 1 | 2 | 3, value?: unknown) => void;
let worker: Worker | null | undefined;
/** Requests the worker has taken and not ended: what to call with its posts, and how to run them here instead. */
const listening = new Map<number, [Listener, () => void]>();
let heard = false;
let ids = 0;

/** Where a refusal is remembered (localStorage of the page's origin): when it was, in ms. */
export const REFUSED_KEY = 'bailing-chat-worker-refused';
/**
 * How long a refusal is remembered (ms): a site that comes to allow the worker (or a worker that
 * failed for another reason) gets it again after a week, at the cost of one report a week.
 */
export const REFUSED_FOR_MS = 7 * 864e5;
/** The page's storage, or null where it is blocked (then a refusal is not remembered, and the worker is tried). */
const storage = () => safeStorage(() => localStorage);
const refusedHere = () => writeString(storage(), REFUSED_KEY, String(Date.now()));

/** The page's worker, made on the visitor's approach or at the first stream; null where there is none or the page refuses one (for the page's life). */
function pageWorker(): Worker | null {
  // No workers here at all (not cached: a test may bring them).
  if (typeof Worker != 'function') return null;
  if (worker !== undefined) return worker;
  try {
    if (Date.now() - Number(readString(storage(), REFUSED_KEY)) < REFUSED_FOR_MS || document.querySelector('script[nonce],script[data-worker="0"]') || [...document.querySelectorAll('meta[http-equiv="Content-Security-Policy" i]')].some((m) => /(worker|child|script|default)-src/i.test(m.getAttribute('content')!))) return (worker = null);
    // The URL is kept for the page's life: one, a few hundred bytes. Its script is this module's
    // own code (the pump), so it is as safe as the widget itself: Trusted Types' policy passes it.
    worker = new Worker(trustedHTML(URL.createObjectURL(new Blob([`(${WORKER_MAIN})(${pump},${PUMP_GAP_MS})`], { type: 'text/javascript' })), 'createScriptURL'));
    worker.onmessage = ({ data: [id, kind, value] }) => {
      heard = true;
      const entry = listening.get(id);
      if (kind > 1) listening.delete(id);
      entry?.[0](kind, value);
    };
    // A refused worker (the page's CSP) only says so by this event, before it ever posts: its
    // requests run here instead. After a post it is a worker that failed: nothing to run again.
    worker.onerror = () => {
      if (heard) return;
      refusedHere();
      worker = null;
      for (const [, [, here]] of listening) here();
      listening.clear();
    };
  } catch {
    // Trusted Types that refuse the URL (the policy's name not allowed).
    worker = null;
  }
  return worker;
}

/**
 * Makes the page's worker ahead of the first stream (the visitor opened the chat or turned to the
 * composer): its start, a few ms, is then not between the first message and its answer.
 */
export const warmStreams = () => void pageWorker();

/**
 * `fetch` for a streamed response, read in a worker where the page allows one (`doFetch` given:
 * the owner's own fetch, which only the page can call, so read here). The Response it resolves is
 * the page's own: the status and headers, and a body of the batched bytes.
 * `init.signal` aborts as fetch's does.
 */
export function streamFetch(url: string, init: RequestInit & { signal: AbortSignal }, doFetch?: typeof fetch): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { signal } = init;
    const id = ++ids;
    let body: ReadableStreamDefaultController<Uint8Array> | undefined;
    let cancel = () => {};
    let over = false;
    const fail = (error: unknown) => (body ? body.error(error) : reject(error));
    // The signal, or the reader cancelling the body: the pump stops, nothing more is handed over.
    const abort = () => {
      if (over) return;
      over = true;
      cancel();
      listening.delete(id);
      signal.removeEventListener('abort', abort);
      fail(signal.reason ?? new DOMException('The request was aborted', 'AbortError'));
    };
    const listener: Listener = (kind, value) => {
      if (over) return;
      if (kind == 0) {
        const [status, headers] = value as [number, [string, string][]];
        // A body-less status (204, 205, 304) takes no stream: Response would refuse it.
        const stream = new ReadableStream<Uint8Array>({ start: (c) => void (body = c), cancel: abort });
        resolve(new Response([204, 205, 304].includes(status) ? null : stream, { status, headers }));
      } else if (kind == 1) body!.enqueue(value as Uint8Array);
      // A body-less status has no stream to close.
      else if (kind == 2) body?.close();
      else fail(new TypeError(value as string));
      if (kind > 1) (over = true), signal.removeEventListener('abort', abort);
    };
    const here = () => {
      const stop = new AbortController();
      cancel = () => stop.abort();
      void pump(url, { ...init, signal: stop.signal }, listener, doFetch ?? fetch, PUMP_GAP_MS);
    };
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort);
    const via = doFetch ? null : pageWorker();
    if (!via) return here();
    listening.set(id, [listener, here]);
    cancel = () => via.postMessage([id]);
    const { signal: _, ...plain } = init;
    via.postMessage([id, url, plain]);
  });
}
