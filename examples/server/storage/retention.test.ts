// Retention against real SQLite files, with the clock handed in: what each sweep deletes and
// keeps, the sweep at start-up and the periodic one, and a sweep the database refuses.
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LONG_ANSWER } from '../demo/demo-replies';
import {
  AGUI_INTERRUPT_RETENTION_MS,
  DEFAULT_UPLOAD_RETENTION_MS,
  FINISHED_JOB_STEPS_RETENTION_MS,
  JOB_RETENTION_MS,
  RATING_RETENTION_MS,
} from '../settings/limits';
import { DEFAULT_RETENTION, sweepRetention } from './retention';
import { Store } from './store';
import { WriteFaults, storeWithFaults } from './store-faults';
import { createJob, getJson, recordEscapedErrors, startTestServer, streamJob, waitFor } from '../test-support';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 0, 1);
const ENTRY = 'demo_assistant';

const tempDb = (): string => join(mkdtempSync(join(tmpdir(), 'chat-retention-')), 'chat.sqlite');

/** A finished job with a reset, two deltas and its done, all written at `at` (the store's clock). */
function finishedJob(store: Store, clock: { now: number }, id: string, threadId: string, at: number, status: 'done' | 'failed' = 'done'): void {
  clock.now = at;
  const job = store.createJob(
    { id, entry: ENTRY, visitorId: 'visitor_keep01', threadId, userText: `question ${id}`, createdAt: at, capabilities: [], interaction: null, context: null },
    undefined,
    10,
  );
  expect(job).not.toBe('full');
  store.appendEvent(id, 'reset', (seq) => ({ seq, reason: 'model_round' }));
  store.appendEvent(id, 'delta', (seq) => ({ seq, text: 'an ' }));
  store.appendEvent(id, 'delta', (seq) => ({ seq, text: 'answer' }));
  store.appendEvent(id, 'done', () => ({ done: true, reply: 'an answer' }), { status, reply: 'an answer', error: null, at });
}

const names = (store: Store, jobId: string): string[] => store.eventsAfter(jobId, 0).map((e) => e.name);

describe('the retention periods', () => {
  it('are named, and as documented', () => {
    expect({
      steps: FINISHED_JOB_STEPS_RETENTION_MS / DAY,
      jobs: JOB_RETENTION_MS / DAY,
      ratings: RATING_RETENTION_MS / DAY,
      uploads: DEFAULT_UPLOAD_RETENTION_MS / DAY,
      interrupts: AGUI_INTERRUPT_RETENTION_MS / DAY,
    }).toEqual({ steps: 1, jobs: 30, ratings: 30, uploads: 30, interrupts: 1 });
    expect(DEFAULT_RETENTION).toEqual({
      jobStepsMs: FINISHED_JOB_STEPS_RETENTION_MS,
      jobsMs: JOB_RETENTION_MS,
      ratingsMs: RATING_RETENTION_MS,
      uploadsMs: DEFAULT_UPLOAD_RETENTION_MS,
      interruptsMs: AGUI_INTERRUPT_RETENTION_MS,
    });
  });
});

