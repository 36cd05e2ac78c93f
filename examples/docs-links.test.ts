// The README and docs/ link to each other by relative paths and heading anchors: every link must
// lead to a file that exists and, with an anchor, to a heading of that file (GitHub's slugs).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROOT_DIR } from './server/app';

const ROOT = DEFAULT_ROOT_DIR;
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped, spaces to `-`. */
export const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function headings(file: string): Set<string> {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1]!)));
}

/** `[text](target)` and `src="target"` outside code, with their line. */
function links(file: string): { target: string; line: number }[] {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const found: { target: string; line: number }[] = [];
  let fence = false;
  lines.forEach((text, i) => {
    if (text.startsWith('```')) fence = !fence;
    if (fence) return;
    const prose = text.replace(/`[^`]*`/g, '');
    for (const m of prose.matchAll(/\]\(([^)\s]+)\)|\bsrc="([^"]+)"/g)) found.push({ target: (m[1] ?? m[2])!, line: i + 1 });
  });
  return found;
}

describe('links between the README and docs/', () => {
  it('the heading slugs are GitHub\'s', () => {
    expect(slug('The full snippet, and what each feature needs')).toBe('the-full-snippet-and-what-each-feature-needs');
    expect(slug('Generated views: `sandbox` (opt-in)')).toBe('generated-views-sandbox-opt-in');
    expect(slug('AG-UI endpoint')).toBe('ag-ui-endpoint');
  });

  it.each(PAGES)('%s: every relative link leads to a file, and to a heading of it', (page) => {
    const broken: string[] = [];
    for (const { target, line } of links(page)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const [path = '', anchor] = target.split('#');
      const file = path ? relative(ROOT, join(ROOT, dirname(page), path)) : page;
      if (!existsSync(join(ROOT, file))) broken.push(`${page}:${line}: ${target} (no ${file})`);
      else if (anchor && file.endsWith('.md') && !headings(file).has(anchor)) broken.push(`${page}:${line}: ${target} (no heading "#${anchor}" in ${file})`);
    }
    expect(broken).toEqual([]);
  });

  it('every page of docs/ is in the index and starts with what a reader comes for', () => {
    const index = readFileSync(join(ROOT, 'docs/README.md'), 'utf8');
    for (const page of PAGES.filter((p) => p.startsWith('docs/') && p !== 'docs/README.md')) {
      expect(index, `docs/README.md links ${page}`).toContain(`](${page.slice('docs/'.length)})`);
      const text = readFileSync(join(ROOT, page), 'utf8');
      const first = text.split('\n\n')[1] ?? '';
      expect(first, `${page}'s first paragraph`).toMatch(/^Read this (to|when|for|if|before)\b/);
    }
  });
});
