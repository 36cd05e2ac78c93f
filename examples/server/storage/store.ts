// SQLite storage: threads, jobs, stream events (for Last-Event-ID replay across reconnects and
// restarts), form submissions, ratings, uploads and AG-UI interrupts, and the deletes retention.ts sweeps with. Synchronous better-sqlite3 with prepared statements; a job's
// terminal event and its final status are written in one transaction so they never disagree.
import Database from 'better-sqlite3';
import type { PageContext } from '../../../widget/types';
import type { Reference } from '../agents/agent';
import { DB_BUSY_TIMEOUT_MS } from '../settings/limits';

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

export interface StoredEvent {
  seq: number;
  name: string;
  /** JSON text, written to the stream as is. */
  data: string;
}

export interface UploadRecord {
  id: string;
  entry: string;
  visitorId: string;
  filename: string;
  mime: string;
  data: Buffer;
  createdAt: number;
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

/**
 * A job ends with `done` (with `error: true` when it failed, as the hub sends it). `failed` is
 * what databases written by earlier versions of this server hold for failed jobs.
 */
export const TERMINAL_EVENTS: ReadonlySet<string> = new Set(['done', 'failed']);

/** The AG-UI thread an interrupt belongs to. */
export interface InterruptScope {
  entry: string;
  /** Empty for a client that named no visitor. */
  visitorId: string;
  threadId: string;
}

/** An interrupt a run raised (agui-interrupts.ts), as stored. */
export interface InterruptRecord {
  id: string;
  /** The Interrupt object as it was sent in RUN_FINISHED. */
  interrupt: Record<string, unknown>;
  /** What the agent does once it is answered: the agent's own, never sent. */
  action: Record<string, unknown>;
  /** Milliseconds since the epoch, or null for none. */
  expiresAt: number | null;
  /** The canonical JSON of the resume entry that answered it; null while open. */
  answer: string | null;
  createdAt: number;
}

/** What one visitor or one entry uploaded in a window. */
export interface UploadUsage {
  files: number;
  bytes: number;
  /** `created_at` of the oldest upload counted, or null when there is none. */
  oldest: number | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS threads (
  entry TEXT NOT NULL,
  visitor_id TEXT NOT NULL,
  thread_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (entry, visitor_id, thread_id)
);
CREATE TABLE IF NOT EXISTS jobs (
  id TEXT PRIMARY KEY,
  entry TEXT NOT NULL,
  visitor_id TEXT NOT NULL,
  thread_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  user_text TEXT NOT NULL,
  reply TEXT,
  error TEXT,
  created_at INTEGER NOT NULL,
  finished_at INTEGER,
  capabilities TEXT NOT NULL,
  interaction TEXT,
  context TEXT,
  refs TEXT
);
CREATE INDEX IF NOT EXISTS jobs_by_thread ON jobs (entry, visitor_id, thread_id, created_at);
CREATE INDEX IF NOT EXISTS jobs_by_status ON jobs (status);
CREATE TABLE IF NOT EXISTS events (
  job_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  name TEXT NOT NULL,
  data TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (job_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS form_submissions (
  entry TEXT NOT NULL,
  visitor_id TEXT NOT NULL,
  submission_id TEXT NOT NULL,
  source_job_id TEXT NOT NULL,
  form_id TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('submit', 'cancel')),
  payload TEXT NOT NULL,
  payload_hash TEXT NOT NULL,
  job_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (entry, visitor_id, submission_id),
  UNIQUE (source_job_id, form_id)
);
CREATE TABLE IF NOT EXISTS ratings (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  job_id TEXT NOT NULL,
  visitor_id TEXT NOT NULL,
  rating TEXT NOT NULL,
  comment TEXT,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS uploads (
  id TEXT PRIMARY KEY,
  entry TEXT NOT NULL,
  visitor_id TEXT NOT NULL,
  filename TEXT NOT NULL,
  mime TEXT NOT NULL,
  data BLOB NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS uploads_by_visitor ON uploads (entry, visitor_id, created_at);
CREATE INDEX IF NOT EXISTS uploads_by_entry ON uploads (entry, created_at);
CREATE INDEX IF NOT EXISTS uploads_by_age ON uploads (created_at);
-- AG-UI interrupts (agui-interrupts.ts): what a run stopped to ask, per thread of a visitor (an
-- empty visitor_id is a client that named none: the thread id alone is its key), and the answer
-- that resumed it. The action is what the agent does once answered; it never leaves the server.
CREATE TABLE IF NOT EXISTS agui_interrupts (
  entry TEXT NOT NULL,
  visitor_id TEXT NOT NULL,
  thread_id TEXT NOT NULL,
  interrupt_id TEXT NOT NULL,
  interrupt TEXT NOT NULL,
  action TEXT NOT NULL,
  expires_at INTEGER,
  answer TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (entry, visitor_id, thread_id, interrupt_id)
);
CREATE INDEX IF NOT EXISTS agui_interrupts_by_age ON agui_interrupts (created_at);
-- For the retention sweep (retention.ts). The steps index leaves out endings, which are kept
-- with their job: each sweep then walks only the steps still there.
CREATE INDEX IF NOT EXISTS jobs_by_finish ON jobs (finished_at);
CREATE INDEX IF NOT EXISTS events_steps_by_age ON events (created_at) WHERE name NOT IN ('done', 'failed');
CREATE INDEX IF NOT EXISTS ratings_by_age ON ratings (created_at);
CREATE INDEX IF NOT EXISTS threads_by_age ON threads (updated_at);
`;

/** Columns added after the first release: a database file from before gets them on open. */
const ADDED_COLUMNS: readonly { table: string; column: string; definition: string }[] = [
  { table: 'jobs', column: 'refs', definition: 'refs TEXT' },
];

/** An interrupt that was answered by another request between reading and answering it. */
class AnswerRace extends Error {}

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

export interface StoreOptions {
  /** Opens the connection (tests hand in one whose writes fail on demand). Default `new Database(path)`. */
  open?: (path: string) => Database.Database;
  /** How long a write waits for another connection's lock before SQLITE_BUSY. Default DB_BUSY_TIMEOUT_MS. */
  busyTimeoutMs?: number;
  /** The clock of stored events' `created_at` (retention tests move it). Default Date.now. */
  now?: () => number;
}

export class Store {
  private readonly db: Database.Database;
  private readonly stmt;
  private readonly now: () => number;

  constructor(path: string, options: StoreOptions = {}) {
    this.db = options.open ? options.open(path) : new Database(path);
    this.now = options.now ?? Date.now;
    // better-sqlite3 is synchronous: a write waiting for a lock blocks every stream, so the wait is short.
    this.db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? DB_BUSY_TIMEOUT_MS))}`);
    if (path !== ':memory:' && path !== '') {
      // WAL lets SSE replays read while a job writes.
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
    }
    this.db.pragma('foreign_keys = ON');
    this.db.exec(SCHEMA);
    for (const { table, column, definition } of ADDED_COLUMNS) {
      const columns = this.db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
      if (!columns.some((c) => c.name === column)) this.db.exec(`ALTER TABLE ${table} ADD COLUMN ${definition}`);
    }
    const db = this.db;
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
      finishJob: db.prepare(`UPDATE jobs SET status = ?, reply = ?, error = ?, finished_at = ?, refs = ? WHERE id = ?`),
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
      lastSeq: db.prepare(`SELECT COALESCE(MAX(seq), 0) AS seq FROM events WHERE job_id = ?`),
      insertEvent: db.prepare(`INSERT INTO events (job_id, seq, name, data, created_at) VALUES (?, ?, ?, ?, ?)`),
      eventsAfter: db.prepare(`SELECT seq, name, data FROM events WHERE job_id = ? AND seq > ? ORDER BY seq`),
      terminalEvent: db.prepare(`SELECT seq, name, data FROM events WHERE job_id = ? AND name IN ('done', 'failed') LIMIT 1`),
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
      insertUpload: db.prepare(
        `INSERT INTO uploads (id, entry, visitor_id, filename, mime, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      getUpload: db.prepare(`SELECT * FROM uploads WHERE id = ?`),
      uploadInfo: db.prepare(`SELECT id, entry, visitor_id, filename, mime, length(data) AS size, created_at FROM uploads WHERE id = ?`),
      visitorUploadUsage: db.prepare(
        `SELECT COUNT(*) AS files, COALESCE(SUM(length(data)), 0) AS bytes, MIN(created_at) AS oldest
         FROM uploads WHERE entry = ? AND visitor_id = ? AND created_at > ?`,
      ),
      entryUploadUsage: db.prepare(
        `SELECT COUNT(*) AS files, COALESCE(SUM(length(data)), 0) AS bytes, MIN(created_at) AS oldest
         FROM uploads WHERE entry = ? AND created_at > ?`,
      ),
      insertInterrupt: db.prepare(
        `INSERT INTO agui_interrupts (entry, visitor_id, thread_id, interrupt_id, interrupt, action, expires_at, answer, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?)`,
      ),
      threadInterrupts: db.prepare(
        `SELECT interrupt_id, interrupt, action, expires_at, answer, created_at FROM agui_interrupts
         WHERE entry = ? AND visitor_id = ? AND thread_id = ? ORDER BY created_at, rowid`,
      ),
      answerInterrupt: db.prepare(
        `UPDATE agui_interrupts SET answer = ? WHERE entry = ? AND visitor_id = ? AND thread_id = ? AND interrupt_id = ? AND answer IS NULL`,
      ),
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

  /**
   * Appends the next event of a job; `build` receives the seq so the payload can carry it.
   * A terminal event may also finish the job in the same transaction.
   */
  appendEvent(
    jobId: string,
    name: string,
    build: (seq: number) => unknown,
    finish?: { status: 'done' | 'failed'; reply: string; error: string | null; at: number; references?: readonly Reference[] },
  ): StoredEvent {
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

  addRating(jobId: string, visitorId: string, rating: string, comment: string | null, at: number): void {
    this.stmt.insertRating.run(jobId, visitorId, rating, comment, at);
  }

  ratingsForJob(jobId: string): { rating: string; comment: string | null }[] {
    return this.stmt.ratingsForJob.all(jobId) as { rating: string; comment: string | null }[];
  }

  addUpload(upload: UploadRecord): void {
    this.stmt.insertUpload.run(
      upload.id,
      upload.entry,
      upload.visitorId,
      upload.filename,
      upload.mime,
      upload.data,
      upload.createdAt,
    );
  }

  getUpload(id: string): UploadRecord | undefined {
    const row = this.stmt.getUpload.get(id) as
      | { id: string; entry: string; visitor_id: string; filename: string; mime: string; data: Buffer; created_at: number }
      | undefined;
    if (!row) return undefined;
    return {
      id: row.id,
      entry: row.entry,
      visitorId: row.visitor_id,
      filename: row.filename,
      mime: row.mime,
      data: row.data,
      createdAt: row.created_at,
    };
  }

  /** An upload's owner, name, type and size, without reading its bytes. */
  uploadInfo(id: string): Omit<UploadRecord, 'data'> & { size: number } | undefined {
    const row = this.stmt.uploadInfo.get(id) as
      | { id: string; entry: string; visitor_id: string; filename: string; mime: string; size: number; created_at: number }
      | undefined;
    if (!row) return undefined;
    return { id: row.id, entry: row.entry, visitorId: row.visitor_id, filename: row.filename, mime: row.mime, size: row.size, createdAt: row.created_at };
  }

  /** Uploads created after `since`: of one visitor of an entry, or (visitorId null) of the whole entry. */
  uploadUsage(entry: string, visitorId: string | null, since: number): UploadUsage {
    const row = (visitorId === null ? this.stmt.entryUploadUsage.get(entry, since) : this.stmt.visitorUploadUsage.get(entry, visitorId, since)) as UploadUsage;
    return { files: row.files, bytes: row.bytes, oldest: row.oldest };
  }

  /** Records the interrupts a run ended with (ids are unique: a clash throws and records none). */
  saveInterrupts(scope: InterruptScope, interrupts: readonly Omit<InterruptRecord, 'answer'>[]): void {
    this.db.transaction(() => {
      for (const item of interrupts) {
        this.stmt.insertInterrupt.run(
          scope.entry,
          scope.visitorId,
          scope.threadId,
          item.id,
          JSON.stringify(item.interrupt),
          JSON.stringify(item.action),
          item.expiresAt,
          item.createdAt,
        );
      }
    })();
  }

  /** Every interrupt of the thread, open or answered, oldest first. */
  threadInterrupts(scope: InterruptScope): InterruptRecord[] {
    const rows = this.stmt.threadInterrupts.all(scope.entry, scope.visitorId, scope.threadId) as {
      interrupt_id: string;
      interrupt: string;
      action: string;
      expires_at: number | null;
      answer: string | null;
      created_at: number;
    }[];
    return rows.map((row) => ({
      id: row.interrupt_id,
      interrupt: JSON.parse(row.interrupt) as Record<string, unknown>,
      action: JSON.parse(row.action) as Record<string, unknown>,
      expiresAt: row.expires_at,
      answer: row.answer,
      createdAt: row.created_at,
    }));
  }

  /**
   * Records the answers of open interrupts, all or none: false when one of them was answered in
   * the meantime (two resumes racing), so only one of them acts.
   */
  answerInterrupts(scope: InterruptScope, answers: readonly { id: string; answer: string }[]): boolean {
    try {
      this.db.transaction(() => {
        for (const { id, answer } of answers) {
          const { changes } = this.stmt.answerInterrupt.run(answer, scope.entry, scope.visitorId, scope.threadId, id);
          // Throwing rolls back the answers recorded so far.
          if (changes !== 1) throw new AnswerRace();
        }
      })();
      return true;
    } catch (error) {
      if (error instanceof AnswerRace) return false;
      throw error;
    }
  }

  // Retention (retention.ts): each deletes at most `limit` rows (-1: no limit) and returns how many.

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

  close(): void {
    if (this.db.open) this.db.close();
  }
}
