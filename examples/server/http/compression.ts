// Compressed copies of the static files a page loads (widget.js is about 210 KB as written and
// 76 KB by gzip): brotli or gzip as the request's Accept-Encoding allows, made once per version of
// a file (its path, size and modification time) off the main thread and kept in memory within a
// byte cap, oldest out first.
import { promisify } from 'node:util';
import { readFile } from 'node:fs/promises';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Below this a compressed copy saves less than its headers cost. */
export const MIN_COMPRESSED_BYTES = 1024;
/** Brotli's best quality takes seconds on the largest vendor files (Mermaid: 3 MB); they get less. */
const BEST_QUALITY_MAX_BYTES = 1024 * 1024;
/** What the copies may hold in memory in all. */
export const COMPRESSED_CACHE_BYTES = 64 * 1024 * 1024;

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|wasm)|image\/svg\+xml)/;

export const isCompressible = (contentType: string, size: number): boolean => size >= MIN_COMPRESSED_BYTES && COMPRESSIBLE.test(contentType);

/**
 * The encoding to answer with: brotli where the client takes it, else gzip, else none (`null`).
 * `q=0` refuses a coding; `*` stands for any coding not named.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((w) => w !== undefined);
    if (name) q.set(name.trim(), weight === undefined ? 1 : Number(weight));
  }
  const accepts = (name: Encoding) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
}

const compressors = {
  br: (data: Buffer) =>
    promisify(brotliCompress)(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: data.length <= BEST_QUALITY_MAX_BYTES ? constants.BROTLI_MAX_QUALITY : 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gzip: (data: Buffer) => promisify(gzip)(data, { level: 9 }),
} satisfies Record<Encoding, (data: Buffer) => Promise<Buffer>>;

export interface CompressedFiles {
  /** The file's bytes in `encoding`, for the version `size` and `mtimeMs` name. */
  get(file: string, size: number, mtimeMs: number, encoding: Encoding): Promise<Buffer>;
}

export function createCompressedFiles(capBytes = COMPRESSED_CACHE_BYTES): CompressedFiles {
  const copies = new Map<string, Promise<Buffer>>();
  const sizes = new Map<string, number>();
  let held = 0;
  const forget = (key: string) => {
    copies.delete(key);
    held -= sizes.get(key) ?? 0;
    sizes.delete(key);
  };
  return {
    get(file, size, mtimeMs, encoding) {
      const key = `${encoding}\0${file}\0${size}\0${mtimeMs}`;
      const known = copies.get(key);
      if (known) {
        // Used again: to the back of the line.
        copies.delete(key);
        copies.set(key, known);
        return known;
      }
      const made = readFile(file).then((data) => compressors[encoding](data));
      copies.set(key, made);
      made.then(
        (data) => {
          if (!copies.has(key)) return;
          sizes.set(key, data.length);
          held += data.length;
          for (const oldest of copies.keys()) {
            if (held <= capBytes || oldest === key) break;
            forget(oldest);
          }
        },
        () => forget(key),
      );
      return made;
    },
  };
}
