import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './app';
import { FAIL_REPLY, HELLO_ANSWER } from './demo-replies';
import { createJob, getJson, startTestServer, streamJob } from './test-support';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const thread = (query: string) => getJson(`${server.url}/chat/demo_assistant/thread?${query}`);

describe('GET /chat/:entry/thread', () => {
  it('lists user and assistant turns oldest first, with job ids and times', async () => {
    const visitor = 'visitor_thread1';
    const a = await createJob(server.url, { message: 'hello', visitor_id: visitor });
    await streamJob(server.url, a.job_id);
    const b = await createJob(server.url, { message: 'now fail please', visitor_id: visitor });
    await streamJob(server.url, b.job_id);
    const c = await createJob(server.url, { message: 'slow one', visitor_id: visitor });

    const res = await thread(`visitor_id=${visitor}`);
    expect(res.status).toBe(200);
    expect(res.body.visitor_id).toBe(visitor);
    expect(res.body.thread_id).toBe('default');
    const messages = res.body.messages;
    expect(messages.map((m: { r: string; j: string }) => [m.r, m.j])).toEqual([
      ['u', a.job_id],
      ['a', a.job_id],
      ['u', b.job_id],
      ['a', b.job_id],
      // The running job has no answer yet.
      ['u', c.job_id],
    ]);
    expect(messages[0]).toEqual({ r: 'u', t: 'hello', j: a.job_id, ts: expect.any(Number) });
    expect(messages[1]).toEqual({ r: 'a', t: HELLO_ANSWER, j: a.job_id, ts: expect.any(Number) });
    expect(messages[3]).toEqual({ r: 'a', t: FAIL_REPLY, j: b.job_id, ts: expect.any(Number), err: true });
    const times = messages.map((m: { ts: number }) => m.ts);
    expect([...times].sort((x, y) => x - y)).toEqual(times);
  });

  it('keeps threads and visitors apart', async () => {
    const job = await createJob(server.url, { message: 'hello', visitor_id: 'visitor_thread2', thread_id: 'thread_second' });
    await streamJob(server.url, job.job_id);
    expect((await thread('visitor_id=visitor_thread2')).body.messages).toEqual([]);
    expect((await thread('visitor_id=visitor_thread2&thread_id=thread_second')).body.messages).toHaveLength(2);
    expect((await thread('visitor_id=visitor_thread3&thread_id=thread_second')).body.messages).toEqual([]);
  });

  it('serves the last 50 messages', async () => {
    const visitor = 'visitor_thread50';
    const jobs: string[] = [];
    for (let i = 0; i < 27; i++) {
      const job = await createJob(server.url, { message: `hello ${i}`, visitor_id: visitor });
      await streamJob(server.url, job.job_id);
      jobs.push(job.job_id);
    }
    const messages = (await thread(`visitor_id=${visitor}`)).body.messages;
    expect(messages).toHaveLength(50);
    // 54 items in all: the oldest two jobs' four items are cut.
    expect(messages[0]).toMatchObject({ r: 'u', t: 'hello 2', j: jobs[2] });
    expect(messages.at(-1)).toMatchObject({ r: 'a', j: jobs[26] });
  });

  it('needs a valid visitor_id', async () => {
    const missing = await thread('thread_id=thread_second');
    expect(missing).toMatchObject({ status: 400, body: { error: 'missing_field' } });
    expect((await thread('visitor_id=bad')).status).toBe(400);
    expect((await thread('visitor_id=visitor_ok12&thread_id=no')).status).toBe(400);
  });
});