describe('sweepRetention (a real SQLite file, the clock handed in)', () => {
  let path: string;
  let store: Store;
  let clock: { now: number };
  let reader: Database.Database;
  beforeEach(() => {
    path = tempDb();
    clock = { now: T0 };
    store = new Store(path, { now: () => clock.now });
    reader = new Database(path, { readonly: true });
  });
  afterEach(() => {
    reader.close();
    store.close();
  });
  const threads = (): string[] => (reader.prepare(`SELECT thread_id FROM threads ORDER BY thread_id`).all() as { thread_id: string }[]).map((r) => r.thread_id);

  it('drops finished jobs’ stream steps after a day, then jobs, ratings, uploads and emptied threads after 30 days', async () => {
    finishedJob(store, clock, 'j_a', 'thread_a', T0);
    finishedJob(store, clock, 'j_b', 'thread_b', T0, 'failed');
    finishedJob(store, clock, 'j_c', 'thread_a', T0 + 20 * DAY);
    // A job still running (its process may yet finish it, or the next start fails it): never touched.
    clock.now = T0;
    store.createJob({ id: 'j_r', entry: ENTRY, visitorId: 'visitor_keep01', threadId: 'thread_r', userText: 'q', createdAt: T0, capabilities: [], interaction: null, context: null }, undefined, 10);
    store.appendEvent('j_r', 'reset', (seq) => ({ seq }));
    store.addRating('j_a', 'visitor_keep01', 'up', null, T0);
    store.addRating('j_c', 'visitor_keep01', 'note', 'thanks', T0 + 20 * DAY);
    store.addUpload({ id: 'u_old', entry: ENTRY, visitorId: 'visitor_keep01', filename: 'a.txt', mime: 'text/plain', data: Buffer.from('a'), createdAt: T0 });
    store.addUpload({ id: 'u_new', entry: ENTRY, visitorId: 'visitor_keep01', filename: 'b.txt', mime: 'text/plain', data: Buffer.from('b'), createdAt: T0 + 20 * DAY });

    // Just under a day: everything stays.
    expect(await sweepRetention(store, T0 + DAY - 1, DEFAULT_RETENTION)).toEqual({ steps: 0, jobs: 0, ratings: 0, uploads: 0, threads: 0, interrupts: 0 });

    // A day and a half: the finished jobs keep only their ending (a reconnect still gets `done`).
    expect(await sweepRetention(store, T0 + 1.5 * DAY, DEFAULT_RETENTION)).toEqual({ steps: 6, jobs: 0, ratings: 0, uploads: 0, threads: 0, interrupts: 0 });
    expect(names(store, 'j_a')).toEqual(['done']);
    expect(names(store, 'j_b')).toEqual(['done']);
    expect(names(store, 'j_c')).toEqual(['reset', 'delta', 'delta', 'done']);
    expect(names(store, 'j_r')).toEqual(['reset']);
    expect(store.getJob('j_a')!.reply).toBe('an answer');

    // Thirty days and an hour: the day-0 jobs, rating and upload go, and thread_b with nothing left.
    const result = await sweepRetention(store, T0 + 30 * DAY + HOUR, DEFAULT_RETENTION);
    expect(result).toEqual({ steps: 3, jobs: 2, ratings: 1, uploads: 1, threads: 1, interrupts: 0 });
    expect([store.getJob('j_a'), store.getJob('j_b')]).toEqual([undefined, undefined]);
    expect([names(store, 'j_a'), names(store, 'j_b')]).toEqual([[], []]);
    expect(store.ratingsForJob('j_a')).toEqual([]);
    expect(store.ratingsForJob('j_c')).toEqual([{ rating: 'note', comment: 'thanks' }]);
    expect([store.uploadInfo('u_old'), store.uploadInfo('u_new')?.id]).toEqual([undefined, 'u_new']);
    expect(names(store, 'j_c')).toEqual(['done']);
    expect(store.getJob('j_r')!.status).toBe('queued');
    expect(threads()).toEqual(['thread_a', 'thread_r']);

    // Sixty days: the rest of thread_a goes with its last job; the running job and its thread stay.
    expect(await sweepRetention(store, T0 + 60 * DAY, DEFAULT_RETENTION)).toEqual({ steps: 0, jobs: 1, ratings: 1, uploads: 1, threads: 1, interrupts: 0 });
    expect(threads()).toEqual(['thread_r']);
    expect(names(store, 'j_r')).toEqual(['reset']);
  });

  it('deletes in batches until nothing old is left', async () => {
    for (let i = 0; i < 7; i++) finishedJob(store, clock, `j_${i}`, `thread_${i}`, T0);
    const result = await sweepRetention(store, T0 + 31 * DAY, DEFAULT_RETENTION, 2);
    expect(result).toEqual({ steps: 0, jobs: 7, ratings: 0, uploads: 0, threads: 7, interrupts: 0 });
    expect(reader.prepare(`SELECT COUNT(*) AS n FROM events`).get()).toEqual({ n: 0 });
  });

  it('deletes AG-UI interrupts, open or answered, a day after they were raised', async () => {
    const scope = { entry: ENTRY, visitorId: '', threadId: 'thread_i' };
    const raised = (id: string, at: number) => ({ id, interrupt: { id, reason: 'tool_call' }, action: { kind: 'restart' }, expiresAt: at + HOUR, createdAt: at });
    store.saveInterrupts(scope, [raised('int_old', T0), raised('int_new', T0 + DAY)]);
    expect(store.answerInterrupts(scope, [{ id: 'int_old', answer: '{"status":"cancelled"}' }])).toBe(true);
    expect(await sweepRetention(store, T0 + DAY + HOUR, DEFAULT_RETENTION)).toEqual({ steps: 0, jobs: 0, ratings: 0, uploads: 0, threads: 0, interrupts: 1 });
    expect(store.threadInterrupts(scope).map((row) => row.id)).toEqual(['int_new']);
  });

  it('also deletes the form submissions of the jobs it deletes', async () => {
    finishedJob(store, clock, 'j_form', 'thread_f', T0);
    const submission = {
      submissionId: 'sub_12345678', entry: ENTRY, visitorId: 'visitor_keep01', sourceJobId: 'j_form', formId: 'refund',
      action: 'submit' as const, payload: '{}', payloadHash: 'h',
    };
    store.createJob(
      { id: 'j_answer', entry: ENTRY, visitorId: 'visitor_keep01', threadId: 'thread_f', userText: 'submitted', createdAt: T0, capabilities: [], interaction: {}, context: null },
      submission,
      10,
    );
    store.appendEvent('j_answer', 'done', () => ({}), { status: 'done', reply: 'ok', error: null, at: T0 });
    expect(store.findSubmission(ENTRY, 'visitor_keep01', 'sub_12345678')).toBeDefined();
    await sweepRetention(store, T0 + 31 * DAY, DEFAULT_RETENTION);
    expect(store.findSubmission(ENTRY, 'visitor_keep01', 'sub_12345678')).toBeUndefined();
  });
});

