// The reference chat server: the BailingHub contract (DESIGN.md §4), the built widget and the
// demo pages. Importing this module starts nothing; `startServer` does.
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Agent } from './agents/agent';
import type { AppContext } from './app-context';
import type { AguiAgent } from './agents/agui-agent';
import { createAguiDemoAgent } from './agents/agui-demo';
import { createMcpDemoAgent, withMcpApps } from './ag-ui/agui-mcp-apps';
import { PUBLISHED_BACKENDS, startMcpBackends, type McpBackend } from './ag-ui/mcp-backends';
import { startSandboxServer } from './ag-ui/mcp-sandbox-server';
import { createAguiOpenAIAgent } from './agents/agui-openai';
import { handleEntryRoute, isEntryPath } from './chat-router';
import { createDemoAgent, pickDemoScenario } from './agents/demo-agent';
import { DEMO_FILES_PATH, serveDemoFile } from './demo/demo-files';
import { checkTicketSecrets, loadEntriesFile, parseEntriesConfig } from './settings/entries';
import { EventBus } from './hub/event-bus';
import { newAguiId } from './storage/ids';
import { HttpError, notFound } from './http/http-error';
import { errorBody, sendError, sendJson } from './http/http-io';
import { JobRunner } from './hub/job-runner';
import { redactUrl } from './http/log-redaction';
import {
  DEFAULT_DELTA_DELAY_MS,
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_PING_INTERVAL_MS,
  DEFAULT_RETENTION_SWEEP_INTERVAL_MS,
  DEFAULT_STREAM_WINDOW_MS,
  DEMO_SLOW_DELTA_MS,
  DEMO_TOOL_PAUSE_MS,
} from './settings/limits';
import { createOpenAIAgent, type OpenAIOptions } from './agents/openai-agent';
import { ClientLimits, resolveClientLimits, type ClientLimitSettings } from './http/client-limits';
import { checkingIntervalMs, guardConnections, resolveConnections, type ConnectionSettings } from './http/connection-guard';
import { listenOrigin, parsePublicOrigin } from './http/public-origin';
import { RateLimiter } from './http/rate-limit';
import { DEFAULT_RETENTION, startRetention, type RetentionPolicy } from './storage/retention';
import { PetstoreFake } from './demo/petstore';
import { handlePetstore, isPetstorePath } from './demo/routes/petstore';
import { decidesContinue } from './hub/routes/upload';
import { serveUpload } from './hub/routes/uploads-get';
import { createCompressedFiles } from './http/compression';
import { buildIdOf, isStaticPath, resolveStaticPath, serveStatic } from './http/static-files';
import { describeError, storageRefusal } from './storage/storage-fault';
import { Store } from './storage/store';
import { StreamHintsRegistry } from './demo/stream-hints';
import { AddressUploads, DEFAULT_UPLOAD_QUOTA, type UploadQuota } from './hub/uploads/upload-quota';

/**
 * How long a browser keeps widget.js and the other scripts before asking again: an update reaches a
 * returning visitor at the first page load after the hour (that load may still run the copy it had
 * while the browser fetches the new one, for up to a day: static-files.ts cacheControl).
 */
export const STATIC_MAX_AGE_SECONDS = 3600;

