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

describe('AG-UI interrupts in the store', () => {
  const scope = { entry: 'demo_assistant', visitorId: '', threadId: 'thread-1' };
  const raised = (id: string) => ({ id, interrupt: { id, reason: 'tool_call' }, action: { kind: 'restart' }, expiresAt: 10, createdAt: 1 });

  it('keeps them per thread of a visitor, in the order raised, with their answers', () => {
    const store = new Store(':memory:');
    try {
      store.saveInterrupts(scope, [raised('a'), raised('b')]);
      store.saveInterrupts({ ...scope, visitorId: 'visitor_other' }, [raised('a')]);
      expect(store.threadInterrupts(scope).map((r) => [r.id, r.answer])).toEqual([
        ['a', null],
        ['b', null],
      ]);
      expect(store.answerInterrupts(scope, [{ id: 'a', answer: '{"status":"cancelled"}' }])).toBe(true);
      expect(store.threadInterrupts(scope)[0]).toEqual({ ...raised('a'), answer: '{"status":"cancelled"}' });
      expect(store.threadInterrupts({ ...scope, visitorId: 'visitor_other' })[0]!.answer).toBeNull();
    } finally {
      store.close();
    }
  });

  it('records answers all or none: one already answered (a racing resume) leaves the others open', () => {
    const store = new Store(':memory:');
    try {
      store.saveInterrupts(scope, [raised('a'), raised('b')]);
      expect(store.answerInterrupts(scope, [{ id: 'b', answer: 'first' }])).toBe(true);
      expect(store.answerInterrupts(scope, [{ id: 'a', answer: 'second' }, { id: 'b', answer: 'second' }])).toBe(false);
      expect(store.threadInterrupts(scope).map((r) => r.answer)).toEqual([null, 'first']);
      // An id raised twice in one thread is refused, and nothing of that batch is kept.
      expect(() => store.saveInterrupts(scope, [raised('c'), raised('a')])).toThrow();
      expect(store.threadInterrupts(scope).map((r) => r.id)).toEqual(['a', 'b']);
    } finally {
      store.close();
    }
  });
});
