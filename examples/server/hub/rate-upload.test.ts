import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { createJob, postJson, startTestServer, streamJob } from '../test-support';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /chat/:entry/rate/:job_id', () => {
  it('stores a rating of the visitor’s own answer', async () => {
    const job = await createJob(server.url, { message: 'hello', visitor_id: 'visitor_rate01' });
    await streamJob(server.url, job);
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
    expect(await rate(job.job_id, { rating: 'up', visitor_id: 'visitor_rate03' })).toMatchObject({ status: 403, body: { code: 'wrong_visitor' } });
    expect(await rate('j_aaaaaaaaaaaaaaaaaaaa', { rating: 'up', visitor_id: 'visitor_rate02' })).toMatchObject({ status: 404 });
    expect((await rate(job.job_id, { rating: 'meh', visitor_id: 'visitor_rate02' })).status).toBe(400);
    expect((await rate(job.job_id, { rating: 'note', visitor_id: 'visitor_rate02', comment: 'x'.repeat(1001) })).status).toBe(400);
    expect((await rate(job.job_id, { rating: 'up' })).body.code).toBe('missing_field');
    expect((await rate(job.job_id, { rating: 'up', visitor_id: 'visitor_rate02', stars: 5 })).body.error).toContain('"stars"');
    expect(server.store.ratingsForJob(job.job_id)).toEqual([]);
  });
});

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const MB = 1024 * 1024;
const b64 = (bytes: number): string => Buffer.alloc(bytes, 1).toString('base64');

