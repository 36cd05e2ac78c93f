// POST /chat/:entry/upload: a visitor's file, base64 in JSON (`{filename, mime, data_base64,
// visitor_id, ticket?}`), kept in SQLite and served back from /uploads/:id. The hub's contract:
// `{ok: true, url, name, type}` with `type` one of image, audio, file; its types and size limits
// (upload-policy.ts); refusals 413 and 415 with a sentence the visitor can read. On top, per-visitor
// and per-entry quotas (upload-quota.ts). Only for entries whose config turns uploads on.
import type { ChatHandler } from '../app-context';
import { charCount, optionalMatching, optionalString, rejectUnknownKeys, requiredString } from '../fields';
import { HttpError, badRequest, forbidden } from '../http-error';
import { readJsonObject, sendJson } from '../http-io';
import { newUploadId } from '../ids';
import { resolveVisitor } from '../identity';
import { parseTicketField } from '../job-request';
import { MAX_UPLOAD_BODY_BYTES, MAX_UPLOAD_FILENAME_CHARS, VISITOR_ID_PATTERN } from '../limits';
import { checkUploadQuota } from '../upload-quota';
import { ANY_TOO_LARGE_SENTENCE, TOO_LARGE_SENTENCE, UNSUPPORTED_TYPE_SENTENCE, UPLOAD_MAX_BYTES, effectiveUploadType, uploadKind } from '../upload-policy';

/** One pass, no nested quantifiers: a 27 MB body must not cost a backtracking regex its stack. */
const BASE64_CHARS = /^[A-Za-z0-9+/]*={0,2}$/;

export function isBase64(data: string): boolean {
  if (!BASE64_CHARS.test(data)) return false;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  // Padded text comes in whole quads; unpadded text never leaves a single character over.
  return padding > 0 ? data.length % 4 === 0 : data.length % 4 !== 1;
}
/** Control characters and path separators have no place in a file name we echo in headers. */
const BAD_FILENAME = /[\u0000-\u001f\u007f/\\]/;

export function decodedBase64Length(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

/** The body, with its 413 worded for the visitor: a body this large is a file this large. */
async function readUploadBody(req: Parameters<ChatHandler>[0]['req']): Promise<Record<string, unknown>> {
  try {
    return await readJsonObject(req, MAX_UPLOAD_BODY_BYTES);
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) {
      throw new HttpError(413, 'file_too_large', ANY_TOO_LARGE_SENTENCE, error.headers);
    }
    throw error;
  }
}

export const uploadFile: ChatHandler = async ({ app, req, res, entry, cors }) => {
  if (!entry.appearance.upload) throw forbidden('upload_disabled', 'Sending files is turned off for this chat.');
  const body = await readUploadBody(req);
  rejectUnknownKeys(body, ['filename', 'mime', 'data_base64', 'visitor_id', 'ticket']);
  const visitorId = resolveVisitor(
    entry,
    { visitorId: optionalMatching(body, 'visitor_id', VISITOR_ID_PATTERN), ticket: parseTicketField(body) },
    'reject',
  );

  const filename = requiredString(body, 'filename');
  if (filename.trim() === '' || charCount(filename) > MAX_UPLOAD_FILENAME_CHARS || BAD_FILENAME.test(filename)) {
    throw badRequest('invalid_filename', `The file name must be 1 to ${MAX_UPLOAD_FILENAME_CHARS} characters, without control characters or slashes.`);
  }
  // No declared type: the hub's guess from the extension (documents only).
  const mime = effectiveUploadType(filename, optionalString(body, 'mime') ?? '');
  const kind = uploadKind(mime);
  if (!kind) throw new HttpError(415, 'unsupported_type', UNSUPPORTED_TYPE_SENTENCE);

  const data = requiredString(body, 'data_base64');
  if (data === '') throw badRequest('empty_file', 'The file is empty.');
  if (!isBase64(data)) throw badRequest('invalid_file_data', 'The file could not be read: "data_base64" must be base64.');
  const size = decodedBase64Length(data);
  if (size > UPLOAD_MAX_BYTES[kind]) throw new HttpError(413, 'file_too_large', TOO_LARGE_SENTENCE[kind]);
  if (size === 0) throw badRequest('empty_file', 'The file is empty.');

  // Usage, decision and insert run without an await between them: no other upload can slip in.
  const now = app.now();
  const since = now - app.uploadQuota.windowMs;
  const quota = checkUploadQuota(
    app.store.uploadUsage(entry.key, visitorId, since),
    app.store.uploadUsage(entry.key, null, since),
    size,
    app.uploadQuota,
    now,
  );
  if (!quota.ok) {
    throw new HttpError(429, `upload_quota_${quota.scope}`, quota.sentence, { 'Retry-After': String(quota.retryAfterSeconds) });
  }
  const id = newUploadId();
  app.store.addUpload({ id, entry: entry.key, visitorId, filename, mime, data: Buffer.from(data, 'base64'), createdAt: now });
  const url = `${app.origin()}/uploads/${id}`;
  sendJson(res, 200, { ok: true, url, name: filename, type: kind }, cors);
};
