// The server when SQLite refuses writes (a full disk, a failing drive, another process holding the
// lock): the job that could not be saved ends as failed, the request that could not be saved gets
// a 503 with a sentence, the process lives on and every other stream runs to its end.
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { LONG_ANSWER } from '../demo/demo-replies';
import { STORAGE_FAILURE_REPLY } from '../hub/job-runner';
import { Store } from './store';
import { WriteFaults, storeWithFaults, writesOfJob } from './store-faults';
import { STORAGE_UNAVAILABLE_SENTENCE } from './storage-fault';
import { createJob, deltaText, getJson, postJson, readStream, recordEscapedErrors, startTestServer, streamJob, waitFor, type SseEvent, type StreamResult } from '../test-support';

const LONG_QUESTION = 'How do I set up the widget?';

// An uncaught exception or an unhandled rejection is what kills `node main.js`: require none.
const escaped = recordEscapedErrors();

const eventsUrl = (server: RunningServer, job: { job_id: string; visitor_id: string }): string => `${server.url}/chat/demo_assistant/events/${job.job_id}?visitor_id=${job.visitor_id}`;

/** The hub's failed-job ending, after a `status: failed`. */
function expectFailedEnding(stream: StreamResult, job: { job_id: string; visitor_id: string }): void {
  expect(stream.ending).toBe('end');
  expect(stream.events.at(-1)).toEqual({
    event: 'done',
    id: undefined,
    data: { done: true, error: true, job_id: job.job_id, visitor_id: job.visitor_id, reply: STORAGE_FAILURE_REPLY },
  });
  expect(stream.events.at(-2)).toEqual({ event: 'status', id: undefined, data: { job_id: job.job_id, status: 'failed' } });
}

/** Streamed untouched: seq 1, 2, 3… with no gap, the deltas add up to the reply, `done` last. */
function expectWholeAnswer(stream: StreamResult, reply: string): void {
  expect(stream.ending).toBe('end');
  const seqs = stream.events.filter((e) => e.id !== undefined).map((e) => Number(e.id));
  expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  expect(deltaText(stream.events)).toBe(reply);
  expect(stream.events.at(-1)!.data).toMatchObject({ done: true, reply });
  expect(stream.events.at(-1)!.data.error).toBeUndefined();
}

