// The reference server as its own process, for the soak run (bench/soak/main.ts starts it, kills
// it and starts it again on the same port and database). Its agent answers `soak:` messages with
// the plan of bench/soak/plan.ts; defaults and limits come from the environment:
//
//   SOAK_DB            SQLite file (required)           SOAK_PORT          default 0 (any free port)
//   SOAK_ROOT          repository root (dist/, pages)    SOAK_LOG           request log file (optional)
//   SOAK_REPLY_CHARS   default reply length (2000)       SOAK_DELTA_CHARS   default delta size (40)
//   SOAK_INTERVAL_MS   default pause between deltas (20) SOAK_RATE_PER_MINUTE  POSTs per IP and minute
//
// Prints `SOAK READY <port> <pid>` once it listens. Reads commands on stdin: `gc` runs two full
// collections (the process runs with --expose-gc) and answers `SOAK GC <heapUsed> <rss> <external>`. When
// stdin closes (the soak run ended or died) it stops, so it never outlives the run.
import { createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { sleep, type Agent } from '../../examples/server/agents/agent';
import { startServer } from '../../examples/server/app';
import { planFromMessage, type PlanSettings } from './plan';

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got ${JSON.stringify(raw)}`);
  return value;
}

async function main(): Promise<void> {
  const dbPath = process.env.SOAK_DB;
  if (!dbPath) throw new Error('SOAK_DB (the SQLite file) is required');
  const defaults: PlanSettings = {
    chars: numberFromEnv('SOAK_REPLY_CHARS', 2000),
    deltaChars: numberFromEnv('SOAK_DELTA_CHARS', 40),
    intervalMs: numberFromEnv('SOAK_INTERVAL_MS', 20),
  };

  const agent: Agent = async (input, sink, signal) => {
    const plan = planFromMessage(input.text, defaults);
    if (!plan) {
      sink.done('This server answers messages of the form `soak:<tag> chars=N delta=N every=N`.');
      return;
    }
    for (const [i, delta] of plan.deltas.entries()) {
      if (i > 0 && plan.intervalMs > 0) await sleep(plan.intervalMs, signal);
      sink.delta(delta);
    }
    sink.done(plan.reply);
  };

  const logFile = process.env.SOAK_LOG ? createWriteStream(process.env.SOAK_LOG, { flags: 'a' }) : null;
  const server = await startServer({
    port: numberFromEnv('SOAK_PORT', 0),
    host: '127.0.0.1',
    dbPath,
    rootDir: process.env.SOAK_ROOT ?? process.cwd(),
    agent,
    openai: null,
    // Every visitor of the soak run comes from 127.0.0.1: a per-IP limit would measure itself.
    rateLimit: { perMinute: numberFromEnv('SOAK_RATE_PER_MINUTE', 1_000_000) },
    // The shipped entries, with their published demo ticket secret, as npm start runs them.
    demo: true,
    log: (line) => logFile?.write(`${new Date().toISOString()} ${line}\n`),
  });

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => logFile?.end(() => process.exit(0)) ?? process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  const commands = createInterface({ input: process.stdin });
  commands.on('line', (line) => {
    if (line.trim() !== 'gc') return;
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    gc?.();
    const usage = process.memoryUsage();
    process.stdout.write(`SOAK GC ${usage.heapUsed} ${usage.rss} ${usage.external}\n`);
  });
  commands.on('close', stop);

  process.stdout.write(`SOAK READY ${server.port} ${process.pid}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`soak server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
