// The goals our widget is held to in the benchmark (✓ holds, ✗ does not): script sizes, load to a
// ready composer against the fastest peer measured in the same run, main-thread CPU to network
// idle, and the streaming scenarios' task time, longest task and render lag.
import type { OurBuild } from './page';
import type { ProfileName } from './profiles';
import { fmt, stat } from './stats';

/** Size budgets (gzip -9) of what the page loads first, by build of ours: build.mjs BUDGETS (DESIGN.md §12, the drop-in's raised: 76 KB and 45 KB). */
export const SCRIPT_BUDGETS: Record<OurBuild, number> = { 'self-contained': 77_824, split: 46_080 };

/** Load to ready: at most this share of the fastest peer's median, on the same profile, in the same run. */
export const LOAD_VS_FASTEST_PEER = 0.8;
/** Main-thread CPU time from navigation to network idle, desktop profile (the phone's is slowed by emulation), ms. */
export const LOAD_CPU_MS = 40;
/** A 200-message history opened: ready (its end drawn, the next frame painted) within this, ms (DESIGN.md §12). */
export const HISTORY_READY_MS = 150;
/** The history runs' ready times (results written before 2026-12-06 have none). */
export const historyReady = (runs: readonly { readyMs?: number }[]) => runs.flatMap((r) => (r.readyMs === undefined ? [] : [r.readyMs]));

/** A budget on one metric of one scenario. */
export interface Budget {
  label: string;
  limit: number;
  /** 'median' compares the median, 'max' the worst run. */
  on: 'median' | 'max';
  /** Strictly below the limit (else at most the limit). */
  below?: boolean;
}

/** Whether the runs' values keep the budget; null when there is nothing to compare. */
export function holds(values: number[], budget: Budget): boolean | null {
  const s = stat(values);
  const value = budget.on === 'max' ? s.max : s.median;
  if (!Number.isFinite(value) || !Number.isFinite(budget.limit)) return null;
  return budget.below ? value < budget.limit : value <= budget.limit;
}

/** "≤ 150 ✓": the budget and whether it holds, for a table's last column. */
export function mark(values: number[], budget: Budget | undefined): string {
  if (!budget) return '';
  const ok = holds(values, budget);
  return `${budget.label}${ok === null ? '' : ok ? ' ✓' : ' ✗'}`;
}

/** Keys of the streaming metrics that carry a budget (bench/rows.ts STREAM_METRICS labels). */
export const STREAM_TASK = 'main-thread task time, ms';
export const STREAM_LONGEST = 'longest task, ms';
export const STREAM_LAG = 'render lag after last byte, ms';

/**
 * The streaming budgets: main-thread task time from the send to the settled DOM (60 KB back to
 * back ≤ 150 ms, 60 KB at 2 ms per delta ≤ 800 ms, 10 KB at 30 ms ≤ 1 s), the longest task of
 * every run under 50 ms, and the render lag after the last byte ≤ 50 ms.
 */
export function streamBudgets(scenario: { kb: number; intervalMs: number }): Map<string, Budget> {
  const budgets = new Map<string, Budget>();
  const task =
    scenario.kb === 60 && scenario.intervalMs === 0
      ? 150
      : scenario.kb === 60 && scenario.intervalMs === 2
        ? 800
        : scenario.kb === 10 && scenario.intervalMs === 30
          ? 1000
          : null;
  if (task !== null) budgets.set(STREAM_TASK, { label: `≤ ${fmt(task)}`, limit: task, on: 'median' });
  budgets.set(STREAM_LONGEST, { label: '< 50 (every run)', limit: 50, on: 'max', below: true });
  budgets.set(STREAM_LAG, { label: '≤ 50', limit: 50, on: 'median' });
  return budgets;
}

/** Load to ready against the fastest peer's median on that profile (none measured: no budget). */
export function loadReadyBudget(peerMedians: { label: string; median: number }[]): Budget | undefined {
  const measured = peerMedians.filter((p) => Number.isFinite(p.median));
  if (measured.length === 0) return undefined;
  const fastest = measured.reduce((a, b) => (b.median < a.median ? b : a));
  const limit = LOAD_VS_FASTEST_PEER * fastest.median;
  return { label: `≤ ${LOAD_VS_FASTEST_PEER} × ${fastest.label} = ${fmt(limit)}`, limit, on: 'median' };
}

export function loadCpuBudget(profile: ProfileName): Budget | undefined {
  return profile === 'desktop' ? { label: `≤ ${LOAD_CPU_MS}`, limit: LOAD_CPU_MS, on: 'median' } : undefined;
}
