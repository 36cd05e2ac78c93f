import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createCompressedFiles, isCompressible, pickEncoding } from './compression';

describe('pickEncoding', () => {
  it.each<[string | undefined, 'br' | 'gzip' | null]>([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.1, gzip;q=1', 'br'],
    ['gzip;q=0', null],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['*;q=0', null],
  ])('%j → %s', (accept, expected) => expect(pickEncoding(accept)).toBe(expected));
});

describe('isCompressible', () => {
  it.each<[string, number, boolean]>([
    ['text/javascript; charset=utf-8', 4096, true],
    ['text/javascript; charset=utf-8', 100, false],
    ['application/json; charset=utf-8', 4096, true],
    ['image/svg+xml', 4096, true],
    ['application/wasm', 4096, true],
    ['image/png', 4096, false],
    ['font/woff2', 4096, false],
  ])('%s of %d bytes: %s', (type, size, expected) => expect(isCompressible(type, size)).toBe(expected));
});

describe('createCompressedFiles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'compressed-'));
  const file = (name: string, text: string) => (writeFileSync(join(dir, name), text), join(dir, name));

  it('gives back the file in either encoding, made once per version', async () => {
    const text = 'const x = 1;\n'.repeat(500);
    const path = file('a.js', text);
    const copies = createCompressedFiles();
    const br = await copies.get(path, text.length, 1, 'br');
    expect(brotliDecompressSync(br).toString()).toBe(text);
    expect(gunzipSync(await copies.get(path, text.length, 1, 'gzip')).toString()).toBe(text);
    // The same version: the same copy, not made again.
    expect(await copies.get(path, text.length, 1, 'br')).toBe(br);
    // Another version (the file was rebuilt): made from the file as it is now.
    writeFileSync(path, 'let y = 2;\n'.repeat(500));
    expect(brotliDecompressSync(await copies.get(path, text.length, 2, 'br')).toString()).toBe('let y = 2;\n'.repeat(500));
  });

  it('keeps within its byte cap, dropping the least recently used copy', async () => {
    const paths = ['b', 'c', 'd'].map((n) => file(`${n}.js`, `${n};\n`.repeat(4000) + Math.random()));
    // Each copy is some tens of bytes (a few more or less with the random tail): a cap that holds the
    // first with either of the others, not all three (sized by the larger, or the third could push out the first too).
    const sizes = await Promise.all(paths.map((p) => createCompressedFiles().get(p, 0, 0, 'gzip').then((b) => b.length)));
    const copies = createCompressedFiles(sizes[0]! + Math.max(sizes[1]!, sizes[2]!) + 1);
    const first = await copies.get(paths[0]!, 0, 0, 'gzip');
    const second = await copies.get(paths[1]!, 0, 0, 'gzip');
    expect(await copies.get(paths[0]!, 0, 0, 'gzip')).toBe(first); // used again: to the back
    await copies.get(paths[2]!, 0, 0, 'gzip'); // over the cap: the least recently used (the second) goes
    expect(await copies.get(paths[0]!, 0, 0, 'gzip')).toBe(first);
    const remade = await copies.get(paths[1]!, 0, 0, 'gzip');
    expect(remade).not.toBe(second);
    expect(remade).toEqual(second);
  });
});
