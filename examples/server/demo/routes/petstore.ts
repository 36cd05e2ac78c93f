// The node:http shell of the Petstore fake (petstore.ts) and the spec it answers to:
// `GET /petstore/openapi.yaml` (examples/pages/petstore.yaml, which the static files do not serve:
// they serve no .yaml), and the API under /petstore/v1. Same origin as the demo pages, so no CORS.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { HttpError } from '../../http/http-error';
import { readBody, readJsonObject, sendJson } from '../../http/http-io';
import { PETSTORE_API_PATH, PETSTORE_LIMITS, PETSTORE_SPEC_PATH, type PetstoreFake } from '../petstore';

export const isPetstorePath = (pathname: string): boolean => pathname == PETSTORE_SPEC_PATH || pathname.startsWith(PETSTORE_API_PATH + '/');

export async function handlePetstore(req: IncomingMessage, res: ServerResponse, url: URL, fake: PetstoreFake, rootDir: string): Promise<void> {
  if (url.pathname == PETSTORE_SPEC_PATH) {
    if (req.method != 'GET' && req.method != 'HEAD') throw new HttpError(405, 'method_not_allowed', 'Use GET here.', { Allow: 'GET' });
    const text = await readFile(join(rootDir, 'examples/pages/petstore.yaml'));
    res.writeHead(200, { 'Content-Type': 'application/yaml; charset=utf-8', 'Content-Length': text.length, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
    res.end(req.method == 'HEAD' ? undefined : text);
    return;
  }
  let body: unknown;
  if (req.method == 'POST' || req.method == 'PUT') {
    try {
      body = await readPetstoreBody(req);
    } catch (error) {
      // The spec's Error shape, not the chat's.
      if (error instanceof HttpError) return sendJson(res, error.status, { code: error.status, message: error.message }, error.headers);
      throw error;
    }
  }
  const answer = fake.handle(req.method ?? 'GET', url.pathname.slice(PETSTORE_API_PATH.length), url.searchParams, req.headers, body);
  if (answer.body === undefined || typeof answer.body == 'string') {
    const text = Buffer.from(answer.body ?? '', 'utf8');
    res.writeHead(answer.status, { ...answer.headers, 'Cache-Control': 'no-store', 'Content-Length': text.length, 'X-Content-Type-Options': 'nosniff' });
    res.end(text);
    return;
  }
  sendJson(res, answer.status, answer.body, answer.headers);
}

/**
 * A request body as the fake reads it (PetstoreFake.handle): a JSON object, a form's fields (a
 * URL-encoded one, or a multipart one parsed by the platform's Response.formData, text fields
 * only), or plain text. Another type is a 415.
 */
async function readPetstoreBody(req: IncomingMessage): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type == 'application/json') return readJsonObject(req, PETSTORE_LIMITS.bodyBytes);
  if (type != 'application/x-www-form-urlencoded' && type != 'multipart/form-data' && type != 'text/plain') {
    req.resume();
    throw new HttpError(415, 'unsupported_media_type', 'Send application/json, a form (URL-encoded or multipart) or text/plain.');
  }
  const raw = await readBody(req, PETSTORE_LIMITS.bodyBytes);
  if (type == 'text/plain') return raw.toString('utf8');
  if (type == 'application/x-www-form-urlencoded') return new URLSearchParams(raw.toString('utf8'));
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { 'Content-Type': req.headers['content-type']! } }).formData();
  } catch {
    throw new HttpError(400, 'invalid_body', 'The multipart body could not be read.');
  }
  const fields = new URLSearchParams();
  for (const [name, value] of form) {
    if (typeof value != 'string') throw new HttpError(400, 'invalid_body', `The field ${JSON.stringify(name.slice(0, 40))} is a file; the fake takes text fields only.`);
    fields.append(name, value);
  }
  return fields;
}