describe('the server’s retention sweep', () => {
  const escaped = recordEscapedErrors();

  it('runs at start-up, before the first request is served', async () => {
    const path = tempDb();
    const clock = { now: T0 };
    const seeded = new Store(path, { now: () => clock.now });
    finishedJob(seeded, clock, 'j_oldoldoldoldoldoldol', 'default', T0);
    seeded.close();

    const server = await startTestServer({ dbPath: path, now: () => T0 + JOB_RETENTION_MS + HOUR });
    try {
      expect((await getJson(`${server.url}/chat/${ENTRY}/thread?visitor_id=visitor_keep01`)).body.messages).toEqual([]);
      expect((await getJson(`${server.url}/chat/${ENTRY}/events/j_oldoldoldoldoldoldol?visitor_id=visitor_keep01`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('runs periodically on the server’s clock: a finished answer loses its steps after a day, then goes after 30 days', async () => {
    let now = Date.now();
    const server = await startTestServer({ now: () => now, retention: { sweepIntervalMs: 20 } });
    try {
      const job = await createJob(server.url, { message: 'How do I set up the widget?', visitor_id: 'visitor_sweep01' });
      const first = await streamJob(server.url, job);
      expect(first.events.some((e) => e.event === 'delta')).toBe(true);

      now += FINISHED_JOB_STEPS_RETENTION_MS + HOUR;
      await waitFor(() => (server.store.eventsAfter(job.job_id, 0).length === 1 ? true : undefined));
      // A reconnect from the start gets the answer whole, from `done`.
      const again = await streamJob(server.url, job, ENTRY, 0);
      expect(again.events.filter((e) => !['open', 'status'].includes(e.event!)).map((e) => e.event)).toEqual(['done']);
      expect(again.events.at(-1)!.data.reply).toBe(LONG_ANSWER);

      now += JOB_RETENTION_MS;
      await waitFor(() => (server.store.getJob(job.job_id) === undefined ? true : undefined));
      expect((await getJson(`${server.url}/chat/${ENTRY}/thread?visitor_id=visitor_sweep01`)).body.messages).toEqual([]);
      expect(escaped).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('logs a sweep the database refuses, keeps serving, and sweeps again later', async () => {
    const faults = new WriteFaults();
    const lines: string[] = [];
    let now = Date.UTC(2026, 10, 1);
    const server = await startTestServer({ store: storeWithFaults(faults), now: () => now, uploads: { retentionMs: HOUR, sweepIntervalMs: 20 }, log: (line) => lines.push(line) });
    try {
      server.store.addUpload({ id: 'u_sweepsweepsweepsweepswe', entry: ENTRY, visitorId: 'visitor_sweep02', filename: 'a.txt', mime: 'text/plain', data: Buffer.from('a'), createdAt: now });
      faults.set((write) => (write.sql.trimStart().startsWith('DELETE') ? 'SQLITE_BUSY' : undefined));
      now += 2 * HOUR;
      await waitFor(() => (lines.some((line) => line.includes('retention sweep failed') && line.includes('SQLITE_BUSY')) ? true : undefined));
      expect(server.store.uploadInfo('u_sweepsweepsweepsweepswe')).toBeDefined();
      expect((await getJson(`${server.url}/healthz`)).status).toBe(200);
      faults.clear();
      await waitFor(() => (server.store.uploadInfo('u_sweepsweepsweepsweepswe') === undefined ? true : undefined));
      expect(escaped).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
