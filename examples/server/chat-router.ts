// The /chat/:entry/... routes and the checks every one of them shares, in order: route, entry
// key, entry, origin (CORS), preflight, method, disabled entry, rate limit, then the handler.
import type { AppContext, ChatHandler } from './app-context';
import { corsHeaders, isOriginAllowed, preflightHeaders } from './cors';
import { HttpError, badRequest, forbidden, notFound } from './http-error';
import { clientIp, sendError } from './http-io';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ENTRY_KEY_PATTERN } from './limits';
import { getConfig } from './routes/config';
import { createJob } from './routes/create-job';
import { streamEvents } from './routes/events';
import { rateJob } from './routes/rate';
import { getThread } from './routes/thread';
import { uploadFile } from './routes/upload';

interface ChatRoute {
  /** Matched against what follows `/chat/:entry`. */
  pattern: RegExp;
  methods: Readonly<Record<string, ChatHandler>>;
  /** Routes a disabled entry still answers (the widget learns `enabled:false` from config). */
  whenDisabled?: boolean;
}

const CHAT_ROUTES: readonly ChatRoute[] = [
  { pattern: /^$/, methods: { POST: createJob } },
  { pattern: /^\/config$/, methods: { GET: getConfig }, whenDisabled: true },
  { pattern: /^\/events\/([^/]+)$/, methods: { GET: streamEvents } },
  { pattern: /^\/thread$/, methods: { GET: getThread } },
  { pattern: /^\/rate\/([^/]+)$/, methods: { POST: rateJob } },
  { pattern: /^\/upload$/, methods: { POST: uploadFile } },
];

const CHAT_PATH = /^\/chat\/([^/]+)(\/.*)?$/;

export function isChatPath(pathname: string): boolean {
  return CHAT_PATH.test(pathname);
}

function selfOrigin(req: IncomingMessage): string | undefined {
  return req.headers.host ? `http://${req.headers.host}` : undefined;
}

export async function handleChat(app: AppContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const [, key, rest = ''] = CHAT_PATH.exec(url.pathname) as unknown as [string, string, string | undefined];
  const origin = req.headers.origin;
  // Until the entry is known there is nothing to protect, and a readable error helps integrators.
  let cors = corsHeaders(origin);
  try {
    let route: ChatRoute | undefined;
    let params: string[] = [];
    for (const candidate of CHAT_ROUTES) {
      const match = candidate.pattern.exec(rest);
      if (match) {
        route = candidate;
        params = match.slice(1);
        break;
      }
    }
    if (!route) throw notFound();
    if (!ENTRY_KEY_PATTERN.test(key)) throw badRequest('bad_entry', `The entry key must match ${ENTRY_KEY_PATTERN}.`);
    const entry = app.entries.get(key);
    if (!entry) throw notFound(`Unknown entry "${key}".`, 'unknown_entry');
    if (!isOriginAllowed(origin, entry.allowedOrigins, selfOrigin(req))) {
      cors = { Vary: 'Origin' };
      throw forbidden('origin_not_allowed', `The origin ${origin} may not use this entry.`);
    }

    const methods = Object.keys(route.methods);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, preflightHeaders(origin, methods));
      res.end();
      return;
    }
    const handler = route.methods[req.method ?? ''];
    if (!handler) {
      throw new HttpError(405, 'method_not_allowed', `Use ${methods.join(' or ')} here.`, { Allow: [...methods, 'OPTIONS'].join(', ') });
    }
    if (!entry.appearance.enabled && !route.whenDisabled) throw forbidden('entry_disabled', 'This entry is turned off.');
    if (req.method === 'POST') {
      const decision = app.limiter.take(clientIp(req), Date.now());
      if (!decision.ok) {
        throw new HttpError(429, 'rate_limited', 'Too many requests; please slow down.', {
          'Retry-After': String(decision.retryAfterSeconds),
        });
      }
    }
    await handler({ app, req, res, url, entry, params, cors });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    sendError(res, error, cors);
  }
}
