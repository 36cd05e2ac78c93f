// @vitest-environment jsdom
// The upload request against a real local HTTP server (jsdom's XMLHttpRequest speaks real HTTP,
// CORS preflight included, as a browser on the host's origin would to the hub).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment } from '../types';
import { BailingHttpError, visitorMessage } from './errors';
import { parseUploadResponse, uploadFile, type UploadBody } from './upload';

interface Seen {
  method: string;
  url: string;
  type: string;
  body: string;
}

/** What the server answers to the next POST. */
let answer: (res: ServerResponse) => void = () => undefined;
const seen: Seen[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // The hub answers any origin and is cookie-less.
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'content-type' }).end();
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, type: req.headers['content-type'] ?? '', body });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // A hub mounted under a path, as resolveApiBase gives it (no trailing slash).
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hub`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json = (status: number, value: unknown) => (res: ServerResponse) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
const BODY: UploadBody = { filename: 'cat.png', mime: 'image/png', data_base64: 'iVBORw0KGgoAAAANSUhEUg==', visitor_id: 'visitor_abc123', ticket: 't-1' };
const rejection = (promise: Promise<unknown>) => promise.then(() => expect.fail('expected a rejection'), (error: unknown) => error as BailingHttpError);

describe('uploadFile', () => {
  it("posts the hub's JSON body to /chat/:entry/upload and resolves with the attachment", async () => {
    seen.length = 0;
    answer = json(200, { ok: true, url: 'https://cdn.example/u/1.png', name: 'cat.png', type: 'image' });
    // (jsdom reports no upload progress; the browser tests see the progress bar move.)
    const att = await uploadFile(base, 'store assistant', BODY, { kind: 'image' });
    expect(att).toEqual({ type: 'image', url: 'https://cdn.example/u/1.png', name: 'cat.png' });
    expect(seen).toEqual([{ method: 'POST', url: '/hub/chat/store%20assistant/upload', type: 'application/json', body: JSON.stringify(BODY) }]);
  });

  it("a hub-relative URL is the hub's own: resolved against the base", async () => {
    answer = json(200, { ok: true, url: '/media/1.png', type: 'image' });
    const att = await uploadFile(base, 'e', BODY, { kind: 'image' });
    expect(att.url).toBe(`${new URL(base).origin}/media/1.png`);
  });

  it("a refusal keeps its status and body: visitorMessage reads the hub's sentence", async () => {
    const HUB_415 = '仅支持图片、常见音频、PDF / Office / CSV / TSV / TXT / Markdown / JSON / 日志等文件';
    answer = json(415, { error: HUB_415 });
    const error = await rejection(uploadFile(base, 'e', BODY, { kind: 'image' }));
    expect(error).toBeInstanceOf(BailingHttpError);
    expect(error).toMatchObject({ method: 'POST', url: `${base}/chat/e/upload`, status: 415, body: { error: HUB_415 } });
    expect(visitorMessage(error)).toBe(HUB_415);
  });

  it('a machine code is not a sentence for the visitor', async () => {
    answer = json(403, { error: 'upload_disabled' });
    const error = await rejection(uploadFile(base, 'e', BODY, { kind: 'image' }));
    expect(error.status).toBe(403);
    expect(visitorMessage(error)).toBeNull();
  });

  it('a 2xx of the wrong shape rejects with what is wrong, and nothing for the visitor', async () => {
    answer = json(200, { ok: true, url: 'javascript:alert(1)' });
    const error = await rejection(uploadFile(base, 'e', BODY, { kind: 'image' }));
    expect(error.status).toBe(200);
    expect(error.message).toContain('"url" must be an http(s) URL');
    expect(visitorMessage(error)).toBeNull();
  });

  it('a body that is not JSON', async () => {
    answer = (res) => res.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>Bad gateway</h1>');
    const error = await rejection(uploadFile(base, 'e', BODY, { kind: 'image' }));
    expect(error).toMatchObject({ status: 502, body: undefined });
  });

  it('aborted before it starts: status 0 with the reason, and no request is made', async () => {
    seen.length = 0;
    const abort = new AbortController();
    abort.abort(new Error('removed'));
    const error = await rejection(uploadFile(base, 'e', BODY, { kind: 'image', signal: abort.signal }));
    expect(error.status).toBe(0);
    expect((error.cause as Error).message).toBe('removed');
    expect(seen).toEqual([]);
  });

  it('aborted while the server has not answered: status 0 with the reason', async () => {
    const abort = new AbortController();
    // The server holds the request; the client gives up once the server has it.
    answer = () => abort.abort(new Error('removed'));
    const error = await rejection(uploadFile(base, 'e', BODY, { kind: 'image', signal: abort.signal }));
    expect(error.status).toBe(0);
    expect((error.cause as Error).message).toBe('removed');
  });

  it('no server: status 0, a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await rejection(uploadFile(`http://127.0.0.1:${port}`, 'e', BODY, { kind: 'image' }));
    expect(error).toBeInstanceOf(BailingHttpError);
    expect(error.status).toBe(0);
    expect(error.message).toContain('network error');
  });
});

describe('parseUploadResponse', () => {
  const sent = { name: 'cat.png', kind: 'image' as const };
  const cases: { title: string; input: unknown; expected: Attachment | string }[] = [
    { title: "the hub's answer", input: { ok: true, url: 'https://hub/u/1', name: 'cat.png', type: 'image' }, expected: { type: 'image', url: 'https://hub/u/1', name: 'cat.png' } },
    { title: 'type as a mime type is read as its kind', input: { ok: true, url: 'http://hub/u/1', name: 'r.pdf', type: 'application/pdf' }, expected: { type: 'file', url: 'http://hub/u/1', name: 'r.pdf' } },
    { title: 'no type: the kind of what was sent', input: { url: 'https://hub/u/1' }, expected: { type: 'image', url: 'https://hub/u/1', name: 'cat.png' } },
    { title: 'an unknown type: the kind of what was sent', input: { url: 'https://hub/u/1', type: 'video' }, expected: { type: 'image', url: 'https://hub/u/1', name: 'cat.png' } },
    { title: 'a hub-relative path is resolved against the hub', input: { ok: true, url: '/media/1.png', type: 'image' }, expected: { type: 'image', url: 'https://hub.example/media/1.png', name: 'cat.png' } },
    { title: 'a protocol-relative URL is refused', input: { url: '//evil.example/x' }, expected: '"url" must be an http(s) URL' },
    { title: 'a javascript: URL is refused', input: { url: 'javascript:alert(1)' }, expected: '"url" must be an http(s) URL' },
    { title: 'a data: URL is refused', input: { url: 'data:image/png;base64,AAAA' }, expected: '"url" must be an http(s) URL' },
    { title: 'no URL', input: { ok: true, name: 'x' }, expected: '"url" must be an http(s) URL' },
    { title: 'ok false', input: { ok: false, url: 'https://hub/u/1' }, expected: '"ok" is false' },
    { title: 'not an object', input: ['https://hub/u/1'], expected: 'expected a JSON object' },
  ];
  for (const c of cases) it(c.title, () => expect(parseUploadResponse(c.input, sent, 'https://hub.example/base')).toEqual(c.expected));
});