describe('POST /chat/:entry/upload (the hub’s contract)', () => {
  let n = 0;
  // A fresh visitor per upload keeps these tests clear of the per-visitor quota.
  const upload = (body: Record<string, unknown>, entry = 'demo_assistant') =>
    postJson(`${server.url}/chat/${entry}/upload`, { filename: 'a.png', mime: 'image/png', data_base64: PNG_1PX, visitor_id: `visitor_up${String(++n).padStart(3, '0')}`, ...body });

  it('stores an image: {ok, url, name, type: "image"}; it is served inline, sandboxed, nosniff', async () => {
    const res = await upload({});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/uploads\/u_[A-Za-z0-9_-]{24}$/), name: 'a.png', type: 'image' });
    const file = await fetch(res.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toMatch(/^default-src 'none';.*sandbox$/);
    expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="a.png"/);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from(PNG_1PX, 'base64'));
  });

  it.each<[string, string, string, 'image' | 'audio' | 'file', string, 'inline' | 'attachment']>([
    ['a JPEG', 'p.jpg', 'image/jpeg', 'image', 'image/jpeg', 'inline'],
    ['a voice note with codec parameters', 'voice.webm', 'audio/webm;codecs=opus', 'audio', 'audio/webm', 'inline'],
    ['an upper-case type', 'clip.m4a', 'Audio/X-M4A', 'audio', 'audio/x-m4a', 'inline'],
    ['a text file', 'notes "v2".txt', 'text/plain', 'file', 'text/plain; charset=utf-8', 'attachment'],
    ['a PDF', 'guide.pdf', 'application/pdf', 'file', 'application/pdf', 'attachment'],
    ['a Word document', 'cv.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'file', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'attachment'],
    ['a CSV without a type (inferred from .csv)', 'data.csv', '', 'file', 'text/csv; charset=utf-8', 'attachment'],
    ['a Markdown file without a type', 'README.md', '', 'file', 'text/markdown; charset=utf-8', 'attachment'],
  ])('takes %s as "%s"', async (_, filename, mime, type, servedType, disposition) => {
    const res = await upload({ filename, mime, data_base64: Buffer.from('<script>alert(1)</script>').toString('base64') });
    expect(res.body).toEqual({ ok: true, url: expect.any(String), name: filename, type });
    const file = await fetch(res.body.url);
    expect(file.headers.get('content-type')).toBe(servedType);
    expect(file.headers.get('content-disposition')!.split(';')[0]).toBe(disposition);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('escapes the file name in Content-Disposition', async () => {
    const res = await upload({ filename: 'notes "v2" ü.txt', mime: 'text/plain', data_base64: b64(10) });
    const file = await fetch(res.body.url);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="notes _v2_ _.txt"; filename*=UTF-8''${encodeURIComponent('notes "v2" ü.txt')}`);
  });

  it.each<[string, Record<string, unknown>]>([
    ['HTML', { filename: 'page.html', mime: 'text/html' }],
    ['HTML by extension', { filename: 'page.html', mime: '' }],
    ['SVG', { filename: 'logo.svg', mime: 'image/svg+xml' }],
    ['XML', { filename: 'feed.xml', mime: 'application/xml' }],
    ['JavaScript', { filename: 'app.js', mime: 'text/javascript' }],
    ['an executable', { filename: 'setup.exe', mime: 'application/octet-stream' }],
    ['an image without a type (the hub infers documents only)', { filename: 'cat.png', mime: '' }],
    ['no type and no extension', { filename: 'blob', mime: undefined }],
  ])('refuses %s with 415 and a sentence', async (_, body) => {
    const res = await upload(body);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: expect.stringMatching(/^This type of file cannot be sent\. You can send images/), code: 'unsupported_type' });
  });

  it.each<[string, string, string, number, RegExp]>([
    ['an image over 6 MB', 'big.png', 'image/png', 6 * MB + 1, /images can be at most 6 MB/],
    ['audio over 12 MB', 'long.mp3', 'audio/mpeg', 12 * MB + 1, /audio can be at most 12 MB/],
    ['a file over 20 MB', 'huge.pdf', 'application/pdf', 20 * MB + 1, /files can be at most 20 MB/],
  ])('refuses %s with 413 and a sentence', async (_, filename, mime, bytes, sentence) => {
    const res = await upload({ filename, mime, data_base64: b64(bytes) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: expect.stringMatching(sentence), code: 'file_too_large' });
  });

  it('accepts an image of exactly 6 MB', async () => {
    const res = await upload({ filename: 'max.png', data_base64: b64(6 * MB) });
    expect(res.body.type).toBe('image');
  });

  it('refuses a body larger than any file with 413 before reading it', async () => {
    const { hostname, port } = new URL(server.url);
    const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: hostname, port, path: '/chat/demo_assistant/upload', method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': String(40 * MB) } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body: text });
          });
        },
      );
      req.on('error', reject);
      req.write('{"filename":"x.pdf"');
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ error: expect.stringMatching(/images can be at most 6 MB, audio 12 MB and other files 20 MB/), code: 'file_too_large' });
  });

  it('is refused (403) where the entry has uploads off', async () => {
    const res = await upload({}, 'no_upload');
    expect(res).toMatchObject({ status: 403, body: { code: 'upload_disabled', error: 'Sending files is turned off for this chat.' } });
  });

  it('refuses bad base64, an empty file, bad names and a missing visitor with 400', async () => {
    expect(await upload({ data_base64: 'not base64!' })).toMatchObject({ status: 400, body: { code: 'invalid_file_data' } });
    expect(await upload({ data_base64: '' })).toMatchObject({ status: 400, body: { code: 'empty_file', error: 'The file is empty.' } });
    expect((await upload({ filename: '../etc/passwd' })).body.code).toBe('invalid_filename');
    expect((await upload({ filename: 'x'.repeat(201) })).status).toBe(400);
    expect(await upload({ visitor_id: undefined })).toMatchObject({ status: 400, body: { code: 'missing_field' } });
  });

  it('answers 404 for unknown uploads', async () => {
    expect((await fetch(`${server.url}/uploads/u_aaaaaaaaaaaaaaaaaaaaaaaa`)).status).toBe(404);
    expect((await fetch(`${server.url}/uploads/whatever`)).status).toBe(404);
  });

  it('serves an upload stored under a type no longer accepted as opaque bytes to download', async () => {
    server.store.addUpload({ id: 'u_legacylegacylegacylegacy', entry: 'demo_assistant', visitorId: 'visitor_old01', filename: 'x.html', mime: 'text/html', data: Buffer.from('<script>alert(1)</script>'), createdAt: Date.now() });
    const file = await fetch(`${server.url}/uploads/u_legacylegacylegacylegacy`);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
  });
});

describe('GET /files/:name (the demo’s documents)', () => {
  it('serves the setup guide PDF as a download', async () => {
    const res = await fetch(`${server.url}/files/acme-setup.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="acme-setup.pdf"/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(0, 8).toString()).toBe('%PDF-1.4');
    expect(body.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('serves nothing else', async () => {
    for (const path of ['/files/', '/files/nope.pdf', '/files/..%2Fapp.ts', '/files/acme-setup.pdf/x']) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
    }
    expect((await fetch(`${server.url}/files/acme-setup.pdf`, { method: 'POST' })).status).toBe(405);
  });
});
