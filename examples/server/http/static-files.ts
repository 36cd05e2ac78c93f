// Static files: what a host page and the demo need, nothing else. The demo pages and their
// assets, the widget (/widget.js, its language files at /i18n/ and the split build at /split/), the chart adapters
// (/renderers/) and an explicit vendor allow-list; the browser tests' pages (/e2e/) and the builds
// they load from /dist/ only when the server is started for them (`testPages`). Never the
// server's own bundle or its source map (dist/server/: its code, paths and comments), type
// declarations, TypeScript sources, settings (JSON) or databases: only files whose extension is
// in CONTENT_TYPES are served. Resolution is pure (path in, file out) and refuses anything that
// could climb out of its folder, encoded or not.
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { isCompressible, pickEncoding, type CompressedFiles } from './compression';

/** `/vendor/<name>/<path>` → `node_modules/<folder>/<path>`, only for packages listed here. */
export const VENDOR_FILES: Readonly<Record<string, string>> = Object.freeze({
  // The chart libraries the demo page loads for the host chart adapters (DESIGN.md §8.2).
  echarts: 'echarts',
  mermaid: 'mermaid',
  vega: 'vega',
  'vega-lite': 'vega-lite',
  'vega-embed': 'vega-embed',
});

/**
 * Under /dist/ (browser tests only): the client builds. dist/server/ and dist/types/ are not
 * listed, so they are never reachable; dist/e2e/ holds a harness a browser test bundles.
 */
export const TEST_DIST_FOLDERS: readonly string[] = Object.freeze(['esm', 'split', 'renderers', 'e2e', 'i18n']);
/** What is served at the root beside /widget.js: the script and the modules it fetches from beside itself. */
const ROOT_FILES: readonly string[] = Object.freeze(['widget.js', 'widget.js.map', 'ag-ui.js', 'ag-ui.js.map', 'code.js', 'code.js.map', 'math.js', 'math.js.map', 'packs.js', 'packs.js.map', 'openapi.js', 'openapi.js.map', 'jsx.js', 'jsx.js.map', 'sandbox-jsx.js', 'sandbox-jsx.js.map', 'mcp-apps.js', 'mcp-apps.js.map', 'mcp-sandbox.html', 'a2ui.js', 'a2ui.js.map']);
export const TEST_DIST_FILES: readonly string[] = ROOT_FILES;

export interface StaticSite {
  /** Also serve the browser tests' pages (/e2e/) and the builds under /dist/. Default false. */
  testPages: boolean;
  /** Seconds a browser may keep a script without asking again ({@link cacheControl}); default 0. */
  maxAgeSeconds?: number;
  /** Where compressed copies come from; without it every file is sent as it is. */
  compressed?: CompressedFiles;
  /**
   * The build's id ({@link buildIdOf}): `/v/<id>/widget.js` (and the rest beside it) is then kept a
   * year, immutable, because a new build has a new id. Another id serves today's files as usual.
   */
  buildId?: string;
}

/** Seconds a versioned file (`/v/<build id>/…`) is kept: a year. */
export const VERSIONED_MAX_AGE_SECONDS = 31_536_000;

/** The build's id: the first 12 hex digits of the SHA-256 of the two widget.js files, or undefined when not built. */
export function buildIdOf(rootDir: string): string | undefined {
  try {
    const hash = createHash('sha256');
    for (const file of ['dist/widget.js', 'dist/split/widget.js']) hash.update(readFileSync(join(rootDir, file)));
    return hash.digest('hex').slice(0, 12);
  } catch {
    return undefined;
  }
}

/**
 * The types served, by extension; a file with any other extension is not served at all. No
 * `.json` (package.json, entries.json), no `.ts`, no `.sqlite`: nothing a page needs.
 */
export const CONTENT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
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
  /** The build id of a versioned path (`/v/<id>/…`). */
  version?: string;
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
  // Only the types a page loads (`x.d.ts` ends in `.ts`, `chat.sqlite-wal` in `.sqlite-wal`).
  if (!Object.hasOwn(CONTENT_TYPES, extname(segments.at(-1)!).toLowerCase())) return null;
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

const PUBLIC_PREFIXES = ['pages', 'split', 'i18n', 'renderers', 'vendor', 'kit', 'v'];
const VERSIONED = /^\/v\/([0-9a-f]{6,64})(\/.+)$/;
const TEST_PREFIXES = ['e2e', 'dist'];
const PREFIXED = /^\/([a-z0-9]+)\/(.+)$/;

