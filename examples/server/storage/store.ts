// SQLite storage: threads, jobs, stream events (for Last-Event-ID replay across reconnects and
// restarts), form submissions, ratings, uploads and AG-UI interrupts, and the deletes retention.ts
// sweeps with. Synchronous better-sqlite3 with prepared statements. `Store` is the one object the
// server holds; each of its parts prepares its own statements: the schema (store-schema.ts),
// threads, jobs, submissions and ratings (store-jobs.ts), events (store-events.ts), uploads
// (store-uploads.ts), interrupts (store-interrupts.ts) and retention's deletes (store-retention.ts).
import type Database from 'better-sqlite3';
import { EventLog } from './store-events';
import { InterruptTable } from './store-interrupts';
import { JobTables } from './store-jobs';
import { RetentionDeletes } from './store-retention';
import { openDatabase, type DatabaseOptions } from './store-schema';
import { UploadTable } from './store-uploads';

export interface StoreOptions extends DatabaseOptions {
  /** The clock of stored events' `created_at` (retention tests move it). Default Date.now. */
  now?: () => number;
}

type Args<T extends (...args: never[]) => unknown> = Parameters<T>;

export class Store {
  private readonly db: Database.Database;
  private readonly jobs: JobTables;
  private readonly events: EventLog;
  private readonly uploads: UploadTable;
  private readonly interrupts: InterruptTable;
  private readonly retention: RetentionDeletes;

  constructor(path: string, options: StoreOptions = {}) {
    this.db = openDatabase(path, options);
    this.jobs = new JobTables(this.db);
    this.events = new EventLog(this.db, options.now ?? Date.now);
    this.uploads = new UploadTable(this.db);
    this.interrupts = new InterruptTable(this.db);
    this.retention = new RetentionDeletes(this.db);
  }

  // Threads, jobs, form submissions and ratings (store-jobs.ts).
  createJob(...a: Args<JobTables['createJob']>) { return this.jobs.createJob(...a); }
  getJob(...a: Args<JobTables['getJob']>) { return this.jobs.getJob(...a); }
  jobStatus(...a: Args<JobTables['jobStatus']>) { return this.jobs.jobStatus(...a); }
  findSubmission(...a: Args<JobTables['findSubmission']>) { return this.jobs.findSubmission(...a); }
  submissionForForm(...a: Args<JobTables['submissionForForm']>) { return this.jobs.submissionForForm(...a); }
  countJobs() { return this.jobs.countJobs(); }
  setStatus(...a: Args<JobTables['setStatus']>) { this.jobs.setStatus(...a); }
  unfinishedJobs() { return this.jobs.unfinishedJobs(); }
  threadJobsBefore(...a: Args<JobTables['threadJobsBefore']>) { return this.jobs.threadJobsBefore(...a); }
  recentThreadJobs(...a: Args<JobTables['recentThreadJobs']>) { return this.jobs.recentThreadJobs(...a); }
  addRating(...a: Args<JobTables['addRating']>) { this.jobs.addRating(...a); }
  ratingsForJob(...a: Args<JobTables['ratingsForJob']>) { return this.jobs.ratingsForJob(...a); }

  // Stream events (store-events.ts).
  appendEvent(...a: Args<EventLog['appendEvent']>) { return this.events.appendEvent(...a); }
  lastSeq(...a: Args<EventLog['lastSeq']>) { return this.events.lastSeq(...a); }
  eventsAfter(...a: Args<EventLog['eventsAfter']>) { return this.events.eventsAfter(...a); }
  terminalEvent(...a: Args<EventLog['terminalEvent']>) { return this.events.terminalEvent(...a); }

  // Uploads (store-uploads.ts).
  addUpload(...a: Args<UploadTable['addUpload']>) { this.uploads.addUpload(...a); }
  getUpload(...a: Args<UploadTable['getUpload']>) { return this.uploads.getUpload(...a); }
  uploadInfo(...a: Args<UploadTable['uploadInfo']>) { return this.uploads.uploadInfo(...a); }
  uploadUsage(...a: Args<UploadTable['uploadUsage']>) { return this.uploads.uploadUsage(...a); }

  // AG-UI interrupts (store-interrupts.ts).
  saveInterrupts(...a: Args<InterruptTable['saveInterrupts']>) { this.interrupts.saveInterrupts(...a); }
  threadInterrupts(...a: Args<InterruptTable['threadInterrupts']>) { return this.interrupts.threadInterrupts(...a); }
  answerInterrupts(...a: Args<InterruptTable['answerInterrupts']>) { return this.interrupts.answerInterrupts(...a); }

  // Retention's deletes (store-retention.ts): each deletes at most `limit` rows (-1: no limit) and returns how many.
  deleteUploadsBefore(...a: Args<RetentionDeletes['deleteUploadsBefore']>) { return this.retention.deleteUploadsBefore(...a); }
  deleteJobsFinishedBefore(...a: Args<RetentionDeletes['deleteJobsFinishedBefore']>) { return this.retention.deleteJobsFinishedBefore(...a); }
  deleteFinishedJobStepsBefore(...a: Args<RetentionDeletes['deleteFinishedJobStepsBefore']>) { return this.retention.deleteFinishedJobStepsBefore(...a); }
  deleteRatingsBefore(...a: Args<RetentionDeletes['deleteRatingsBefore']>) { return this.retention.deleteRatingsBefore(...a); }
  deleteInterruptsBefore(...a: Args<RetentionDeletes['deleteInterruptsBefore']>) { return this.retention.deleteInterruptsBefore(...a); }
  deleteEmptyThreadsBefore(...a: Args<RetentionDeletes['deleteEmptyThreadsBefore']>) { return this.retention.deleteEmptyThreadsBefore(...a); }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
