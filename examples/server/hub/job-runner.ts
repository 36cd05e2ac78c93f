// Runs agents for jobs: each sink call becomes the job's next stored event (seq 1, 2, …) and
// wakes its live streams. Exactly one terminal event per job, whatever the agent does.
//
// Jobs of one thread run one after another: a message sent while the thread still answers waits
// for that answer (the hub accepts it too), and its agent then sees that answer in its history.
//
// A write the database refuses (disk full, locked, failing) never leaves the runner: that job
// stops and ends as failed; when even its ending cannot be written, the ending is held in memory
// (unsaved-endings.ts), served to its streams and written once the database takes writes again.
import type { Agent, AgentInput, AgentSink, Reference } from '../agents/agent';
import { extractAttachments } from './attachments';
import type { EventBus } from './event-bus';
import { toAgentHistory } from './history';
import { AGENT_HISTORY_TURNS, UNSAVED_ENDING_RETRY_MS } from '../settings/limits';
import { describeError, isStorageFault } from '../storage/storage-fault';
import type { Store } from '../storage/store';
import type { StoredEvent } from '../storage/store-events';
import type { JobRecord } from '../storage/store-jobs';
import { UnsavedEndings, type UnsavedEnding } from '../storage/unsaved-endings';

export const GENERIC_FAILURE_REPLY = 'Sorry — the assistant could not finish this answer. Please try again.';
/** A job whose events the database would not take (disk full, locked, failing). */
export const STORAGE_FAILURE_REPLY = 'Sorry — the server could not save this answer. Please try again in a moment.';
export const INTERRUPTED_REPLY = 'Sorry — the server restarted before this answer was finished. Please try again.';

/** The reset every job's stream starts with, as the hub's does: the first model round begins. */
export const FIRST_RESET_REASON = 'model_round';

interface Running {
  controller: AbortController;
  settled: Promise<void>;
}

const threadKey = (job: JobRecord): string => JSON.stringify([job.entry, job.visitorId, job.threadId]);

type Finish = NonNullable<Parameters<Store['appendEvent']>[3]>;

