import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROOT_DIR, type RunningServer } from '../app';
import { buildIdOf, resolveStaticPath } from './static-files';
import { brotliDecompressSync } from 'node:zlib';
import { rawGet, startTestServer } from '../test-support';

/** A script worth compressing (2 KB and more): repetitive, as minified code is. */
const BIG_SCRIPT = Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n');

let server: RunningServer;
/** The same files with the browser tests' pages turned on (`testPages`). */
let testing: RunningServer;
let root: string;

function put(path: string, content: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'static-root-'));
  put('package.json', '{"secret": true}');
  put('examples/pages/index.html', '<!doctype html><title>Demo</title>');
  put('examples/pages/style.css', 'body { color: red }');
  put('examples/pages/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  put('examples/pages/.hidden', 'hidden');
  put('examples/pages/notes.ts', 'export const secret = 1');
  put('examples/pages/data.json', '{"secret": true}');
  put('examples/pages/chat.sqlite', 'SQLite format 3 secret');
  put('examples/server/entries.json', '{"secret": true}');
  put('dist/widget.js', 'console.log("widget")');
  put('dist/widget.js.map', '{"version":3}');
  put('dist/code.js', BIG_SCRIPT);
  put('dist/esm/index.js', 'export {}');
  put('dist/esm/charts.d.ts', 'export declare const secret: 1;');
  put('dist/split/widget.js', 'console.log("split widget")');
  put('dist/split/renderers/bailing-form.js', 'export const mount = 1');
  put('dist/i18n/ja.js', 'export default[]');
  put('dist/renderers/echarts.js', 'console.log("echarts adapter")');
  put('dist/server/main.js', 'const secret = "server bundle"');
  put('dist/server/main.js.map', '{"secret": "server map"}');
  put('dist/types/widget/index.d.ts', 'export declare const secret: 1;');
  put('dist/e2e/form-harness.js', 'export const harness = 1');
  put('e2e/pages/form.html', '<!doctype html><title>E2E</title>');
  put('e2e/pages/form-harness.ts', 'export const secret = 1');
  put('node_modules/left-pad/index.js', 'module.exports = 1');
  put('node_modules/echarts/dist/echarts.min.js', 'window.echarts = {}');
  put('node_modules/echarts/package.json', '{"secret": true}');
  put('node_modules/echarts/src/echarts.ts', 'export const secret = 1');
  symlinkSync(join(root, 'package.json'), join(root, 'examples/pages/link.js'));
  [server, testing] = await Promise.all([startTestServer({ rootDir: root }), startTestServer({ rootDir: root, testPages: true })]);
});
afterAll(() => Promise.all([server.close(), testing.close()]));

/** What a host page and the demo need: the same with or without the browser tests' pages. */
const PUBLIC: [string, string, string][] = [
  ['/', 'text/html; charset=utf-8', '<title>Demo</title>'],
  ['/pages/index.html', 'text/html; charset=utf-8', '<title>Demo</title>'],
  ['/pages/style.css', 'text/css; charset=utf-8', 'color: red'],
  ['/pages/logo.svg', 'image/svg+xml', '<svg'],
  ['/widget.js', 'text/javascript; charset=utf-8', 'console.log("widget")'],
  ['/widget.js.map', 'application/json; charset=utf-8', '"version"'],
  ['/split/widget.js', 'text/javascript; charset=utf-8', 'console.log("split widget")'],
  ['/split/renderers/bailing-form.js', 'text/javascript; charset=utf-8', 'export const mount = 1'],
  ['/i18n/ja.js', 'text/javascript; charset=utf-8', 'export default[]'],
  ['/renderers/echarts.js', 'text/javascript; charset=utf-8', 'echarts adapter'],
  ['/vendor/echarts/dist/echarts.min.js', 'text/javascript; charset=utf-8', 'window.echarts'],
];

/** Only for the browser tests: their pages, and the builds they load from under /dist/. */
const TEST_ONLY: [string, string, string][] = [
  ['/e2e/form.html', 'text/html; charset=utf-8', '<title>E2E</title>'],
  ['/dist/widget.js', 'text/javascript; charset=utf-8', 'console.log("widget")'],
  ['/dist/esm/index.js', 'text/javascript; charset=utf-8', 'export {}'],
  ['/dist/e2e/form-harness.js', 'text/javascript; charset=utf-8', 'export const harness = 1'],
];

/** Never, with or without them: the server, sources, settings, data, and any way around that. */
const NEVER = [
  '/dist/server/main.js',
  '/dist/server/main.js.map',
  '/dist/types/widget/index.d.ts',
  '/dist/esm/charts.d.ts',
  '/e2e/form-harness.ts',
  '/pages/notes.ts',
  '/pages/data.json',
  '/pages/chat.sqlite',
  '/vendor/echarts/package.json',
  '/vendor/echarts/src/echarts.ts',
  '/package.json',
  '/examples/server/entries.json',
  '/server/main.js',
  '/pages/../package.json',
  '/pages/%2e%2e/package.json',
  '/pages/%2E%2E/%2E%2E/package.json',
  '/pages/..%2fpackage.json',
  '/pages/..%5cpackage.json',
  '/dist/..%2f..%2fpackage.json',
  '/dist/split/../server/main.js',
  '/e2e/../../package.json',
  '/pages/.hidden',
  '/pages/link.js',
  '/pages//etc/passwd',
  '/pages/%00index.html',
  '/node_modules/left-pad/index.js',
  '/vendor/left-pad/index.js',
  '/pages/missing.html',
  '/pages/',
  '/examples/pages/index.html',
];

