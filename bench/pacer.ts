// Paces stream events on the server: back to back (every event written in one go, TCP
// coalesces them) or one every `intervalMs`, on a fixed schedule so timer lateness does not add
// up over thousands of events.
import { performance } from 'node:perf_hooks';

export interface PaceResult {
  /** Wall time from the first event to the last, ms. */
  durationMs: number;
}

/**
 * Calls `emit(i)` for i = 0 … count-1. Interval 0: all at once, synchronously. Otherwise event i
 * is due at start + i × interval; a late wake-up emits at once (never in a burst, so the page
 * sees one event per wake-up) and the schedule catches up over the next events.
 */
export async function pace(count: number, intervalMs: number, emit: (i: number) => void, signal?: AbortSignal): Promise<PaceResult> {
  const start = performance.now();
  if (intervalMs <= 0) {
    for (let i = 0; i < count; i++) emit(i);
    return { durationMs: performance.now() - start };
  }
  for (let i = 0; i < count; i++) {
    if (signal?.aborted) throw signal.reason;
    const due = start + i * intervalMs;
    const wait = due - performance.now();
    // Node timers have whole-millisecond resolution and wake up to ~1 ms late; sleeping toward an
    // absolute due time keeps the average interval exact. Never spin: the browser needs the cores.
    if (wait >= 0.5) await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.round(wait))));
    emit(i);
  }
  return { durationMs: performance.now() - start };
}
