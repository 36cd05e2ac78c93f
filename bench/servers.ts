// The servers of a benchmark run, all on 127.0.0.1 and a free port:
// - our widget talks to the real reference server (examples/server) with a bench agent that
//   streams the configured reply on the configured schedule (DESIGN.md §4 events, stored in SQLite
//   like every answer);
// - the hub's own widget, when there is one, talks to a second reference server of the same code
//   and the same agent, whose widget.js is that file (it takes its API's address from where its
//   script came from, so it needs a server of its own);
// - our widget over AG-UI talks to the reference server's AG-UI endpoint (POST /agui/:entry),
//   whose bench agent streams the same reply as one assistant message, a TEXT_MESSAGE_CONTENT per
//   delta, on the same schedule;
// - the bench server serves the host page (the same page for every widget), the Deep Chat
//   bundle (compressed as the reference server compresses widget.js, so that a slow network
//   treats both alike), and a Deep Chat stream endpoint in its documented SSE format
//   (`data: {"text": …}`) fed by the same deltas on the same schedule.
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { EventType } from '@ag-ui/core';
import type { Agent } from '../examples/server/agents/agent';
import type { AguiAgent } from '../examples/server/agents/agui-agent';
import { startServer } from '../examples/server/app';
import { pickEncoding } from '../examples/server/http/compression';
import { pace } from './pacer';
import { hostPage, type PageOptions } from './page';

/** What the next answer streams, for either widget. */
export interface StreamPlan {
  reply: string;
  deltas: readonly string[];
  /** 0 = back to back. */
  intervalMs: number;
  /** Pause between the last delta and `done` (the final-render measurement). Default 0. */
  pauseBeforeDoneMs?: number;
}

/** Server-side timing of the last stream (performance clock of this process, ms). */
export interface StreamLog {
  firstWriteAt: number;
  lastWriteAt: number;
  durationMs: number;
  deltas: number;
}

export interface BenchServers {
  /** The reference server, e.g. `http://127.0.0.1:41234` (widget.js and the chat API). */
  hubUrl: string;
  /** The bench server (host pages, Deep Chat). */
  pageUrl: string;
  /** The copy of dist/ the reference server serves (the build measured, whatever happens to dist/ meanwhile). */
  distDir: string;
  /** The second reference server, serving the hub's widget.js at its root; null without that file. */
  hubWidgetUrl: string | null;
  setPlan(plan: StreamPlan): void;
  /** Our answers wait for this before their first delta, so none is stored before the page listens. */
  setGate(gate: Promise<void>): void;
  lastStream(): StreamLog | null;
  /** Resolves when the next planned stream has written its last delta. */
  nextStreamEnd(): Promise<StreamLog>;
  close(): Promise<void>;
}

export interface BenchServerOptions {
  /** The hub's own widget.js (bench/hub-widget.ts); without it that peer is not served. */
  hubWidgetPath?: string | null;
}