const SECRETS = ['secret', 'hidden', 'module.exports', 'server bundle'];

describe('static files', () => {
  it.each(PUBLIC)('serves %s as %s, also with the test pages on', async (path, type, content) => {
    for (const target of [server, testing]) {
      const res = await fetch(`${target.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.text()).toContain(content);
    }
  });

  it.each(TEST_ONLY)('serves %s only with the test pages on', async (path, type, content) => {
    expect((await rawGet(server.url, path)).status).toBe(404);
    const res = await fetch(`${testing.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(await res.text()).toContain(content);
  });

  it.each(NEVER)('never serves %s', async (path) => {
    for (const target of [server, testing]) {
      const res = await rawGet(target.url, path);
      expect(res.status, `${path} with${target === testing ? '' : 'out'} test pages`).toBe(404);
      for (const secret of SECRETS) expect(res.body).not.toContain(secret);
    }
  });

  it('serves the widget cross-origin, kept an hour and revalidated', async () => {
    for (const url of [`${server.url}/widget.js`, `${testing.url}/dist/widget.js`]) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600, stale-while-revalidate=86400');
      expect(res.headers.get('etag')).toMatch(/^W\/"[0-9a-z]+-[0-9a-z]+"$/);
      expect(await res.text()).toBe('console.log("widget")');
    }
  });

  it('keeps a versioned widget (/v/<build id>/…) a year, immutable, with what it fetches beside itself; another id as usual', async () => {
    const id = buildIdOf(root)!;
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    const versioned = await startTestServer({ rootDir: root });
    try {
      for (const [path, body] of [['widget.js', 'console.log("widget")'], ['split/widget.js', 'console.log("split widget")'], ['split/renderers/bailing-form.js', 'export const mount = 1'], ['i18n/ja.js', 'export default[]']]) {
        const res = await fetch(`${versioned.url}/v/${id}/${path}`);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable');
        expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
        expect(await res.text()).toBe(body);
      }
      // An older build's id: today's file, kept as any other script.
      const old = await fetch(`${versioned.url}/v/0123456789ab/widget.js`);
      expect(old.headers.get('cache-control')).toBe('public, max-age=3600, stale-while-revalidate=86400');
      await old.text();
      for (const path of [`/v/${id}/pages/index.html`, `/v/${id}/../package.json`, `/v/${id}/%2e%2e/package.json`, `/v/${id}/esm/index.js`, `/v/nothex/widget.js`]) {
        expect((await rawGet(versioned.url, path)).status, path).toBe(404);
      }
    } finally {
      await versioned.close();
    }
  });

  it('asks about pages every time, and about everything in demo mode', async () => {
    expect((await fetch(`${server.url}/`)).headers.get('cache-control')).toBe('no-cache');
    const demo = await startTestServer({ rootDir: root, demo: true });
    try {
      expect((await fetch(`${demo.url}/widget.js`)).headers.get('cache-control')).toBe('no-cache');
    } finally {
      await demo.close();
    }
  });

  it('answers 304 to a request that names the current version, and 200 once the file changed', async () => {
    const first = await fetch(`${server.url}/pages/style.css`);
    const etag = first.headers.get('etag')!;
    await first.text();
    const again = await rawGet(server.url, '/pages/style.css', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    put('examples/pages/style.css', 'body { color: blue; background: white }');
    const changed = await rawGet(server.url, '/pages/style.css', { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body).toContain('color: blue');
  });

  it('sends brotli or gzip as the browser accepts them, and the same bytes once decoded', async () => {
    const script = BIG_SCRIPT;
    const get = (encoding: string) => fetch(`${server.url}/code.js`, { headers: { 'Accept-Encoding': encoding } });
    const cases: [string, string | null][] = [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['identity', null],
      ['*', 'br'],
    ];
    for (const [accept, expected] of cases) {
      const res = await get(accept);
      expect(res.headers.get('content-encoding'), accept).toBe(expected);
      expect(res.headers.get('vary'), accept).toBe('Accept-Encoding');
      // fetch decodes what it asked for: the page gets the file as written.
      expect(await res.text(), accept).toBe(script);
    }
    const raw = await rawGet(server.url, '/code.js', { 'Accept-Encoding': 'br' });
    expect(Number(raw.headers['content-length'])).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(raw.bodyBuffer).toString()).toBe(script);
  });

  it('sends a small file as it is', async () => {
    const res = await fetch(`${server.url}/widget.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    await res.text();
  });

  it('serves the split build and its modules cross-origin, as a host page loads them', async () => {
    for (const path of ['/split/widget.js', '/split/renderers/bailing-form.js', '/renderers/echarts.js']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
      await res.text();
    }
    expect((await rawGet(server.url, '/split/renderers/sandbox.js')).status).toBe(404);
  });

  it('answers HEAD without a body', async () => {
    const res = await fetch(`${server.url}/widget.js`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String('console.log("widget")'.length));
    expect(await res.text()).toBe('');
  });

  it('answers 405 for writes to static paths', async () => {
    const res = await fetch(`${server.url}/pages/index.html`, { method: 'POST' });
    expect(res.status).toBe(405);
  });
});

describe('resolveStaticPath', () => {
  const publicSite = { testPages: false };
  const testSite = { testPages: true };
  it.each<[string, { testPages: boolean }, Record<string, unknown> | null]>([
    ['/', publicSite, { file: '/r/examples/pages/index.html', crossOrigin: false }],
    ['/pages/a/b.html', publicSite, { file: '/r/examples/pages/a/b.html', crossOrigin: false }],
    ['/pages/a%20b.html', publicSite, { file: '/r/examples/pages/a b.html' }],
    ['/widget.js', publicSite, { file: '/r/dist/widget.js', crossOrigin: true }],
    ['/widget.js.map', publicSite, { file: '/r/dist/widget.js.map', crossOrigin: true }],
    ['/renderers/echarts.js', publicSite, { file: '/r/dist/renderers/echarts.js', crossOrigin: true }],
    ['/renderers/echarts.js.map', publicSite, { file: '/r/dist/renderers/echarts.js.map', crossOrigin: true }],
    ['/split/widget.js', publicSite, { file: '/r/dist/split/widget.js', crossOrigin: true }],
    ['/split/i18n/zh-CN.js', publicSite, { file: '/r/dist/split/i18n/zh-CN.js', crossOrigin: true }],
    // The language files beside /widget.js (Arabic, Spanish, Japanese) and beside the split build's.
    ['/i18n/ar.js', publicSite, { file: '/r/dist/i18n/ar.js', crossOrigin: true }],
    ['/i18n/../widget.js', publicSite, null],
    ['/split/i18n/es.js', publicSite, { file: '/r/dist/split/i18n/es.js', crossOrigin: true }],
    ['/dist/i18n/es.js', testSite, { file: '/r/dist/i18n/es.js', crossOrigin: true }],
    ['/dist/i18n/es.js', publicSite, null],
    ['/vendor/vega-lite/build/vega-lite.min.js', publicSite, { file: '/r/node_modules/vega-lite/build/vega-lite.min.js', crossOrigin: true }],
    ['/e2e/x.html', publicSite, null],
    ['/e2e/x.html', testSite, { file: '/r/e2e/pages/x.html' }],
    ['/dist/widget.js', publicSite, null],
    ['/dist/widget.js', testSite, { file: '/r/dist/widget.js', crossOrigin: true }],
    ['/dist/esm/charts.js', testSite, { file: '/r/dist/esm/charts.js' }],
    ['/dist/e2e/form-harness.js', testSite, { file: '/r/dist/e2e/form-harness.js' }],
    ['/dist/server/main.js', testSite, null],
    ['/dist/server/main.js.map', testSite, null],
    ['/dist/types/index.d.ts', testSite, null],
    ['/dist/package.json', testSite, null],
    ['/e2e/pages/form-harness.ts', testSite, null],
    ['/pages/app.ts', publicSite, null],
    ['/pages/app.mts', publicSite, null],
    ['/pages/x.d.ts', publicSite, null],
    ['/pages/chat.sqlite', publicSite, null],
    ['/pages/chat.sqlite-wal', publicSite, null],
    ['/pages/data.json', publicSite, null],
    ['/pages/README', publicSite, null],
    ['/split/../widget.js', publicSite, null],
    ['/renderers/../widget.js', publicSite, null],
    ['/pages/%E0%A4%A', publicSite, null],
    ['/vendor/left-pad/index.js', publicSite, null],
    ['/vendor/constructor/x.js', publicSite, null],
    ['/vendor/echarts/package.json', publicSite, null],
  ])('%s (test pages %o)', (path, site, expected) => {
    const target = resolveStaticPath(path, '/r', site);
    if (expected === null) expect(target).toBeNull();
    else expect(target).toMatchObject(expected);
  });
});

describe('the demo pages of the repository, as `npm start` serves them', () => {
  let real: RunningServer;
  beforeAll(async () => {
    real = await startTestServer({ rootDir: DEFAULT_ROOT_DIR });
  });
  afterAll(() => real.close());

  it('serves the AG-UI page, which loads the widget in AG-UI mode and defines the host tool the agent calls', async () => {
    const res = await fetch(`${real.url}/pages/ag-ui.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toMatch(/<script src="\/widget\.js" data-entry="demo_assistant" data-protocol="ag-ui" data-agent-url="\/agui\/demo_assistant"[^>]*>/);
    expect(html).toContain("name: 'get_page_info'");
    expect(html).toContain('window.BailingChat = {');
    // The index page links to it.
    expect(await (await fetch(`${real.url}/`)).text()).toContain('href="/pages/ag-ui.html"');
  });
});
