// The Node.js the project states (package.json `engines`, the README) is what it runs on, and every
// installed package that declares a later one is a known one, with the reason it does not matter:
// npm install prints an EBADENGINE warning for each, and a new one must not slip in unexplained.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROOT_DIR } from './app';

const read = (file: string) => readFileSync(join(DEFAULT_ROOT_DIR, file), 'utf8');
const STATED = '20.19.0';

/** Packages that declare a later Node than {@link STATED}, by name, and why that is harmless here. */
const KNOWN_LATER: readonly (readonly [RegExp, string])[] = [
  [/^@scalar\/|^undici$/, "the OpenAPI packs' parser: bundled into openapi.js for the browser; Node runs it only in the unit tests"],
  [/^(mermaid|@mermaid-js\/parser|chevrotain|vega-lite|commander)$/, 'chart and formula libraries served to the browser (commander: the katex and mermaid command lines, never run)'],
  [/^(@mastra\/|@ai-sdk\/|@whatwg-node\/|posthog-node$)/, 'the AG-UI frameworks of the interop tests (npm run test:interop)'],
];

function laterThanStated(): string[] {
  const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { engines?: { node?: string }; optional?: boolean }> };
  const names = new Set<string>();
  for (const [path, info] of Object.entries(lock.packages)) {
    const range = info.engines?.node;
    // Optional native builds for other platforms are never installed here.
    if (!path || !range || info.optional || semver.satisfies(STATED, range)) continue;
    names.add(path.replace(/^.*node_modules\//, ''));
  }
  return [...names].sort();
}

describe('the Node.js version', () => {
  it('is stated once, the same in package.json and the README, and this Node meets it', () => {
    expect(JSON.parse(read('package.json')).engines.node).toBe('>=20.19');
    expect(read('README.md')).toContain('Node.js 20.19 or newer');
    expect(semver.satisfies(process.version, '>=20.19')).toBe(true);
  });

  it('every package that asks for a later Node is a known one, with its reason', () => {
    const later = laterThanStated();
    expect(later.length).toBeGreaterThan(0);
    const unexplained = later.filter((name) => !KNOWN_LATER.some(([pattern]) => pattern.test(name)));
    expect(unexplained, 'packages whose engines exclude Node 20.19: explain them in KNOWN_LATER and docs/troubleshooting.md, or pin a version that supports it').toEqual([]);
  });
});