export interface StartServerOptions {
  /** 0 picks any free port. Default 8787. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** SQLite file, or ':memory:' (the default). */
  dbPath?: string;
  /** An open store to use instead of opening `dbPath` (tests hand in one whose writes fail). Closed by close(). */
  store?: Store;
  /** Entries file; default `<rootDir>/examples/server/entries.json`. Ignored when `config` is given. */
  configPath?: string;
  /** An entries document (`{entries: {...}}`), validated like the file. */
  config?: unknown;
  /** Repository root: static files are served from its examples/pages, dist and node_modules (static-files.ts). */
  rootDir?: string;
  /**
   * Also serve the browser tests' pages (/e2e/) and the builds under /dist/ they load. Default
   * false: `npm start` serves only what a host page and the demo need.
   */
  testPages?: boolean;
  /** How long one SSE connection may wait for the answer before `timeout`. Default 120000. */
  streamWindowMs?: number;
  /** Default 10000. */
  pingIntervalMs?: number;
  /** POST requests per client IP and minute. Default 30 (or BAILING_POST_RATE_PER_IP). */
  rateLimit?: { perMinute: number };
  /**
   * Rate limits of `/thread` and `/events` and the caps on open streams (client-limits.ts). Each
   * key defaults to its environment variable (CLIENT_LIMIT_ENV), then to limits.ts.
   */
  limits?: Partial<ClientLimitSettings>;
  /**
   * Timeouts of receiving a request and caps on open connections (connection-guard.ts). Each key
   * defaults to its environment variable (CONNECTION_ENV), then to limits.ts.
   */
  connections?: Partial<ConnectionSettings>;
  /**
   * How long a browser may keep widget.js and the other scripts before asking again (it then
   * gets a 304 while they are unchanged). Default STATIC_MAX_AGE_SECONDS, 0 in demo mode (a
   * rebuild shows at the next reload); pages are always asked about.
   */
  staticMaxAgeSeconds?: number;
  /** Demo agent pacing between deltas. Default 15. */
  deltaDelayMs?: number;
  /**
   * Answer with an OpenAI-compatible model. Undefined reads OPENAI_BASE_URL, OPENAI_API_KEY and
   * OPENAI_MODEL from the environment; null forces the demo agent.
   */
  openai?: OpenAIOptions | null;
  /**
   * Answer with this agent instead of the demo agent or an OpenAI-compatible model (the
   * benchmark streams a fixed reply with it). Takes precedence over `openai` and `deltaDelayMs`.
   */
  agent?: Agent;
  /** Answer `POST /agui/:entry` runs with this agent. Default: the AG-UI demo agent, or the OpenAI-compatible model over AG-UI. */
  aguiAgent?: AguiAgent;
  /** The AG-UI demo's pause before a tool result and between a progress step's start and end. Default 300. */
  toolPauseMs?: number;
  /** How long jobs, their stream steps and ratings are kept (retention.ts; defaults in limits.ts). */
  retention?: Partial<Omit<RetentionPolicy, 'uploadsMs'>> & {
    /** How often the retention sweep runs; it also runs at start-up. Default 1 hour. */
    sweepIntervalMs?: number;
  };
  uploads?: {
    /** Uploads older than this are deleted. Default 30 days. */
    retentionMs?: number;
    /** The retention sweep's interval, when `retention.sweepIntervalMs` is not given. */
    sweepIntervalMs?: number;
    /** Per-visitor and per-entry quotas; each key defaults to upload-quota.ts DEFAULT_UPLOAD_QUOTA. */
    quota?: Partial<UploadQuota>;
  };
  /**
   * The origin visitors reach the server at (public-origin.ts): the base of absolute URLs in
   * answers and the origin its own pages call from. Default: the listen address.
   */
  publicOrigin?: string;
  /** The clock of uploads, their quotas, their retention and AG-UI interrupts' expiry. Default Date.now. */
  now?: () => number;
  /**
   * Demo mode: the published demo ticket secret of entries.json (and secrets shorter than 32
   * characters) are allowed, each with a warning. Without it the server refuses to start with
   * them. Default false; `npm start` sets it (`--demo`, or BAILING_DEMO=1).
   */
  demo?: boolean;
  log?: (line: string) => void;
  /** Warnings at start-up (demo mode). Default: `log`. */
  warn?: (line: string) => void;
  /**
   * MCP Apps mode (DESIGN.md §14; BAILING_MCP_APPS=1 for `npm start`): the AG-UI agent goes behind
   * @ag-ui/mcp-apps-middleware, connected to `backends` (default: the published MCP App servers,
   * run in this process on a loopback port, mcp-backends.ts), and the sandbox proxy page is served
   * on a port of its own (`sandboxPort`, default 0: any free one; mcp-sandbox-server.ts).
   * `earlyViews` shows a UI tool's view as soon as the model starts calling it, its input streaming
   * in, instead of once the tool ran (ag-ui/early-views.ts).
   */
  mcpApps?: { backends?: readonly McpBackend[]; sandboxPort?: number; earlyViews?: boolean };
}

export interface RunningServer {
  /** The listen address, e.g. `http://127.0.0.1:8787`. */
  url: string;
  /** `publicOrigin` as configured, else `url`. */
  publicOrigin: string;
  port: number;
  store: Store;
  /** In MCP Apps mode: the sandbox proxy page, on its own origin (`data-sandbox-origin`). */
  sandboxUrl?: string;
  /** Ends open streams, fails unfinished jobs, stops listening and closes the database. */
  close(): Promise<void>;
}

/**
 * The repository root: two levels up from both examples/server/app.ts and dist/server/main.js.
 * A bundle copied elsewhere falls back to the working directory.
 */
export const DEFAULT_ROOT_DIR = ((): string => {
  // From the file path, not `new URL(…, import.meta.url)`: under a DOM test environment the
  // global URL is the DOM's, which node:url's fileURLToPath does not take.
  const twoUp = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  return existsSync(join(twoUp, 'package.json')) ? twoUp : process.cwd();
})();

