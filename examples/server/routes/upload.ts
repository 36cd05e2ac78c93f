// POST /chat/:entry/upload: a visitor's file, base64 in JSON, kept in SQLite and served back
// from /uploads/:id. Only for entries whose config turns uploads on.
import type { ChatHandler } from '../app-context';
import { charCount, optionalMatching, rejectUnknownKeys, requiredString } from '../fields';
import { HttpError, badRequest, forbidden } from '../http-error';
import { readJsonObject, sendJson } from '../http-io';
import { newUploadId } from '../ids';
import { resolveVisitor } from '../identity';
import { parseTicketField } from '../job-request';
import { MAX_UPLOAD_BODY_BYTES, MAX_UPLOAD_BYTES, MAX_UPLOAD_FILENAME_CHARS, UPLOAD_MIME_TYPES, VISITOR_ID_PATTERN } from '../limits';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?$/;
/** Control characters and path separators have no place in a file name we echo in headers. */
const BAD_FILENAME = /[\u0000-\u001f\u007f/\\]/;

export function decodedBase64Length(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

/** The public URL of an upload, on the host the client used to reach us. */
function uploadUrl(host: string | undefined, fallbackOrigin: string, id: string): string {
  const origin = host && /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-fA-F:]+\](?::\d{1,5})?$/.test(host) ? `http://${host}` : fallbackOrigin;
  return `${origin}/uploads/${id}`;
}

export const uploadFile: ChatHandler = async ({ app, req, res, entry, cors }) => {
  if (!entry.appearance.upload) throw forbidden('upload_disabled', 'Uploads are turned off for this entry.');
  const body = await readJsonObject(req, MAX_UPLOAD_BODY_BYTES);
  rejectUnknownKeys(body, ['filename', 'mime', 'data_base64', 'visitor_id', 'ticket']);
  const visitorId = resolveVisitor(
    entry,
    { visitorId: optionalMatching(body, 'visitor_id', VISITOR_ID_PATTERN), ticket: parseTicketField(body) },
    'reject',
  );

  const filename = requiredString(body, 'filename');
  if (filename.trim() === '' || charCount(filename) > MAX_UPLOAD_FILENAME_CHARS || BAD_FILENAME.test(filename)) {
    throw badRequest('invalid_field', `"filename" must be 1 to ${MAX_UPLOAD_FILENAME_CHARS} characters without control characters or slashes.`);
  }
  const mime = requiredString(body, 'mime');
  if (!UPLOAD_MIME_TYPES.includes(mime)) {
    throw badRequest('unsupported_type', `"mime" must be one of ${UPLOAD_MIME_TYPES.join(', ')}.`);
  }
  const data = requiredString(body, 'data_base64');
  if (!BASE64.test(data)) throw badRequest('invalid_field', '"data_base64" must be base64.');
  if (decodedBase64Length(data) > MAX_UPLOAD_BYTES) {
    throw new HttpError(413, 'file_too_large', `The file must be at most ${MAX_UPLOAD_BYTES} bytes.`);
  }
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length === 0) throw badRequest('invalid_field', 'The file is empty.');

  const id = newUploadId();
  app.store.addUpload({ id, entry: entry.key, visitorId, filename, mime, data: bytes, createdAt: Date.now() });
  sendJson(res, 200, { ok: true, url: uploadUrl(req.headers.host, app.origin(), id), name: filename, type: mime }, cors);
};
