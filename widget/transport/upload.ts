// `POST /chat/:entry/upload` (DESIGN.md §4): one file as base64 inside JSON, answered with
// `{ok, url, name, type}`. Part of the uploader module (widget/attachments/uploader.ts), so the core carries
// none of it. Everything the hub answers is checked before use: it is data from the network.
import type { Attachment, AttachmentKind } from '../types';
import { kindOfMime } from '../attachments/upload-policy';
import { BailingHttpError } from './errors';

/** The hub's body: the file as base64 inside JSON. */
export interface UploadBody {
  filename: string;
  mime: string;
  data_base64: string;
  visitor_id: string;
  ticket?: string;
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** The share of the request body sent so far, 0 to 1. */
  onProgress?(sent: number): void;
  /** What the file is, for a server that does not say (`type` missing or a mime type). */
  kind: AttachmentKind;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An http(s) URL, or `null`. A path starting with one `/` is the hub's own (resolved against `base`), as the hub's widget reads it. */
export function httpUrl(value: unknown, base?: string): URL | null {
  if (typeof value !== 'string') return null;
  try {
    const url = base && /^\/(?!\/)/.test(value) ? new URL(value, base) : new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The attachment a 2xx answer names, or what is wrong with it. The hub says `type` is `image`,
 * `audio` or `file`; a server that answers with the file's mime type (or none) gets the kind
 * derived from it, then from what was sent.
 */
export function parseUploadResponse(json: unknown, sent: { name: string; kind: AttachmentKind }, base?: string): Attachment | string {
  if (!isObject(json)) return 'expected a JSON object';
  if (json.ok === false) return '"ok" is false';
  // The URL goes into the message and into <img src>: nothing but http(s).
  const url = httpUrl(json.url, base);
  if (!url) return '"url" must be an http(s) URL';
  const said = typeof json.type === 'string' ? json.type : '';
  const type = said === 'image' || said === 'audio' || said === 'file' ? said : kindOfMime(said) || sent.kind;
  const name = typeof json.name === 'string' && json.name.trim() ? json.name : sent.name;
  return { type, url: url.href, name };
}

/**
 * Uploads one file to the entry's hub (`baseUrl` from resolveApiBase); resolves with the attachment
 * to send. Rejects with a {@link BailingHttpError} as every hub request does: status 0 when no
 * response came (the abort's reason or the network error as `cause`), the status and the parsed
 * body on a non-2xx (where `visitorMessage` finds the hub's sentence), the status and `detail` on
 * a 2xx of the wrong shape. XMLHttpRequest, not fetch: only it reports how much of a request body
 * has been sent.
 */
export function uploadFile(baseUrl: string, entry: string, body: UploadBody, { signal, onProgress, kind }: UploadOptions): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const url = `${baseUrl}/chat/${encodeURIComponent(entry)}/upload`;
    const fail = (status: number, details?: ConstructorParameters<typeof BailingHttpError>[3]) => reject(new BailingHttpError('POST', url, status, details));
    if (signal?.aborted) return fail(0, { cause: signal.reason });
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress?.(event.loaded / event.total);
    xhr.onerror = () => fail(0, { cause: new Error('network error') });
    xhr.onabort = () => fail(0, { cause: signal?.reason });
    xhr.onload = () => {
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status < 200 || xhr.status > 299) return fail(xhr.status, { body: json });
      const att = parseUploadResponse(json, { name: body.filename, kind }, baseUrl);
      if (typeof att === 'string') fail(xhr.status, { detail: att });
      else resolve(att);
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(JSON.stringify(body));
  });
}
