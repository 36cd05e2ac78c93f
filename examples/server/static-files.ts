// Static files: the demo pages, the built widget, the e2e pages and an explicit vendor
// allow-list. Nothing else on disk is reachable. Resolution is pure (path in, file out) and
// refuses anything that could climb out of its folder, encoded or not.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

/** `/vendor/<name>/<path>` → `node_modules/<folder>/<path>`, only for packages listed here. */
export const VENDOR_FILES: Readonly<Record<string, string>> = Object.freeze({
  // The chart libraries the demo page loads for the host chart adapters (DESIGN.md §8.2).
  echarts: 'echarts',
  mermaid: 'mermaid',
  vega: 'vega',
  'vega-lite': 'vega-lite',
  'vega-embed': 'vega-embed',
});

export const CONTENT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
});

export interface StaticTarget {
  /** Folder the file must stay inside. */
  base: string;
  file: string;
  /** The widget bundle is loaded cross-origin by host pages. */
  crossOrigin: boolean;
}

/** Encoded dots and slashes, backslashes and NUL are refused before decoding. */
const SUSPICIOUS = /%2e|%2f|%5c|%00|\\|\0/i;

function safeSegments(rest: string): string[] | null {
  if (SUSPICIOUS.test(rest)) return null;
  const segments: string[] = [];
  for (const raw of rest.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    // No empty segments, no `.`/`..`, no dotfiles.
    if (segment === '' || segment.startsWith('.') || /[\\/\0]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments;
}

function target(rootDir: string, folder: string, rest: string, crossOrigin = false): StaticTarget | null {
  const segments = safeSegments(rest);
  if (!segments) return null;
  const base = resolve(rootDir, folder);
  const file = resolve(base, ...segments);
  if (!file.startsWith(base + sep)) return null;
  return { base, file, crossOrigin };
}

/** Maps a URL path to a file, or null when the path is not one we serve. */
export function resolveStaticPath(pathname: string, rootDir: string): StaticTarget | null {
  if (pathname === '/') return target(rootDir, 'examples/pages', 'index.html');
  if (pathname === '/widget.js' || pathname === '/widget.js.map') return target(rootDir, 'dist', pathname.slice(1), true);
  const prefixed = /^\/(pages|dist|split|renderers|e2e|vendor)\/(.+)$/.exec(pathname);
  if (!prefixed) return null;
  const [, prefix, rest] = prefixed as unknown as [string, string, string];
  switch (prefix) {
    case 'pages':
      return target(rootDir, 'examples/pages', rest);
    case 'dist':
      return target(rootDir, 'dist', rest, true);
    case 'split':
      // The split build: /split/widget.js and the modules it imports from beside itself on first
      // use (cross-origin: CORS, as for /widget.js).
      return target(rootDir, 'dist/split', rest, true);
    case 'renderers':
      // The host chart adapters a page loads after its chart library.
      return target(rootDir, 'dist/renderers', rest, true);
    case 'e2e':
      return target(rootDir, 'e2e/pages', rest);
    default: {
      const slash = rest.indexOf('/');
      if (slash <= 0) return null;
      const folder = Object.hasOwn(VENDOR_FILES, rest.slice(0, slash)) ? VENDOR_FILES[rest.slice(0, slash)] : undefined;
      return folder === undefined ? null : target(rootDir, join('node_modules', folder), rest.slice(slash + 1), true);
    }
  }
}

/** True for the paths static files live under, so other methods there get 405, not 404. */
export function isStaticPath(pathname: string): boolean {
  return pathname === '/' || pathname === '/widget.js' || pathname === '/widget.js.map' || /^\/(pages|dist|split|renderers|e2e|vendor)\//.test(pathname);
}

/** Serves the file, or returns false when it does not exist (the caller answers 404). */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, t: StaticTarget): Promise<boolean> {
  let real: string;
  try {
    // Symlinks must not lead out of the folder either.
    const [realBase, realFile] = await Promise.all([realpath(t.base), realpath(t.file)]);
    if (!realFile.startsWith(realBase + sep)) return false;
    real = realFile;
  } catch {
    return false;
  }
  const info = await stat(real).catch(() => null);
  if (!info?.isFile()) return false;
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[extname(real).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': info.size,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    ...(t.crossOrigin ? { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' } : {}),
  });
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  await new Promise<void>((done) => {
    const stream = createReadStream(real);
    stream.once('error', () => {
      res.destroy();
      done();
    });
    stream.once('end', done);
    stream.pipe(res);
  });
  return true;
}
