// GET /uploads/:id: a stored upload, with its declared type and nothing the browser could sniff
// or run: non-images download as attachments, and the document is sandboxed either way.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { notFound } from '../http-error';
import type { Store } from '../store';

const UPLOAD_ID = /^u_[A-Za-z0-9_-]{24}$/;

export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export function serveUpload(req: IncomingMessage, res: ServerResponse, store: Store, id: string): void {
  const upload = UPLOAD_ID.test(id) ? store.getUpload(id) : undefined;
  if (!upload) throw notFound('No such upload.', 'unknown_upload');
  const isImage = upload.mime.startsWith('image/');
  res.writeHead(200, {
    'Content-Type': upload.mime === 'text/plain' ? 'text/plain; charset=utf-8' : upload.mime,
    'Content-Length': upload.data.length,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'Cache-Control': 'private, max-age=86400',
    ...(isImage ? {} : { 'Content-Disposition': contentDisposition(upload.filename) }),
  });
  res.end(req.method === 'HEAD' ? undefined : upload.data);
}
