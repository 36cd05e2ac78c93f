import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './app';
import { resolveStaticPath } from './static-files';
import { rawGet, startTestServer } from './test-support';

let server: RunningServer;
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
  put('dist/widget.js', 'console.log("widget")');
  put('dist/widget.js.map', '{"version":3}');
  put('dist/esm/index.mjs', 'export {}');
  put('dist/split/widget.js', 'console.log("split widget")');
  put('dist/split/renderers/bailing-form.js', 'export const mount = 1');
  put('e2e/pages/form.html', '<!doctype html><title>E2E</title>');
  put('node_modules/left-pad/index.js', 'module.exports = 1');
  symlinkSync(join(root, 'package.json'), join(root, 'examples/pages/link.json'));
  server = await startTestServer({ rootDir: root });
});
afterAll(() => server.close());

describe('static files', () => {
  it.each([
    ['/', 'text/html; charset=utf-8', '<title>Demo</title>'],
    ['/pages/index.html', 'text/html; charset=utf-8', '<title>Demo</title>'],
    ['/pages/style.css', 'text/css; charset=utf-8', 'color: red'],
    ['/pages/logo.svg', 'image/svg+xml', '<svg'],
    ['/e2e/form.html', 'text/html; charset=utf-8', '<title>E2E</title>'],
    ['/dist/esm/index.mjs', 'text/javascript; charset=utf-8', 'export {}'],
    ['/widget.js.map', 'application/json; charset=utf-8', '"version"'],
  ])('serves %s as %s', async (path, type, content) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toContain(content);
  });

  it('serves the widget cross-origin and uncached', async () => {
    for (const path of ['/widget.js', '/dist/widget.js']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe('console.log("widget")');
    }
  });

  it('serves the split build and its modules cross-origin, as a host page loads them', async () => {
    for (const [path, body] of [['/split/widget.js', 'console.log("split widget")'], ['/split/renderers/bailing-form.js', 'export const mount = 1']]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(await res.text()).toBe(body);
    }
    expect((await rawGet(server.url, '/split/renderers/sandbox.js')).status).toBe(404);
  });

  it('answers HEAD without a body', async () => {
    const res = await fetch(`${server.url}/widget.js`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String('console.log("widget")'.length));
    expect(await res.text()).toBe('');
  });

  it.each([
    '/pages/../package.json',
    '/pages/%2e%2e/package.json',
    '/pages/%2E%2E/%2E%2E/package.json',
    '/pages/..%2fpackage.json',
    '/pages/..%5cpackage.json',
    '/dist/..%2f..%2fpackage.json',
    '/e2e/../../package.json',
    '/pages/.hidden',
    '/pages/link.json',
    '/pages//etc/passwd',
    '/pages/%00index.html',
    '/package.json',
    '/node_modules/left-pad/index.js',
    '/vendor/left-pad/index.js',
    '/pages/missing.html',
    '/pages/',
    '/examples/pages/index.html',
  ])('never serves %s', async (path) => {
    const res = await rawGet(server.url, path);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('hidden');
    expect(res.body).not.toContain('module.exports');
  });

  it('answers 405 for writes to static paths', async () => {
    const res = await fetch(`${server.url}/pages/index.html`, { method: 'POST' });
    expect(res.status).toBe(405);
  });

  it('maps paths only inside their folders', () => {
    expect(resolveStaticPath('/pages/a/b.html', '/r')).toMatchObject({ file: '/r/examples/pages/a/b.html', crossOrigin: false });
    expect(resolveStaticPath('/e2e/x.html', '/r')).toMatchObject({ file: '/r/e2e/pages/x.html' });
    expect(resolveStaticPath('/widget.js', '/r')).toMatchObject({ file: '/r/dist/widget.js', crossOrigin: true });
    expect(resolveStaticPath('/renderers/echarts.js', '/r')).toMatchObject({ file: '/r/dist/renderers/echarts.js', crossOrigin: true });
    expect(resolveStaticPath('/split/widget.js', '/r')).toMatchObject({ file: '/r/dist/split/widget.js', crossOrigin: true });
    expect(resolveStaticPath('/split/renderers/bailing-form.js', '/r')).toMatchObject({ file: '/r/dist/split/renderers/bailing-form.js', crossOrigin: true });
    expect(resolveStaticPath('/split/i18n/zh-CN.js', '/r')).toMatchObject({ file: '/r/dist/split/i18n/zh-CN.js', crossOrigin: true });
    expect(resolveStaticPath('/split/../widget.js', '/r')).toBeNull();
    expect(resolveStaticPath('/i18n/zh-CN.js', '/r')).toBeNull();
    expect(resolveStaticPath('/renderers/../widget.js', '/r')).toBeNull();
    expect(resolveStaticPath('/pages/a%20b.html', '/r')).toMatchObject({ file: '/r/examples/pages/a b.html' });
    expect(resolveStaticPath('/pages/%E0%A4%A', '/r')).toBeNull();
    expect(resolveStaticPath('/vendor/left-pad/index.js', '/r')).toBeNull();
    expect(resolveStaticPath('/vendor/constructor/x.js', '/r')).toBeNull();
  });
});
