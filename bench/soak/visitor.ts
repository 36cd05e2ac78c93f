// A visitor on the wire, as the widget is one: `POST /chat/<entry>` `{message, visitor_id}`, then
// `GET /chat/<entry>/events/<job_id>?visitor_id=<id>`, read with eventsource-parser (the widget's
// SSE library). Records every event and when the first delta and `done` arrived.
import { createParser } from 'eventsource-parser';
import type { ReceivedEvent } from './verify';

export interface StreamRead {
  status: number;
  events: ReceivedEvent[];
  /** ms from `startedAt` to the first delta and to `done` (NaN when none came). */
  firstDeltaMs: number;
  doneMs: number;
  /** Why reading stopped early: a network error or the time limit; undefined when the stream ended. */
  error?: string;
}

export interface Visit extends StreamRead {
  visitorId: string;
  message: string;
  postStatus: number;
  postBody: Record<string, unknown> | null;
  jobId: string | null;
  postMs: number;
}

/** Reads an SSE URL to its end (or `timeoutMs`), timing from `startedAt` (performance clock). */
export async function readEvents(
  url: string,
  startedAt: number,
  timeoutMs: number,
  options: { headers?: Record<string, string>; onEvent?: (event: ReceivedEvent) => void } = {},
): Promise<StreamRead> {
  const events: ReceivedEvent[] = [];
  let firstDeltaMs = NaN;
  let doneMs = NaN;
  const parser = createParser({
    onEvent(event) {
      const name = event.event ?? 'message';
      const received = { event: name, id: event.id, data: event.data };
      events.push(received);
      options.onEvent?.(received);
      if (name === 'delta' && Number.isNaN(firstDeltaMs)) firstDeltaMs = performance.now() - startedAt;
      if (name === 'done') doneMs = performance.now() - startedAt;
    },
  });
  let status = 0;
  try {
    const res = await fetch(url, { headers: { Accept: 'text/event-stream', ...options.headers }, signal: AbortSignal.timeout(Math.max(1, Math.round(timeoutMs))) });
    status = res.status;
    if (!res.ok || !res.body) {
      const text = await res.text().catch(() => '');
      return { status, events, firstDeltaMs, doneMs, error: `HTTP ${status}: ${text.slice(0, 200)}` };
    }
    const decoder = new TextDecoder();
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    parser.feed(decoder.decode());
    return { status, events, firstDeltaMs, doneMs };
  } catch (error) {
    return { status, events, firstDeltaMs, doneMs, error: describe(error) };
  }
}

/** One message and its whole answer stream. */
export async function visit(
  baseUrl: string,
  entry: string,
  visitorId: string,
  message: string,
  timeoutMs: number,
  onEvent?: (event: ReceivedEvent) => void,
): Promise<Visit> {
  const startedAt = performance.now();
  const base = { visitorId, message, postBody: null, jobId: null, events: [], firstDeltaMs: NaN, doneMs: NaN, status: 0 };
  let postStatus = 0;
  let postBody: Record<string, unknown> | null = null;
  try {
    const res = await fetch(`${baseUrl}/chat/${entry}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message, visitor_id: visitorId }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    postStatus = res.status;
    const text = await res.text();
    try {
      postBody = JSON.parse(text) as Record<string, unknown>;
    } catch {
      postBody = { unparsed: text.slice(0, 200) };
    }
  } catch (error) {
    return { ...base, postStatus, postMs: performance.now() - startedAt, error: `POST: ${describe(error)}` };
  }
  const postMs = performance.now() - startedAt;
  const jobId = postStatus === 200 && typeof postBody?.job_id === 'string' ? postBody.job_id : null;
  if (!jobId) return { ...base, postStatus, postBody, postMs, error: `POST answered ${postStatus}: ${JSON.stringify(postBody).slice(0, 200)}` };
  const url = `${baseUrl}/chat/${entry}/events/${encodeURIComponent(jobId)}?visitor_id=${encodeURIComponent(visitorId)}`;
  const read = await readEvents(url, startedAt, Math.max(1, Math.round(timeoutMs - postMs)), onEvent ? { onEvent } : {});
  return { ...read, visitorId, message, postStatus, postBody, jobId, postMs };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
}
