// Runs agents for jobs: each sink call becomes the job's next stored event (seq 1, 2, …) and
// wakes its live streams. Exactly one terminal event per job, whatever the agent does.
import type { Agent, AgentInput, AgentSink } from './agent';
import type { EventBus } from './event-bus';
import type { JobRecord, Store } from './store';

export const GENERIC_FAILURE_REPLY = 'Sorry — the assistant could not finish this answer. Please try again.';
export const INTERRUPTED_REPLY = 'Sorry — the server restarted before this answer was finished. Please try again.';

interface Running {
  controller: AbortController;
  settled: Promise<void>;
}

export class JobRunner {
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly agent: Agent,
    private readonly log: (line: string) => void,
  ) {}

  /** Marks the job running now; the agent starts on the next turn of the event loop. */
  start(job: JobRecord, input: AgentInput): void {
    this.store.setStatus(job.id, 'running');
    this.append(job.id, 'status', () => ({ job_id: job.id, status: 'running' }));
    const controller = new AbortController();
    const sink = this.sinkFor(job);
    const settled = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.agent(input, sink.api, controller.signal))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) this.log(`job ${job.id}: agent threw: ${String(error)}`);
      })
      .finally(() => {
        if (!sink.finished()) {
          const aborted = controller.signal.aborted;
          sink.api.failed(aborted ? INTERRUPTED_REPLY : GENERIC_FAILURE_REPLY, aborted ? 'stopped by server shutdown' : 'agent ended without an answer');
        }
        this.running.delete(job.id);
      });
    this.running.set(job.id, { controller, settled });
  }

  isRunning(jobId: string): boolean {
    return this.running.has(jobId);
  }

  /** Aborts every agent and waits until each job has its terminal event. */
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
        this.append(job.id, 'reset', (seq) => ({ seq, reason, round: r }));
      },
      done: (reply) => {
        if (!guard('done')) return;
        finished = true;
        this.append(
          job.id,
          'done',
          () => ({ done: true, job_id: job.id, visitor_id: job.visitorId, reply, references: [], attachments: [] }),
          { status: 'done', reply, error: null, at: Date.now() },
        );
      },
      failed: (reply, detail) => {
        if (!guard('failed')) return;
        finished = true;
        if (detail) this.log(`job ${job.id}: failed: ${detail}`);
        this.append(job.id, 'failed', () => ({ done: true, error: true, job_id: job.id, reply }), {
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
