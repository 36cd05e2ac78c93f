// What an upload costs the server before it is accepted, tried as an attacker would: uploads held
// open from one address, bodies without a length or longer than any file, a file past its kind's
// limit, a visitor that fails its check, and fresh visitor ids spending the entry's quota. Each is
// refused before the server reads (or keeps) the body, over real connections to a server on
// 127.0.0.1 (other loopback addresses stand for other clients), and the server keeps answering.
import type { IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../app';
import { MAX_UPLOAD_BODY_BYTES, UPLOAD_BUSY_RETRY_AFTER_SECONDS } from '../../settings/limits';
import { recordEscapedErrors, startTestServer, TEST_ENTRIES, within } from '../../test-support';
import { signTicket } from '../tickets';
import { ANY_TOO_LARGE_SENTENCE, TOO_LARGE_SENTENCE } from './upload-policy';

const SECRET = 'upload-limits-secret-of-at-least-32-chars';
const ENTRIES = {
  entries: {
    ...TEST_ENTRIES.entries,
    open_uploads: { upload: true, allowed_origins: ['*'] },
    signed_uploads: { upload: true, ticket_secret: SECRET, allowed_origins: ['*'] },
    signed_only: { upload: true, ticket_secret: SECRET, require_ticket: true, allowed_origins: ['*'] },
  },
};
const ticket = (sub: string, entry: string) => signTicket(SECRET, { sub, exp: Math.floor(Date.now() / 1000) + 600, entry });

let server: RunningServer | undefined;
const sockets: Socket[] = [];
const escaped = recordEscapedErrors();
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  // The attack is over and the server still answers.
  expect((await fetch(`${server!.url}/chat/open_uploads/config`)).status).toBe(200);
  expect(escaped).toEqual([]);
  await server!.close();
  server = undefined;
});
const start = async (options: Parameters<typeof startTestServer>[0] = {}): Promise<RunningServer> => (server = await startTestServer({ config: ENTRIES, ...options }));

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: any;
}

interface RawUpload {
  /** The server said 100 Continue: its handler has run, and it waits for the body. */
  continued: Promise<void>;
  response: Promise<Answer>;
  /** The server ended the connection (it never does while it waits for a body it wants). */
  serverClosed: Promise<void>;
  write(text: string): void;
  end(text?: string): void;
}

/**
 * An upload on a raw connection of its own, from `from`, whose body the test sends when it
 * decides to: nothing on the client side closes it, so a close is the server's.
 */
function rawUpload(base: string, o: { entry?: string; query?: string; from?: string; length?: number | 'chunked'; expectContinue?: boolean }): RawUpload {
  const { hostname, port } = new URL(base);
  const socket = connect({ host: hostname, port: Number(port), localAddress: o.from ?? '127.0.0.1' });
  // A connection the server closes while the test still writes is one outcome under test.
  socket.on('error', () => {});
  const chunked = o.length === 'chunked';
  socket.write(
    [
      `POST /chat/${o.entry ?? 'open_uploads'}/upload${o.query ?? ''} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      'Content-Type: application/json',
      chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${o.length}`,
      ...(o.expectContinue ? ['Expect: 100-continue'] : []),
      '',
      '',
    ].join('\r\n'),
  );
  let continued!: () => void;
  let answered!: (answer: Answer) => void;
  const result: RawUpload = {
    continued: new Promise((resolve) => (continued = resolve)),
    response: new Promise((resolve) => (answered = resolve)),
    serverClosed: new Promise((resolve) => socket.once('close', () => resolve())),
    write: (text) => void socket.write(chunked ? `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n` : text),
    end: (text = '') => void socket.write(chunked ? `${text ? `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n` : ''}0\r\n\r\n` : text),
  };
  let received = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    let head = received.indexOf('\r\n\r\n');
    if (head < 0) return;
    let [statusLine, ...lines] = received.subarray(0, head).toString('latin1').split('\r\n');
    if (statusLine!.startsWith('HTTP/1.1 100 ')) {
      received = received.subarray(head + 4);
      continued();
      head = received.indexOf('\r\n\r\n');
      if (head < 0) return;
      [statusLine, ...lines] = received.subarray(0, head).toString('latin1').split('\r\n');
    }
    const status = Number(statusLine!.split(' ')[1]);
    const headers: IncomingHttpHeaders = {};
    for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
    const text = received.subarray(head + 4);
    if (text.length < Number(headers['content-length'])) return;
    answered({ status, headers, body: JSON.parse(text.toString('utf8')) });
  });
  sockets.push(socket);
  return result;
}

