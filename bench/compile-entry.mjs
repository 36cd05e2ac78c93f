// Compiles a TypeScript entry of the repository with esbuild into node_modules/.cache, for the
// benchmark (run.mjs) and the soak suite's child processes. Inside node_modules so the bundle
// resolves its external packages from the repository; one folder per checkout, since checkouts of
// one repository may share a node_modules.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

/** Builds `entry` (a path relative to `root`) and returns the bundle's path. */
export async function compileEntry(root, entry) {
  const checkout = root.replace(/[\\/]+$/, '').replace(/[^A-Za-z0-9]+/g, '_');
  const outfile = join(root, 'node_modules/.cache/bailing-bench', checkout, entry.replace(/[\\/]/g, '_').replace(/\.ts$/, '.mjs'));
  mkdirSync(dirname(outfile), { recursive: true });
  await build({
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}
