// One SSE connection to a job: replay stored events after the client's last seq, then follow
// live ones as the bus announces them, until the terminal event, the stream window or a close.
// Each write reads the store for "everything after what this connection sent", so replay and
// live events can neither overlap nor leave a gap.
//
// As on the hub, only `reset`, `phase` and `delta` carry an SSE `id:` (their seq): those are what
// a reconnect resumes after. `status` is per connection (the job's status when it opens and each
// time it changes); `open`, `ping`, `timeout` and the terminal `done` carry no id.
//
// The store is read before the response starts, so a database that cannot be read answers the
// request (503) instead of a stream; a read that fails later drops the connection, and the client
// resumes from its Last-Event-ID as after any network error.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EventBus } from './event-bus';
import { SSE_PROTOCOL, SSE_RETRY_MS } from '../settings/limits';
import { formatRetry, formatSse } from '../http/sse-format';
import type { Store } from '../storage/store';
import { TERMINAL_EVENTS, type StoredEvent } from '../storage/store-events';
import type { JobStatus } from '../storage/store-jobs';

/** The events a client may resume after (`Last-Event-ID`, `?cursor=`). */
export const RESUMABLE_EVENTS: ReadonlySet<string> = new Set(['reset', 'phase', 'delta']);

export interface StreamJobOptions {
  store: Store;
  bus: EventBus;
  jobId: string;
  lastSeq: number;
  pingIntervalMs: number;
  windowMs: number;
  /** Destroy the socket after this many deltas, without a terminal event (failure injection). */
  dropAfterDeltas?: number;
  headers: Record<string, string>;
  /** Registers a closer the server calls on shutdown; returns the unregister function. */
  track: (close: () => void) => () => void;
  /** The job's ending when the database refused to store it (job-runner.ts), served as if stored. */
  unsavedEnding?: (jobId: string) => StoredEvent | undefined;
  /** Called once when the connection ends, however it ends (it frees the stream's slot). */
  onClose?: () => void;
  log?: (line: string) => void;
}

export function streamJob(req: IncomingMessage, res: ServerResponse, options: StreamJobOptions): void {
  const { store, bus, jobId } = options;
  const unsaved = (): StoredEvent | undefined => options.unsavedEnding?.(jobId);
  const currentStatus = (): JobStatus | undefined => (unsaved() ? 'failed' : store.jobStatus(jobId));
  const storedTerminal = (): StoredEvent | undefined => store.terminalEvent(jobId) ?? unsaved();

  // Every read the start needs, before a byte is sent: a failure here is the request's answer.
  // A client cannot have seen events that do not exist yet; clamping keeps it from skipping them.
  let sent = Math.min(options.lastSeq, store.lastSeq(jobId));
  const openStatus = currentStatus() ?? 'queued';
  const initialTerminal = storedTerminal();

  res.writeHead(200, {
    ...options.headers,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
    'X-Content-Type-Options': 'nosniff',
  });
  req.socket.setNoDelay(true);

  let ended = false;
  let deltasSent = 0;

  const write = (text: string): void => {
    if (!ended) res.write(text);
  };
  const writeStored = (event: StoredEvent): void => {
    const frame = { event: event.name, data: event.data };
    write(formatSse(RESUMABLE_EVENTS.has(event.name) ? { ...frame, id: event.seq } : frame));
  };
  let lastStatus: JobStatus | undefined;
  const writeStatus = (): void => {
    const status = currentStatus();
    if (status === undefined || status === lastStatus) return;
    lastStatus = status;
    write(formatSse({ event: 'status', data: JSON.stringify({ job_id: jobId, status }) }));
  };

  const cleanup = (): void => {
    if (ended) return;
    ended = true;
    clearInterval(ping);
    clearTimeout(windowTimer);
    unsubscribe();
    untrack();
    options.onClose?.();
  };
  const finish = (): void => {
    if (ended) return;
    cleanup();
    res.end();
  };
  const drop = (): void => {
    if (ended) return;
    cleanup();
    res.socket?.destroy();
  };

  /** Stored events after `sent`, then the held ending when the store has none. */
  const pending = (): StoredEvent[] => {
    const events = store.eventsAfter(jobId, sent);
    if (events.some((e) => TERMINAL_EVENTS.has(e.name))) return events;
    const held = unsaved();
    return held ? [...events, held] : events;
  };

  const pump = (): void => {
    if (ended) return;
    try {
      const events = pending();
      // The hub reports a status change before the events that follow it, and `done` after the last one.
      if (!events.some((e) => TERMINAL_EVENTS.has(e.name))) writeStatus();
      for (const event of events) {
        if (ended) return;
        if (TERMINAL_EVENTS.has(event.name)) writeStatus();
        writeStored(event);
        sent = event.seq;
        if (TERMINAL_EVENTS.has(event.name)) return finish();
        if (event.name === 'delta' && options.dropAfterDeltas !== undefined && ++deltasSent >= options.dropAfterDeltas) {
          return drop();
        }
      }
    } catch (error) {
      // Cut the connection rather than leave a gap: the client resumes after what it got.
      options.log?.(`stream of job ${jobId}: could not read its events, dropping the connection: ${String(error)}`);
      drop();
    }
  };

  write(formatRetry(SSE_RETRY_MS));
  write(
    formatSse({
      event: 'open',
      data: JSON.stringify({ ok: true, job_id: jobId, status: openStatus, protocol: SSE_PROTOCOL, streaming: true }),
    }),
  );

  const unsubscribe = bus.subscribe(jobId, pump);
  const untrack = options.track(finish);
  const ping = setInterval(() => write(formatSse({ event: 'ping', data: JSON.stringify({ ts: Date.now(), job_id: jobId }) })), options.pingIntervalMs);
  const windowTimer = setTimeout(() => {
    write(formatSse({ event: 'timeout', data: JSON.stringify({ done: false, job_id: jobId }) }));
    finish();
  }, options.windowMs);
  res.once('close', cleanup);

  // A client that already saw the end (it reconnected with the terminal seq) gets it once more
  // rather than an empty stream it would keep reconnecting to.
  if (initialTerminal && initialTerminal.seq <= sent) {
    writeStatus();
    writeStored(initialTerminal);
    return finish();
  }
  pump();
}
