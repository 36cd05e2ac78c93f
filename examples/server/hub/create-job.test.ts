import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { HELLO_ANSWER, RECAP_EMPTY_ANSWER, recapAnswer } from '../demo/demo-replies';
import { createJob, getJson, postJson, startTestServer, streamJob } from '../test-support';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const post = (body: unknown, headers: Record<string, string> = {}) => postJson(`${server.url}/chat/demo_assistant`, body, headers);

describe('POST /chat/:entry', () => {
  it('creates a job, introducing a new visitor', async () => {
    const res = await post({ message: 'hello' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ done: false, job_id: expect.stringMatching(/^j_[A-Za-z0-9_-]{20}$/), visitor_id: expect.stringMatching(/^v_[A-Za-z0-9_-]{24}$/) });
    const job = server.store.getJob(res.body.job_id)!;
    expect(job).toMatchObject({ entry: 'demo_assistant', visitorId: res.body.visitor_id, userText: 'hello' });
  });

  it('keeps the given visitor, thread, context and renderers', async () => {
    const res = await post({
      message: '  hello there  ',
      visitor_id: 'visitor_12345',
      thread_id: 'thread_abcdef',
      context: { url: 'https://shop.example.com/p/1', title: 'Shoes', page_key: 'p1', page_name: 'Trail shoes', extra: 'ignored' },
      client_capabilities: { renderers: ['bailing-chart', 'bailing-form', 'bailing-chart'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ visitor_id: 'visitor_12345', thread_id: 'thread_abcdef' });
    const job = server.store.getJob(res.body.job_id)!;
    expect(job.userText).toBe('hello there');
    expect(job.context).toEqual({ url: 'https://shop.example.com/p/1', title: 'Shoes', page_key: 'p1', page_name: 'Trail shoes' });
    expect(job.capabilities).toEqual(['bailing-chart', 'bailing-form']);
  });

  // As the hub: its own widget sends "" with a visitor's first message, and the hub mints an id.
  it.each<[string, unknown, string | null]>([
    ['empty (the hub widget\'s first message)', '', null],
    ['shorter than 8 characters', 'short', null],
    ['8 characters once cleaned of what an id cannot hold', 'vis itor.id!', 'visitorid'],
    ['longer than 64 characters: cut to 64', 'v'.repeat(70), 'v'.repeat(64)],
  ])('a visitor_id %s: the job is created, for the id the hub would use', async (_, visitorId, kept) => {
    const res = await post({ message: 'hello', visitor_id: visitorId });
    expect(res.status).toBe(200);
    if (kept) expect(res.body.visitor_id).toBe(kept);
    else expect(res.body.visitor_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(res.body.visitor_id).not.toBe(visitorId);
  });

  it('accepts exactly 4000 characters', async () => {
    const res = await post({ message: 'x'.repeat(4000), visitor_id: 'visitor_len4000' });
    expect(res.status).toBe(200);
  });

  it.each<[string, unknown, RegExp]>([
    ['an unknown key', { message: 'hi', colour: 'red' }, /Unknown field "colour"/],
    ['neither message nor interaction', { visitor_id: 'visitor_12345' }, /exactly one of "message" and "interaction_response"/],
    ['both message and interaction', { message: 'hi', interaction_response: { type: 'bailing-form' } }, /exactly one/],
    ['an empty message', { message: '   ' }, /"message" must not be empty/],
    ['a non-string message', { message: 42 }, /"message" must be a string/],
    ['4001 characters', { message: 'x'.repeat(4001) }, /at most 4000 characters/],
    ['a visitor_id that is not a string', { message: 'hi', visitor_id: 42 }, /"visitor_id" must be a string/],
    ['a bad thread_id', { message: 'hi', thread_id: 'has space here' }, /"thread_id" must match/],
    ['a non-object context', { message: 'hi', context: 'page' }, /"context" must be an object/],
    ['a long context value', { message: 'hi', context: { title: 'x'.repeat(501) } }, /"context.title" must be a string of at most 500/],
    ['a non-string context value', { message: 'hi', context: { url: 5 } }, /"context.url"/],
    ['renderers not an array', { message: 'hi', client_capabilities: { renderers: 'bailing-chart' } }, /must be an array/],
    ['17 renderers', { message: 'hi', client_capabilities: { renderers: Array.from({ length: 17 }, (_, i) => `r${i}`) } }, /at most 16/],
    ['a bad renderer name', { message: 'hi', client_capabilities: { renderers: ['Bad Name'] } }, /Renderer type "Bad Name" must match/],
    ['a non-object interaction', { interaction_response: 'yes' }, /"interaction_response" must be an object/],
    ['an interaction without type', { interaction_response: { version: 1, source_job_id: 'j_aaaaaaaaaaaaaaaaaaaa' } }, /"interaction_response.type"/],
    ['an interaction without version', { interaction_response: { type: 'bailing-form', source_job_id: 'j_aaaaaaaaaaaaaaaaaaaa' } }, /"interaction_response.version"/],
    ['an interaction without source job', { interaction_response: { type: 'bailing-form', version: 1 } }, /"interaction_response.source_job_id"/],
  ])('answers 400 for %s', async (_, body, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toEqual(expect.any(String));
    expect(res.body.error).toMatch(message);
  });

  it('answers 400 for invalid JSON and for a non-object body', async () => {
    const bad = await post('{"message": ');
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid_json' } });
    const array = await post('["hi"]');
    expect(array).toMatchObject({ status: 400, body: { code: 'invalid_body' } });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await fetch(`${server.url}/chat/demo_assistant`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ message: 'hi' }),
    });
    expect(res.status).toBe(415);
    expect((await res.json()).code).toBe('unsupported_media_type');
  });

  it('answers 413 for a body over 64 KiB', async () => {
    const res = await post({ message: 'hi', context: { title: 'x'.repeat(70 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
  });

  it('answers 413 for a chunked body that grows over 64 KiB', async () => {
    const { hostname, port } = new URL(server.url);
    const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: hostname, port, path: '/chat/demo_assistant', method: 'POST', headers: { 'Content-Type': 'application/json' } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('{"message":"');
      for (let i = 0; i < 70; i++) req.write('x'.repeat(1024));
      req.end('"}');
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).code).toBe('payload_too_large');
  });

  it('accepts a message while its thread still answers: it waits its turn, never a 409', async () => {
    const paced = await startTestServer({ deltaDelayMs: 30 });
    try {
      const visitor = 'visitor_busy01';
      const first = await postJson(`${paced.url}/chat/demo_assistant`, { message: 'hello', visitor_id: visitor });
      const second = await postJson(`${paced.url}/chat/demo_assistant`, { message: 'what did I say?', visitor_id: visitor });
      expect(second.status).toBe(200);
      expect(second.body).toEqual({ done: false, job_id: expect.stringMatching(/^j_/), visitor_id: visitor });
      // Another thread of the same visitor does not wait.
      const other = await postJson(`${paced.url}/chat/demo_assistant`, { message: 'what did I say?', visitor_id: visitor, thread_id: 'second_thread' });
      expect(other.status).toBe(200);

      const [a, b, c] = await Promise.all([first, second, other].map((res) => streamJob(paced.url, res.body)));
      expect(a.events.at(-1)!.data.reply).toBe(HELLO_ANSWER);
      const statuses = b.events.filter((e) => e.event === 'status').map((e) => e.data.status);
      expect(statuses).toEqual(['queued', 'running', 'done']);
      expect(b.events[0]!.data.status).toBe('queued');
      // It started once the first answer was stored, and its agent saw that exchange.
      const firstDone = paced.store.getJob(first.body.job_id)!.finishedAt!;
      expect(b.events.find((e) => e.event === 'reset')!.data.ts).toBeGreaterThanOrEqual(firstDone);
      expect(b.events.at(-1)!.data.reply).toBe(recapAnswer(['hello']));
      expect(c.events.at(-1)!.data.reply).toBe(RECAP_EMPTY_ANSWER);
      expect(paced.store.getJob(other.body.job_id)!.finishedAt!).toBeLessThan(firstDone);
    } finally {
      await paced.close();
    }
  });

  it('answers 429 (the hub’s job-shaped body, Retry-After) once a thread has 4 messages waiting', async () => {
    const paced = await startTestServer({ deltaDelayMs: 30 });
    try {
      const ask = () => postJson(`${paced.url}/chat/demo_assistant`, { message: 'hello', visitor_id: 'visitor_busy02' });
      const accepted = [await ask(), await ask(), await ask(), await ask()];
      expect(accepted.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const refused = await ask();
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ done: true, error: true, reply: expect.stringMatching(/^This conversation already has several messages waiting/), code: 'thread_busy' });
      expect(refused.headers.get('retry-after')).toBe('5');
      // Once they are answered, the thread takes messages again.
      for (const res of accepted) await streamJob(paced.url, res.body);
      expect((await ask()).status).toBe(200);
    } finally {
      await paced.close();
    }
  });
});

describe('interaction_response: only bailing-form and a2ui, and bounded (bailing-form itself has form.test.ts, a2ui a2ui-response.test.ts)', () => {
  const FORM_ONLY = 'This server accepts only "bailing-form" and "a2ui" responses in "interaction_response" (got "TYPE").';

  it.each(['bailing-chart', 'sandbox', 'bailing-forms', 'x'])('refuses a %s response with 400, before anything reaches the agent', async (type) => {
    const visitor = 'visitor_types1';
    const source = await createJob(server.url, { message: 'hello', visitor_id: visitor });
    await streamJob(server.url, source);
    const response = { type, version: 1, source_job_id: source.job_id, values: { email: 'secret@example.com' } };
    const res = await post({ interaction_response: response, visitor_id: visitor });
    expect(res).toMatchObject({ status: 400, body: { error: FORM_ONLY.replace('TYPE', type), code: 'unsupported_interaction' } });
    const jobs = server.store.recentThreadJobs('demo_assistant', visitor, 'default', 50);
    expect(jobs.map((job) => job.userText)).not.toContainEqual(expect.stringContaining('secret@example.com'));
  });

  /** A bailing-form response of `depth` nested objects: itself, then `values` and what it holds. */
  function nested(depth: number): Record<string, unknown> {
    let values: unknown = 'leaf';
    for (let level = 1; level < depth; level++) values = { deeper: values };
    return { type: 'bailing-form', version: 1, source_job_id: 'j_aaaaaaaaaaaaaaaaaaaa', form_id: 'refund', submission_id: 'sub_depth01', action: 'submit', values };
  }

  it('refuses a response nested deeper than 8 levels; 8 levels pass on to the form checks', async () => {
    const deep = await post({ interaction_response: nested(9), visitor_id: 'visitor_depth1' });
    expect(deep).toMatchObject({ status: 400, body: { error: '"interaction_response" is nested more than 8 levels deep.', code: 'interaction_too_deep' } });
    const arrays = await post({ interaction_response: { ...nested(2), values: { a: [[[[[[['x']]]]]]] } }, visitor_id: 'visitor_depth1' });
    expect(arrays).toMatchObject({ status: 400, body: { code: 'interaction_too_deep' } });
    const limit = await post({ interaction_response: nested(8), visitor_id: 'visitor_depth1' });
    expect(limit).toMatchObject({ status: 404, body: { code: 'unknown_source_job' } });
  });

  it('refuses a response larger than 16 KB; one just under passes on to the form checks', async () => {
    const around = (bytes: number) => {
      const base = { ...nested(2), values: { note: '' } };
      return { ...base, values: { note: 'x'.repeat(bytes - JSON.stringify(base).length) } };
    };
    expect(JSON.stringify(around(16 * 1024)).length).toBe(16 * 1024);
    const big = await post({ interaction_response: around(16 * 1024 + 1), visitor_id: 'visitor_size01' });
    expect(big).toMatchObject({ status: 400, body: { error: '"interaction_response" is larger than 16384 bytes.', code: 'interaction_too_large' } });
    const multibyte = await post({ interaction_response: { ...nested(2), values: { note: '\u00e9'.repeat(8200) } }, visitor_id: 'visitor_size01' });
    expect(multibyte).toMatchObject({ status: 400, body: { code: 'interaction_too_large' } });
    const fits = await post({ interaction_response: around(16 * 1024), visitor_id: 'visitor_size01' });
    expect(fits).toMatchObject({ status: 404, body: { code: 'unknown_source_job' } });
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once the bucket is empty', async () => {
    const limited = await startTestServer({ rateLimit: { perMinute: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await postJson(`${limited.url}/chat/demo_assistant`, { message: 'hello', thread_id: `thread_rate_${i}` })).status);
      }
      expect(statuses).toEqual([200, 200, 200]);
      const res = await postJson(`${limited.url}/chat/demo_assistant`, { message: 'hello', thread_id: 'thread_rate_x' });
      expect(res.status).toBe(429);
      // The hub answers a refused message as a job that failed at once, with a sentence to show.
      expect(res.body).toEqual({ done: true, error: true, reply: 'You are sending messages too quickly. Please wait a moment and try again.', code: 'rate_limited' });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Reads are not limited.
      expect((await getJson(`${limited.url}/chat/demo_assistant/config`)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
