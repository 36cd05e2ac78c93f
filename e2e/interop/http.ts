// The thin Node shell the frameworks' fetch handlers are served from: 127.0.0.1, port 0, CORS for
// the widget's page (another origin: the reference server's), the request aborted when the
// browser goes away (Stop, reload) as a deployed runtime sees it, and a close that ends every
// open stream so a worker stops by itself.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningAgentServer {
  /** Origin of the server, e.g. `http://127.0.0.1:41234`. */
  url: string;
  close(): Promise<void>;
}

/** Headers the widget sends with a run (backend.ts): its preflight must allow them. */
const ALLOWED_HEADERS = 'content-type, accept';

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function serveFetchHandler(handler: (request: Request) => Promise<Response>): Promise<RunningAgentServer> {
  const server = createServer(async (req, res) => {
    const cors = { 'access-control-allow-origin': req.headers.origin ?? '*', vary: 'origin' };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...cors, 'access-control-allow-methods': 'POST, GET, OPTIONS', 'access-control-allow-headers': ALLOWED_HEADERS, 'access-control-max-age': '600' });
      return res.end();
    }
    const aborted = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) aborted.abort();
    });
    try {
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await bodyOf(req);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const response = await handler(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body: body ? new Uint8Array(body) : undefined, signal: aborted.signal }));
      res.writeHead(response.status, { ...Object.fromEntries(response.headers), ...cors });
      if (!response.body) return res.end();
      const reader = response.body.getReader();
      aborted.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        res.write(value);
      }
      res.end();
    } catch (error) {
      if (aborted.signal.aborted) return;
      if (!res.headersSent) res.writeHead(500, { ...cors, 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
