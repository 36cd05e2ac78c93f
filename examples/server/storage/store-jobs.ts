// The store's threads, jobs, the form submissions that start jobs, and ratings of answers. A job
// is created queued, in its thread, with the submission that started it in one transaction, so
// racing requests can neither overfill a thread nor answer one form twice.
import type Database from 'better-sqlite3';
import type { PageContext } from '../../../widget/types';
import type { Reference } from '../agents/agent';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobRecord {
  id: string;
  entry: string;
  visitorId: string;
  threadId: string;
  status: JobStatus;
  userText: string;
  reply: string | null;
  error: string | null;
  createdAt: number;
  finishedAt: number | null;
  capabilities: string[];
  interaction: Record<string, unknown> | null;
  context: PageContext | null;
  /** The knowledge-base sources the reply cites, when the agent reported any. */
  references: Reference[] | null;
}

export interface NewJob {
  id: string;
  entry: string;
  visitorId: string;
  threadId: string;
  userText: string;
  createdAt: number;
  capabilities: string[];
  interaction: Record<string, unknown> | null;
  context: PageContext | null;
}

/** An accepted `bailing-form` response: one per submission id (per entry and visitor), one per form. */
export interface FormSubmissionRecord {
  submissionId: string;
  entry: string;
  visitorId: string;
  sourceJobId: string;
  formId: string;
  action: 'submit' | 'cancel';
  /** The canonical `{action, values}` JSON, and its SHA-256 (hex) for comparing replays. */
  payload: string;
  payloadHash: string;
  /** The job the submission started. */
  jobId: string;
  createdAt: number;
}

interface JobRow {
  id: string;
  entry: string;
  visitor_id: string;
  thread_id: string;
  status: JobStatus;
  user_text: string;
  reply: string | null;
  error: string | null;
  created_at: number;
  finished_at: number | null;
  capabilities: string;
  interaction: string | null;
  context: string | null;
  refs: string | null;
}

interface SubmissionRow {
  entry: string;
  visitor_id: string;
  submission_id: string;
  source_job_id: string;
  form_id: string;
  action: 'submit' | 'cancel';
  payload: string;
  payload_hash: string;
  job_id: string;
  created_at: number;
}

function toSubmission(row: SubmissionRow): FormSubmissionRecord {
  return {
    submissionId: row.submission_id,
    entry: row.entry,
    visitorId: row.visitor_id,
    sourceJobId: row.source_job_id,
    formId: row.form_id,
    action: row.action,
    payload: row.payload,
    payloadHash: row.payload_hash,
    jobId: row.job_id,
    createdAt: row.created_at,
  };
}

function toJob(row: JobRow): JobRecord {
  return {
    id: row.id,
    entry: row.entry,
    visitorId: row.visitor_id,
    threadId: row.thread_id,
    status: row.status,
    userText: row.user_text,
    reply: row.reply,
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    capabilities: JSON.parse(row.capabilities) as string[],
    interaction: row.interaction === null ? null : (JSON.parse(row.interaction) as Record<string, unknown>),
    context: row.context === null ? null : (JSON.parse(row.context) as PageContext),
    references: row.refs === null ? null : (JSON.parse(row.refs) as Reference[]),
  };
}

export class JobTables {
  private readonly stmt;

