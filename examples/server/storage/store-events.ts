// The store's stream events: each job's numbered events (seq 1, 2, …), kept for Last-Event-ID
// replay across reconnects and restarts. A job's terminal event and its final status are written
// in one transaction, so they never disagree.
import type Database from 'better-sqlite3';
import type { Reference } from '../agents/agent';

export interface StoredEvent {
  seq: number;
  name: string;
  /** JSON text, written to the stream as is. */
  data: string;
}

/**
 * A job ends with `done` (with `error: true` when it failed, as the hub sends it). `failed` is
 * what databases written by earlier versions of this server hold for failed jobs.
 */
export const TERMINAL_EVENTS: ReadonlySet<string> = new Set(['done', 'failed']);

/** How a terminal event finishes its job. */
export interface JobFinish {
  status: 'done' | 'failed';
  reply: string;
  error: string | null;
  at: number;
  references?: readonly Reference[];
}

export class EventLog {
  private readonly stmt;

  /** `now` is the clock of stored events' `created_at` (retention tests move it). */
  constructor(
    private readonly db: Database.Database,
    private readonly now: () => number,
  ) {
    this.stmt = {
      finishJob: db.prepare(`UPDATE jobs SET status = ?, reply = ?, error = ?, finished_at = ?, refs = ? WHERE id = ?`),
      lastSeq: db.prepare(`SELECT COALESCE(MAX(seq), 0) AS seq FROM events WHERE job_id = ?`),
      insertEvent: db.prepare(`INSERT INTO events (job_id, seq, name, data, created_at) VALUES (?, ?, ?, ?, ?)`),
      eventsAfter: db.prepare(`SELECT seq, name, data FROM events WHERE job_id = ? AND seq > ? ORDER BY seq`),
      terminalEvent: db.prepare(`SELECT seq, name, data FROM events WHERE job_id = ? AND name IN ('done', 'failed') LIMIT 1`),
    };
  }

  /**
   * Appends the next event of a job; `build` receives the seq so the payload can carry it.
   * A terminal event may also finish the job in the same transaction.
   */
  appendEvent(jobId: string, name: string, build: (seq: number) => unknown, finish?: JobFinish): StoredEvent {
    return this.db.transaction((): StoredEvent => {
      const seq = this.lastSeq(jobId) + 1;
      const data = JSON.stringify(build(seq));
      this.stmt.insertEvent.run(jobId, seq, name, data, this.now());
      if (finish) {
        const refs = finish.references?.length ? JSON.stringify(finish.references) : null;
        this.stmt.finishJob.run(finish.status, finish.reply, finish.error, finish.at, refs, jobId);
      }
      return { seq, name, data };
    })();
  }

  lastSeq(jobId: string): number {
    return (this.stmt.lastSeq.get(jobId) as { seq: number }).seq;
  }

  eventsAfter(jobId: string, seq: number): StoredEvent[] {
    return this.stmt.eventsAfter.all(jobId, seq) as StoredEvent[];
  }

  terminalEvent(jobId: string): StoredEvent | undefined {
    return this.stmt.terminalEvent.get(jobId) as StoredEvent | undefined;
  }
}
