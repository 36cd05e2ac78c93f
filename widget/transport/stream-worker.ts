// Reading a job's stream off the page's main thread. On a fast stream the browser hands the page
// every network chunk as a task of its own (about 0.2 ms each: a second of main-thread time for
// 5,000 deltas at 2 ms), whatever the widget then does with it. A dedicated worker runs the same
// reader (sse.ts `streamJob`: fetch, framing, caps, reconnects) and posts the page the events it
// read once per frame. The worker is this very script, loaded by `importScripts` from a blob, so it
// adds no file and no request a host must allow beyond widget.js itself. A page whose CSP or
// Trusted Types refuse a blob worker, or a worker that fails to start, leaves the reading on the
// main thread, as before. The worker starts when the visitor opens the panel; a turn waits for it
// at most WORKER_WAIT_MS, then reads on the main thread.
import { streamJob, type StreamEnd, type StreamJobOptions } from './sse';

/** What a reader is given: the stream's URL, the turn's signal and its event handler. */
export type StreamRead = Pick<StreamJobOptions, 'url' | 'signal' | 'onEvent' | 'lastEventId'>;
export type ReadStream = (options: StreamRead) => Promise<StreamEnd>;

type Event = [name: string, data: string, id: string | undefined];
/** The page to the worker: read stream `n`, or stop reading it. */
type Ask = { n: number; url: string; lastEventId?: string } | { n: number; stop: true };
/** An end as a message carries it (an Error's stack stays in the worker). */
type PostedEnd = Exclude<StreamEnd, { kind: 'exhausted' }> | { kind: 'exhausted'; message: string };
/** The worker to the page: started, stream `n`'s events so far, or its end. */
type Tell = { ready: true } | { n: number; events: Event[] } | { n: number; end: PostedEnd };

/** The longest a batch of events waits in the worker: about a frame. */
export const BATCH_MS = 16;
/** The most events a batch holds: the page handles each batch in one task, kept short. */
export const BATCH_EVENTS = 400;
/** The longest a turn waits for a worker still starting before it reads on the main thread. */
export const WORKER_WAIT_MS = 300;

interface Scope {
  postMessage(message: Tell): void;
  onmessage: ((event: MessageEvent<Ask>) => void) | null;
}

/** The worker's side: reads every stream the page asks for and posts its events in batches. */
export function serveStreams(scope: Scope, fetchImpl?: typeof fetch): void {
  const reading = new Map<number, AbortController>();
  scope.onmessage = ({ data }) => {
    const { n } = data;
    if ('stop' in data) return reading.get(n)?.abort();
    const controller = new AbortController();
    reading.set(n, controller);
    let events: Event[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const post = () => {
      timer = undefined;
      if (events.length) scope.postMessage({ n, events });
      events = [];
    };
    void streamJob({
      url: data.url,
      lastEventId: data.lastEventId,
      signal: controller.signal,
      fetch: fetchImpl,
      onEvent: (name, text, id) => {
        if (events.push([name, text, id]) >= BATCH_EVENTS) clearTimeout(timer), post();
        else timer ??= setTimeout(post, BATCH_MS);
      },
    }).then((end) => {
      clearTimeout(timer);
      post();
      reading.delete(n);
      scope.postMessage({ n, end: end.kind == 'exhausted' ? { kind: 'exhausted', message: end.lastError.message } : end });
    });
  };
  scope.postMessage({ ready: true });
}

export interface StreamReader {
  /** Starts the worker (once); the turns after it is ready read there. */
  warm(): void;
  read: ReadStream;
}

/**
 * The page's side: a reader of job streams that uses a worker made of `scriptSrc` (widget.js) once
 * it is ready, and the main thread until then or without one. `makeWorker` is for tests.
 */
export function createStreamReader(scriptSrc: string, makeWorker = blobWorker): StreamReader {
  let worker: Worker | null | undefined;
  /** Resolves true once the worker said it is ready, false when it cannot be used. */
  let started: Promise<boolean> = Promise.resolve(false);
  const turns = new Map<number, (message: Exclude<Tell, { ready: true }>) => void>();
  let next = 0;
  const broken = () => {
    worker?.terminate();
    worker = null;
    // A turn the worker was reading ends as a lost connection: the conversation looks it up.
    for (const [n, turn] of turns) turn({ n, end: { kind: 'exhausted', message: 'the stream reader stopped' } });
  };

  const warm = () => {
    if (worker !== undefined) return;
    worker = null;
    started = new Promise((resolve) => {
      try {
        const w = (worker = makeWorker(scriptSrc));
        w.onmessage = ({ data }: MessageEvent<Tell>) => ('ready' in data ? resolve(true) : turns.get(data.n)?.(data));
        w.onerror = (event) => {
          event.preventDefault();
          resolve(false);
          broken();
        };
      } catch {
        // A CSP without blob: workers, Trusted Types, or no Worker at all.
        resolve(false);
      }
    });
  };

  const inWorker = (w: Worker, { url, signal, onEvent, lastEventId }: StreamRead) =>
    new Promise<StreamEnd>((resolve, reject) => {
      const n = next++;
      const stop = () => w.postMessage({ n, stop: true } satisfies Ask);
      const finish = () => {
        turns.delete(n);
        signal.removeEventListener('abort', stop);
      };
      turns.set(n, (message) => {
        if ('end' in message) {
          finish();
          const { end } = message;
          return resolve(end.kind == 'exhausted' ? { kind: 'exhausted', lastError: new Error(end.message) } : end);
        }
        // Events read before a stop reached the worker are not the turn's any more.
        if (signal.aborted) return;
        try {
          for (const [name, data, id] of message.events) onEvent(name, data, id);
        } catch (error) {
          // A caller's bug, as on the main thread: the turn rejects, the worker stops reading.
          stop();
          finish();
          reject(error);
        }
      });
      signal.addEventListener('abort', stop);
      // The worker's base URL is a blob's: the stream's URL goes whole.
      w.postMessage({ n, url: new URL(url, globalThis.location?.href).href, lastEventId } satisfies Ask);
    });

  return {
    warm,
    async read(options) {
      const timeout = new Promise<false>((resolve) => setTimeout(resolve, WORKER_WAIT_MS, false));
      const ready = worker ? await Promise.race([started, timeout]) : false;
      return ready && worker && !options.signal.aborted ? inWorker(worker, options) : streamJob(options);
    },
  };
}

/** A classic worker that loads `scriptSrc` (widget.js, which serves streams there). Throws where the page refuses it. */
function blobWorker(scriptSrc: string): Worker {
  const url = URL.createObjectURL(new Blob([`importScripts(${JSON.stringify(scriptSrc)})`], { type: 'text/javascript' }));
  try {
    return new Worker(url, { name: 'bailing-chat streams' });
  } finally {
    // The worker has its URL; the blob is read by the time it starts.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
