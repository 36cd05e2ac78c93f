// Runs agents for jobs: each sink call becomes the job's next stored event (seq 1, 2, …) and
// wakes its live streams. Exactly one terminal event per job, whatever the agent does.
//
// Jobs of one thread run one after another: a message sent while the thread still answers waits
// for that answer (the hub accepts it too), and its agent then sees that answer in its history.
import type { Agent, AgentInput, AgentSink, Reference } from './agent';
import { extractAttachments } from './attachments';
import type { EventBus } from './event-bus';
import { toAgentHistory } from './history';
import { AGENT_HISTORY_TURNS } from './limits';
import type { JobRecord, Store } from './store';

export const GENERIC_FAILURE_REPLY = 'Sorry — the assistant could not finish this answer. Please try again.';
export const INTERRUPTED_REPLY = 'Sorry — the server restarted before this answer was finished. Please try again.';

/** The reset every job's stream starts with, as the hub's does: the first model round begins. */
export const FIRST_RESET_REASON = 'model_round';

interface Running {
  controller: AbortController;
  settled: Promise<void>;
}

const threadKey = (job: JobRecord): string => JSON.stringify([job.entry, job.visitorId, job.threadId]);

export class JobRunner {
  private readonly running = new Map<string, Running>();
  /** Per thread, the promise that settles when its last accepted job has ended. */
  private readonly tails = new Map<string, Promise<void>>();

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
    const sink = this.sinkFor(job);
    const key = threadKey(job);
    const previous = this.tails.get(key) ?? Promise.resolve();
    const settled = previous
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => {
        // Shut down while it waited: it never started.
        if (controller.signal.aborted) return;
        this.store.setStatus(job.id, 'running');
        this.append(job.id, 'reset', (seq) => ({ seq, ts: Date.now(), reason: FIRST_RESET_REASON, round: 1 }));
        const history = toAgentHistory(this.store.threadJobsBefore(job, AGENT_HISTORY_TURNS));
        return this.agent({ ...input, history }, sink.api, controller.signal);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) this.log(`job ${job.id}: agent threw: ${String(error)}`);
      })
      .finally(() => {
        if (!sink.finished()) {
          const aborted = controller.signal.aborted;
          sink.api.failed(aborted ? INTERRUPTED_REPLY : GENERIC_FAILURE_REPLY, aborted ? 'stopped by server shutdown' : 'agent ended without an answer');
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

  /** Aborts every agent (waiting ones too) and waits until each job has its terminal event. */
  async shutdown(): Promise<void> {
    const all = [...this.running.values()];
    for (const run of all) run.controller.abort(new Error('server shutting down'));
    await Promise.all(all.map((run) => run.settled));
  }

  /** Jobs a previous process left unfinished can never finish: fail them so clients stop waiting. */
  failInterruptedJobs(): number {
    const jobs = this.store.unfinishedJobs().filter((job) => !this.running.has(job.id));
    for (const job of jobs) this.sinkFor(job).api.failed(INTERRUPTED_REPLY, 'interrupted');
    return jobs.length;
  }

  private append(
    jobId: string,
    name: string,
    build: (seq: number) => unknown,
    finish?: Parameters<Store['appendEvent']>[3],
  ): void {
    this.store.appendEvent(jobId, name, build, finish);
    this.bus.notify(jobId);
  }

  private sinkFor(job: JobRecord): { api: AgentSink; finished: () => boolean } {
    let round = 1;
    let finished = false;
    const guard = (what: string): boolean => {
      if (finished) this.log(`job ${job.id}: ignored ${what} after the job ended`);
      return !finished;
    };
    const api: AgentSink = {
      phase: (name, r) => {
        if (!guard('phase')) return;
        round = r;
        this.append(job.id, 'phase', (seq) => ({ seq, ts: Date.now(), name, round: r }));
      },
      delta: (text) => {
        if (!guard('delta') || text === '') return;
        this.append(job.id, 'delta', (seq) => ({ seq, ts: Date.now(), text, round }));
      },
      reset: (reason, r) => {
        if (!guard('reset')) return;
        round = r;
        this.append(job.id, 'reset', (seq) => ({ seq, ts: Date.now(), reason, round: r }));
      },
      done: (reply, extras) => {
        if (!guard('done')) return;
        finished = true;
        const references = normalizeReferences(extras?.references);
        this.append(job.id, 'done', () => doneEvent(job, reply, references), {
          status: 'done',
          reply,
          error: null,
          at: Date.now(),
          references,
        });
      },
      failed: (reply, detail) => {
        if (!guard('failed')) return;
        finished = true;
        if (detail) this.log(`job ${job.id}: failed: ${detail}`);
        // The hub ends a failed job with `done` too, flagged `error` and with a sentence for the visitor.
        this.append(job.id, 'done', () => ({ done: true, error: true, job_id: job.id, visitor_id: job.visitorId, reply }), {
          status: 'failed',
          reply,
          error: detail ?? 'failed',
          at: Date.now(),
        });
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
