import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './app';
import { createJob, postJson, startTestServer, streamJob } from './test-support';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /chat/:entry/rate/:job_id', () => {
  it('stores a rating of the visitor’s own answer', async () => {
    const job = await createJob(server.url, { message: 'hello', visitor_id: 'visitor_rate01' });
    await streamJob(server.url, job.job_id);
    const up = await postJson(`${server.url}/chat/demo_assistant/rate/${job.job_id}`, { rating: 'up', visitor_id: 'visitor_rate01' });
    expect(up).toMatchObject({ status: 200, body: { ok: true } });
    const note = await postJson(`${server.url}/chat/demo_assistant/rate/${job.job_id}`, {
      rating: 'note',
      visitor_id: 'visitor_rate01',
      comment: 'Very clear, thanks',
    });
    expect(note.status).toBe(200);
    expect(server.store.ratingsForJob(job.job_id)).toEqual([
      { rating: 'up', comment: null },
      { rating: 'note', comment: 'Very clear, thanks' },
    ]);
  });

  it('refuses another visitor (403), an unknown job (404) and bad fields (400)', async () => {
    const job = await createJob(server.url, { message: 'hello', visitor_id: 'visitor_rate02' });
    const rate = (jobId: string, body: unknown) => postJson(`${server.url}/chat/demo_assistant/rate/${jobId}`, body);
    expect(await rate(job.job_id, { rating: 'up', visitor_id: 'visitor_rate03' })).toMatchObject({ status: 403, body: { error: 'wrong_visitor' } });
    expect(await rate('j_aaaaaaaaaaaaaaaaaaaa', { rating: 'up', visitor_id: 'visitor_rate02' })).toMatchObject({ status: 404 });
    expect((await rate(job.job_id, { rating: 'meh', visitor_id: 'visitor_rate02' })).status).toBe(400);
    expect((await rate(job.job_id, { rating: 'note', visitor_id: 'visitor_rate02', comment: 'x'.repeat(1001) })).status).toBe(400);
    expect((await rate(job.job_id, { rating: 'up' })).body.error).toBe('missing_field');
    expect((await rate(job.job_id, { rating: 'up', visitor_id: 'visitor_rate02', stars: 5 })).body.message).toContain('"stars"');
    expect(server.store.ratingsForJob(job.job_id)).toEqual([]);
  });
});

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('uploads', () => {
  const upload = (body: Record<string, unknown>, entry = 'demo_assistant') =>
    postJson(`${server.url}/chat/${entry}/upload`, { filename: 'a.png', mime: 'image/png', data_base64: PNG_1PX, visitor_id: 'visitor_up01', ...body });

  it('stores an image and serves it back with its type and nosniff', async () => {
    const res = await upload({});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/uploads\/u_[A-Za-z0-9_-]{24}$/), name: 'a.png', type: 'image/png' });
    const file = await fetch(res.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toBeNull();
    expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from(PNG_1PX, 'base64'));
  });

  it('serves other files as attachments', async () => {
    const res = await upload({ filename: 'notes "v2".txt', mime: 'text/plain', data_base64: Buffer.from('<script>alert(1)</script>').toString('base64') });
    expect(res.status).toBe(200);
    const file = await fetch(res.body.url);
    expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="notes _v2_.txt"/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('is refused (403) where the entry has uploads off', async () => {
    const res = await upload({}, 'no_upload');
    expect(res).toMatchObject({ status: 403, body: { error: 'upload_disabled' } });
  });

  it('refuses a file over 2 MiB with 413', async () => {
    const res = await upload({ data_base64: Buffer.alloc(2 * 1024 * 1024 + 1, 1).toString('base64') });
    expect(res).toMatchObject({ status: 413, body: { error: 'file_too_large' } });
  });

  it('accepts exactly 2 MiB', async () => {
    const res = await upload({ mime: 'application/pdf', filename: 'big.pdf', data_base64: Buffer.alloc(2 * 1024 * 1024, 1).toString('base64') });
    expect(res.status).toBe(200);
  });

  it('refuses a type outside the allow-list, bad base64 and bad names', async () => {
    expect(await upload({ mime: 'text/html' })).toMatchObject({ status: 400, body: { error: 'unsupported_type' } });
    expect(await upload({ mime: 'image/svg+xml' })).toMatchObject({ status: 400 });
    expect((await upload({ data_base64: 'not base64!' })).status).toBe(400);
    expect((await upload({ data_base64: '' })).status).toBe(400);
    expect((await upload({ filename: '../etc/passwd' })).status).toBe(400);
    expect((await upload({ filename: 'x'.repeat(201) })).status).toBe(400);
    expect((await upload({ visitor_id: undefined })).status).toBe(400);
  });

  it('answers 404 for unknown uploads', async () => {
    expect((await fetch(`${server.url}/uploads/u_aaaaaaaaaaaaaaaaaaaaaaaa`)).status).toBe(404);
    expect((await fetch(`${server.url}/uploads/whatever`)).status).toBe(404);
  });
});
