// GET /files/:name: the few files the demo agent links to (its "files" answer), from
// examples/server/demo/files. An explicit list, so nothing else in that folder is reachable.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { notFound } from '../http/http-error';
import { UNTRUSTED_FILE_HEADERS, contentDisposition } from '../hub/routes/uploads-get';

export const DEMO_FILES: Readonly<Record<string, string>> = Object.freeze({
  'acme-setup.pdf': 'application/pdf',
});

export const DEMO_FILES_PATH = '/files/';

export const demoFileUrl = (baseUrl: string, name: string): string => `${baseUrl}${DEMO_FILES_PATH}${name}`;

export async function serveDemoFile(req: IncomingMessage, res: ServerResponse, rootDir: string, name: string): Promise<void> {
  if (!Object.hasOwn(DEMO_FILES, name)) throw notFound();
  const data = await readFile(join(rootDir, 'examples/server/demo/files', name));
  res.writeHead(200, {
    // Downloads like a visitor's upload would: the same headers keep the demo honest.
    ...UNTRUSTED_FILE_HEADERS,
    'Content-Type': DEMO_FILES[name]!,
    'Content-Length': data.length,
    'Content-Disposition': contentDisposition('attachment', name),
    'Cache-Control': 'public, max-age=3600',
  });
  res.end(req.method === 'HEAD' ? undefined : data);
}
