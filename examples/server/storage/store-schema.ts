// The store's database: its tables and indexes, the columns added since the first release (a
// database file from before gets them on open), and the connection's settings. Opening is the one
// place the schema is written; the store's parts (store-*.ts) only prepare statements against it.
import Database from 'better-sqlite3';
import { DB_BUSY_TIMEOUT_MS } from '../settings/limits';

export interface DatabaseOptions {
  /** Opens the connection (tests hand in one whose writes fail on demand). Default `new Database(path)`. */
  open?: (path: string) => Database.Database;
  /** How long a write waits for another connection's lock before SQLITE_BUSY. Default DB_BUSY_TIMEOUT_MS. */
  busyTimeoutMs?: number;
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

/** Opens the database at `path` (`:memory:` or '' for one in memory) with the schema in place. */
export function openDatabase(path: string, options: DatabaseOptions = {}): Database.Database {
  const db = options.open ? options.open(path) : new Database(path);
  // better-sqlite3 is synchronous: a write waiting for a lock blocks every stream, so the wait is short.
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? DB_BUSY_TIMEOUT_MS))}`);
  if (path !== ':memory:' && path !== '') {
    // WAL lets SSE replays read while a job writes.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  }
  db.pragma('foreign_keys = ON');
  db.exec(SCHEMA);
  for (const { table, column, definition } of ADDED_COLUMNS) {
    const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
    if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${definition}`);
  }
  return db;
}