/** Maps a URL path to a file, or null when the path is not one we serve. */
export function resolveStaticPath(pathname: string, rootDir: string, site: StaticSite = { testPages: false }): StaticTarget | null {
  if (pathname === '/') return target(rootDir, 'examples/pages', 'index.html');
  if (ROOT_FILES.includes(pathname.slice(1))) return target(rootDir, 'dist', pathname.slice(1), true);
  // `/v/<build id>/widget.js` and what it fetches from beside itself: the root files, /i18n/ and /split/.
  const versioned = VERSIONED.exec(pathname);
  if (versioned) {
    const [, version, rest] = versioned as unknown as [string, string, string];
    const found = ROOT_FILES.includes(rest.slice(1)) || rest.startsWith('/split/') || rest.startsWith('/i18n/') ? resolveStaticPath(rest, rootDir) : null;
    return found && { ...found, version };
  }
  const prefixed = PREFIXED.exec(pathname);
  if (!prefixed) return null;
  const [, prefix, rest] = prefixed as unknown as [string, string, string];
  if (!PUBLIC_PREFIXES.includes(prefix) && !(site.testPages && TEST_PREFIXES.includes(prefix))) return null;
  switch (prefix) {
    case 'pages':
      return target(rootDir, 'examples/pages', rest);
    case 'split':
      // The split build: /split/widget.js and the modules it imports from beside itself on first
      // use (cross-origin: CORS, as for /widget.js).
      return target(rootDir, 'dist/split', rest, true);
    case 'i18n':
      // The language files /widget.js fetches from beside itself (cross-origin: CORS, as for it).
      return target(rootDir, 'dist/i18n', rest, true);
    case 'renderers':
      // The host chart adapters a page loads after its chart library.
      return target(rootDir, 'dist/renderers', rest, true);
    case 'kit':
      // The demo's kit for jsx views (examples/kit/), which a page's widget fetches.
      return target(rootDir, 'dist/kit', rest, true);
    case 'e2e':
      return target(rootDir, 'e2e/pages', rest);
    case 'dist': {
      const slash = rest.indexOf('/');
      const allowed = slash < 0 ? TEST_DIST_FILES.includes(rest) : TEST_DIST_FOLDERS.includes(rest.slice(0, slash));
      return allowed ? target(rootDir, 'dist', rest, true) : null;
    }
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
  const prefix = PREFIXED.exec(pathname)?.[1];
  return pathname === '/' || ROOT_FILES.includes(pathname.slice(1)) || (prefix !== undefined && [...PUBLIC_PREFIXES, ...TEST_PREFIXES].includes(prefix));
}

/**
 * How long a browser may use a file without asking again. Pages are always asked about (a 304
 * when unchanged); scripts and the rest are kept `maxAgeSeconds` and used a day longer while the
 * browser asks again in the background. 0 (the demo's and the tests') revalidates everything.
 */
export function cacheControl(type: string, maxAgeSeconds: number): string {
  if (maxAgeSeconds <= 0 || type.startsWith('text/html')) return 'no-cache';
  return `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;
}
export const STALE_WHILE_REVALIDATE_SECONDS = 86_400;

/** A validator for the file's version: a change of size or modification time makes a new one. */
const etagOf = (size: number, mtimeMs: number) => `W/"${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}"`;

/** Serves the file, or returns false when it does not exist (the caller answers 404). */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, t: StaticTarget, site: StaticSite = { testPages: false }): Promise<boolean> {
  let real: string;
  try {
    // Symlinks must not lead out of the folder either.
    const [realBase, realFile] = await Promise.all([realpath(t.base), realpath(t.file)]);
    if (!realFile.startsWith(realBase + sep)) return false;
    real = realFile;
  } catch {
    return false;
  }
  // A link named `x.js` must not serve what it points to under another type.
  const type = Object.hasOwn(CONTENT_TYPES, extname(real).toLowerCase()) ? CONTENT_TYPES[extname(real).toLowerCase()] : undefined;
  const info = await stat(real).catch(() => null);
  if (!type || !info?.isFile()) return false;
  const compressible = site.compressed !== undefined && isCompressible(type, info.size);
  const etag = etagOf(info.size, info.mtimeMs);
  const headers: Record<string, string | number> = {
    'Content-Type': type,
    'Cache-Control': t.version !== undefined && t.version === site.buildId ? `public, max-age=${VERSIONED_MAX_AGE_SECONDS}, immutable` : cacheControl(type, site.maxAgeSeconds ?? 0),
    ETag: etag,
    'Last-Modified': info.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
    ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
    ...(t.crossOrigin ? { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' } : {}),
  };
  const known = req.headers['if-none-match'];
  if (known !== undefined && known.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  const encoding = compressible ? pickEncoding(req.headers['accept-encoding']) : null;
  if (encoding && site.compressed) {
    const body = await site.compressed.get(real, info.size, info.mtimeMs, encoding).catch(() => null);
    if (body) {
      res.writeHead(200, { ...headers, 'Content-Encoding': encoding, 'Content-Length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    }
  }
  res.writeHead(200, { ...headers, 'Content-Length': info.size });
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
