// The job stream over fetch: framing is eventsource-parser's, when to reconnect is reconnect.ts's.
// This shell only moves bytes and keeps the `Last-Event-ID` cursor. It never POSTs: re-sending a
// create-job request would start a second answer (DESIGN.md §4).
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { streamFetch } from './stream-fetch';
import { classifyResponse, createReconnectPolicy, parseRetryAfter, type ReconnectOptions } from './reconnect';

/** Events after which the hub closes a job's stream (DESIGN.md §4). */
export const TERMINAL_EVENTS = ['done', 'failed', 'timeout'] as const;
export type TerminalEvent = (typeof TERMINAL_EVENTS)[number];

export type StreamEnd =
  | { kind: 'terminal'; event: TerminalEvent }
  | { kind: 'aborted' }
  | { kind: 'exhausted'; lastError: Error }
  | { kind: 'fatal'; status?: number; message: string };

export interface StreamJobOptions {
  url: string;
  signal: AbortSignal;
  /**
   * Every event, in order, terminal ones included (`name` defaults to `message`). Validation is
   * the caller's. A throw rejects `streamJob`: a caller's bug is not a network error to retry.
   */
  onEvent(name: string, data: string, id?: string): void;
  /** Default: streamFetch (stream-fetch.ts), the global `fetch` read off the main thread. */
  fetch?: typeof fetch;
  /** Cursor to resume from, e.g. after a page reload. */
  lastEventId?: string;
  policy?: ReconnectOptions;
  /** Called before each GET: 0 for the first connection, n for the n-th reconnect. */
  onOpenAttempt?(attempt: number): void;
  /** Default: a timer that resolves early on abort. */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

/**
 * Longest event a stream may send, in characters of its data (eventsource-parser counts characters;
 * one is at most 3 bytes of UTF-8): without it, one event that never ends grows the page's memory
 * until the tab dies. Far past any delta, snapshot or whole answer either wire sends.
 */
export const MAX_EVENT_CHARS = 1 << 20;

const ABORTED: StreamEnd = { kind: 'aborted' };
const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));

/**
 * Reads an SSE body, handing over each event in order until `onEvent` returns true (the stream is
 * over for the caller) or the body ends. Resolves `stopped`, `ended` (the body ended first),
 * `aborted`, or the Error of a failed read (a dropped connection) or of an event longer than
 * MAX_EVENT_CHARS (`fatal`: the same stream again would send it again); rejects only with what
 * `onEvent` throws (a caller's bug is not a network error to retry). The body is cancelled in
 * every case, so no connection is left open. Shared by every wire that streams SSE; a trickling
 * stream's chunks come batched from streamFetch (stream-fetch.ts).
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  onEvent: (event: EventSourceMessage) => boolean | void,
  onRetry?: (ms: number) => void,
): Promise<'stopped' | 'ended' | 'aborted' | (Error & { fatal?: true })> {
  const reader = body.getReader();
  // Stream mode keeps a multibyte character split across chunks whole; the decoder also drops
  // a leading BOM, as the SSE spec asks.
  const decoder = new TextDecoder();
  let stopped = false;
  let tooLong = false;
  const parser = createParser({
    onEvent(event) {
      if (stopped || signal.aborted) return;
      // An event that came whole in one chunk is never buffered, so the parser's cap misses it.
      if (event.data.length > MAX_EVENT_CHARS) tooLong = stopped = true;
      else if (onEvent(event)) stopped = true;
    },
    // The one error the parser stops for: an event (or line) still growing past the cap.
    onError: (error) => void (tooLong ||= error.type == 'max-buffer-size-exceeded'),
    onRetry,
    maxBufferSize: MAX_EVENT_CHARS,
  });
  // A fetch that does not tie the body to the signal would leave read() pending forever.
  const cancel = () => void reader.cancel().catch(noop);
  signal.addEventListener('abort', cancel);
  try {
    while (!stopped) {
      const chunk = await reader.read().catch(asError);
      if (signal.aborted) return 'aborted';
      if (chunk instanceof Error) return chunk;
      if (chunk.done) return 'ended';
      parser.feed(decoder.decode(chunk.value, { stream: true }));
      if (tooLong) return Object.assign(new Error(`an event over ${MAX_EVENT_CHARS} characters (MAX_EVENT_CHARS) ended the stream`), { fatal: true as const });
    }
    return 'stopped';
  } finally {
    signal.removeEventListener('abort', cancel);
    cancel();
  }
}
const noop = () => {};

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/**
 * Reads one job's SSE stream until a terminal event, reconnecting with `Last-Event-ID` after a
 * network error or a stream that ends early. Resolves, never rejects for transport faults.
 */
export async function streamJob(options: StreamJobOptions): Promise<StreamEnd> {
  const { url, signal, onEvent } = options;
  const doFetch = options.fetch ?? streamFetch;
  const sleep = options.sleep ?? wait;
  const policy = createReconnectPolicy(options.policy);
  let lastId = options.lastEventId;

  // One connection: a StreamEnd when finished for good, an Error when worth another try.
  async function connect(): Promise<StreamEnd | Error> {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (lastId) headers['Last-Event-ID'] = lastId;
    // credentials 'omit': the hub is cookie-less, and none of its cookies should ride along.
    const res = await doFetch(url, { headers, signal, cache: 'no-store', credentials: 'omit' }).catch(asError);
    if (res instanceof Error) return signal.aborted ? ABORTED : res;

    const contentType = res.headers.get('content-type');
    const verdict = classifyResponse({ status: res.status, contentType });
    if (verdict !== 'ok' || !res.body) {
      res.body?.cancel().catch(noop);
      const what = `GET ${url}: ${
        !res.ok ? `HTTP ${res.status}` : verdict === 'fatal' ? `expected text/event-stream, got ${contentType || 'no content type'}` : 'no body'
      }`;
      if (verdict === 'fatal') return { kind: 'fatal', status: res.status, message: what };
      const after = parseRetryAfter(res.headers.get('retry-after'));
      if (after !== null) policy.honourRetry(after);
      return new Error(what);
    }

    let end: StreamEnd | undefined;
    const read = await readEventStream(res.body, signal, ({ event = 'message', data, id }) => {
      policy.progress();
      if (id !== undefined) lastId = id;
      if ((TERMINAL_EVENTS as readonly string[]).includes(event)) end = { kind: 'terminal', event: event as TerminalEvent };
      onEvent(event, data, id);
      return !!end;
    }, policy.honourRetry);
    if (read instanceof Error) return read.fatal ? { kind: 'fatal', message: `GET ${url}: ${read.message}` } : read;
    if (read === 'aborted') return ABORTED;
    // Per the SSE spec an event still buffered at the end of the stream is discarded.
    return end ?? new Error(`GET ${url}: stream ended before a terminal event`);
  }

  for (let attempt = 0; ; attempt++) {
    if (signal.aborted) return ABORTED;
    options.onOpenAttempt?.(attempt);
    const result = await connect();
    if (!(result instanceof Error)) return result;
    const delay = policy.nextDelay();
    if (delay === null) return { kind: 'exhausted', lastError: result };
    await sleep(delay, signal);
  }
}
