// POST /chat/:entry/upload: a visitor's file, base64 in JSON (`{filename, mime, data_base64,
// visitor_id, ticket?}`), kept in SQLite and served back from /uploads/:id. The hub's contract:
// `{ok: true, url, name, type}` with `type` one of image, audio, file; its types and size limits
// (upload-policy.ts); refusals 413 and 415 with a sentence the visitor can read. On top, per-visitor,
// per-address (anonymous visitors) and per-entry quotas (upload-quota.ts). Only for entries whose
// config turns uploads on.
//
// A file is the largest thing a client can make the server hold, so what can be decided before
// the body is read is decided first, each refusal closing the connection instead of reading on:
// the declared length (411 without one, 413 past the largest file: the connection is closed), the
// visitor when the query names one (`?visitor_id=&ticket=`, as /thread takes them), the entry's
// and the address's quotas, and the uploads being received at once (503 with Retry-After, per
// address and in all). The body is then read as it arrives (upload-body.ts): the fields before the
// file (the widget sends name and type first; a client that sends its visitor id and ticket first
// has them checked too) are checked before the file is read, and the file is decoded into one
// buffer, refused at the first byte past its kind's limit. A refusal before the body has all
// arrived keeps nothing of it: the rest is dropped for UPLOAD_LINGER_MS, then the connection closes.
import type { ChatHandler, ChatRequest } from '../../app-context';
import { addressKey } from '../../http/client-address';
import { charCount } from '../../http/fields';
import { HttpError, badRequest, forbidden } from '../../http/http-error';
import { declaredLength, isJsonContentType, sendJson } from '../../http/http-io';
import { newUploadId } from '../../storage/ids';
import { isTicketVisitor, resolveVisitor } from '../identity';
import { parseTicketField } from '../job-request';
import { MAX_FILE_UPLOAD_BYTES, MAX_UPLOAD_BODY_BYTES, MAX_UPLOAD_FILENAME_CHARS, UPLOAD_LINGER_MS, VISITOR_ID_PATTERN } from '../../settings/limits';
import { UploadBodyParser, type UploadBody, type UploadFields } from '../uploads/upload-body';
import { checkUploadQuota, NO_UPLOADS } from '../uploads/upload-quota';
import {
  ANY_TOO_LARGE_SENTENCE,
  TOO_LARGE_SENTENCE,
  UNSUPPORTED_TYPE_SENTENCE,
  UPLOAD_MAX_BYTES,
  effectiveUploadType,
  uploadKind,
  type UploadKind,
} from '../uploads/upload-policy';

/** Control characters and path separators have no place in a file name we echo in headers. */
const BAD_FILENAME = /[\u0000-\u001f\u007f/\\]/;

const tooLarge = (kind: UploadKind | null): HttpError => new HttpError(413, 'file_too_large', kind ? TOO_LARGE_SENTENCE[kind] : ANY_TOO_LARGE_SENTENCE);

function checkFilename(filename: string): void {
  if (filename.trim() === '' || charCount(filename) > MAX_UPLOAD_FILENAME_CHARS || BAD_FILENAME.test(filename)) {
    throw badRequest('invalid_filename', `The file name must be 1 to ${MAX_UPLOAD_FILENAME_CHARS} characters, without control characters or slashes.`);
  }
}

/** The kind of the declared type (or of the name's extension when none is declared); 415 when refused. */
function kindOf(filename: string, mime: string): UploadKind {
  const kind = uploadKind(effectiveUploadType(filename, mime));
  if (!kind) throw new HttpError(415, 'unsupported_type', UNSUPPORTED_TYPE_SENTENCE);
  return kind;
}

type Claims = Pick<UploadFields, 'visitor_id' | 'ticket'>;

/**
 * The visitor's claims of the query and of the body together (a client may name the visitor in
 * either); the same claim twice must say the same thing.
 */
function mergeClaims(query: Claims, body: Claims): Claims {
  for (const key of ['visitor_id', 'ticket'] as const) {
    if (query[key] !== undefined && body[key] !== undefined && query[key] !== body[key]) {
      throw badRequest('visitor_mismatch', `"${key}" differs between the query and the body: send it once.`);
    }
  }
  return { visitor_id: body.visitor_id ?? query.visitor_id, ticket: body.ticket ?? query.ticket };
}

/** Claims that more of the body cannot change: a ticket is there, or the entry checks none. */
const complete = (entry: ChatRequest['entry'], claims: Claims): boolean =>
  entry.ticketSecret === undefined ? claims.visitor_id !== undefined : claims.ticket !== undefined;

/** Who the visitor is: the ticket's, or the claimed id (400, 401 or 403 as resolveVisitor says). */
function visitorOf(entry: ChatRequest['entry'], claims: Claims): string {
  const visitorId = claims.visitor_id;
  if (visitorId !== undefined && !VISITOR_ID_PATTERN.test(visitorId)) throw badRequest('invalid_field', `"visitor_id" must match ${VISITOR_ID_PATTERN}.`);
  return resolveVisitor(entry, { visitorId, ticket: parseTicketField(claims) }, 'reject');
}

const UPLOAD_PATH = /^\/chat\/[^/]+\/upload\/?$/;

/** Whether the route decides itself when to tell the client to send its body (app.ts, `checkContinue`). */
export const decidesContinue = (path: string | undefined): boolean => UPLOAD_PATH.test((path ?? '').split('?')[0]!);

const expectsContinue = (req: ChatRequest['req']): boolean => req.headers.expect?.toLowerCase() === '100-continue';

/** The client went away before the body had all arrived: nobody to answer. */
class BodyAbandoned extends Error {}

