// Figures of a soak run (pure): percentiles and the memory-leak verdict.

/** Nearest-rank percentile (p in 0–100) of the values; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/**
 * The leak rule: the server's RSS after the last round (after a full GC) may be at most this
 * much above its RSS after round 4. The first rounds warm up (SQLite page cache, JIT, V8 old
 * space, the allocator's arenas), a one-time growth, not a leak: in a 30-round run RSS climbed
 * through round 3 and then stayed within 108.6–116.5 MB from round 4 to round 30. The same rule is applied to the JS
 * heap after GC, which is what objects kept per answer would grow.
 */
export const LEAK_MAX_GROWTH = 0.1;
export const LEAK_BASELINE_ROUND = 4;
/** With fewer rounds than this there is nothing after the baseline to compare. */
export const LEAK_MIN_ROUNDS = 3;

export type LeakVerdict =
  | { judged: false; reason: string }
  | { judged: true; pass: boolean; baselineKb: number; lastKb: number; growth: number };

/** `afterRoundKb[i]` is the RSS (or heap) after round i + 1, in any unit. */
export function leakVerdict(afterRoundKb: readonly number[]): LeakVerdict {
  if (afterRoundKb.length < LEAK_MIN_ROUNDS) {
    return { judged: false, reason: `needs ${LEAK_MIN_ROUNDS} rounds or more, ran ${afterRoundKb.length}` };
  }
  const baselineKb = afterRoundKb[LEAK_BASELINE_ROUND - 1]!;
  const lastKb = afterRoundKb[afterRoundKb.length - 1]!;
  const growth = (lastKb - baselineKb) / baselineKb;
  return { judged: true, pass: growth <= LEAK_MAX_GROWTH, baselineKb, lastKb, growth };
}

/** `12.3 MB` from kilobytes. */
export const mb = (kb: number): string => `${(kb / 1024).toFixed(1)} MB`;
export const ms = (value: number): string => (Number.isFinite(value) ? `${Math.round(value)} ms` : '—');
export const pct = (ratio: number): string => `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)} %`;
