// The store's deletes that retention.ts sweeps with: each deletes at most `limit` rows (-1: no
// limit) of what is older than a cutoff, and returns how many it deleted, so a sweep can work in
// batches with a turn of the event loop between them.
import type Database from 'better-sqlite3';

export class RetentionDeletes {
  private readonly stmt;

  constructor(private readonly db: Database.Database) {
    this.stmt = {
      deleteInterruptsBefore: db.prepare(
        `DELETE FROM agui_interrupts WHERE rowid IN (SELECT rowid FROM agui_interrupts WHERE created_at < ? LIMIT ?)`,
      ),
      deleteUploadsBefore: db.prepare(`DELETE FROM uploads WHERE id IN (SELECT id FROM uploads WHERE created_at < ? LIMIT ?)`),
      jobsFinishedBefore: db.prepare(`SELECT id FROM jobs WHERE finished_at < ? LIMIT ?`).pluck(),
      deleteJobEvents: db.prepare(`DELETE FROM events WHERE job_id = ?`),
      deleteJobSubmissions: db.prepare(`DELETE FROM form_submissions WHERE job_id = ?`),
      deleteJob: db.prepare(`DELETE FROM jobs WHERE id = ?`),
      deleteFinishedJobSteps: db.prepare(
        `DELETE FROM events WHERE (job_id, seq) IN (
           SELECT e.job_id, e.seq FROM events e
           WHERE e.created_at < ? AND e.name NOT IN ('done', 'failed')
             AND EXISTS (SELECT 1 FROM jobs j WHERE j.id = e.job_id AND j.status IN ('done', 'failed'))
           LIMIT ?)`,
      ),
      deleteRatingsBefore: db.prepare(`DELETE FROM ratings WHERE id IN (SELECT id FROM ratings WHERE created_at < ? LIMIT ?)`),
      deleteEmptyThreadsBefore: db.prepare(
        `DELETE FROM threads WHERE rowid IN (
           SELECT t.rowid FROM threads t
           WHERE t.updated_at < ?
             AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.entry = t.entry AND j.visitor_id = t.visitor_id AND j.thread_id = t.thread_id)
           LIMIT ?)`,
      ),
    };
  }

  /** Uploads created before `cutoff`. */
  deleteUploadsBefore(cutoff: number, limit = -1): number {
    return this.stmt.deleteUploadsBefore.run(cutoff, limit).changes;
  }

  /** Jobs that finished before `cutoff`, with their events and the form submissions they started; returns the jobs. */
  deleteJobsFinishedBefore(cutoff: number, limit = -1): number {
    return this.db.transaction((): number => {
      const ids = this.stmt.jobsFinishedBefore.all(cutoff, limit) as string[];
      for (const id of ids) {
        this.stmt.deleteJobEvents.run(id);
        this.stmt.deleteJobSubmissions.run(id);
        this.stmt.deleteJob.run(id);
      }
      return ids.length;
    })();
  }

  /** The stream steps (reset, phase, delta) of finished jobs, stored before `cutoff`; their endings stay. */
  deleteFinishedJobStepsBefore(cutoff: number, limit = -1): number {
    return this.stmt.deleteFinishedJobSteps.run(cutoff, limit).changes;
  }

  deleteRatingsBefore(cutoff: number, limit = -1): number {
    return this.stmt.deleteRatingsBefore.run(cutoff, limit).changes;
  }

  /** AG-UI interrupts raised before `cutoff`, open or answered. */
  deleteInterruptsBefore(cutoff: number, limit = -1): number {
    return this.stmt.deleteInterruptsBefore.run(cutoff, limit).changes;
  }

  /** Threads last written before `cutoff` that have no job left. */
  deleteEmptyThreadsBefore(cutoff: number, limit = -1): number {
    return this.stmt.deleteEmptyThreadsBefore.run(cutoff, limit).changes;
  }
}
