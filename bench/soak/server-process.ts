// One soak server process (bench/soak/server.ts): started on a port (0 = any free one) and a
// SQLite file, asked for a GC and its memory, killed, stopped.
import type { PlanSettings } from './plan';
import { spawnNode, type Spawned } from './processes';

/**
 * Limits of the reference server a soak run lifts, since every one of its visitors is 127.0.0.1.
 * The POST rate limit is a server option (SOAK_RATE_PER_MINUTE); the rest are the server's own
 * environment overrides (examples/server/http/client-limits.ts, connection-guard.ts).
 */
export const GENEROUS_LIMITS: Readonly<Record<string, string>> = Object.freeze({
  SOAK_RATE_PER_MINUTE: '1000000',
  BAILING_POST_RATE_PER_IP: '1000000',
  BAILING_THREAD_RATE_PER_IP: '1000000',
  BAILING_THREAD_RATE_PER_VISITOR: '100000',
  BAILING_EVENTS_RATE_PER_IP: '1000000',
  BAILING_EVENTS_RATE_PER_VISITOR: '100000',
  BAILING_MAX_STREAMS: '100000',
  BAILING_MAX_STREAMS_PER_IP: '100000',
  BAILING_MAX_STREAMS_PER_VISITOR: '1000',
  // Open connections (examples/server/http/connection-guard.ts).
  BAILING_MAX_CONNECTIONS: '100000',
  BAILING_MAX_CONNECTIONS_PER_IP: '100000',
});

export interface ServerProcessOptions {
  script: string;
  root: string;
  dbPath: string;
  port: number;
  defaults: PlanSettings;
  logPath: string;
}

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  process: Spawned;
  /** Two full GCs in the server, then its heap, RSS and external memory (bytes). */
  gc(): Promise<{ heapUsed: number; rss: number; external: number }>;
  kill(): Promise<void>;
  /** Closes its stdin (it shuts down cleanly); SIGKILL if it is still there after `timeoutMs`. */
  stop(timeoutMs?: number): Promise<void>;
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const spawned = spawnNode(options.script, [], {
    nodeArgs: ['--expose-gc'],
    env: {
      ...GENEROUS_LIMITS,
      SOAK_DB: options.dbPath,
      SOAK_PORT: String(options.port),
      SOAK_ROOT: options.root,
      SOAK_LOG: options.logPath,
      SOAK_REPLY_CHARS: String(options.defaults.chars),
      SOAK_DELTA_CHARS: String(options.defaults.deltaChars),
      SOAK_INTERVAL_MS: String(options.defaults.intervalMs),
    },
  });
  const ready = await spawned.waitForLine(/^SOAK READY (\d+) (\d+)$/, 20_000);
  const port = Number(ready[1]);
  const pid = Number(ready[2]);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid,
    process: spawned,
    async gc() {
      spawned.child.stdin!.write('gc\n');
      const line = await spawned.waitForLine(/^SOAK GC (\d+) (\d+) (\d+)$/, 10_000);
      return { heapUsed: Number(line[1]), rss: Number(line[2]), external: Number(line[3]) };
    },
    async kill() {
      if (!spawned.running()) return;
      spawned.child.kill('SIGKILL');
      await spawned.exited;
    },
    async stop(timeoutMs = 5_000) {
      if (!spawned.running()) return;
      spawned.child.stdin!.end();
      const timer = setTimeout(() => spawned.child.kill('SIGKILL'), timeoutMs);
      await spawned.exited;
      clearTimeout(timer);
    },
  };
}
