// GET /uploads/:id: a stored upload, with nothing the browser could sniff or run. Only image
// and audio types show inline; every other type downloads (upload-policy.ts `servedHeaders`),
// and the response is a sandboxed document with no sources either way, so even a file that lies
// about its type cannot run script on our origin.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { notFound } from '../../http/http-error';
import type { Store } from '../../storage/store';
import { servedHeaders } from '../uploads/upload-policy';

const UPLOAD_ID = /^u_[A-Za-z0-9_-]{24}$/;

/** The headers every file we serve from our origin on a visitor's behalf carries. */
export const UNTRUSTED_FILE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'X-Content-Type-Options': 'nosniff',
  // `sandbox` gives the document an opaque origin and no scripts; the rest blocks every
  // subresource but the file itself, which an image or media document shows.
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
  'Cross-Origin-Resource-Policy': 'cross-origin',
});

export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export function serveUpload(req: IncomingMessage, res: ServerResponse, store: Store, id: string): void {
  const upload = UPLOAD_ID.test(id) ? store.getUpload(id) : undefined;
  if (!upload) throw notFound('This file is no longer available.', 'unknown_upload');
  const served = servedHeaders(upload.mime);
  res.writeHead(200, {
    ...UNTRUSTED_FILE_HEADERS,
    'Content-Type': served.contentType,
    'Content-Length': upload.data.length,
    'Content-Disposition': contentDisposition(served.disposition, upload.filename),
    'Cache-Control': 'private, max-age=86400',
  });
  res.end(req.method === 'HEAD' ? undefined : upload.data);
}