  constructor(private readonly db: Database.Database) {
    this.stmt = {
      touchThread: db.prepare(
        `INSERT INTO threads (entry, visitor_id, thread_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (entry, visitor_id, thread_id) DO UPDATE SET updated_at = excluded.updated_at`,
      ),
      activeJobsInThread: db.prepare(
        `SELECT COUNT(*) AS n FROM jobs WHERE entry = ? AND visitor_id = ? AND thread_id = ? AND status IN ('queued', 'running')`,
      ),
      insertJob: db.prepare(
        `INSERT INTO jobs (id, entry, visitor_id, thread_id, status, user_text, created_at, capabilities, interaction, context)
         VALUES (?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?)`,
      ),
      getJob: db.prepare(`SELECT * FROM jobs WHERE id = ?`),
      jobStatus: db.prepare(`SELECT status FROM jobs WHERE id = ?`),
      setStatus: db.prepare(`UPDATE jobs SET status = ? WHERE id = ?`),
      unfinishedJobs: db.prepare(`SELECT * FROM jobs WHERE status IN ('queued', 'running')`),
      recentThreadJobs: db.prepare(
        `SELECT * FROM (
           SELECT *, rowid AS r FROM jobs WHERE entry = ? AND visitor_id = ? AND thread_id = ?
           ORDER BY created_at DESC, r DESC LIMIT ?
         ) ORDER BY created_at ASC, r ASC`,
      ),
      threadJobsBefore: db.prepare(
        `SELECT * FROM (
           SELECT j.*, j.rowid AS r FROM jobs j, (SELECT created_at AS c, rowid AS rid FROM jobs WHERE id = ?) me
           WHERE j.entry = ? AND j.visitor_id = ? AND j.thread_id = ?
             AND (j.created_at < me.c OR (j.created_at = me.c AND j.rowid < me.rid))
           ORDER BY j.created_at DESC, j.rowid DESC LIMIT ?
         ) ORDER BY created_at ASC, r ASC`,
      ),
      insertSubmission: db.prepare(
        `INSERT INTO form_submissions
           (entry, visitor_id, submission_id, source_job_id, form_id, action, payload, payload_hash, job_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      submissionById: db.prepare(`SELECT * FROM form_submissions WHERE entry = ? AND visitor_id = ? AND submission_id = ?`),
      submissionForForm: db.prepare(`SELECT * FROM form_submissions WHERE source_job_id = ? AND form_id = ?`),
      countJobs: db.prepare(`SELECT COUNT(*) AS n FROM jobs`),
      insertRating: db.prepare(`INSERT INTO ratings (job_id, visitor_id, rating, comment, created_at) VALUES (?, ?, ?, ?, ?)`),
      ratingsForJob: db.prepare(`SELECT rating, comment FROM ratings WHERE job_id = ? ORDER BY id`),
    };
  }

  /**
   * Creates a queued job unless the thread already has `maxActive` jobs queued or running. Check
   * and insert share a transaction, so racing requests cannot overfill a thread.
   */
  createJob(
    job: NewJob,
    submission: Omit<FormSubmissionRecord, 'jobId' | 'createdAt'> | undefined,
    maxActive: number,
  ): JobRecord | 'full' {
    return this.db.transaction((): JobRecord | 'full' => {
      const active = (this.stmt.activeJobsInThread.get(job.entry, job.visitorId, job.threadId) as { n: number }).n;
      if (active >= maxActive) return 'full';
      // A submission is recorded with the job it starts, or not at all (its unique keys throw).
      if (submission) {
        this.stmt.insertSubmission.run(
          submission.entry,
          submission.visitorId,
          submission.submissionId,
          submission.sourceJobId,
          submission.formId,
          submission.action,
          submission.payload,
          submission.payloadHash,
          job.id,
          job.createdAt,
        );
      }
      this.stmt.touchThread.run(job.entry, job.visitorId, job.threadId, job.createdAt, job.createdAt);
      this.stmt.insertJob.run(
        job.id,
        job.entry,
        job.visitorId,
        job.threadId,
        job.userText,
        job.createdAt,
        JSON.stringify(job.capabilities),
        job.interaction === null ? null : JSON.stringify(job.interaction),
        job.context === null ? null : JSON.stringify(job.context),
      );
      return this.getJob(job.id)!;
    })();
  }

  getJob(id: string): JobRecord | undefined {
    const row = this.stmt.getJob.get(id) as JobRow | undefined;
    return row ? toJob(row) : undefined;
  }

  /** Just the status: streams read it after every event. */
  jobStatus(id: string): JobStatus | undefined {
    return (this.stmt.jobStatus.get(id) as { status: JobStatus } | undefined)?.status;
  }

  /** The submission `submissionId` of a visitor, if one was accepted. */
  findSubmission(entry: string, visitorId: string, submissionId: string): FormSubmissionRecord | undefined {
    const row = this.stmt.submissionById.get(entry, visitorId, submissionId) as SubmissionRow | undefined;
    return row ? toSubmission(row) : undefined;
  }

  /** The submission that answered form `formId` of job `sourceJobId`, if any. */
  submissionForForm(sourceJobId: string, formId: string): FormSubmissionRecord | undefined {
    const row = this.stmt.submissionForForm.get(sourceJobId, formId) as SubmissionRow | undefined;
    return row ? toSubmission(row) : undefined;
  }

  countJobs(): number {
    return (this.stmt.countJobs.get() as { n: number }).n;
  }

  setStatus(id: string, status: JobStatus): void {
    this.stmt.setStatus.run(status, id);
  }

  unfinishedJobs(): JobRecord[] {
    return (this.stmt.unfinishedJobs.all() as JobRow[]).map(toJob);
  }

  /** The newest `limit` jobs of the thread of `job` created before it, oldest first. */
  threadJobsBefore(job: JobRecord, limit: number): JobRecord[] {
    return (this.stmt.threadJobsBefore.all(job.id, job.entry, job.visitorId, job.threadId, limit) as JobRow[]).map(toJob);
  }

  /** The newest `limit` jobs of a thread, oldest first. */
  recentThreadJobs(entry: string, visitorId: string, threadId: string, limit: number): JobRecord[] {
    return (this.stmt.recentThreadJobs.all(entry, visitorId, threadId, limit) as JobRow[]).map(toJob);
  }

  addRating(jobId: string, visitorId: string, rating: string, comment: string | null, at: number): void {
    this.stmt.insertRating.run(jobId, visitorId, rating, comment, at);
  }

  ratingsForJob(jobId: string): { rating: string; comment: string | null }[] {
    return this.stmt.ratingsForJob.all(jobId) as { rating: string; comment: string | null }[];
  }
}