export class JobRunner {
  private readonly running = new Map<string, Running>();
  /** Per thread, the promise that settles when its last accepted job has ended. */
  private readonly tails = new Map<string, Promise<void>>();
  private readonly unsaved = new UnsavedEndings();
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly agent: Agent,
    private readonly log: (line: string) => void,
  ) {}

  /**
   * Starts the job after the thread's earlier jobs have ended (at once when there are none). The
   * history is read when it starts, so it holds every answer before it.
   */
  start(job: JobRecord, input: Omit<AgentInput, 'history'>): void {
    const controller = new AbortController();
    const sink = this.sinkFor(job, controller);
    const key = threadKey(job);
    const previous = this.tails.get(key) ?? Promise.resolve();
    let failure: unknown;
    const settled = previous
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => {
        // Shut down while it waited: it never started.
        if (controller.signal.aborted) return;
        this.store.setStatus(job.id, 'running');
        sink.api.reset(FIRST_RESET_REASON, 1);
        if (sink.finished()) return;
        const history = toAgentHistory(this.store.threadJobsBefore(job, AGENT_HISTORY_TURNS));
        return this.agent({ ...input, history }, sink.api, controller.signal);
      })
      .catch((error: unknown) => {
        failure = error;
        if (sink.finished() || controller.signal.aborted) return;
        this.log(`job ${job.id}: ${isStorageFault(error) ? 'the database refused it' : 'agent threw'}: ${describeError(error)}`);
      })
      .finally(() => {
        if (!sink.finished()) {
          const aborted = controller.signal.aborted;
          if (aborted) sink.api.failed(INTERRUPTED_REPLY, 'stopped by server shutdown');
          else if (isStorageFault(failure)) sink.api.failed(STORAGE_FAILURE_REPLY, `storage: ${describeError(failure)}`);
          else sink.api.failed(GENERIC_FAILURE_REPLY, 'agent ended without an answer');
        }
        this.running.delete(job.id);
        if (this.tails.get(key) === settled) this.tails.delete(key);
      });
    this.tails.set(key, settled);
    this.running.set(job.id, { controller, settled });
  }

  isRunning(jobId: string): boolean {
    return this.running.has(jobId);
  }

  /** The ending of a job the database has not taken yet (its streams serve it from here). */
  unsavedEnding(jobId: string): StoredEvent | undefined {
    return this.unsaved.get(jobId)?.event;
  }

  /** Aborts every agent (waiting ones too) and waits until each job has its terminal event. */
  async shutdown(): Promise<void> {
    const all = [...this.running.values()];
    for (const run of all) run.controller.abort(new Error('server shutting down'));
    await Promise.all(all.map((run) => run.settled));
    // A last chance for held endings; what is still refused is failed as interrupted at the next start.
    this.flushUnsaved();
    clearInterval(this.retryTimer);
    this.retryTimer = undefined;
  }

  /** Jobs a previous process left unfinished can never finish: fail them so clients stop waiting. */
  failInterruptedJobs(): number {
    const jobs = this.store.unfinishedJobs().filter((job) => !this.running.has(job.id));
    for (const job of jobs) this.sinkFor(job, new AbortController()).api.failed(INTERRUPTED_REPLY, 'interrupted');
    return jobs.length;
  }

  /**
   * Stores the job's next event and wakes its streams; false when the database refused it. A
   * success means the database takes writes again, so held endings are offered to it too.
   */
  private append(jobId: string, name: string, build: (seq: number) => unknown, finish?: Finish): boolean {
    try {
      this.store.appendEvent(jobId, name, build, finish);
    } catch (error) {
      this.log(`job ${jobId}: could not store its ${name} event: ${describeError(error)}`);
      return false;
    }
    this.bus.notify(jobId);
    if (this.unsaved.size > 0) this.flushUnsaved();
    return true;
  }

  /** Writes the ending; when the database refuses it, holds it in memory and serves it from there. */
  private end(jobId: string, name: string, data: Record<string, unknown>, finish: UnsavedEnding['finish']): void {
    if (this.append(jobId, name, () => data, finish)) return;
    let seq: number;
    try {
      seq = this.store.lastSeq(jobId) + 1;
    } catch {
      // Only ordering within this connection depends on it: a terminal event carries no id.
      seq = Number.MAX_SAFE_INTEGER;
    }
    this.unsaved.hold(jobId, { event: { seq, name, data: JSON.stringify(data) }, finish });
    this.bus.notify(jobId);
    this.retryTimer ??= setInterval(() => this.flushUnsaved(), UNSAVED_ENDING_RETRY_MS);
    this.retryTimer.unref();
  }

  private flushUnsaved(): void {
    const written = this.unsaved.flush((jobId, { event, finish }) => this.store.appendEvent(jobId, event.name, () => JSON.parse(event.data), finish));
    if (written > 0) this.log(`stored ${written} job ending(s) the database had refused`);
    if (this.unsaved.size === 0 && this.retryTimer) {
      clearInterval(this.retryTimer);
      this.retryTimer = undefined;
    }
  }

  private sinkFor(job: JobRecord, controller: AbortController): { api: AgentSink; finished: () => boolean } {
    let round = 1;
    let finished = false;
    const guard = (what: string): boolean => {
      // After a refused write the agent is aborted; what it still sends is expected, not news.
      if (finished && !controller.signal.aborted) this.log(`job ${job.id}: ignored ${what} after the job ended`);
      return !finished;
    };
    const failed = (reply: string, detail?: string): void => {
      finished = true;
      if (detail) this.log(`job ${job.id}: failed: ${detail}`);
      // The hub ends a failed job with `done` too, flagged `error` and with a sentence for the visitor.
      this.end(job.id, 'done', { done: true, error: true, job_id: job.id, visitor_id: job.visitorId, reply }, {
        status: 'failed',
        reply,
        error: detail ?? 'failed',
        at: Date.now(),
      });
    };
    /** A step the database refused: the answer can no longer be kept whole, so the job stops and fails. */
    const step = (name: string, build: (seq: number) => unknown): void => {
      if (this.append(job.id, name, build)) return;
      controller.abort(new Error(`the database refused the ${name} event`));
      failed(STORAGE_FAILURE_REPLY, `storage: the ${name} event could not be stored`);
    };
    const api: AgentSink = {
      phase: (name, r) => {
        if (!guard('phase')) return;
        round = r;
        step('phase', (seq) => ({ seq, ts: Date.now(), name, round: r }));
      },
      delta: (text) => {
        if (!guard('delta') || text === '') return;
        step('delta', (seq) => ({ seq, ts: Date.now(), text, round }));
      },
      reset: (reason, r) => {
        if (!guard('reset')) return;
        round = r;
        step('reset', (seq) => ({ seq, ts: Date.now(), reason, round: r }));
      },
      done: (reply, extras) => {
        if (!guard('done')) return;
        finished = true;
        const references = normalizeReferences(extras?.references);
        const finish = { status: 'done' as const, reply, error: null, at: Date.now(), references };
        if (this.append(job.id, 'done', () => doneEvent(job, reply, references), finish)) return;
        // An answer that could not be saved would be missing from the visitor's history: it fails.
        failed(STORAGE_FAILURE_REPLY, 'storage: the answer could not be stored');
      },
      failed: (reply, detail) => {
        if (!guard('failed')) return;
        failed(reply, detail);
      },
    };
    return { api, finished: () => finished };
  }
}

/** Only the four fields the wire carries, in a fresh object: an agent's extras never leak. */
function normalizeReferences(references: readonly Reference[] | undefined): Reference[] {
  return (references ?? []).map(({ seq, title, score, snippet }) => ({ seq, title, score, snippet }));
}

/** `done` as the hub sends it: `attachments` and `references` only when there are some. */
export function doneEvent(job: Pick<JobRecord, 'id' | 'visitorId'>, reply: string, references: readonly Reference[]): Record<string, unknown> {
  const attachments = extractAttachments(reply);
  return {
    done: true,
    job_id: job.id,
    visitor_id: job.visitorId,
    reply,
    ...(attachments.length ? { attachments } : {}),
    ...(references.length ? { references } : {}),
  };
}
