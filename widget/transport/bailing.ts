// The BailingHub wire (DESIGN.md §4): stream event payloads, their validation, and the JSON
// endpoints. Everything from the hub is checked before use: it is data from the network.
import { readAttachments } from '../attachments/attachments';
import { readReferences } from '../attachments/citations';
import type { HistoryItem, PageContext, Rating, ResponseSummary, WidgetConfig } from '../types';
import { BailingHttpError } from './errors';

// ---- stream events ----

// Each event carries only what the widget acts on: the parser drops every other field unread.
export interface OpenEvent {
  type: 'open';
  job_id: string;
  status: string;
}
export interface StatusEvent {
  type: 'status';
  /** `queued`, `running`, `dispatched`, or a final job status (the terminal event follows). */
  status: string;
}
export interface PhaseEvent {
  type: 'phase';
  seq: number;
  name: 'model' | 'tool';
  round?: number;
}
export interface ResetEvent {
  type: 'reset';
  /** Absent on a `replay_gap` reset, which is not itself in the replay log. */
  seq?: number;
  round?: number;
}
export interface DeltaEvent {
  type: 'delta';
  seq: number;
  text: string;
  round?: number;
}
export interface PingEvent {
  type: 'ping';
}
export interface DoneEvent {
  type: 'done';
  job_id: string;
  reply: string;
  /** BailingHub reports a job that ended in error as `done` with `error: true`. */
  error?: boolean | string;
  /** Knowledge-base citations, unchecked: `readReferences` (widget/attachments/citations.ts) reads them. */
  references?: unknown;
  /** Files of the answer, unchecked: `readAttachments` (widget/attachments/attachments.ts) reads them. */
  attachments?: unknown;
}
export interface FailedEvent {
  type: 'failed';
  reply?: string;
  error?: boolean | string;
}
export interface TimeoutEvent {
  type: 'timeout';
}

export type StreamEvent =
  | OpenEvent
  | StatusEvent
  | PhaseEvent
  | ResetEvent
  | DeltaEvent
  | PingEvent
  | DoneEvent
  | FailedEvent
  | TimeoutEvent;
export type StreamEventName = StreamEvent['type'];
export type ParsedStreamEvent = { ok: true; event: StreamEvent } | { ok: false; error: string };

// A field check: the test, what it expects (for the message), and whether the field may be absent.
type Check = readonly [test: (v: unknown) => boolean, expected: string, optional?: true];
type Shape = Readonly<Record<string, Check>>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const opt = ([test, expected]: Check): Check => [test, expected, true];
const oneOf = (...values: string[]): Check => [(v) => values.includes(v as string), values.map((x) => `"${x}"`).join(' or ')];
const STR: Check = [(v) => typeof v === 'string', 'a string'];
const ID: Check = [(v) => typeof v === 'string' && v !== '', 'a non-empty string'];
const BOOL: Check = [(v) => typeof v === 'boolean', 'a boolean'];
const SEQ: Check = [(v) => Number.isSafeInteger(v) && (v as number) >= 0, 'an integer ≥ 0'];
const FLAG: Check = [(v) => typeof v === 'boolean' || typeof v === 'string', 'a boolean or a string'];
/**
 * Taken as sent and checked item by item later (widget/attachments/citations.ts, widget/attachments/attachments.ts): a
 * malformed list of citations or files must not drop the `done` that carries the answer.
 */
const RAW: Check = [() => true, 'any value', true];

// Only the fields the widget acts on are declared (and so checked); the rest are dropped unread.
// Terminal events ask the least: dropping a `done` over a cosmetic field would lose an answer
// that was already paid for.
const EVENT_SHAPES: Readonly<Record<StreamEventName, Shape>> = {
  open: { job_id: ID, status: STR },
  status: { status: STR },
  phase: { seq: SEQ, name: oneOf('model', 'tool'), round: opt(SEQ) },
  reset: { seq: opt(SEQ), round: opt(SEQ) },
  delta: { seq: SEQ, text: STR, round: opt(SEQ) },
  ping: {},
  done: { job_id: ID, reply: STR, error: opt(FLAG), references: RAW, attachments: RAW },
  failed: { reply: opt(STR), error: opt(FLAG) },
  timeout: {},
};

