// The soak run's report: the machine, the load figures round by round, the /config throughput,
// and every check with PASS/FAIL and its numbers, as plain text (console and soak.txt).
import type { Check } from './check';
import type { ConfigLoadResult } from './config-load';
import type { LoadResult } from './load';
import { LEAK_BASELINE_ROUND, LEAK_MAX_GROWTH, mb, ms, pct } from './stats';

export interface Machine {
  cpus: number;
  cpuModel: string;
  node: string;
  chromium: string;
  platform: string;
  /** 1-minute load average when the run started: other work on the machine shows here. */
  loadAverage: number;
}

export interface SoakResults {
  date: string;
  command: string;
  machine: Machine;
  durationS: number;
  /** The server's limits during the run (what the soak lifts, and how). */
  limits: Record<string, string>;
  load: LoadResult | null;
  config: ConfigLoadResult | null;
  checks: Check[];
}

function table(headers: string[], rows: (string | number)[][], right: boolean[]): string[] {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]): string => r.map((c, i) => (right[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map((r) => line(r.map(String)))];
}

export function renderText(results: SoakResults): string {
  const m = results.machine;
  const out: string[] = [];
  out.push(`Soak ${results.date}: ${m.cpus} cores (${m.cpuModel}), Node ${m.node}, Chromium ${m.chromium}, ${m.platform}; load average ${m.loadAverage.toFixed(2)} at the start`);
  out.push(`Command: ${results.command} (${results.durationS} s)`);
  out.push(`Limits: ${Object.entries(results.limits).map(([k, v]) => `${k}=${v}`).join(', ')}`);
  out.push('');

  const load = results.load;
  if (load) {
    const s = load.settings;
    out.push(
      `Load: ${load.visitors} visitors at once × ${load.rounds.length} rounds; each answer ${load.replyChars.toLocaleString('en-US')} chars in ${load.deltasPerAnswer} deltas ` +
        `of ${s.deltaChars} chars, ${s.intervalMs} ms apart (an SSE stream of about ${((load.deltasPerAnswer - 1) * s.intervalMs / 1000).toFixed(1)} s); times from the POST`,
    );
    out.push(
      ...table(
        ['round', 'complete', 'first delta p50', 'p99', 'done p50', 'p99', 'round wall', 'CPU server / visitors', 'RSS after GC', 'heap after GC'],
        load.rounds.map((r) => [
          r.round,
          `${r.complete}/${r.visitors}`,
          ms(r.firstDeltaMs.p50),
          ms(r.firstDeltaMs.p99),
          ms(r.doneMs.p50),
          ms(r.doneMs.p99),
          ms(r.wallMs),
          `${r.serverCpuS.toFixed(1)} / ${r.clientCpuS.toFixed(1)} s`,
          mb(r.rssAfterKb),
          mb(r.heapAfterBytes / 1024),
        ]),
        [true, true, true, true, true, true, true, true, true, true],
      ),
    );
    out.push(
      `all rounds: ${load.complete}/${load.answers} complete; first delta p50 ${ms(load.firstDeltaMs.p50)}, p99 ${ms(load.firstDeltaMs.p99)}; ` +
        `done p50 ${ms(load.doneMs.p50)}, p99 ${ms(load.doneMs.p99)}`,
    );
    out.push(`server RSS: ${mb(load.rss.beforeKb)} before, ${mb(load.rss.peakKb)} peak (${load.rss.samples.length} samples, every 250 ms)`);
    out.push(
      load.leak.judged
        ? `leak rule: RSS after the last round ≤ RSS after round ${LEAK_BASELINE_ROUND} + ${LEAK_MAX_GROWTH * 100} %: ${mb(load.leak.baselineKb)} → ${mb(load.leak.lastKb)} (${pct(load.leak.growth)})`
        : `leak rule: not judged (${load.leak.reason})`,
    );
    if (load.heapLeak.judged) {
      out.push(`same rule on the JS heap after GC: ${mb(load.heapLeak.baselineKb)} → ${mb(load.heapLeak.lastKb)} (${pct(load.heapLeak.growth)})`);
    }
    out.push('');
  }

  const c = results.config;
  if (c) {
    out.push(`GET /config with autocannon: ${c.connections} connections, ${c.durationS} s`);
    out.push(
      ...table(
        ['requests', 'requests/s', 'latency p50', 'p99', 'max', 'errors', 'timeouts', 'non-2xx'],
        [[c.requests.toLocaleString('en-US'), Math.round(c.requestsPerSecond).toLocaleString('en-US'), `${c.latencyMs.p50} ms`, `${c.latencyMs.p99} ms`, `${c.latencyMs.max} ms`, c.errors, c.timeouts, c.non2xx]],
        [true, true, true, true, true, true, true, true],
      ),
    );
    out.push('');
  }

  out.push('Checks');
  for (const item of results.checks) {
    out.push(`${item.pass ? 'PASS' : 'FAIL'}  ${item.name}`);
    for (const [name, value] of Object.entries(item.figures)) out.push(`        ${name}: ${value}`);
    for (const problem of item.problems.slice(0, 8)) out.push(`        ✗ ${problem}`);
    if (item.problems.length > 8) out.push(`        … and ${item.problems.length - 8} more`);
  }
  const failed = results.checks.filter((c) => !c.pass).length;
  out.push('');
  out.push(`${results.checks.length - failed} passed, ${failed} failed`);
  return out.join('\n') + '\n';
}
