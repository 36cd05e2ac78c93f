// Helpers for the server's tests: a server on a free port with an in-memory database, JSON
// requests, an SSE reader built on eventsource-parser, and AG-UI runs through @ag-ui/client.
import { afterEach, beforeEach } from 'vitest';
import { HttpAgent, type BaseEvent, type RunAgentResult, type RunAgentParameters } from '@ag-ui/client';
import { createParser } from 'eventsource-parser';
import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer, type RunningServer, type StartServerOptions } from './app';

export const TEST_ENTRIES = {
  entries: {
    demo_assistant: { title: 'Acme Help', color: '#4f46e5', upload: true, allowed_origins: ['*'] },
    strict_entry: { allowed_origins: ['https://shop.example.com'] },
    no_upload: { allowed_origins: ['*'] },
    disabled_demo: { enabled: false, allowed_origins: ['*'] },
    ticket_demo: { ticket_secret: 'test-secret-123-of-at-least-32-chars', require_ticket: true, allowed_origins: ['*'] },
    ticket_optional: { ticket_secret: 'optional-secret-1-of-at-least-32-chars', allowed_origins: ['*'] },
  },
};

export function startTestServer(options: StartServerOptions = {}): Promise<RunningServer> {
  return startServer({
    port: 0,
    dbPath: ':memory:',
    config: TEST_ENTRIES,
    openai: null,
    deltaDelayMs: 0,
    toolPauseMs: 0,
    rateLimit: { perMinute: 1000 },
    ...options,
  });
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: any;
}

export async function getJson(url: string, headers: Record<string, string> = {}): Promise<JsonResponse> {
  const res = await fetch(url, { headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonResponse> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** A request whose path is sent exactly as written (fetch would normalize `..`). */
/** A GET as sent (no decoding of a compressed body): its status, headers, body as text and as bytes. */
export function rawGet(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; bodyBuffer: Buffer; headers: Record<string, unknown> }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bodyBuffer = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, body: bodyBuffer.toString('utf8'), bodyBuffer, headers: res.headers });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A request with headers fetch will not send as given (`Host`), and an optional JSON body.
 * Answers the status and the parsed JSON body (or the text when it is not JSON).
 */
export function rawRequest(
  base: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<{ status: number; body: any }> {
  const { hostname, port } = new URL(base);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...(payload ? { 'Content-Type': 'application/json' } : {}), ...options.headers };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path: options.path, method: options.method ?? 'GET', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {}
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export interface SseEvent {
  event: string | undefined;
  id: string | undefined;
  data: any;
}

export interface StreamResult {
  status: number;
  contentType: string | null;
  events: SseEvent[];
  /** `end`: the server ended the stream; `error`: the connection broke; `stopped`: `until` said so. */
  ending: 'end' | 'error' | 'stopped';
  retry: number | undefined;
}

export async function readStream(
  url: string,
  options: {
    lastEventId?: number;
    until?: (events: SseEvent[]) => boolean;
    headers?: Record<string, string>;
    /** Sees each event as it arrives (a test acts at a point of the stream). */
    onEvent?: (event: SseEvent) => void;
    /** Aborting it closes the connection; the result then ends `stopped`. */
    signal?: AbortSignal;
  } = {},
): Promise<StreamResult> {
  const controller = new AbortController();
  let stopped = false;
  options.signal?.addEventListener('abort', () => {
    stopped = true;
    controller.abort();
  });
  const headers: Record<string, string> = { Accept: 'text/event-stream', ...options.headers };
  if (options.lastEventId !== undefined) headers['Last-Event-ID'] = String(options.lastEventId);
  const res = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  let retry: number | undefined;
  const parser = createParser({
    onEvent(message) {
      if (stopped) return;
      const event: SseEvent = { event: message.event, id: message.id, data: JSON.parse(message.data) };
      events.push(event);
      options.onEvent?.(event);
      if (options.until?.(events)) {
        stopped = true;
        controller.abort();
      }
    },
    onRetry(ms) {
      retry = ms;
    },
  });
  const result = (ending: StreamResult['ending']): StreamResult => ({
    status: res.status,
    contentType: res.headers.get('content-type'),
    events,
    ending,
    retry,
  });
  if (!res.body) return result('end');
  const decoder = new TextDecoder();
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      parser.feed(decoder.decode(chunk, { stream: true }));
      if (stopped) break;
    }
  } catch {
    return result(stopped ? 'stopped' : 'error');
  }
  return result(stopped ? 'stopped' : 'end');
}

