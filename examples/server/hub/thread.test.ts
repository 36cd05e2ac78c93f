import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { DOCS_REFERENCES, FAIL_REPLY, HELLO_ANSWER, RECAP_EMPTY_ANSWER, recapAnswer } from '../demo/demo-replies';
import { createJob, getJson, startTestServer, streamJob } from '../test-support';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const thread = (query: string) => getJson(`${server.url}/chat/demo_assistant/thread?${query}`);

describe('GET /chat/:entry/thread', () => {
  it('lists turns oldest first in the hub’s shape; a failed job shows only its visitor turn', async () => {
    const visitor = 'visitor_thread1';
    const a = await createJob(server.url, { message: 'hello', visitor_id: visitor });
    await streamJob(server.url, a);
    const b = await createJob(server.url, { message: 'now fail please', visitor_id: visitor });
    await streamJob(server.url, b);
    const c = await createJob(server.url, { message: 'slow one', visitor_id: visitor });

    const res = await thread(`visitor_id=${visitor}`);
    expect(res.status).toBe(200);
    // The hub answers `{visitor_id, messages}`: the default thread has no name to echo.
    expect(Object.keys(res.body).sort()).toEqual(['messages', 'visitor_id']);
    expect(res.body.visitor_id).toBe(visitor);
    const messages = res.body.messages;
    expect(messages.map((m: { r: string; j: string }) => [m.r, m.j])).toEqual([
      ['u', a.job_id],
      ['a', a.job_id],
      // The failed job: its question, no error row.
      ['u', b.job_id],
      // The running job has no answer yet.
      ['u', c.job_id],
    ]);
    const ISO_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
    expect(messages[0]).toEqual({ r: 'u', t: 'hello', j: a.job_id, ts: expect.stringMatching(ISO_SECONDS) });
    expect(messages[1]).toEqual({ r: 'a', t: HELLO_ANSWER, j: a.job_id, ts: expect.stringMatching(ISO_SECONDS) });
    expect(messages[2]).toEqual({ r: 'u', t: 'now fail please', j: b.job_id, ts: expect.stringMatching(ISO_SECONDS) });
    expect(JSON.stringify(messages)).not.toContain(FAIL_REPLY);
    const times = messages.map((m: { ts: string }) => Date.parse(m.ts));
    expect(times.every((t: number) => Math.abs(t - Date.now()) < 60_000 && t % 1000 === 0)).toBe(true);
    expect([...times].sort((x, y) => x - y)).toEqual(times);
  });

  it('returns attachments (atts) on visitor and assistant rows, and an answer’s sources (refs)', async () => {
    const visitor = 'visitor_thread_atts';
    const image = 'https://cdn.example.com/cat.png';
    const ask = await createJob(server.url, { message: `what is this?\n\n![cat.png](${image})\n\n[文件：notes.txt](https://cdn.example.com/n1)`, visitor_id: visitor });
    await streamJob(server.url, ask);
    const files = await createJob(server.url, { message: 'files please', visitor_id: visitor });
    await streamJob(server.url, files);
    const docs = await createJob(server.url, { message: 'show me the docs', visitor_id: visitor });
    await streamJob(server.url, docs);

    const messages = (await thread(`visitor_id=${visitor}`)).body.messages;
    expect(messages).toHaveLength(6);
    expect(messages[0].atts).toEqual([
      { type: 'image', url: image, caption: 'cat.png' },
      { type: 'file', url: 'https://cdn.example.com/n1', name: 'notes.txt' },
    ]);
    expect(messages[1]).not.toHaveProperty('atts');
    expect(messages[2]).not.toHaveProperty('atts');
    expect(messages[3].atts).toEqual([{ type: 'file', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/files\/acme-setup\.pdf$/), name: 'Setup guide' }]);
    // `refs` is this server's addition (the hub keeps citations out of /thread).
    expect(messages[5].refs).toEqual(DOCS_REFERENCES);
    expect(messages[5]).not.toHaveProperty('atts');
    expect(messages.filter((m: object) => 'refs' in m)).toHaveLength(1);
  });

  it('keeps threads and visitors apart', async () => {
    const job = await createJob(server.url, { message: 'hello', visitor_id: 'visitor_thread2', thread_id: 'thread_second' });
    await streamJob(server.url, job);
    expect((await thread('visitor_id=visitor_thread2')).body.messages).toEqual([]);
    const named = await thread('visitor_id=visitor_thread2&thread_id=thread_second');
    expect(named.body).toMatchObject({ visitor_id: 'visitor_thread2', thread_id: 'thread_second' });
    expect(named.body.messages).toHaveLength(2);
    expect((await thread('visitor_id=visitor_thread3&thread_id=thread_second')).body.messages).toEqual([]);
  });

  it('serves the last 50 messages', async () => {
    const visitor = 'visitor_thread50';
    const jobs: string[] = [];
    for (let i = 0; i < 27; i++) {
      const job = await createJob(server.url, { message: `hello ${i}`, visitor_id: visitor });
      await streamJob(server.url, job);
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
    expect(missing).toMatchObject({ status: 400, body: { code: 'missing_field' } });
    expect((await thread('visitor_id=bad')).status).toBe(400);
    // Thread ids as the hub keeps them: 1 to 32 of [A-Za-z0-9_-].
    expect((await thread('visitor_id=visitor_ok12&thread_id=no')).status).toBe(200);
    expect((await thread(`visitor_id=visitor_ok12&thread_id=${'t'.repeat(33)}`)).status).toBe(400);
    expect((await thread('visitor_id=visitor_ok12&thread_id=a.b')).status).toBe(400);
  });
});

describe('the default thread (a request without thread_id, as the hub’s own widget sends it)', () => {
  it('is one conversation the agent remembers, apart from any named thread', async () => {
    const visitor = 'visitor_default1';
    const hello = await createJob(server.url, { message: 'hello', visitor_id: visitor });
    await streamJob(server.url, hello);
    const named = await createJob(server.url, { message: 'what did I say?', visitor_id: visitor, thread_id: 'thread_named1' });
    expect(named.thread_id).toBe('thread_named1');
    expect((await streamJob(server.url, named)).events.at(-1)!.data.reply).toBe(RECAP_EMPTY_ANSWER);
    const recap = await createJob(server.url, { message: 'Do you remember?', visitor_id: visitor });
    expect(recap).not.toHaveProperty('thread_id');
    expect((await streamJob(server.url, recap)).events.at(-1)!.data.reply).toBe(recapAnswer(['hello']));

    const byDefault = (await thread(`visitor_id=${visitor}`)).body.messages.map((m: { r: string; t: string }) => `${m.r}:${m.t}`);
    expect(byDefault).toEqual(['u:hello', `a:${HELLO_ANSWER}`, 'u:Do you remember?', `a:${recapAnswer(['hello'])}`]);
    const inNamed = (await thread(`visitor_id=${visitor}&thread_id=thread_named1`)).body.messages.map((m: { r: string }) => m.r);
    expect(inNamed).toEqual(['u', 'a']);
    // The default thread's internal name is not one a client can send: `default` is another thread.
    expect((await thread(`visitor_id=${visitor}&thread_id=default`)).body.messages).toEqual([]);
    expect((await thread(`visitor_id=${visitor}&thread_id=~default`)).status).toBe(400);
  });
});

