// Which errors mean "the database cannot take this now" (a full disk, a lock held by another
// process, a failing drive, a closed connection during shutdown), and the 503 a request that met
// one is answered with. Anything else a store call throws is a bug and stays a 500.
import Database from 'better-sqlite3';
import { HttpError } from '../http/http-error';
import { STORAGE_RETRY_AFTER_SECONDS } from '../settings/limits';

export const STORAGE_UNAVAILABLE_SENTENCE = 'The chat cannot save anything right now. Please try again in a moment.';

/**
 * SQLite's primary result codes for a database that cannot be written (or read) for a reason
 * outside the request. Extended codes (`SQLITE_IOERR_WRITE`, `SQLITE_BUSY_SNAPSHOT`, …) start with
 * one of these. SQLITE_CONSTRAINT and SQLITE_ERROR are not here: they are the caller's to handle.
 */
const FAULT_CODES: readonly string[] = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_FULL',
  'SQLITE_IOERR',
  'SQLITE_READONLY',
  'SQLITE_CANTOPEN',
  'SQLITE_CORRUPT',
  'SQLITE_NOTADB',
  'SQLITE_NOMEM',
  'SQLITE_PROTOCOL',
];

/** better-sqlite3's words for a statement run after `close()` (requests still running at shutdown). */
const CLOSED_CONNECTION = 'The database connection is not open';

export function isStorageFault(error: unknown): boolean {
  if (error instanceof Database.SqliteError) {
    return FAULT_CODES.some((code) => error.code === code || error.code.startsWith(`${code}_`));
  }
  return error instanceof TypeError && error.message === CLOSED_CONNECTION;
}

/** The 503 for a request whose store call met a storage fault, or undefined for any other error. */
export function storageRefusal(error: unknown): HttpError | undefined {
  if (!isStorageFault(error)) return undefined;
  return new HttpError(503, 'storage_unavailable', STORAGE_UNAVAILABLE_SENTENCE, { 'Retry-After': String(STORAGE_RETRY_AFTER_SECONDS) });
}

/** `SQLITE_FULL: database or disk is full`, for logs. */
export function describeError(error: unknown): string {
  if (error instanceof Database.SqliteError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
