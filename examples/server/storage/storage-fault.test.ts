import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { isStorageFault, storageRefusal } from './storage-fault';

const sqlite = (code: string): Error => new Database.SqliteError('x', code);

describe('isStorageFault', () => {
  it.each<[string, unknown, boolean]>([
    ['a full disk', sqlite('SQLITE_FULL'), true],
    ['a lock held by another connection', sqlite('SQLITE_BUSY'), true],
    ['an extended busy code', sqlite('SQLITE_BUSY_SNAPSHOT'), true],
    ['a table locked within the connection', sqlite('SQLITE_LOCKED'), true],
    ['a failing drive (extended code)', sqlite('SQLITE_IOERR_WRITE'), true],
    ['a read-only file', sqlite('SQLITE_READONLY'), true],
    ['a corrupt file', sqlite('SQLITE_CORRUPT'), true],
    ['a closed connection (shutdown)', new TypeError('The database connection is not open'), true],
    ['a constraint (the caller decides: a 409)', sqlite('SQLITE_CONSTRAINT_PRIMARYKEY'), false],
    ['an SQL mistake (a bug)', sqlite('SQLITE_ERROR'), false],
    ['a code that only starts alike', sqlite('SQLITE_FULLY'), false],
    ['another TypeError', new TypeError('x is not a function'), false],
    ['a plain Error', new Error('SQLITE_FULL'), false],
    ['not an error', 'SQLITE_FULL', false],
  ])('%s → %s', (_, error, expected) => {
    expect(isStorageFault(error)).toBe(expected);
  });

  it('turns a fault into a 503 with a sentence and Retry-After, and nothing else into anything', () => {
    const refusal = storageRefusal(sqlite('SQLITE_FULL'))!;
    expect({ status: refusal.status, code: refusal.code, message: refusal.message, headers: refusal.headers }).toEqual({
      status: 503,
      code: 'storage_unavailable',
      message: 'The chat cannot save anything right now. Please try again in a moment.',
      headers: { 'Retry-After': '5' },
    });
    expect(storageRefusal(new Error('boom'))).toBeUndefined();
  });
});
