// The node:http shell of the Petstore fake (petstore.ts) and the spec it answers to:
// `GET /petstore/openapi.yaml` (examples/pages/petstore.yaml, which the static files do not serve:
// they serve no .yaml), and the API under /petstore/v1. Same origin as the demo pages, so no CORS.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { HttpError } from '../http-error';
import { readJsonObject, sendJson } from '../http-io';
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
  if (req.method == 'POST') {
    try {
      body = await readJsonObject(req, PETSTORE_LIMITS.bodyBytes);
    } catch (error) {
      // The spec's Error shape, not the chat's.
      if (error instanceof HttpError) return sendJson(res, error.status, { code: error.status, message: error.message }, error.headers);
      throw error;
    }
  }
  const answer = fake.handle(req.method ?? 'GET', url.pathname.slice(PETSTORE_API_PATH.length), url.searchParams, req.headers, body);
  if (answer.body === undefined) {
    res.writeHead(answer.status, { ...answer.headers, 'Cache-Control': 'no-store', 'Content-Length': 0 });
    res.end();
    return;
  }
  sendJson(res, answer.status, answer.body, answer.headers);
}