describe('writes that fail (injected into a real better-sqlite3 store)', () => {
  it('fails only the job whose writes fail; the process lives, another open stream runs to done, and the ending is stored once writes work', async () => {
    const faults = new WriteFaults();
    const lines: string[] = [];
    const server = await startTestServer({ store: storeWithFaults(faults), deltaDelayMs: 3, streamWindowMs: 10_000, log: (line) => lines.push(line) });
    try {
      const a = await createJob(server.url, { message: LONG_QUESTION, visitor_id: 'visitor_fault_a' });
      const b = await createJob(server.url, { message: LONG_QUESTION, visitor_id: 'visitor_fault_b' });
      const failWritesOfA = writesOfJob(a.job_id);
      const [streamA, streamB] = await Promise.all([
        readStream(eventsUrl(server, a), {
          // From A's first delta on, each of A's writes fails as on a full disk: its next delta,
          // then its ending too (the ending is then held in memory and served from there).
          onEvent: (event) => {
            if (event.event === 'delta') faults.set((write) => (failWritesOfA(write) ? 'SQLITE_FULL' : undefined));
          },
        }),
        streamJob(server.url, b),
      ]);
      expectFailedEnding(streamA, a);
      expectWholeAnswer(streamB, LONG_ANSWER);
      expect(faults.injected).toBeGreaterThanOrEqual(2);
      expect(lines.some((line) => line.includes(a.job_id) && line.includes('SQLITE_FULL'))).toBe(true);
      expect(escaped).toEqual([]);

      // Still serving: a new job of another visitor streams to its end.
      expect((await getJson(`${server.url}/healthz`)).status).toBe(200);
      const c = await createJob(server.url, { message: LONG_QUESTION, visitor_id: 'visitor_fault_c' });
      expectWholeAnswer(await streamJob(server.url, c), LONG_ANSWER);

      // While the ending is only in memory, a reconnect still gets it.
      expect(server.store.getJob(a.job_id)!.status).toBe('running');
      expectFailedEnding(await streamJob(server.url, a), a);
      // Once writes work again (the next job's first event is stored) the held ending is written:
      // the job is failed in the database too.
      faults.clear();
      const d = await createJob(server.url, { message: 'hello', visitor_id: 'visitor_fault_c' });
      await streamJob(server.url, d);
      await waitFor(() => (server.store.getJob(a.job_id)?.status === 'failed' ? true : undefined));
      expect(server.store.terminalEvent(a.job_id)!.data).toContain(STORAGE_FAILURE_REPLY);
      expectFailedEnding(await streamJob(server.url, a), a);
      expect(escaped).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('fails a job whose first write (its status) already fails, and lets its thread go on', async () => {
    const faults = new WriteFaults();
    const server = await startTestServer({ store: storeWithFaults(faults), streamWindowMs: 10_000 });
    try {
      faults.set((write) => (write.table === 'jobs' && write.sql.includes('SET status = ?') ? 'SQLITE_IOERR' : undefined));
      const a = await createJob(server.url, { message: 'hello', visitor_id: 'visitor_fault_d' });
      expectFailedEnding(await streamJob(server.url, a), a);
      faults.clear();
      const next = await createJob(server.url, { message: LONG_QUESTION, visitor_id: 'visitor_fault_d' });
      expectWholeAnswer(await streamJob(server.url, next), LONG_ANSWER);
      expect(escaped).toEqual([]);
    } finally {
      await server.close();
    }
  });

  describe('a request whose write fails gets a 503 with a sentence, and the next one works', () => {
    let server: RunningServer;
    let faults: WriteFaults;
    let lines: string[];
    beforeEach(async () => {
      faults = new WriteFaults();
      lines = [];
      server = await startTestServer({ store: storeWithFaults(faults), log: (line) => lines.push(line) });
    });
    afterEach(() => server.close());

    const upload = { filename: 'notes.txt', mime: 'text/plain', data_base64: Buffer.from('notes').toString('base64'), visitor_id: 'visitor_fault_u' };

    it.each<{ what: string; table: string; code: string; send: (s: RunningServer) => Promise<{ status: number; headers: Headers; body: any }>; body: unknown }>([
      {
        what: 'a message (the hub answers a 503 of create-job as a failed job)',
        table: 'jobs',
        code: 'SQLITE_FULL',
        send: (s) => postJson(`${s.url}/chat/demo_assistant`, { message: 'hello', visitor_id: 'visitor_fault_m' }),
        body: { done: true, error: true, reply: STORAGE_UNAVAILABLE_SENTENCE, code: 'storage_unavailable' },
      },
      {
        what: 'a rating',
        table: 'ratings',
        code: 'SQLITE_IOERR',
        send: async (s) => {
          const job = await createJob(s.url, { message: 'hello', visitor_id: 'visitor_fault_r' });
          await streamJob(s.url, job);
          return postJson(`${s.url}/chat/demo_assistant/rate/${job.job_id}`, { rating: 'up', visitor_id: 'visitor_fault_r' });
        },
        body: { error: STORAGE_UNAVAILABLE_SENTENCE, code: 'storage_unavailable' },
      },
      {
        what: 'an upload',
        table: 'uploads',
        code: 'SQLITE_FULL',
        send: (s) => postJson(`${s.url}/chat/demo_assistant/upload`, upload),
        body: { error: STORAGE_UNAVAILABLE_SENTENCE, code: 'storage_unavailable' },
      },
    ])('$what', async ({ table, code, send, body }) => {
      faults.set((write) => (write.table === table ? code : undefined));
      const refused = await send(server);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual(body);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(lines.some((line) => line.includes(code))).toBe(true);
      faults.clear();
      expect((await send(server)).status).toBe(200);
      expect(escaped).toEqual([]);
    });
  });
});

describe('a real SQLITE_BUSY: another connection holds the write lock of the same file', () => {
  it('fails the running job, answers 503 while the lock is held, reads keep working, and all is well after', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'chat-busy-')), 'chat.sqlite');
    const lines: string[] = [];
    // A short busy timeout: each refused write waits this long for the lock, then fails with SQLITE_BUSY.
    const server = await startTestServer({
      store: new Store(path, { busyTimeoutMs: 40 }),
      deltaDelayMs: 3,
      streamWindowMs: 10_000,
      log: (line) => lines.push(line),
    });
    const other = new Database(path);
    try {
      const a = await createJob(server.url, { message: LONG_QUESTION, visitor_id: 'visitor_busy_a' });
      const seen: SseEvent[] = [];
      const streamA = await readStream(eventsUrl(server, a), {
        onEvent: (event) => {
          seen.push(event);
          // In WAL mode an exclusive transaction blocks writers, not readers.
          if (event.event === 'delta' && !other.inTransaction) other.exec('BEGIN EXCLUSIVE');
        },
      });
      expect(other.inTransaction).toBe(true);
      expectFailedEnding(streamA, a);
      expect(lines.some((line) => line.includes(a.job_id) && line.includes('SQLITE_BUSY'))).toBe(true);

      // While the lock is held: a new message and a rating are refused with the sentence…
      const refused = await postJson(`${server.url}/chat/demo_assistant`, { message: 'hello', visitor_id: 'visitor_busy_b' });
      expect(refused).toMatchObject({ status: 503, body: { done: true, error: true, reply: STORAGE_UNAVAILABLE_SENTENCE, code: 'storage_unavailable' } });
      const rating = await postJson(`${server.url}/chat/demo_assistant/rate/${a.job_id}`, { rating: 'down', visitor_id: 'visitor_busy_a' });
      expect(rating).toMatchObject({ status: 503, body: { error: STORAGE_UNAVAILABLE_SENTENCE, code: 'storage_unavailable' } });
      // …and what only reads still works.
      const thread = await getJson(`${server.url}/chat/demo_assistant/thread?visitor_id=visitor_busy_a`);
      expect(thread.status).toBe(200);
      expect(thread.body.messages[0]).toMatchObject({ r: 'u', t: LONG_QUESTION, j: a.job_id });

      other.exec('COMMIT');
      const b = await createJob(server.url, { message: LONG_QUESTION, visitor_id: 'visitor_busy_b' });
      expectWholeAnswer(await streamJob(server.url, b), LONG_ANSWER);
      await waitFor(() => (server.store.getJob(a.job_id)?.status === 'failed' ? true : undefined));
      expect(escaped).toEqual([]);
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
      await server.close();
    }
  });
});