/**
 * Copies the declared fields of `value` (`null` counts as absent), or says what is wrong with it.
 * Undeclared fields are dropped, so nothing unchecked reaches the UI.
 */
function conform(what: string, value: unknown, shape: Shape): Record<string, unknown> | string {
  if (!isObject(value)) return `${what}: expected a JSON object`;
  const out: Record<string, unknown> = {};
  for (const key in shape) {
    const [test, expected, optional] = shape[key]!;
    const v = value[key];
    if (v == null) {
      if (!optional) return `${what}: "${key}" is missing (expected ${expected})`;
    } else if (!test(v)) return `${what}: "${key}" must be ${expected}`;
    else out[key] = v;
  }
  return out;
}

/** Validates one SSE event of the job stream. Unknown names fail: the caller logs and skips them. */
export function parseStreamEvent(name: string, data: string): ParsedStreamEvent {
  if (!Object.hasOwn(EVENT_SHAPES, name)) return { ok: false, error: `unknown event "${name}"` };
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { ok: false, error: `${name}: data is not JSON` };
  }
  const r = conform(name, json, EVENT_SHAPES[name as StreamEventName]);
  return typeof r === 'string' ? { ok: false, error: r } : { ok: true, event: { ...r, type: name } as StreamEvent };
}

// ---- base URL ----

const isHttp = (u: URL) => u.protocol === 'https:' || u.protocol === 'http:';

/**
 * The hub's base URL: `data-api` when set, else the directory of the script's own `src`
 * (`https://x.com/a/widget.js` → `https://x.com/a`). Never ends in `/`.
 * @throws Error when neither is an absolute http(s) URL.
 */
export function resolveApiBase(scriptSrc: string, dataApi?: string | null): string {
  const api = dataApi?.trim();
  if (api) {
    let u: URL | undefined;
    try {
      u = new URL(api);
    } catch {}
    if (!u || !isHttp(u) || u.search || u.hash) {
      throw new Error(`data-api must be an absolute http(s) URL without query or fragment, e.g. "https://hub.example.com"; got "${api}"`);
    }
    return u.href.replace(/\/+$/, '');
  }
  let u: URL | undefined;
  try {
    u = new URL(scriptSrc);
  } catch {}
  if (!u || !isHttp(u)) {
    throw new Error(`cannot derive the API base from the script src "${scriptSrc}": set data-api to the hub's http(s) URL`);
  }
  return u.origin + u.pathname.slice(0, u.pathname.lastIndexOf('/')).replace(/\/+$/, '');
}

// ---- JSON endpoints ----

export interface CreateJobBody {
  /** Exactly one of `message` (≤ 4000 chars) or `interaction_response`. */
  message?: string;
  interaction_response?: Record<string, unknown>;
  visitor_id?: string;
  ticket?: string;
  thread_id?: string;
  context?: PageContext;
  client_capabilities: { renderers: string[]; [more: string]: unknown };
}

export interface CreateJobResponse {
  /** `true` with a `reply`: the hub answered synchronously, there is nothing to stream. */
  done: boolean;
  job_id: string;
  visitor_id: string;
  thread_id?: string;
  reply?: string;
  error?: boolean | string;
  deduped?: boolean;
  references?: unknown;
  attachments?: unknown;
}

export interface ThreadQuery {
  visitor_id: string;
  thread_id?: string;
  ticket?: string;
}

export interface Thread {
  visitor_id: string;
  messages: HistoryItem[];
}

export interface RateBody {
  rating: Rating;
  visitor_id: string;
  comment?: string;
  /** The reference server checks it on ticket entries; the hub ignores it. */
  ticket?: string;
}

