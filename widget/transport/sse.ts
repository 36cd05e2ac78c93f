// The job stream over fetch: framing is eventsource-parser's, when to reconnect is reconnect.ts's.
// This shell only moves bytes and keeps the `Last-Event-ID` cursor. It never POSTs: re-sending a
// create-job request would start a second answer (DESIGN.md §4).
import { createParser } from 'eventsource-parser';
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
  /** Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** Cursor to resume from, e.g. after a page reload. */
  lastEventId?: string;
  policy?: ReconnectOptions;
  /** Called before each GET: 0 for the first connection, n for the n-th reconnect. */
  onOpenAttempt?(attempt: number): void;
  /** Default: a timer that resolves early on abort. */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

const ABORTED: StreamEnd = { kind: 'aborted' };
const noop = () => {};
const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));

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
  const doFetch = options.fetch ?? fetch;
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

    const reader = res.body.getReader();
    // Stream mode keeps a multibyte character split across chunks whole; the decoder also drops
    // a leading BOM, as the SSE spec asks.
    const decoder = new TextDecoder();
    let end: StreamEnd | undefined;
    const parser = createParser({
      onEvent({ event = 'message', data, id }) {
        if (end || signal.aborted) return;
        policy.progress();
        if (id !== undefined) lastId = id;
        if ((TERMINAL_EVENTS as readonly string[]).includes(event)) end = { kind: 'terminal', event: event as TerminalEvent };
        onEvent(event, data, id);
      },
      onRetry: policy.honourRetry,
    });
    // A fetch that does not tie the body to the signal would leave read() pending forever.
    const cancel = () => void reader.cancel().catch(noop);
    signal.addEventListener('abort', cancel);
    try {
      while (!end) {
        const chunk = await reader.read().catch(asError);
        if (signal.aborted) return ABORTED;
        if (chunk instanceof Error) return chunk;
        // Per the SSE spec an event still buffered at the end of the stream is discarded.
        if (chunk.done) return new Error(`GET ${url}: stream ended before a terminal event`);
        parser.feed(decoder.decode(chunk.value, { stream: true }));
      }
      return end;
    } finally {
      signal.removeEventListener('abort', cancel);
      cancel();
    }
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
