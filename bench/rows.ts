// The rows of the report: each metric of each scenario with our runs, each peer's runs and the
// budget ours is held to, so the text table, the markdown and the budget list read the same rows.
import { loadCpuBudget, loadReadyBudget, streamBudgets, type Budget } from './budgets';
import { PEER_LABELS, type OurBuild, type PeerName } from './page';
import type { ProfileName } from './profiles';
import type { StreamScenarioResult } from './results-types';
import type { LoadRun, StreamRun } from './scenarios';
import { stat } from './stats';

export const PEER_NAMES = Object.keys(PEER_LABELS) as PeerName[];

export interface Row {
  label: string;
  digits: number;
  ours: number[];
  peers: Record<PeerName, number[]>;
  budget?: Budget;
  /** Shown in the markdown summary (the text report shows every row). */
  summary?: boolean;
}

const STREAM_METRICS: { label: string; pick: (run: StreamRun) => number; digits: number; summary?: boolean }[] = [
  { label: 'main-thread task time, ms', pick: (r) => r.taskMs, digits: 0, summary: true },
  { label: '  script, ms', pick: (r) => r.scriptMs, digits: 0 },
  { label: '  layout, ms', pick: (r) => r.layoutMs, digits: 0 },
  { label: '  style recalc, ms', pick: (r) => r.styleMs, digits: 0 },
  { label: 'long tasks (> 50 ms), count', pick: (r) => r.longTasks, digits: 0, summary: true },
  { label: 'longest task, ms', pick: (r) => r.longestTaskMs, digits: 0, summary: true },
  { label: 'render lag after last byte, ms', pick: (r) => r.renderLagMs, digits: 0, summary: true },
  { label: "send to the answer's first text, ms", pick: (r) => r.firstTextMs, digits: 0, summary: true },
  { label: 'JS heap at the end, MB', pick: (r) => r.heapEndMB, digits: 1 },
  { label: 'JS heap after GC, MB', pick: (r) => r.heapGcMB, digits: 1, summary: true },
  { label: 'load to ready, ms', pick: (r) => r.readyMs, digits: 0 },
  { label: 'stream duration (server), s', pick: (r) => r.streamMs / 1000, digits: 2 },
];

export function streamRows(scenario: StreamScenarioResult): Row[] {
  const budgets = streamBudgets(scenario);
  const of = (widget: string): StreamRun[] => scenario.runs.filter((r) => r.widget === widget);
  return STREAM_METRICS.map((m) => ({
    label: m.label,
    digits: m.digits,
    ours: of('ours').map(m.pick),
    peers: Object.fromEntries(PEER_NAMES.map((p) => [p, of(p).map(m.pick)])) as Record<PeerName, number[]>,
    ...(budgets.has(m.label) ? { budget: budgets.get(m.label)! } : {}),
    ...(m.summary ? { summary: true } : {}),
  }));
}

/** Whether each widget's final DOM had every heading, code block, table, list item and link. */
export function domCheck(runs: StreamRun[]): string {
  if (runs.length === 0) return '—';
  return runs.every((r) => r.countsOk) ? 'complete' : `${runs.filter((r) => !r.countsOk).length} of ${runs.length} incomplete`;
}

export const OUR_BUILDS: { build: OurBuild; file: string }[] = [
  { build: 'self-contained', file: 'dist/widget.js' },
  { build: 'split', file: 'dist/split/widget.js' },
];

const LOAD_METRICS: { label: string; pick: (r: LoadRun) => number; digits: number; ready?: boolean; cpu?: boolean }[] = [
  { label: 'load to ready', pick: (r) => r.readyMs, digits: 0, ready: true },
  { label: 'script received', pick: (r) => r.scriptReceivedMs, digits: 0 },
  { label: 'main-thread task time to network idle', pick: (r) => r.taskMs, digits: 0 },
  { label: '  script', pick: (r) => r.scriptMs, digits: 0 },
  { label: '  V8 compile', pick: (r) => r.compileMs, digits: 1 },
  { label: 'main-thread CPU time to network idle', pick: (r) => r.threadMs, digits: 0, cpu: true },
];

const profileOf = (r: LoadRun): ProfileName => r.profile ?? 'desktop';

/** For each profile measured, each metric and each build of ours: one row, the peers' runs beside. */
export function loadRows(runs: LoadRun[]): Row[] {
  const rows: Row[] = [];
  for (const profile of ['desktop', 'phone'] as const) {
    const here = runs.filter((r) => profileOf(r) === profile);
    if (here.length === 0) continue;
    const peerRuns = (peer: PeerName): LoadRun[] => here.filter((r) => r.widget === peer);
    for (const metric of LOAD_METRICS) {
      const peers = Object.fromEntries(PEER_NAMES.map((p) => [p, peerRuns(p).map(metric.pick)])) as Record<PeerName, number[]>;
      const budget = metric.ready
        ? loadReadyBudget(PEER_NAMES.map((p) => ({ label: PEER_LABELS[p], median: stat(peers[p]).median })))
        : metric.cpu
          ? loadCpuBudget(profile)
          : undefined;
      for (const { build, file } of OUR_BUILDS) {
        const ours = here.filter((r) => r.widget === 'ours' && (r.build ?? 'self-contained') === build).map(metric.pick);
        if (ours.length === 0) continue;
        rows.push({
          label: `${metric.label}${profile === 'phone' ? ', phone' : ''}, ms — ${file}`,
          digits: metric.digits,
          ours,
          peers,
          ...(budget ? { budget } : {}),
          ...(metric.ready || metric.cpu ? { summary: true } : {}),
        });
      }
    }
  }
  return rows;
}