export interface BailingClientOptions {
  /** From {@link resolveApiBase}. */
  baseUrl: string;
  entry: string;
  /** Default: the global `fetch`. */
  fetch?: typeof fetch;
}

/**
 * Every request takes an optional `signal`; an aborted one rejects with status 0 and the abort as
 * `cause`. Uploads are the uploader module's (widget/transport/upload.ts): the core sends no file.
 */
export interface BailingClient {
  getConfig(signal?: AbortSignal): Promise<Partial<WidgetConfig>>;
  /** Never retried here: a second POST would start a second answer. */
  createJob(body: CreateJobBody, signal?: AbortSignal): Promise<CreateJobResponse>;
  /** With the visitor and the ticket, which the reference server checks as on `/thread`. */
  eventsUrl(jobId: string, visitorId?: string, ticket?: string): string;
  getThread(query: ThreadQuery, signal?: AbortSignal): Promise<Thread>;
  rate(jobId: string, body: RateBody, signal?: AbortSignal): Promise<void>;
}

const JOB_SHAPE: Shape = {
  done: BOOL,
  job_id: ID,
  visitor_id: STR,
  thread_id: opt(STR),
  reply: opt(STR),
  error: opt(FLAG),
  deduped: opt(BOOL),
  references: RAW,
  attachments: RAW,
};

/** The appearance a hub may leave out; also what each field's type must be. */
export const DEFAULT_CONFIG: WidgetConfig = {
  enabled: true,
  title: '',
  greeting: '',
  color: '#2563eb',
  avatar: '',
  title_align: 'left',
  ai_notice: '',
  powered_by_visible: false,
  powered_by_text: '',
  brand: '',
  launcher_icon: '',
  position: 'right',
  offset_x: 24,
  offset_y: 24,
  width: 400,
  height: 640,
  resizable: false,
  upload: false,
  default_open: false,
  starters: [],
  lang: '',
};

const CONFIG_ENUMS: Partial<Record<keyof WidgetConfig, readonly string[]>> = { title_align: ['left', 'center'], position: ['left', 'right'] };

/** A config field's value is kept only if it has the default's type (and an allowed value). */
function configValueOk(key: keyof WidgetConfig, v: unknown): boolean {
  // BailingHub sends `ai_notice` as a boolean; others send the text.
  if (key === 'ai_notice' && typeof v === 'boolean') return true;
  if (typeof v !== typeof DEFAULT_CONFIG[key]) return false;
  if (Array.isArray(DEFAULT_CONFIG[key])) return Array.isArray(v) && v.every((s) => typeof s == 'string');
  if (typeof v === 'number') return Number.isFinite(v);
  return !CONFIG_ENUMS[key] || CONFIG_ENUMS[key]!.includes(v as string);
}

const NUM: Check = [(v) => Number.isFinite(v), 'a finite number'];
const RATINGS = ['up', 'down', 'note'];

/** The well-formed entries of a list (each with only its declared fields), or `undefined` when none is. */

/**
 * One history item, or `null` when it is unusable. BailingHub sends `ts` as a date string; the
 * hub's own widget stores items without `ts`, marks failures `e: true` and keeps the visitor's
 * rating (`v`), comment (`c`) and the citations (`refs`), which are kept here too: a visitor may
 * switch widgets either way.
 */
export function toHistoryItem(v: unknown): HistoryItem | null {
  if (!isObject(v) || (v.r !== 'u' && v.r !== 'a') || typeof v.t !== 'string') return null;
  const ts = typeof v.ts === 'number' ? v.ts : Date.parse(String(v.ts));
  const item: HistoryItem = { r: v.r, t: v.t, ts: Number.isFinite(ts) ? ts : 0 };
  if (typeof v.j === 'string' && v.j) item.j = v.j;
  if (v.err === true || v.e === true) item.err = item.e = true;
  // Checked item by item, as in `done`: a malformed citation or file costs only itself.
  const atts = readAttachments(v.atts);
  if (atts.length) item.atts = atts;
  const refs = readReferences(v.refs);
  if (refs.length) item.refs = refs;
  if (RATINGS.includes(v.v as string)) item.v = v.v as Rating;
  if (typeof v.c === 'string' && v.c) item.c = v.c;
  if (v.o === 'regenerated' || v.o === 'edited') item.o = v.o;
  if (v.d === true) item.d = true;
  if (v.w === true) item.w = true;
  if (isObject(v.interaction) && typeof v.interaction.type === 'string') item.interaction = v.interaction as unknown as ResponseSummary;
  return item;
}

