// The MCP Apps sandbox proxy page (dist/mcp-sandbox.html) on a port of its own: the spec's
// separate origin for pages that want it (`data-sandbox-origin`). It serves that one page and
// nothing else, sets no cookie, and may be framed only by the chat server's own pages
// (`frame-ancestors`); it has no script-src of its own, so the view's document, which inherits
// the proxy's policy, is bound only by the CSP the widget built for it. On a loopback server it is
// named by `localhost` while the pages use 127.0.0.1: another site, so not even cookies are shared.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export const SANDBOX_PAGE = '/mcp-sandbox.html';

export interface RunningSandbox {
  /** Where the page is, e.g. `http://localhost:41234/mcp-sandbox.html`. */
  url: string;
  close(): Promise<void>;
}

/** The name pages reach the proxy by: another host name for a loopback address, else `host`. */
export const sandboxHostName = (host: string): string => (host === '127.0.0.1' ? 'localhost' : host === 'localhost' ? '127.0.0.1' : host);

export async function startSandboxServer(options: { rootDir: string; host: string; port: number; frameAncestors: () => string }): Promise<RunningSandbox> {
  const http = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path !== SANDBOX_PAGE || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    readFile(join(options.rootDir, 'dist', 'mcp-sandbox.html')).then(
      (page) => {
        res.writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': `frame-ancestors ${options.frameAncestors()}`,
          'Cache-Control': 'no-store',
          'Referrer-Policy': 'no-referrer',
          'X-Content-Type-Options': 'nosniff',
        });
        res.end(req.method === 'HEAD' ? undefined : page);
      },
      () => res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('dist/mcp-sandbox.html is missing: run node build.mjs'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const name = sandboxHostName(options.host);
  return {
    url: `http://${name.includes(':') ? `[${name}]` : name}:${port}${SANDBOX_PAGE}`,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}
