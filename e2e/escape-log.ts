// A second local server for the sandbox escape tests: another origin (127.0.0.1 on its own port)
// that answers every kind of request a view might try (an image, a font, a stylesheet, a script,
// a page, an event stream, a WebSocket upgrade) and logs every hit. A test first proves it sees a
// hit (the same attempt made without the sandbox), then that a view's attempt leaves no trace.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Hit {
  method: string;
  path: string;
}

export interface EscapeLog {
  /** `http://127.0.0.1:<port>` */
  url: string;
  hits: Hit[];
  /** TCP connections accepted, requests or not (a blocked frame may still connect). */
  connections(): number;
  /** Whether any hit's path starts with `prefix`. */
  saw(prefix: string): boolean;
  close(): Promise<void>;
}

/** 1×1 transparent GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * What each path prefix answers. `/page` is a document whose script reports `/ran<path>` when it
 * runs: proof that a navigated frame ran script (or, under the sandbox, did not).
 */
function answer(path: string): [string, string | Buffer] {
  if (path.startsWith('/img')) return ['image/gif', GIF];
  if (path.startsWith('/css')) return ['text/css', 'body{}'];
  if (path.startsWith('/font')) return ['font/woff2', 'not really a font'];
  if (path.startsWith('/js')) return ['text/javascript', 'void 0;'];
  if (path.startsWith('/sse')) return ['text/event-stream', 'data: hi\n\n'];
  if (path.startsWith('/page')) return ['text/html', `<!doctype html><p>escaped</p><script>new Image().src = '/ran' + location.pathname</script>`];
  return ['text/plain', 'ok'];
}

export async function startEscapeLog(): Promise<EscapeLog> {
  const hits: Hit[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const log = (req: IncomingMessage, method = req.method ?? '?') => hits.push({ method, path: req.url ?? '' });
  const server = createServer((req, res) => {
    // The browser's own request for a top-level page's icon (the controls' popups), which can
    // land after a test has moved on. A view cannot cause one without opening a page, and that
    // page's own request is logged.
    if (req.url !== '/favicon.ico') log(req);
    const [type, body] = answer(req.url ?? '/');
    // Permissive on purpose: when a request is refused, the browser refused it, not this server.
    res.writeHead(200, { 'Content-Type': type, 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin', 'Cache-Control': 'no-store' });
    res.end(body);
  });
  server.on('connection', (socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (req, socket) => {
    log(req, 'UPGRADE');
    // A completed handshake, then a close frame: a refused handshake would count as a failure
    // that Chromium's WebSocket throttle answers by delaying the next connection to this server
    // by seconds, and the controls of later tests would then time out waiting for the hit.
    const accept = createHash('sha1').update(`${req.headers['sec-websocket-key'] ?? ''}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    socket.end(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n` + '\x88\x00', 'latin1');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    connections: () => connections,
    saw: (prefix) => hits.some((hit) => hit.path.startsWith(prefix)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