/** Creates a job and returns its ids. */
export async function createJob(base: string, body: Record<string, unknown>, entry = 'demo_assistant') {
  const res = await postJson(`${base}/chat/${entry}`, body);
  if (res.status !== 200) throw new Error(`create job: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { done: false; job_id: string; visitor_id: string; thread_id: string };
}

/** The job as create-job answered it: the stream asks for its visitor too. */
export interface JobRef {
  job_id: string;
  visitor_id: string;
}

/** The events URL of a job, with its visitor (and any other query, e.g. `ticket`, `cursor`). */
export function eventsUrl(base: string, job: JobRef, entry = 'demo_assistant', query: Record<string, string> = {}): string {
  const q = new URLSearchParams({ visitor_id: job.visitor_id, ...query });
  return `${base}/chat/${entry}/events/${job.job_id}?${q}`;
}

/** Streams a job to its end (terminal event, timeout or a break). */
export function streamJob(
  base: string,
  job: JobRef,
  entry = 'demo_assistant',
  lastEventId?: number,
  query: Record<string, string> = {},
): Promise<StreamResult> {
  return readStream(eventsUrl(base, job, entry, query), lastEventId === undefined ? {} : { lastEventId });
}

export const stored = (events: SseEvent[]): SseEvent[] => events.filter((e) => e.id !== undefined);
export const deltaText = (events: SseEvent[]): string =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text as string)
    .join('');

export async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * `promise`, or a failure naming what never came within `ms`: a server that waits for something
 * it should not (a whole body, Node's own timeouts) fails the test instead of hanging it.
 */
export function within<T>(promise: Promise<T>, what: string, ms = 5000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * What would kill `node main.js`: every uncaught exception and unhandled rejection during each test
 * of the calling file or describe block, recorded (vitest would only report them after the fact).
 * The array is emptied before each test.
 */
export function recordEscapedErrors(): unknown[] {
  const escaped: unknown[] = [];
  const record = (error: unknown): void => void escaped.push(error);
  beforeEach(() => {
    escaped.length = 0;
    process.on('uncaughtException', record);
    process.on('unhandledRejection', record);
  });
  afterEach(() => {
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  });
  return escaped;
}

// AG-UI: @ag-ui/client's HttpAgent is the conforming client the endpoint is tested against.

/** An HttpAgent for `POST /agui/:entry` of a test server. */
export function aguiClient(base: string, options: { entry?: string; threadId?: string; headers?: Record<string, string> } = {}): HttpAgent {
  return new HttpAgent({
    url: `${base}/agui/${options.entry ?? 'demo_assistant'}`,
    ...(options.threadId !== undefined ? { threadId: options.threadId } : {}),
    ...(options.headers !== undefined ? { headers: options.headers } : {}),
  });
}

/** Adds a user message to the agent's conversation. */
export function say(agent: HttpAgent, text: string): void {
  agent.addMessage({ id: randomUUID(), role: 'user', content: text });
}

export interface AguiRunResult {
  /** Every event as the client applied it (after its verification and chunk expansion). */
  events: BaseEvent[];
  types: string[];
  /** Why the run failed in the client (a network error, an event the client's verification refused). */
  error: Error | undefined;
  result: RunAgentResult | undefined;
}

/** One run through the client; never throws (a failure is in `error`). */
export async function runAgui(agent: HttpAgent, params: RunAgentParameters = {}): Promise<AguiRunResult> {
  const events: BaseEvent[] = [];
  let error: Error | undefined;
  const result = await agent
    .runAgent(params, {
      onEvent: ({ event }) => {
        events.push(event);
      },
    })
    .catch((e: unknown) => {
      error = e instanceof Error ? e : new Error(String(e));
      return undefined;
    });
  return { events, types: events.map((e) => e.type), error, result };
}

/** A minimal RunAgentInput with one user message. */
export function runInput(text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { threadId: `thread-${randomUUID()}`, runId: `run-${randomUUID()}`, messages: [{ id: 'u1', role: 'user', content: text }], ...extra };
}

export interface RawRun {
  status: number;
  headers: Headers;
  text: string;
}

/** POSTs a body to `/agui/:entry` and reads the whole answer as text. */
export async function postAgui(base: string, body: unknown, options: { entry?: string; headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<RawRun> {
  const res = await fetch(`${base}/agui/${options.entry ?? 'demo_assistant'}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...options.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/**
 * The events of an SSE answer, checking its framing on the way: nothing but `data: {json}\n\n`
 * frames (comments aside), one line each, as @ag-ui/encoder writes them.
 */
export function sseFrames(text: string): BaseEvent[] {
  if (!text.endsWith('\n\n')) throw new Error(`the stream does not end with a blank line: ${JSON.stringify(text.slice(-40))}`);
  return text
    .slice(0, -2)
    .split('\n\n')
    .filter((frame) => !frame.startsWith(':'))
    .map((frame) => {
      const match = /^data: (\{.*\})$/.exec(frame);
      if (!match) throw new Error(`not a "data: {json}" frame: ${JSON.stringify(frame.slice(0, 80))}`);
      return JSON.parse(match[1]!) as BaseEvent;
    });
}

export interface FakeModel {
  /** The base URL to hand the server as `openai.baseUrl`. */
  url: string;
  /** Every request the server made, as received: its body's size in bytes and its parsed JSON. */
  requests: { bytes: number; body: { messages: { role: string; content: unknown }[]; tools?: unknown[] } }[];
  close(): Promise<void>;
}

/** A local OpenAI-compatible chat completions endpoint (127.0.0.1, port 0) that records each request and streams `reply`. */
export async function startFakeModel(reply = 'Hello from the model.'): Promise<FakeModel> {
  const requests: FakeModel['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      requests.push({ bytes: raw.length, body: JSON.parse(raw.toString('utf8')) });
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: reply } }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