const body = (visitor: string, o: { data?: string; filename?: string; mime?: string } = {}): string =>
  JSON.stringify({ filename: o.filename ?? 'notes.txt', mime: o.mime ?? 'text/plain', data_base64: o.data ?? Buffer.from('hello').toString('base64'), visitor_id: visitor });

/** A whole upload sent at once, as a browser sends one. */
async function upload(base: string, visitor: string, o: { entry?: string; from?: string; query?: string; ticket?: string } = {}): Promise<Answer> {
  const text = o.ticket === undefined ? body(visitor) : JSON.stringify({ ...JSON.parse(body(visitor)), ticket: o.ticket });
  const up = rawUpload(base, { ...o, length: Buffer.byteLength(text) });
  up.end(text);
  return within(up.response, 'answer');
}

/** An upload whose name, type and first bytes of the file have been sent and whose rest is held back. */
async function heldUpload(base: string, visitor: string, from: string): Promise<{ finish(): Promise<Answer> }> {
  const text = body(visitor, { data: Buffer.alloc(3000, 7).toString('base64') });
  const up = rawUpload(base, { from, length: Buffer.byteLength(text), expectContinue: true });
  await within(up.continued, '100 Continue');
  up.write(text.slice(0, 100));
  return {
    finish: () => {
      up.end(text.slice(100));
      return within(up.response, 'answer');
    },
  };
}

describe('uploads being received at once', () => {
  it('past the per-address cap: 503 with Retry-After before the body is read, while another address uploads; the slots come back', async () => {
    const s = await start({ limits: { maxUploadsPerIp: 2, maxUploads: 3 } });
    const held = [await heldUpload(s.url, 'visitor_held001', '127.0.0.1'), await heldUpload(s.url, 'visitor_held002', '127.0.0.1')];

    // A third from the same address, asking before it sends its body: refused instead of "continue".
    const text = body('visitor_held003');
    const asking = rawUpload(s.url, { length: Buffer.byteLength(text), expectContinue: true });
    let toldToGoOn = false;
    void asking.continued.then(() => (toldToGoOn = true));
    const refused = await within(asking.response, 'answer');
    expect(toldToGoOn).toBe(false);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(UPLOAD_BUSY_RETRY_AFTER_SECONDS));
    expect(refused.body).toEqual({ code: 'too_many_uploads_ip', error: expect.stringMatching(/^Too many files are being sent from your network at once/) });
    // A browser sends its body at once: it reads the same answer.
    expect(await upload(s.url, 'visitor_held004')).toMatchObject({ status: 503, body: { code: 'too_many_uploads_ip' } });

    // Another address is not held up.
    expect(await upload(s.url, 'visitor_other01', { from: '127.0.0.2' })).toMatchObject({ status: 200, body: { ok: true } });

    for (const upload of held) expect(await upload.finish()).toMatchObject({ status: 200, body: { ok: true, type: 'file' } });
    expect(await upload(s.url, 'visitor_held005')).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('past the server’s cap: 503 for any address', async () => {
    const s = await start({ limits: { maxUploadsPerIp: 2, maxUploads: 3 } });
    const held = [
      await heldUpload(s.url, 'visitor_full001', '127.0.0.1'),
      await heldUpload(s.url, 'visitor_full002', '127.0.0.1'),
      await heldUpload(s.url, 'visitor_full003', '127.0.0.2'),
    ];
    const refused = await upload(s.url, 'visitor_full004', { from: '127.0.0.3' });
    expect(refused).toMatchObject({ status: 503, body: { code: 'uploads_busy', error: 'The chat is receiving many files right now. Please try again in a moment.' } });
    expect(refused.headers['retry-after']).toBe(String(UPLOAD_BUSY_RETRY_AFTER_SECONDS));
    for (const upload of held) expect((await upload.finish()).status).toBe(200);
    expect((await upload(s.url, 'visitor_full005', { from: '127.0.0.3' })).status).toBe(200);
  });
});

describe('the body’s size, known before it is read', () => {
  it('a Content-Length over the largest file: 413 and the connection closed, before a byte of the body is sent', async () => {
    const s = await start();
    const up = rawUpload(s.url, { length: MAX_UPLOAD_BODY_BYTES + 1 });
    const answer = await within(up.response, 'answer');
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(answer.body).toEqual({ code: 'file_too_large', error: ANY_TOO_LARGE_SENTENCE });
    await within(up.serverClosed, 'close by the server');
  });

  it('no Content-Length (a chunked body): 411 and the connection closed, without reading on', async () => {
    const s = await start();
    const up = rawUpload(s.url, { length: 'chunked' });
    up.write(body('visitor_chunk01').slice(0, 50));
    const answer = await within(up.response, 'answer');
    expect(answer).toMatchObject({ status: 411, body: { code: 'length_required', error: expect.stringContaining('Content-Length') } });
    await within(up.serverClosed, 'close by the server');
  });

  it('an image is refused at its first byte past 6 MB: the answer comes while the client holds the rest back, and the server then closes the connection without it', async () => {
    const s = await start();
    const text = body('visitor_image01', { filename: 'big.png', mime: 'image/png', data: Buffer.alloc(7 * 1024 * 1024, 1).toString('base64') });
    const up = rawUpload(s.url, { length: Buffer.byteLength(text) });
    // 6 MB of image and a little more; the last 1 MB of it is never sent.
    const sent = Math.ceil(((6 * 1024 * 1024) / 3) * 4) + 4096;
    up.write(text.slice(0, sent));
    const answer = await within(up.response, 'answer');
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ code: 'file_too_large', error: TOO_LARGE_SENTENCE.image });
    await within(up.serverClosed, 'close by the server');
  });
});