/** Feeds the body to the parser as it arrives; on a refusal it stops parsing. */
function readUploadBody(req: ChatRequest['req'], parser: UploadBodyParser): Promise<UploadBody> {
  return new Promise((resolve, reject) => {
    const stop = (error: unknown): void => {
      req.off('data', onData);
      reject(error);
    };
    const onData = (chunk: Buffer): void => {
      try {
        parser.feed(chunk);
      } catch (error) {
        stop(error);
      }
    };
    req.on('data', onData);
    req.once('end', () => {
      try {
        resolve(parser.end());
      } catch (error) {
        reject(error);
      }
    });
    req.once('error', () => reject(new BodyAbandoned()));
    req.once('close', () => req.complete || reject(new BodyAbandoned()));
  });
}

/** What is still on its way is dropped, not kept; a body that has not all arrived within UPLOAD_LINGER_MS loses its connection. */
function dropRestOfBody(req: ChatRequest['req']): void {
  if (req.complete) return;
  const timer = setTimeout(() => req.complete || req.socket.destroy(), UPLOAD_LINGER_MS);
  timer.unref();
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

export const uploadFile: ChatHandler = async ({ app, req, res, url, entry, cors }) => {
  let bodyRead = false;
  try {
    if (!entry.appearance.upload) throw forbidden('upload_disabled', 'Sending files is turned off for this chat.');
    if (!isJsonContentType(req.headers['content-type'])) throw new HttpError(415, 'unsupported_media_type', 'Content-Type must be application/json.');
    const length = declaredLength(req, MAX_UPLOAD_BODY_BYTES, () => tooLarge(null));
    const address = addressKey(req.socket.remoteAddress);
    const addressScope = `${entry.key}\n${address}`;

    /** Whether one more file of `bytes` fits now; a null visitor is not known yet, and `counted` says the address's share applies (an anonymous visitor's). */
    const checkQuota = (visitorId: string | null, counted: boolean, bytes: number, now = app.now()): void => {
      const since = now - app.uploadQuota.windowMs;
      const quota = checkUploadQuota(
        visitorId === null ? NO_UPLOADS : app.store.uploadUsage(entry.key, visitorId, since),
        app.store.uploadUsage(entry.key, null, since),
        bytes,
        app.uploadQuota,
        now,
        counted ? app.addressUploads.usage(addressScope, now) : NO_UPLOADS,
      );
      if (!quota.ok) throw new HttpError(429, `upload_quota_${quota.scope}`, quota.sentence, { 'Retry-After': String(quota.retryAfterSeconds) });
    };

    // The query names the visitor (a client that knows to send it there): checked before the body.
    const query: Claims = {};
    for (const key of ['visitor_id', 'ticket'] as const) {
      const value = url.searchParams.get(key);
      if (value !== null) query[key] = value;
    }
    let early = complete(entry, query) ? visitorOf(entry, query) : undefined;
    // Without a ticket secret every visitor is anonymous, so the address's share is known to apply.
    checkQuota(early ?? null, early !== undefined ? !isTicketVisitor(early) : entry.ticketSecret === undefined, 1);
    const release = app.clientLimits.openUpload(address);
    res.once('close', release);
    // A client that asked before sending its body (`Expect: 100-continue`, as curl does for large
    // ones) hears "go on" only now: every refusal above came without a byte of the file sent.
    if (expectsContinue(req)) res.writeContinue();

    let kind: UploadKind | null = null;
    const parser = new UploadBodyParser(length, {
      dataStart(fields: Readonly<UploadFields>): number {
        if (fields.filename !== undefined) checkFilename(fields.filename);
        if (fields.mime) kind = kindOf(fields.filename ?? '', fields.mime);
        const claims = mergeClaims(query, fields);
        if (early === undefined && complete(entry, claims)) early = visitorOf(entry, claims);
        if (early !== undefined) checkQuota(early, !isTicketVisitor(early), 1);
        return kind ? UPLOAD_MAX_BYTES[kind] : MAX_FILE_UPLOAD_BYTES;
      },
      tooLarge: () => tooLarge(kind),
    });
    const { fields, data } = await readUploadBody(req, parser);
    bodyRead = true;

    const visitorId = visitorOf(entry, mergeClaims(query, fields));
    if (fields.filename === undefined) throw badRequest('missing_field', '"filename" is required.');
    checkFilename(fields.filename);
    const mime = effectiveUploadType(fields.filename, fields.mime ?? '');
    const fileKind = kindOf(fields.filename, fields.mime ?? '');
    if (data === undefined) throw badRequest('missing_field', '"data_base64" is required.');
    if (data.length > UPLOAD_MAX_BYTES[fileKind]) throw tooLarge(fileKind);
    if (data.length === 0) throw badRequest('empty_file', 'The file is empty.');

    // Usage, decision and insert run without an await between them: no other upload can slip in.
    const counted = !isTicketVisitor(visitorId);
    const now = app.now();
    checkQuota(visitorId, counted, data.length, now);
    const id = newUploadId();
    app.store.addUpload({ id, entry: entry.key, visitorId, filename: fields.filename, mime, data, createdAt: now });
    if (counted) app.addressUploads.record(addressScope, data.length, now);
    sendJson(res, 200, { ok: true, url: `${app.origin()}/uploads/${id}`, name: fields.filename, type: fileKind }, cors);
  } catch (error) {
    if (error instanceof BodyAbandoned) return;
    // A refusal before the body has all arrived: none of it is kept (a length refused outright
    // closes the connection at once, as its answer says).
    if (!bodyRead && !(error instanceof HttpError && error.headers.Connection === 'close')) dropRestOfBody(req);
    throw error;
  }
};
