import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Store } from './store';

describe('Store on a database file from an earlier version', () => {
  it('adds the columns it lacks and keeps its rows', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'chat-db-')), 'old.sqlite');
    const old = new Database(path);
    // The jobs table as the first release wrote it: no `refs`.
    old.exec(`CREATE TABLE jobs (
      id TEXT PRIMARY KEY, entry TEXT NOT NULL, visitor_id TEXT NOT NULL, thread_id TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')), user_text TEXT NOT NULL,
      reply TEXT, error TEXT, created_at INTEGER NOT NULL, finished_at INTEGER, capabilities TEXT NOT NULL,
      interaction TEXT, context TEXT)`);
    old.prepare(`INSERT INTO jobs VALUES ('j_oldoldoldoldoldoldol', 'demo_assistant', 'visitor_old01', 'default', 'done', 'hi', 'hello', NULL, 1, 2, '[]', NULL, NULL)`).run();
    old.close();

    const store = new Store(path);
    try {
      expect(store.getJob('j_oldoldoldoldoldoldol')).toMatchObject({ reply: 'hello', references: null });
      const job = store.createJob(
        { id: 'j_newnewnewnewnewnewne', entry: 'demo_assistant', visitorId: 'visitor_old01', threadId: 'default', userText: 'docs', createdAt: 3, capabilities: [], interaction: null, context: null },
        undefined,
        1,
      );
      expect(job).not.toBe('full');
      const references = [{ seq: 1, title: 'T', score: 0.5, snippet: 'S' }];
      store.appendEvent('j_newnewnewnewnewnewne', 'done', () => ({}), { status: 'done', reply: 'r [1]', error: null, at: 4, references });
      expect(store.getJob('j_newnewnewnewnewnewne')!.references).toEqual(references);
    } finally {
      store.close();
    }
    // Opening it again changes nothing.
    new Store(path).close();
  });
});
