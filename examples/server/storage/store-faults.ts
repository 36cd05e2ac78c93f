// Fault injection for tests: a real better-sqlite3 connection whose writes fail on demand, the way
// a full disk, a failing drive or another process's lock make them fail: the statement throws
// better-sqlite3's SqliteError with SQLite's code, inside the store's real transactions (which
// then roll back). Reads are never touched.
import Database from 'better-sqlite3';
import { Store, type StoreOptions } from './store';

/** One write statement about to run: the table it writes and its parameters, in order. */
export interface Write {
  table: string;
  sql: string;
  params: readonly unknown[];
}

/** The SQLite error code to fail this write with, or undefined to let it run. */
export type FaultRule = (write: Write) => string | undefined;

/** SQLite's own messages for the codes tests inject. */
const MESSAGES: Readonly<Record<string, string>> = {
  SQLITE_FULL: 'database or disk is full',
  SQLITE_IOERR: 'disk I/O error',
  SQLITE_BUSY: 'database is locked',
  SQLITE_READONLY: 'attempt to write a readonly database',
};

const WRITE_STATEMENT = /^\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+(\w+)/i;

/** The switch: set a rule to fail matching writes from now on, clear it to let them through. */
export class WriteFaults {
  private rule: FaultRule | undefined;
  /** Writes failed so far. */
  injected = 0;

  set(rule: FaultRule): void {
    this.rule = rule;
  }

  clear(): void {
    this.rule = undefined;
  }

  check(write: Write): void {
    const code = this.rule?.(write);
    if (code === undefined) return;
    this.injected++;
    throw new Database.SqliteError(MESSAGES[code] ?? code, code);
  }
}

/** Opens `path` with every write statement passing `faults.check` first. */
export function openWithFaults(path: string, faults: WriteFaults): Database.Database {
  const db = new Database(path);
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const statement = prepare(sql);
    const table = WRITE_STATEMENT.exec(sql)?.[1];
    if (table === undefined) return statement;
    const run = statement.run.bind(statement);
    statement.run = ((...params: unknown[]) => {
      faults.check({ table, sql, params });
      return run(...params);
    }) as typeof statement.run;
    return statement;
  }) as typeof db.prepare;
  return db;
}

export function storeWithFaults(faults: WriteFaults, path = ':memory:', options: Omit<StoreOptions, 'open'> = {}): Store {
  return new Store(path, { ...options, open: (p) => openWithFaults(p, faults) });
}

/** Every write that belongs to one job: its events, its status and its ending. */
export function writesOfJob(jobId: string): (write: Write) => boolean {
  return ({ table, params }) => (table === 'events' && params[0] === jobId) || (table === 'jobs' && params.at(-1) === jobId);
}
