// `npm run soak [-- options]`: load and faults against the reference server as its own process
// (bench/soak/server.ts) on 127.0.0.1, with a deterministic agent, a SQLite file in a temp dir
// and a real Chromium for the cases where the widget matters. Bounded in count and time; every
// process and browser it starts is gone when it ends, whether it passed, failed or was stopped.
// Prints a table and writes bench/results/soak.{json,txt}; exits 1 if any check fails.
//
//   --visitors N          concurrent visitors (SSE streams) per round (default 200)
//   --rounds N            load rounds (default 10; the leak rule needs 5 or more)
//   --reply-chars N       answer length in the load (default 2000)
//   --delta-chars N       characters per delta in the load (default 40)
//   --interval-ms N       pause between deltas in the load (default 20)
//   --config-seconds N    autocannon run against GET /config (default 10)
//   --config-connections N  its connections (default 50)
//   --only a,b            only these parts: load, config, restart, lock, offline, big
//   --deadline-s N        the whole run is stopped (and fails) after this long (default 900)
//   --json PATH           where to write the results (default bench/results/soak.json; .txt beside it)
import { chromium, type Browser } from '@playwright/test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, chromiumPath } from '../../e2e/chromium';
import { check, guarded, type Check, type FaultContext } from './check';
import { AUTOCANNON_MISSING, loadAutocannon, runConfigLoad, type ConfigLoadResult } from './config-load';
import { runBigDeltaCase } from './fault-big-delta';
import { LOCK_HOLD_MS, runLockCase } from './fault-lock';
import { runOfflineCase } from './fault-offline';
import { runRestartCase } from './fault-restart';
import { runLoad, type LoadResult } from './load';
import type { PlanSettings } from './plan';
import { compileEntry } from '../compile-entry.mjs';
import { childrenGone, killAllChildren, refuseNewChildren } from './processes';
import { renderText, type SoakResults } from './report';
import { selfTest } from './self-test';
import { GENEROUS_LIMITS, startServerProcess } from './server-process';
import { DB_BUSY_TIMEOUT_MS } from '../../examples/server/settings/limits';
import { LEAK_BASELINE_ROUND, LEAK_MAX_GROWTH, mb, ms, pct } from './stats';
import { ENTRY } from './widget-page';

const ROOT = process.env.BENCH_ROOT ?? fileURLToPath(new URL('../..', import.meta.url));
const PARTS = ['load', 'config', 'restart', 'lock', 'offline', 'big'] as const;
type Part = (typeof PARTS)[number];

interface Args {
  visitors: number;
  rounds: number;
  settings: PlanSettings;
  configSeconds: number;
  configConnections: number;
  only: Part[];
  deadlineS: number;
  json: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    visitors: 200,
    rounds: 10,
    settings: { chars: 2000, deltaChars: 40, intervalMs: 20 },
    configSeconds: 10,
    configConnections: 50,
    only: [...PARTS],
    deadlineS: 900,
    json: join(ROOT, 'bench/results/soak.json'),
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${flag} needs a value`);
      return next;
    };
    // Bounded: a soak run must end, whatever it is asked.
    const int = (min: number, max: number): number => {
      const n = Number(value());
      if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${flag} must be an integer from ${min} to ${max}`);
      return n;
    };
    if (flag === '--visitors') args.visitors = int(1, 2000);
    else if (flag === '--rounds') args.rounds = int(1, 100);
    else if (flag === '--reply-chars') args.settings.chars = int(1, 100_000);
    else if (flag === '--delta-chars') args.settings.deltaChars = int(1, 100_000);
    else if (flag === '--interval-ms') args.settings.intervalMs = int(0, 1000);
    else if (flag === '--config-seconds') args.configSeconds = int(1, 120);
    else if (flag === '--config-connections') args.configConnections = int(1, 1000);
    else if (flag === '--deadline-s') args.deadlineS = int(10, 3600);
    else if (flag === '--json') args.json = value();
    else if (flag === '--only') {
      const names = value().split(',').map((s) => s.trim()).filter(Boolean);
      const unknown = names.filter((n) => !(PARTS as readonly string[]).includes(n));
      if (unknown.length) throw new Error(`--only: unknown part ${unknown.join(', ')} (parts: ${PARTS.join(', ')})`);
      args.only = names as Part[];
    } else if (flag === '--help' || flag === '-h') {
      const lines = readFileSync(join(ROOT, 'bench/soak/main.ts'), 'utf8').split('\n');
      console.log(lines.slice(0, lines.findIndex((l) => !l.startsWith('//'))).join('\n'));
      process.exit(0);
    } else throw new Error(`unknown option ${flag} (try --help)`);
  }
  return args;
}

