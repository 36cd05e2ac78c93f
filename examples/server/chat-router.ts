// The routes of a chat entry, /chat/:entry/... (the BailingHub contract) and /agui/:entry (AG-UI),
// and the checks every one of them shares, in order: route, entry key, entry, origin (CORS),
// preflight, method, disabled entry, rate limit (POST, or a reading route's per-address one),
// then the handler.
import type { AppContext, ChatHandler } from './app-context';
import type { ReadingRoute } from './http/client-limits';
import { AGUI_CORS_ALLOW_HEADERS, corsHeaders, isOriginAllowed, preflightHeaders } from './http/cors';
import { HttpError, badRequest, forbidden, notFound } from './http/http-error';
import { clientIp, sendError } from './http/http-io';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ENTRY_KEY_PATTERN } from './settings/limits';
import { describeError, storageRefusal } from './storage/storage-fault';
import { runAgui } from './ag-ui/routes/agui';
import { getConfig } from './hub/routes/config';
import { createJob } from './hub/routes/create-job';
import { streamEvents } from './hub/routes/events';
import { rateJob } from './hub/routes/rate';
import { getThread } from './hub/routes/thread';
import { uploadFile } from './hub/routes/upload';

interface ChatRoute {
  /** Matched against what follows `/chat/:entry`. */
  pattern: RegExp;
  methods: Readonly<Record<string, ChatHandler>>;
  /** Routes a disabled entry still answers (the widget learns `enabled:false` from config). */
  whenDisabled?: boolean;
  /** Its 429 and 503 answer like a job that failed at once (http-io.ts `errorBody`), as the hub's do. */
  answersAsJob?: boolean;
  /** A reading route rate-limited per address (client-limits.ts); the handler limits per visitor. */
  reading?: ReadingRoute;
  /** The request headers its preflight allows; default cors.ts CORS_ALLOW_HEADERS. */
  allowHeaders?: string;
}

const CHAT_ROUTES: readonly ChatRoute[] = [
  { pattern: /^$/, methods: { POST: createJob }, answersAsJob: true },
  { pattern: /^\/config$/, methods: { GET: getConfig }, whenDisabled: true },
  { pattern: /^\/events\/([^/]+)$/, methods: { GET: streamEvents }, reading: 'events' },
  { pattern: /^\/thread$/, methods: { GET: getThread }, reading: 'thread' },
  { pattern: /^\/rate\/([^/]+)$/, methods: { POST: rateJob } },
  { pattern: /^\/upload$/, methods: { POST: uploadFile } },
];

const AGUI_ROUTES: readonly ChatRoute[] = [{ pattern: /^$/, methods: { POST: runAgui }, allowHeaders: AGUI_CORS_ALLOW_HEADERS }];

/** Each door of an entry: its path (the entry key, then what follows it) and its routes. */
const ENTRY_PATHS: readonly (readonly [RegExp, readonly ChatRoute[]])[] = [
  [/^\/chat\/([^/]+)(\/.*)?$/, CHAT_ROUTES],
  [/^\/agui\/([^/]+)(\/.*)?$/, AGUI_ROUTES],
];

export function isEntryPath(pathname: string): boolean {
  return ENTRY_PATHS.some(([path]) => path.test(pathname));
}

export async function handleEntryRoute(app: AppContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  let match: RegExpExecArray | null = null;
  let routes: readonly ChatRoute[] = [];
  for (const [path, candidates] of ENTRY_PATHS) {
    match = path.exec(url.pathname);
    if (match) {
      routes = candidates;
      break;
    }
  }
  const [, key = '', rest = ''] = match ?? [];
  const origin = req.headers.origin;
  // Until the entry is known there is nothing to protect, and a readable error helps integrators.
  let cors = corsHeaders(origin);
  let route: ChatRoute | undefined;
  try {
    let params: string[] = [];
    for (const candidate of routes) {
      const match = candidate.pattern.exec(rest);
      if (match) {
        route = candidate;
        params = match.slice(1);
        break;
      }
    }
    if (!route) throw notFound();
    if (!ENTRY_KEY_PATTERN.test(key)) throw badRequest('bad_entry', `This chat does not exist (an entry key must match ${ENTRY_KEY_PATTERN}).`);
    const entry = app.entries.get(key);
    if (!entry) throw notFound(`This chat does not exist (there is no entry "${key}").`, 'unknown_entry');
    if (!isOriginAllowed(origin, entry.allowedOrigins, app.origin())) {
      // The refusal itself keeps its CORS grant: it holds nothing but its reason, and without the
      // grant the browser shows the page a bare "network error", so the owner could not tell a
      // refused origin from a server that is down. A refused preflight grants nothing, so no
      // request that needs one is ever sent from that origin.
      if (req.method === 'OPTIONS') cors = { Vary: 'Origin' };
      throw forbidden('origin_not_allowed', `This website may not use this chat: its origin ${origin} is not in the allowed_origins of entry "${key}".`);
    }

    const methods = Object.keys(route.methods);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, preflightHeaders(origin, methods, route.allowHeaders));
      res.end();
      return;
    }
    const handler = route.methods[req.method ?? ''];
    if (!handler) {
      throw new HttpError(405, 'method_not_allowed', `Use ${methods.join(' or ')} here.`, { Allow: [...methods, 'OPTIONS'].join(', ') });
    }
    if (!entry.appearance.enabled && !route.whenDisabled) throw forbidden('entry_disabled', 'This chat is turned off.');
    if (req.method === 'POST') {
      const decision = app.limiter.take(clientIp(req), Date.now());
      if (!decision.ok) {
        throw new HttpError(429, 'rate_limited', 'You are sending messages too quickly. Please wait a moment and try again.', {
          'Retry-After': String(decision.retryAfterSeconds),
        });
      }
    }
    // Counted before the handler looks anything up: a flood of unknown jobs is limited too.
    if (route.reading) app.clientLimits.takeIp(route.reading, clientIp(req), Date.now());
    await handler({ app, req, res, url, entry, params, cors });
  } catch (error) {
    // A database that refused a write (or a read) is no fault of the request: a 503 the visitor
    // can read, a line in the log, and the server keeps serving.
    const refusal = error instanceof HttpError ? error : storageRefusal(error);
    if (!refusal) throw error;
    if (refusal !== error) app.log(`${req.method} ${url.pathname}: the database refused it: ${describeError(error)}`);
    sendError(res, refusal, cors, route?.answersAsJob === true);
  }
}
