// Load: rounds of N visitors at once, each sending one message and reading its whole answer
// stream, every answer checked delta by delta against its plan; the server's RSS sampled all
// along and, after a full GC in the server, at the end of each round.
import { buildPlan, messageFor, type PlanSettings } from './plan';
import { cpuSeconds, rssKb, sampleRss, type RssSample } from './processes';
import type { ServerProcess } from './server-process';
import { leakVerdict, percentile, type LeakVerdict } from './stats';
import { verifyStream } from './verify';
import { visit } from './visitor';
import { ENTRY } from './widget-page';

export interface LoadOptions {
  visitors: number;
  rounds: number;
  settings: PlanSettings;
  /** Bound on one visit (POST and the whole stream). */
  visitTimeoutMs: number;
  log(line: string): void;
}

export interface RoundResult {
  round: number;
  visitors: number;
  complete: number;
  /** The first few problems, `visitor: problem`. */
  problems: string[];
  firstDeltaMs: { p50: number; p99: number };
  doneMs: { p50: number; p99: number };
  wallMs: number;
  rssAfterKb: number;
  heapAfterBytes: number;
  externalAfterBytes: number;
  /** CPU seconds the server and this process (the visitors) used during the round. */
  serverCpuS: number;
  clientCpuS: number;
}

export interface LoadResult {
  visitors: number;
  rounds: RoundResult[];
  settings: PlanSettings;
  deltasPerAnswer: number;
  replyChars: number;
  answers: number;
  complete: number;
  firstDeltaMs: { p50: number; p99: number };
  doneMs: { p50: number; p99: number };
  rss: { beforeKb: number; peakKb: number; samples: RssSample[] };
  leak: LeakVerdict;
  /** The same rule on the JS heap after GC (bytes in baselineKb/lastKb). */
  heapLeak: LeakVerdict;
}

const visitorId = (i: number): string => `soak-visitor-${String(i).padStart(4, '0')}`;
const tagOf = (i: number, round: number): string => `v${String(i).padStart(4, '0')}r${String(round).padStart(2, '0')}`;

export async function runLoad(server: ServerProcess, options: LoadOptions): Promise<LoadResult> {
  const beforeKb = rssKb(server.pid);
  const sampler = sampleRss(() => server.pid);
  const rounds: RoundResult[] = [];
  const allFirst: number[] = [];
  const allDone: number[] = [];
  try {
    for (let round = 1; round <= options.rounds; round++) {
      const started = performance.now();
      const serverCpuBefore = cpuSeconds(server.pid);
      const clientCpuBefore = process.cpuUsage();
      const visits = await Promise.all(
        Array.from({ length: options.visitors }, (_, i) => {
          const tag = tagOf(i, round);
          const plan = buildPlan(tag, options.settings);
          return visit(server.url, ENTRY, visitorId(i), messageFor(tag), options.visitTimeoutMs).then((result) => ({ result, plan }));
        }),
      );
      const wallMs = performance.now() - started;
      const serverCpuS = cpuSeconds(server.pid) - serverCpuBefore;
      const clientCpu = process.cpuUsage(clientCpuBefore);
      const clientCpuS = (clientCpu.user + clientCpu.system) / 1e6;
      const problems: string[] = [];
      let complete = 0;
      const first: number[] = [];
      const done: number[] = [];
      for (const { result, plan } of visits) {
        const found = result.error ? [result.error, ...verifyStream(result.events, plan)] : verifyStream(result.events, plan);
        if (found.length === 0) {
          complete++;
          first.push(result.firstDeltaMs);
          done.push(result.doneMs);
        } else if (problems.length < 5) problems.push(`${result.visitorId}: ${found.slice(0, 3).join('; ')}`);
      }
      allFirst.push(...first);
      allDone.push(...done);
      const heap = await server.gc();
      const rssAfterKb = rssKb(server.pid);
      const result: RoundResult = {
        round,
        visitors: options.visitors,
        complete,
        problems,
        firstDeltaMs: { p50: percentile(first, 50), p99: percentile(first, 99) },
        doneMs: { p50: percentile(done, 50), p99: percentile(done, 99) },
        wallMs,
        rssAfterKb,
        heapAfterBytes: heap.heapUsed,
        externalAfterBytes: heap.external,
        serverCpuS,
        clientCpuS,
      };
      rounds.push(result);
      options.log(
        `round ${round}/${options.rounds}: ${complete}/${options.visitors} complete, first delta p50 ${Math.round(result.firstDeltaMs.p50)} ms p99 ${Math.round(result.firstDeltaMs.p99)} ms, ` +
          `done p50 ${Math.round(result.doneMs.p50)} ms p99 ${Math.round(result.doneMs.p99)} ms, RSS after GC ${(rssAfterKb / 1024).toFixed(1)} MB, CPU server ${serverCpuS.toFixed(1)} s / visitors ${clientCpuS.toFixed(1)} s in ${(wallMs / 1000).toFixed(1)} s` +
          (problems.length ? `; ${problems[0]}` : ''),
      );
    }
  } finally {
    sampler.stop();
  }
  const plan = buildPlan('v0000r01', options.settings);
  return {
    visitors: options.visitors,
    rounds,
    settings: options.settings,
    deltasPerAnswer: plan.deltas.length,
    replyChars: plan.reply.length,
    answers: rounds.reduce((sum, r) => sum + r.visitors, 0),
    complete: rounds.reduce((sum, r) => sum + r.complete, 0),
    firstDeltaMs: { p50: percentile(allFirst, 50), p99: percentile(allFirst, 99) },
    doneMs: { p50: percentile(allDone, 50), p99: percentile(allDone, 99) },
    rss: { beforeKb, peakKb: Math.max(beforeKb, ...sampler.samples.map((s) => s.kb)), samples: sampler.samples },
    leak: leakVerdict(rounds.map((r) => r.rssAfterKb)),
    heapLeak: leakVerdict(rounds.map((r) => r.heapAfterBytes / 1024)),
  };
}
