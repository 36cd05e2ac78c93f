// Thin node:http helpers: JSON responses and bounded JSON request bodies.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from './http-error';

export type Headers = Record<string, string | number>;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Headers = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(text);
}

/**
 * The hub's error bodies. `error` is the sentence its widget shows the visitor, `code` is for
 * programs. A message that cannot become a job (429, 503 of `POST /chat/:entry`) is answered like
 * a job that failed at once: `{done: true, error: true, reply, code}`; the hub's other routes
 * answer those statuses with `{error}` too.
 */
export function errorBody(error: HttpError, asJob: boolean): Record<string, unknown> {
  if (asJob && (error.status === 429 || error.status === 503)) {
    return { done: true, error: true, reply: error.message, code: error.code };
  }
  return { error: error.message, code: error.code };
}

export function sendError(res: ServerResponse, error: HttpError, headers: Headers = {}, asJob = false): void {
  sendJson(res, error.status, errorBody(error, asJob), { ...headers, ...error.headers });
}

export function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  const mediaType = value.split(';')[0]!.trim().toLowerCase();
  return mediaType === 'application/json';
}

/**
 * Reads a JSON object body of at most `maxBytes`. The size is checked against Content-Length
 * before reading and again while reading (chunked bodies have no length).
 */
export async function readJsonObject(req: IncomingMessage, maxBytes: number): Promise<Record<string, unknown>> {
  if (!isJsonContentType(req.headers['content-type'])) {
    throw new HttpError(415, 'unsupported_media_type', 'Content-Type must be application/json.');
  }
  const body = await readBody(req, maxBytes);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new HttpError(400, 'invalid_body', 'The request body must be a JSON object.');
  }
  return parsed as Record<string, unknown>;
}

/** An answer that ends the connection: a body still on its way is not read (Node reads the rest of it to keep the connection otherwise). */
export function closing(error: HttpError): HttpError {
  return new HttpError(error.status, error.code, error.message, { ...error.headers, Connection: 'close' });
}

/**
 * The body's declared length, checked before a byte of it is read: 411 without one (a chunked
 * body's size is known only once it has all arrived), `tooLarge` past `maxBytes`. Both close the
 * connection rather than read the body.
 */
export function declaredLength(req: IncomingMessage, maxBytes: number, tooLarge: () => HttpError): number {
  const header = req.headers['content-length'];
  if (header === undefined || !/^\d+$/.test(header)) {
    throw closing(new HttpError(411, 'length_required', 'Send the file with a Content-Length header: its size must be known before it is read.'));
  }
  const length = Number(header);
  if (length > maxBytes) throw closing(tooLarge());
  return length;
}

/** The raw body, within `maxBytes` (413 past it, by Content-Length before reading and by what arrived while reading). */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = (): HttpError =>
    new HttpError(413, 'payload_too_large', `The request body is larger than ${maxBytes} bytes.`, { Connection: 'close' });
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume();
    throw tooLarge();
  }
  return collectBody(req, maxBytes, tooLarge);
}

/**
 * Collects the body with listeners rather than `for await`: leaving an async iterator early
 * destroys the socket, and the client would never read the 413 we answer with.
 */
function collectBody(req: IncomingMessage, maxBytes: number, tooLarge: () => HttpError): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        // Keep draining (and discarding) so the response can still be delivered.
        req.off('data', onData);
        req.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** The client address the rate limiter counts against. */
export function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}