export async function startBenchServers(rootDir: string, options: BenchServerOptions = {}): Promise<BenchServers> {
  let plan: StreamPlan = { reply: 'ok', deltas: ['ok'], intervalMs: 0 };
  let gate: Promise<void> = Promise.resolve();
  let last: StreamLog | null = null;
  let onStreamEnd: ((log: StreamLog) => void) | null = null;

  const runPlan = async (emit: (delta: string) => void, signal?: AbortSignal): Promise<void> => {
    const current = plan;
    let firstWriteAt = 0;
    const result = await pace(
      current.deltas.length,
      current.intervalMs,
      (i) => {
        if (i === 0) firstWriteAt = performance.now();
        emit(current.deltas[i]!);
      },
      signal,
    );
    last = { firstWriteAt, lastWriteAt: performance.now(), durationMs: result.durationMs, deltas: current.deltas.length };
    onStreamEnd?.(last);
    onStreamEnd = null;
    if (current.pauseBeforeDoneMs) await new Promise((resolve) => setTimeout(resolve, current.pauseBeforeDoneMs));
  };

  const agent: Agent = async (_input, sink, signal) => {
    sink.phase('model', 1);
    await gate;
    const reply = plan.reply;
    await runPlan((delta) => sink.delta(delta), signal);
    sink.done(reply);
  };

  // The same answer over AG-UI: the run's stream is the POST's response, so there is nothing to gate.
  const aguiAgent: AguiAgent = {
    async run(_run, emit, signal) {
      const messageId = `bench-${performance.now().toFixed(0)}`;
      emit({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' });
      await runPlan((delta) => emit({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta }), signal);
      emit({ type: EventType.TEXT_MESSAGE_END, messageId });
      return { type: 'finished' };
    },
    checkAnswer: () => 'the bench agent raises no interrupt.',
  };

  // A snapshot of dist/: a rebuild during the run must not change the widget halfway.
  const snapshot = mkdtempSync(join(tmpdir(), 'bailing-bench-'));
  const distDir = join(snapshot, 'dist');
  cpSync(join(rootDir, 'dist'), distDir, { recursive: true });

  const referenceServer = (root: string): ReturnType<typeof startServer> =>
    startServer({
      port: 0,
      host: '127.0.0.1',
      dbPath: ':memory:',
      rootDir: root,
      configPath: join(rootDir, 'examples/server/entries.json'),
      // The shipped entries, demo ticket secret included.
      demo: true,
      agent,
      aguiAgent,
      openai: null,
      rateLimit: { perMinute: 1_000_000 },
      log: () => undefined,
    });
  const hub = await referenceServer(snapshot);
  let hubWidgetServer: Awaited<ReturnType<typeof startServer>> | null = null;
  if (options.hubWidgetPath) {
    const hubRoot = join(snapshot, 'hub-widget');
    mkdirSync(join(hubRoot, 'dist'), { recursive: true });
    copyFileSync(options.hubWidgetPath, join(hubRoot, 'dist/widget.js'));
    hubWidgetServer = await referenceServer(hubRoot);
  }

  const deepChatBundle = readFileSync(join(rootDir, 'node_modules/deep-chat/dist/deepChat.bundle.js'));
  const deepChatEncoded = {
    br: brotliCompressSync(deepChatBundle, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: deepChatBundle.length } }),
    gzip: gzipSync(deepChatBundle, { level: 9 }),
  };

  const deepChatStream = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    for await (const _chunk of req) {
      /* the request body (the visitor's message) is not needed */
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
    });
    req.socket.setNoDelay(true);
    const aborted = new AbortController();
    res.once('close', () => aborted.abort(new Error('client went away')));
    try {
      await runPlan((delta) => res.write(`data: ${JSON.stringify({ text: delta })}\n\n`), aborted.signal);
    } catch {
      return;
    }
    res.end();
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/page') {
      const options: PageOptions = {
        widget: (['deep-chat', 'hub'] as const).find((w) => w === url.searchParams.get('widget')) ?? 'ours',
        hubUrl: hub.url,
        inline: url.searchParams.get('inline') !== '0',
        build: url.searchParams.get('build') === 'split' ? 'split' : 'self-contained',
        agui: url.searchParams.get('protocol') === 'ag-ui',
        ...(hubWidgetServer ? { hubWidgetUrl: hubWidgetServer.url } : {}),
      };
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(hostPage(options));
      return;
    }
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204);
      res.end();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/deep-chat.js') {
      const encoding = pickEncoding(req.headers['accept-encoding']);
      res.writeHead(200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-store',
        Vary: 'Accept-Encoding',
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
      });
      res.end(encoding ? deepChatEncoded[encoding] : deepChatBundle);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/deep-chat/stream') {
      void deepChatStream(req, res);
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    hubUrl: hub.url,
    pageUrl: `http://127.0.0.1:${port}`,
    distDir,
    hubWidgetUrl: hubWidgetServer?.url ?? null,
    setPlan: (next) => (plan = next),
    setGate: (next) => (gate = next),
    lastStream: () => last,
    nextStreamEnd: () => new Promise<StreamLog>((resolve) => (onStreamEnd = resolve)),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await hub.close();
      await hubWidgetServer?.close();
      rmSync(snapshot, { recursive: true, force: true });
    },
  };
}