function openAIFromEnv(env: NodeJS.ProcessEnv): OpenAIOptions | null {
  const baseUrl = env.OPENAI_BASE_URL;
  if (!baseUrl) return null;
  return { baseUrl, apiKey: env.OPENAI_API_KEY ?? '', model: env.OPENAI_MODEL ?? 'gpt-4o-mini' };
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const rootDir = options.rootDir ?? DEFAULT_ROOT_DIR;
  const configuredOrigin = options.publicOrigin === undefined ? undefined : parsePublicOrigin(options.publicOrigin);
  const entries =
    options.config !== undefined
      ? parseEntriesConfig(options.config, 'config option')
      : loadEntriesFile(options.configPath ?? join(rootDir, 'examples/server/entries.json'));
  const log = options.log ?? (() => {});
  // Before anything is opened: a refused secret must not leave a database or a timer behind.
  for (const warning of checkTicketSecrets(entries, options.demo === true)) (options.warn ?? log)(warning);
  const openai = options.openai === undefined ? openAIFromEnv(process.env) : options.openai;
  const { agent, aguiAgent, mcp } = await startAgents(options, openai, log);

  const store = options.store ?? new Store(options.dbPath ?? ':memory:');
  const now = options.now ?? Date.now;
  // Retention: a visitor's data is kept for a bounded time, then deleted (an upload's link then answers 404).
  const { sweepIntervalMs, ...retentionPolicy } = options.retention ?? {};
  const retention = startRetention({
    store,
    now,
    log,
    policy: { ...DEFAULT_RETENTION, uploadsMs: options.uploads?.retentionMs ?? DEFAULT_RETENTION.uploadsMs, ...retentionPolicy },
    intervalMs: sweepIntervalMs ?? options.uploads?.sweepIntervalMs ?? DEFAULT_RETENTION_SWEEP_INTERVAL_MS,
  });
  await retention.ready;
  const bus = new EventBus((error) => log(`a stream listener threw: ${String(error)}`));
  const runner = new JobRunner(store, bus, agent, log);
  const interrupted = runner.failInterruptedJobs();
  if (interrupted > 0) log(`marked ${interrupted} unfinished job(s) from a previous run as failed`);

  const clientLimits = resolveClientLimits(
    { ...options.limits, ...(options.rateLimit ? { postsPerIpPerMinute: options.rateLimit.perMinute } : {}) },
    process.env,
  );
  const streams = new Set<() => void>();
  const uploadQuota: UploadQuota = { ...DEFAULT_UPLOAD_QUOTA, ...options.uploads?.quota };
  let origin = '';
  const app: AppContext = {
    rootDir,
    site: { testPages: options.testPages === true, maxAgeSeconds: options.staticMaxAgeSeconds ?? (options.demo ? 0 : STATIC_MAX_AGE_SECONDS), compressed: createCompressedFiles(), buildId: buildIdOf(rootDir) },
    entries,
    store,
    bus,
    runner,
    aguiAgent,
    limiter: new RateLimiter(clientLimits.postsPerIpPerMinute),
    clientLimits: new ClientLimits(clientLimits),
    hints: new StreamHintsRegistry(),
    demoScenario: options.agent || openai ? null : pickDemoScenario,
    now,
    uploadQuota,
    addressUploads: new AddressUploads(uploadQuota.windowMs),
    pingIntervalMs: options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS,
    streamWindowMs: options.streamWindowMs ?? DEFAULT_STREAM_WINDOW_MS,
    origin: () => origin,
    log,
    trackStream: (close) => {
      streams.add(close);
      return () => streams.delete(close);
    },
    petstore: new PetstoreFake(),
  };

  let closing = false;
  const connections = resolveConnections(options.connections, process.env);
  const handle = requestHandler(app, (socket) => isRefused(socket), () => closing);
  const server = createServer({ connectionsCheckingInterval: checkingIntervalMs(connections) }, handle);

  const isRefused = guardConnections(server, connections);

  // `Expect: 100-continue`: a client asking before it sends its body is told to go on at once,
  // except by the upload route, which says so once it would take the file.
  server.on('checkContinue', (req, res) => {
    if (!decidesContinue(req.url)) res.writeContinue();
    server.emit('request', req, res);
  });

  await listen(server, options.port ?? DEFAULT_PORT, options.host ?? DEFAULT_HOST);
  const { port } = server.address() as AddressInfo;
  const url = listenOrigin(options.host ?? DEFAULT_HOST, port);
  origin = configuredOrigin ?? url;
  const sandbox = options.mcpApps
    ? await startSandboxServer({ rootDir, host: options.host ?? DEFAULT_HOST, port: options.mcpApps.sandboxPort ?? 0, frameAncestors: () => [...new Set([origin, url])].join(' ') })
    : undefined;

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closed ??= (async () => {
      closing = true;
      const sweepStopped = retention.stop();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const end of [...streams]) end();
      await runner.shutdown();
      server.closeAllConnections();
      await stopped;
      await sweepStopped;
      await Promise.all([mcp?.close(), sandbox?.close()]);
      store.close();
    })());

  return { url, publicOrigin: origin, port, store, ...(sandbox ? { sandboxUrl: sandbox.url } : {}), close };
}