function externalTrend(load: LoadResult): string {
  const base = load.rounds[LEAK_BASELINE_ROUND - 1]!;
  return `${mb(base.externalAfterBytes / 1024)} → ${mb(load.rounds.at(-1)!.externalAfterBytes / 1024)}`;
}

/** Whether RSS kept climbing or settled after the baseline. */
function rssRange(load: LoadResult): string {
  const later = load.rounds.slice(LEAK_BASELINE_ROUND).map((r) => r.rssAfterKb);
  return `${mb(Math.min(...later))}–${mb(Math.max(...later))}`;
}

let browser: Browser | null = null;
let tmpDir: string | null = null;
/** Set when the run is being stopped (signal, deadline): no new part starts. */
let stopping = false;

/** Ends everything this run started. Safe to call more than once. */
async function cleanUp(): Promise<boolean> {
  stopping = true;
  refuseNewChildren();
  const open = browser;
  browser = null;
  if (open) await Promise.race([open.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  killAllChildren();
  const gone = await childrenGone();
  if (tmpDir) rmSync(tmpDir, { recursive: true, force: true });
  tmpDir = null;
  return gone;
}

async function main(): Promise<number> {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`soak: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const wanted = (part: Part): boolean => args.only.includes(part);
  const started = Date.now();
  const loadAverage = loadavg()[0]!;
  const log = (line: string): void => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

  // A hard stop: past the deadline everything is killed and the run fails.
  const deadline = setTimeout(() => {
    console.error(`soak: still running after ${args.deadlineS} s: stopping everything`);
    void cleanUp().finally(() => process.exit(1));
  }, args.deadlineS * 1000);
  deadline.unref();

  const checks: Check[] = [];
  let load: LoadResult | null = null;
  let config: ConfigLoadResult | null = null;
  let chromiumVersion = 'not started';

  const selfProblems = selfTest();
  checks.push(check('the checks catch corrupted answers (self-test on made-up streams)', selfProblems));
  if (selfProblems.length) log(`the checkers are broken: ${selfProblems.join('; ')}`);

  const autocannon = wanted('config') ? await loadAutocannon() : null;
  if (wanted('config') && !autocannon) console.error(`soak: ${AUTOCANNON_MISSING}. The /config throughput check fails; the rest runs.`);

  tmpDir = mkdtempSync(join(tmpdir(), 'bailing-soak-'));
  const serverScript = await compileEntry(ROOT, 'bench/soak/server.ts');
  const lockScript = await compileEntry(ROOT, 'bench/soak/lock-holder.ts');

  if ((wanted('load') || wanted('config')) && !stopping) {
    const server = await startServerProcess({
      script: serverScript,
      root: ROOT,
      dbPath: join(tmpDir, 'load.sqlite'),
      port: 0,
      defaults: args.settings,
      logPath: join(tmpDir, 'load.log'),
    });
    log(`soak server pid ${server.pid} on ${server.url} (SQLite file in ${tmpDir})`);
    try {
      if (wanted('load')) {
        log(`load: ${args.visitors} visitors × ${args.rounds} rounds`);
        load = await runLoad(server, { visitors: args.visitors, rounds: args.rounds, settings: args.settings, visitTimeoutMs: 120_000, log });
        const incomplete = load.rounds.flatMap((r) => r.problems);
        checks.push(
          check(`load: ${load.answers} answers (${args.visitors} streams at once × ${args.rounds}) complete and uncorrupted`, load.complete === load.answers ? [] : [`${load.answers - load.complete} incomplete`, ...incomplete], {
            'first delta p50 / p99': `${ms(load.firstDeltaMs.p50)} / ${ms(load.firstDeltaMs.p99)}`,
            'done p50 / p99': `${ms(load.doneMs.p50)} / ${ms(load.doneMs.p99)}`,
            'server RSS before / peak': `${mb(load.rss.beforeKb)} / ${mb(load.rss.peakKb)}`,
          }),
        );
        const leak = load.leak;
        if (leak.judged) {
          checks.push(
            check(
              `load: no leak (RSS after the last round ≤ after round ${LEAK_BASELINE_ROUND} + ${LEAK_MAX_GROWTH * 100} %)`,
              leak.pass ? [] : [`RSS grew ${pct(leak.growth)}`],
              {
                [`RSS after round ${LEAK_BASELINE_ROUND} → after round ${load.rounds.length}`]: `${mb(leak.baselineKb)} → ${mb(leak.lastKb)} (${pct(leak.growth)})`,
                // RSS that grows over a flat heap is native memory (SQLite, buffers, the allocator).
                'external memory after GC, same rounds': externalTrend(load),
                [`RSS after GC, rounds ${LEAK_BASELINE_ROUND + 1} to last (min–max)`]: rssRange(load),
              },
            ),
          );
          const heap = load.heapLeak;
          if (heap.judged) {
            checks.push(
              check(`load: no leak in the JS heap (after GC, last round ≤ round ${LEAK_BASELINE_ROUND} + ${LEAK_MAX_GROWTH * 100} %)`, heap.pass ? [] : [`the heap grew ${pct(heap.growth)}`], {
                [`heap after round ${LEAK_BASELINE_ROUND} → after round ${load.rounds.length}`]: `${mb(heap.baselineKb)} → ${mb(heap.lastKb)} (${pct(heap.growth)})`,
              }),
            );
          }
        } else log(`leak rule not judged: ${leak.reason}`);
        if (!server.process.running()) checks.push(check('load: the server survived', ['the server process died during the load']));
      }
      if (wanted('config')) {
        if (!autocannon) checks.push(check('GET /config throughput (autocannon)', [AUTOCANNON_MISSING]));
        else {
          log(`GET /chat/${ENTRY}/config with autocannon: ${args.configConnections} connections, ${args.configSeconds} s`);
          config = await runConfigLoad(autocannon, server.url, ENTRY, args.configSeconds, args.configConnections);
          const failures = config.errors + config.non2xx;
          checks.push(
            check('GET /config throughput (autocannon): no errors', failures ? [`${config.errors} errors (${config.timeouts} timeouts), ${config.non2xx} non-2xx answers`] : [], {
              'requests/s': Math.round(config.requestsPerSecond),
              'latency p99': `${config.latencyMs.p99} ms`,
              errors: config.errors + config.non2xx,
            }),
          );
        }
      }
    } finally {
      await server.stop();
    }
  }

  const faults = (['restart', 'lock', 'offline', 'big'] as const).filter(wanted);
  if (faults.length && !stopping) {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    chromiumVersion = browser.version();
    const ctx: FaultContext = { browser, root: ROOT, serverScript, lockScript, tmpDir, defaults: args.settings, log };
    const cases = {
      restart: () => guarded('restart mid-stream', () => runRestartCase(ctx)),
      lock: () => guarded('SQLite locked by another process', () => runLockCase(ctx)),
      offline: () => guarded('network dropped for 5 s mid-stream', () => runOfflineCase(ctx)),
      big: () => guarded('a 60 KB answer in one delta', () => runBigDeltaCase(ctx)),
    };
    for (const name of faults) {
      if (stopping) break;
      log(`fault: ${name}`);
      const results = await cases[name]();
      for (const item of results) log(`${item.pass ? 'PASS' : 'FAIL'} ${item.name}${item.pass ? '' : `: ${item.problems.slice(0, 2).join('; ')}`}`);
      checks.push(...results);
    }
  }

  // A stopped run measured only part of what it was asked: it does not replace the last results.
  if (stopping) return 1;

  const results: SoakResults = {
    date: new Date().toISOString().slice(0, 10),
    command: `npm run soak${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model.trim() ?? 'unknown', node: process.versions.node, chromium: chromiumVersion, platform: `${process.platform} ${process.arch}`, loadAverage },
    durationS: Math.round((Date.now() - started) / 1000),
    limits: {
      'POSTs per IP and minute': `${GENEROUS_LIMITS.SOAK_RATE_PER_MINUTE} (rateLimit option; default 30)`,
      'client limits (the server\'s env overrides)': Object.entries(GENEROUS_LIMITS).filter(([k]) => k.startsWith('BAILING_')).map(([k, v]) => `${k}=${v}`).join(' '),
      'lock held': `${LOCK_HOLD_MS} ms (the server's busy timeout: ${DB_BUSY_TIMEOUT_MS} ms)`,
    },
    load,
    config,
    checks,
  };
  const text = renderText(results);
  console.log(`\n${text}`);
  mkdirSync(dirname(args.json), { recursive: true });
  // RSS samples stay in the JSON: the curve is what shows a slow leak.
  writeFileSync(args.json, JSON.stringify(results, null, 2) + '\n');
  const txt = args.json.replace(/\.json$/, '') + '.txt';
  writeFileSync(txt, text);
  console.log(`Results: ${relative(ROOT, args.json)}, ${relative(ROOT, txt)}`);
  return checks.every((c) => c.pass) ? 0 : 1;
}

// Interrupted (Ctrl-C, a CI stop): the children and the browser go too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`soak: ${signal}: stopping everything`);
    void cleanUp().finally(() => process.exit(130));
  });
}
// Last resort, synchronous: whatever way the process ends, no child is left behind.
process.once('exit', () => killAllChildren());

let code = 1;
try {
  code = await main();
} catch (error) {
  // Once the run is being stopped, what fails is only what the stop cut short.
  if (!stopping) console.error(`soak: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  const gone = await cleanUp();
  console.log(gone ? 'Every process this run started has ended.' : 'soak: a child process did not end after SIGKILL');
  if (!gone) code = 1;
}
process.exit(code);
