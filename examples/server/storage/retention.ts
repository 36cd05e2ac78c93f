// Retention: what the server keeps of a visitor, and for how long (limits.ts). A sweep deletes
// what is past its time, in batches with a turn of the event loop between them, at start-up and
// then periodically; a sweep the database refuses is logged and tried again at the next tick.
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  AGUI_INTERRUPT_RETENTION_MS,
  DEFAULT_UPLOAD_RETENTION_MS,
  FINISHED_JOB_STEPS_RETENTION_MS,
  JOB_RETENTION_MS,
  RATING_RETENTION_MS,
  RETENTION_BATCH_ROWS,
} from '../settings/limits';
import { describeError } from './storage-fault';
import type { Store } from './store';

export interface RetentionPolicy {
  /** Stream steps (reset, phase, delta) of finished jobs: needed only to resume a stream. */
  jobStepsMs: number;
  /** Finished jobs, counted from when they finished; a thread goes with its last job. */
  jobsMs: number;
  ratingsMs: number;
  uploadsMs: number;
  /** AG-UI interrupts, open or answered, counted from when they were raised. */
  interruptsMs: number;
}

export const DEFAULT_RETENTION: Readonly<RetentionPolicy> = Object.freeze({
  jobStepsMs: FINISHED_JOB_STEPS_RETENTION_MS,
  jobsMs: JOB_RETENTION_MS,
  ratingsMs: RATING_RETENTION_MS,
  uploadsMs: DEFAULT_UPLOAD_RETENTION_MS,
  interruptsMs: AGUI_INTERRUPT_RETENTION_MS,
});

/** Rows deleted by one sweep (jobs counted as jobs: their events and submissions go with them). */
export interface SweepResult {
  jobs: number;
  steps: number;
  ratings: number;
  uploads: number;
  threads: number;
  interrupts: number;
}

/** Deletes what `policy` no longer keeps as of `now`. Stops between batches when `signal` aborts. */
export async function sweepRetention(
  store: Store,
  now: number,
  policy: RetentionPolicy,
  batchRows = RETENTION_BATCH_ROWS,
  signal?: AbortSignal,
): Promise<SweepResult> {
  const result: SweepResult = { jobs: 0, steps: 0, ratings: 0, uploads: 0, threads: 0, interrupts: 0 };
  // Jobs first: their steps then go with them rather than one by one.
  const passes: readonly [keyof SweepResult, (limit: number) => number][] = [
    ['jobs', (limit) => store.deleteJobsFinishedBefore(now - policy.jobsMs, limit)],
    ['steps', (limit) => store.deleteFinishedJobStepsBefore(now - policy.jobStepsMs, limit)],
    ['ratings', (limit) => store.deleteRatingsBefore(now - policy.ratingsMs, limit)],
    ['uploads', (limit) => store.deleteUploadsBefore(now - policy.uploadsMs, limit)],
    // A thread is last written when its newest job is created, so it is empty once that job is gone.
    ['threads', (limit) => store.deleteEmptyThreadsBefore(now - policy.jobsMs, limit)],
    ['interrupts', (limit) => store.deleteInterruptsBefore(now - policy.interruptsMs, limit)],
  ];
  for (const [kind, pass] of passes) {
    for (;;) {
      if (signal?.aborted) return result;
      const deleted = pass(batchRows);
      result[kind] += deleted;
      if (deleted < batchRows) break;
      await nextTurn();
    }
  }
  return result;
}

export interface RetentionOptions {
  store: Store;
  now: () => number;
  policy: RetentionPolicy;
  intervalMs: number;
  log: (line: string) => void;
}

export interface RetentionSweeper {
  /** Settles when the start-up sweep has ended (it never rejects). */
  ready: Promise<void>;
  /** Stops the timer and waits for a sweep under way. */
  stop(): Promise<void>;
}

export function startRetention({ store, now, policy, intervalMs, log }: RetentionOptions): RetentionSweeper {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  const sweep = (): Promise<void> =>
    // A tick that comes while a sweep is still under way has nothing to add.
    (running ??= (async () => {
      try {
        const r = await sweepRetention(store, now(), policy, RETENTION_BATCH_ROWS, stopping.signal);
        if (r.jobs + r.steps + r.ratings + r.uploads + r.threads + r.interrupts > 0) {
          log(
            `retention: deleted ${r.jobs} job(s), ${r.steps} stream step(s), ${r.ratings} rating(s), ${r.uploads} upload(s), ${r.threads} empty thread(s), ${r.interrupts} AG-UI interrupt(s)`,
          );
        }
      } catch (error) {
        if (!stopping.signal.aborted) log(`retention sweep failed (tried again in ${Math.round(intervalMs / 1000)} s): ${describeError(error)}`);
      } finally {
        running = undefined;
      }
    })());
  const ready = sweep();
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return {
    ready,
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await running;
    },
  };
}