/**
 * The agents that answer: the caller's, else the OpenAI-compatible ones when `openai` is set, else
 * the demo agents; in MCP Apps mode, the AG-UI one behind the middleware, with its MCP servers.
 */
async function startAgents(options: StartServerOptions, openai: OpenAIOptions | null, log: (line: string) => void) {
  const deltaDelayMs = options.deltaDelayMs ?? DEFAULT_DELTA_DELAY_MS;
  const agent: Agent = options.agent ?? (openai ? createOpenAIAgent(openai, log) : createDemoAgent({ deltaDelayMs }));
  const baseAguiAgent: AguiAgent =
    options.aguiAgent ??
    (openai
      ? createAguiOpenAIAgent(openai, log)
      : createAguiDemoAgent({ deltaDelayMs, toolPauseMs: options.toolPauseMs ?? DEMO_TOOL_PAUSE_MS, slowDelayMs: DEMO_SLOW_DELTA_MS, newId: newAguiId }));
  const mcp = options.mcpApps ? await startMcpBackends(options.mcpApps.backends ?? PUBLISHED_BACKENDS, log) : undefined;
  const aguiAgent: AguiAgent = mcp ? withMcpApps(createMcpDemoAgent(baseAguiAgent, newAguiId), mcp.servers, log, { earlyViews: options.mcpApps?.earlyViews }) : baseAguiAgent;
  return { agent, aguiAgent, mcp };
}

/**
 * Every request: a connection past the guard's limits is dropped, each answer is logged (never
 * the raw URL), a server closing answers 503, and what a route throws unanswered is a 500.
 */
function requestHandler(app: AppContext, isRefused: (socket: Socket) => boolean, isClosing: () => boolean) {
  const { log } = app;
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (isRefused(req.socket)) {
      req.socket.destroy();
      return;
    }
    const started = Date.now();
    // Never the raw URL: its query carries visitor ids, thread ids and tickets.
    const loggedUrl = redactUrl(req.url ?? '');
    res.once('close', () => log(`${req.method} ${loggedUrl} ${res.statusCode} ${Date.now() - started}ms`));
    if (isClosing()) {
      // Answered like the hub's 503: a finished, failed job with a sentence for the visitor.
      const error = new HttpError(503, 'shutting_down', 'The chat is restarting. Please try again in a moment.');
      sendJson(res, 503, errorBody(error, true), { Connection: 'close' });
      return;
    }
    route(app, req, res).catch((error: unknown) => {
      log(`${req.method} ${loggedUrl}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, errorBody(new HttpError(500, 'internal', 'Something went wrong on the server. Please try again.'), false));
    });
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

const methodNotAllowed = (allow: string): HttpError =>
  new HttpError(405, 'method_not_allowed', `Use ${allow} here.`, { Allow: allow });

async function route(app: AppContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const { pathname } = url;
  try {
    if (isEntryPath(pathname)) return await handleEntryRoute(app, req, res, url);
    const isGet = req.method === 'GET' || req.method === 'HEAD';
    if (pathname === '/healthz') {
      if (req.method !== 'GET') throw methodNotAllowed('GET');
      return sendJson(res, 200, { ok: true });
    }
    const upload = /^\/uploads\/([^/]+)$/.exec(pathname);
    if (upload) {
      if (!isGet) throw methodNotAllowed('GET, HEAD');
      return serveUpload(req, res, app.store, upload[1]!);
    }
    if (isPetstorePath(pathname)) return await handlePetstore(req, res, url, app.petstore, app.rootDir);
    if (pathname.startsWith(DEMO_FILES_PATH)) {
      if (!isGet) throw methodNotAllowed('GET, HEAD');
      return await serveDemoFile(req, res, app.rootDir, pathname.slice(DEMO_FILES_PATH.length));
    }
    if (isStaticPath(pathname)) {
      if (!isGet) throw methodNotAllowed('GET, HEAD');
      const target = resolveStaticPath(pathname, app.rootDir, app.site);
      if (target && (await serveStatic(req, res, target, app.site))) return;
    }
    throw notFound();
  } catch (error) {
    // An upload the database cannot read right now: a 503 with a sentence, not a 500.
    const refusal = error instanceof HttpError ? error : storageRefusal(error);
    if (!refusal) throw error;
    if (refusal !== error) app.log(`${req.method} ${pathname}: the database refused it: ${describeError(error)}`);
    sendError(res, refusal);
  }
}