/** The appearance fields of `json` that have the right type; a field of the wrong type is dropped, not fatal: the widget has a default for each. */
export function readWidgetConfig(json: Record<string, unknown>): Partial<WidgetConfig> {
  const config: Record<string, unknown> = {};
  for (const key of Object.keys(DEFAULT_CONFIG) as (keyof WidgetConfig)[]) if (configValueOk(key, json[key])) config[key] = json[key];
  return config as Partial<WidgetConfig>;
}

export function createBailingClient({ baseUrl, entry, fetch: doFetch = fetch }: BailingClientOptions): BailingClient {
  const root = `${baseUrl}/chat/${encodeURIComponent(entry)}`;

  // `parse` checks the 2xx body (`undefined` when not JSON) and returns the value or what is wrong.
  async function request<T>(
    method: 'GET' | 'POST',
    url: string,
    body: unknown,
    signal: AbortSignal | undefined,
    parse: (json: unknown) => T | string,
  ): Promise<T> {
    // credentials 'omit': the hub is cookie-less and answers `Access-Control-Allow-Origin: *`.
    const init: RequestInit = { method, credentials: 'omit', cache: 'no-store', signal };
    if (body !== undefined) {
      init.headers = { 'Content-Type': 'application/json' };
      init.body = JSON.stringify(body);
    }
    const res = await doFetch(url, init).catch((cause: unknown) => {
      throw new BailingHttpError(method, url, 0, { cause });
    });
    let json: unknown;
    try {
      json = JSON.parse(await res.text());
    } catch {}
    if (!res.ok) throw new BailingHttpError(method, url, res.status, { body: json });
    const r = parse(json);
    if (typeof r === 'string') throw new BailingHttpError(method, url, res.status, { detail: r });
    return r;
  }

  return {
    getConfig: (signal) => request('GET', `${root}/config`, undefined, signal, (json) => (isObject(json) ? readWidgetConfig(json) : 'expected a JSON object')),

    createJob: (body, signal) =>
      request('POST', root, body, signal, (json) => conform('create job response', json, JOB_SHAPE) as CreateJobResponse | string),

    eventsUrl(jobId, visitorId, ticket) {
      // Who reads the stream goes in the query, as for /thread: the hub's CORS allows no request
      // header but Content-Type and Last-Event-ID (a custom one fails the preflight), and it
      // ignores query keys it does not read; the reference server checks both.
      const q = new URLSearchParams();
      if (visitorId) q.set('visitor_id', visitorId);
      if (ticket) q.set('ticket', ticket);
      return `${root}/events/${encodeURIComponent(jobId)}${`${q}` ? `?${q}` : ''}`;
    },

    getThread({ visitor_id, thread_id, ticket }, signal) {
      const q = new URLSearchParams({ visitor_id });
      if (thread_id) q.set('thread_id', thread_id);
      if (ticket) q.set('ticket', ticket);
      return request('GET', `${root}/thread?${q}`, undefined, signal, (json) => {
        if (!isObject(json) || !Array.isArray(json.messages)) return '"messages" must be an array';
        // One bad item does not cost the visitor the rest of their history.
        const messages = json.messages.map(toHistoryItem).filter((m): m is HistoryItem => m !== null);
        return { visitor_id: typeof json.visitor_id === 'string' ? json.visitor_id : visitor_id, messages };
      });
    },

    rate: (jobId, body, signal) => request('POST', `${root}/rate/${encodeURIComponent(jobId)}`, body, signal, () => undefined),
  };
}