describe('the visitor, checked before the file', () => {
  it('a bad ticket in the query: 401 before the body is read', async () => {
    const s = await start();
    const up = rawUpload(s.url, { entry: 'signed_only', query: '?ticket=forged', length: 20 * 1024 * 1024, expectContinue: true });
    let toldToGoOn = false;
    void up.continued.then(() => (toldToGoOn = true));
    expect(await within(up.response, 'answer')).toMatchObject({ status: 401, body: { code: 'ticket_invalid' } });
    expect(toldToGoOn).toBe(false);
    // A good one in the query names the visitor for a body without one.
    const good = await upload(s.url, 'visitor_query01', { entry: 'signed_only', query: `?ticket=${ticket('ada', 'signed_only')}` });
    expect(good).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('a ticket sent before the file in the body: 401 before the file is read', async () => {
    const s = await start();
    const text = JSON.stringify({ ticket: 'forged', filename: 'a.pdf', mime: 'application/pdf', data_base64: Buffer.alloc(3 * 1024 * 1024).toString('base64') });
    const up = rawUpload(s.url, { entry: 'signed_only', length: Buffer.byteLength(text) });
    up.write(text.slice(0, 200));
    expect(await within(up.response, 'answer')).toMatchObject({ status: 401, body: { code: 'ticket_invalid' } });
    await within(up.serverClosed, 'close by the server');
  });
});

describe('the anonymous visitors of one address share a part of the entry’s quota', () => {
  it('past the share, a fresh visitor id is refused (before the body where every visitor is anonymous); another address and a ticket holder are not', async () => {
    const s = await start({ uploads: { quota: { addressFiles: 2 } } });
    expect((await upload(s.url, 'visitor_share01')).status).toBe(200);
    expect((await upload(s.url, 'visitor_share02')).status).toBe(200);

    const up = rawUpload(s.url, { length: 10 * 1024 * 1024, expectContinue: true });
    let toldToGoOn = false;
    void up.continued.then(() => (toldToGoOn = true));
    const refused = await within(up.response, 'answer');
    expect(toldToGoOn).toBe(false);
    expect(refused).toMatchObject({
      status: 429,
      body: { code: 'upload_quota_address', error: 'Visitors from your network have reached the upload limit (2 files or 200 MB a day). Please try again later, or sign in.' },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await upload(s.url, 'visitor_share03', { from: '127.0.0.2' })).status).toBe(200);

    // Where tickets are checked: anonymous visitors share too, ticket holders do not count.
    expect((await upload(s.url, 'visitor_share04', { entry: 'signed_uploads' })).status).toBe(200);
    expect((await upload(s.url, 'visitor_share05', { entry: 'signed_uploads' })).status).toBe(200);
    expect(await upload(s.url, 'visitor_share06', { entry: 'signed_uploads' })).toMatchObject({ status: 429, body: { code: 'upload_quota_address' } });
    expect(await upload(s.url, 'visitor_share07', { entry: 'signed_uploads', ticket: ticket('grace', 'signed_uploads') })).toMatchObject({ status: 200, body: { ok: true } });
  });
});
