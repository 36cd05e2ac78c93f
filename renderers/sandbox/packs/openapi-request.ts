// The request of an OpenAPI pack's call (openapi.ts): a view's params checked against the
// operation (names, values, the body's shape) and built into a URL under the pack's base URL.

import { PACK_LIMITS, type OpenApiMethod } from './limits';
import type { Operation } from './openapi-operations';
import { isRecord } from './openapi-spec';

/** What a call sends: built from the checked params, before the owner's headers and credentials are added. */
export interface ApiRequest {
  method: OpenApiMethod;
  url: string;
  /** The view's header parameters (checked names and values). */
  headers?: Record<string, string>;
  /** The body's media type, when the operation takes a body and the view gave one. */
  contentType?: string;
  /** The body as text (JSON, a URL-encoded form, plain text). */
  body?: string;
  /** A multipart form's text fields, in order (the browser writes the boundary). */
  fields?: [string, string][];
}

/** Sends one request with the owner's headers and reads the answer within `maxBytes` (openapi-http.ts). */
export type ApiSend = (request: ApiRequest, headers: Readonly<Record<string, string>>, maxBytes: number, signal: AbortSignal) => Promise<unknown>;

const scalar = (value: unknown) => typeof value == 'string' || typeof value == 'boolean' || (typeof value == 'number' && Number.isFinite(value));
/**
 * A header value a view may give: no CR or LF (a second header, or a cut request), no other control
 * character, nothing beyond Latin-1 (fetch sends bytes; anything else throws there).
 */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** The fields of a form body: an object of strings, finite numbers, booleans, or lists of them (a field repeated). */
function formFields(fn: string, body: unknown): [string, string][] | string {
  if (!isRecord(body)) return `${fn}: params.body must be an object of form fields (strings, numbers, booleans, or lists of them)`;
  const fields: [string, string][] = [];
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    // A file cannot come from a view (what crosses the port is JSON data), nor can an object.
    if (!values.every(scalar)) return `${fn}: params.body.${name.slice(0, 40)} must be a string, a number, a boolean or a list of them (a form field; no files, no objects)`;
    for (const v of values) fields.push([name, String(v)]);
  }
  return fields;
}

/**
 * Whether a path parameter's value stays the one segment the operation declares, whoever decodes
 * the URL on the way. Encoding is not enough: `..%2Fadmin` reaches the API as `..%252Fadmin` from
 * us, but a `/` or `%` a view chose is `%2F` on the wire, and a proxy that decodes it before routing
 * (many do) serves another route with the owner's key; `\` is a slash to some servers; `.` and `..`
 * stay as they are in encodeURIComponent, and URL parsing moves up the path for them.
 */
const isPathSegment = (value: string): boolean => !/[/\\%\p{Cc}]/u.test(value) && value != '.' && value != '..';

/**
 * Checks a view's `params` for `op` and builds its request under `base`. Rejects unknown keys, a
 * missing path or required parameter, values that are not strings, finite numbers or booleans
 * (or, for a query or a header, a list of them), a header value holding a line break, a control
 * character or more than Latin-1, and a body for an operation that takes none or of the wrong
 * shape for its media type (JSON: any JSON data; a form: flat fields; text: a string). The URL is
 * checked to be under `base` (same origin, same path prefix).
 */
export function buildRequest(fn: string, op: Operation, base: URL, args: readonly unknown[]): { ok: true; request: ApiRequest } | { ok: false; reason: string } {
  if (args.length > 1) return { ok: false, reason: `${fn} takes one params object; it was called with ${args.length} arguments` };
  const params = args[0] ?? {};
  if (!isRecord(params)) return { ok: false, reason: `${fn}: params must be an object` };
  const known = [...op.params.map((p) => p.name), ...(op.body ? ['body'] : [])];
  const unknown = Object.keys(params).find((name) => !known.includes(name));
  if (unknown) return { ok: false, reason: `${fn}: unknown parameter ${JSON.stringify(unknown.slice(0, 40))}${known.length ? ` (known: ${known.join(', ')})` : ' (it takes none)'}` };
  let path = op.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const p of op.params) {
    const value = params[p.name];
    if (value === undefined || value === null) {
      if (p.required) return { ok: false, reason: `${fn}: params.${p.name} is required (a ${p.in} parameter)` };
      continue;
    }
    if (p.in == 'path') {
      if (!scalar(value) || value === '') return { ok: false, reason: `${fn}: params.${p.name} must be a non-empty string, a number or a boolean` };
      if (!isPathSegment(String(value))) return { ok: false, reason: `${fn}: params.${p.name} must stay one path segment: no /, \\, %, control characters, and not . or ..` };
      path = path.split(`{${p.name}}`).join(encodeURIComponent(String(value)));
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    if (!values.every(scalar)) return { ok: false, reason: `${fn}: params.${p.name} must be a string, a number, a boolean or a list of them` };
    if (p.in == 'query') for (const v of values) query.append(p.name, String(v));
    else {
      // OpenAPI's `simple` style: a list is its items joined by commas.
      const text = values.map(String).join(',');
      if (!HEADER_VALUE.test(text)) return { ok: false, reason: `${fn}: params.${p.name} (a header) must not contain a line break, a control character or a character beyond Latin-1` };
      if (text.length > PACK_LIMITS.headerValueChars) return { ok: false, reason: `${fn}: params.${p.name} (a header) is longer than ${PACK_LIMITS.headerValueChars} characters` };
      headers[p.name] = text;
    }
  }
  const basePath = base.pathname.replace(/\/$/, '');
  const url = new URL(base.origin + basePath + path);
  for (const [name, value] of query) url.searchParams.append(name, value);
  if (url.origin != base.origin || !url.pathname.startsWith(basePath + '/')) {
    return { ok: false, reason: `${fn}: the parameters lead outside the API's base URL` };
  }
  const request: ApiRequest = { method: op.method, url: url.href };
  if (Object.keys(headers).length) request.headers = headers;
  const body = params.body;
  if (op.body && body === undefined && op.body.required) return { ok: false, reason: `${fn}: params.body is required (${op.body.type})` };
  if (op.body && body !== undefined) {
    request.contentType = op.body.type;
    if (op.body.kind == 'json') request.body = JSON.stringify(body);
    else if (op.body.kind == 'text') {
      if (typeof body != 'string') return { ok: false, reason: `${fn}: params.body must be a string (the body is ${op.body.type})` };
      request.body = body;
    } else {
      const fields = formFields(fn, body);
      if (typeof fields == 'string') return { ok: false, reason: fields };
      if (op.body.kind == 'form') request.body = new URLSearchParams(fields).toString();
      else request.fields = fields;
    }
  }
  return { ok: true, request };
}
