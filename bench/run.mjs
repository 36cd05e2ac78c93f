#!/usr/bin/env node
// `npm run bench`: builds dist/widget.js when it is missing or older than its sources, compiles
// the benchmark (TypeScript) with esbuild into node_modules/.cache, and runs it with the given
// arguments. Plain Node 20, no TypeScript loader needed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileEntry } from './compile-entry.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const entry = args[0] === '--entry' ? args.splice(0, 2)[1] : 'bench/main.ts';

/** Newest modification time of the files under `dir` (recursively). */
function newest(dir) {
  let latest = 0;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, name.name);
    if (name.isDirectory()) latest = Math.max(latest, newest(path));
    else latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

const widget = join(root, 'dist/widget.js');
const sources = Math.max(newest(join(root, 'widget')), newest(join(root, 'renderers')), statSync(join(root, 'build.mjs')).mtimeMs);
if (!existsSync(widget) || statSync(widget).mtimeMs < sources) {
  console.log('dist/widget.js is missing or older than its sources: node build.mjs --no-types');
  const result = spawnSync(process.execPath, ['build.mjs', '--no-types'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    if (!existsSync(widget)) {
      console.error('The widget build failed; the benchmark needs dist/widget.js.');
      process.exit(result.status ?? 1);
    }
    console.warn('The widget build failed: measuring the dist/widget.js already there.');
  }
}

const outfile = await compileEntry(root, entry);
process.env.BENCH_ROOT = root;
process.argv = [process.argv[0], outfile, ...args];
await import(pathToFileURL(outfile).href);
