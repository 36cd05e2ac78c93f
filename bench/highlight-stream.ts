// Development aid: the main-thread time of the code colours while a long code block streams.
//   node bench/run.mjs --entry bench/highlight-stream.ts [KB...]
// The live render (widget/markdown/markdown.ts) and the highlighter (widget/markdown/code-highlight.ts), bundled
// from the sources into a blank page of the system Chromium, are fed an answer with one
// TypeScript block of KB kilobytes (default 60 and 18: the colours stop at MAX_HIGHLIGHT_CHARS,
// 20,000 characters) in 12-character deltas, painted after every delta and after every 8 (about
// one frame of a fast stream). Times are performance.now() sums in the page, the median of 3 runs.
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { join } from 'node:path';
import { chromiumPath } from '../e2e/chromium';
import { BENCH_CHROMIUM_ARGS } from './browser';
import type { HighlightRun } from './highlight-page';

const ROOT = process.env.BENCH_ROOT ?? process.cwd();
const sizes = process.argv.slice(2).map(Number).filter((kb) => kb > 0);

/** About `kb` KB of TypeScript: functions with comments, strings, template literals and numbers. */
function code(kb: number): string {
  const lines: string[] = [];
  for (let n = 0; lines.join('\n').length < kb * 1000; n++) {
    lines.push(
      `// Order ${n}: the total with tax, rounded to cents`,
      `export function total${n}(items: Item[], rate = 0.2): number {`,
      `  const sum = items.reduce((s, item) => s + item.price * item.qty, 0);`,
      `  /* a block comment`,
      `     over two lines */`,
      `  if (sum > 1000 && rate !== 0) console.log("large order", ${n});`,
      `  return Math.round(sum * (1 + rate) * 100) / 100; // cents`,
      `}`,
      `const label${n} = \`Order \${${n}}: \${total${n}([], 0.1)}\`;`,
      '',
    );
  }
  return lines.join('\n').slice(0, kb * 1000);
}

const page = (await build({
  entryPoints: [join(ROOT, 'bench/highlight-page.ts')],
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  define: { __BAILING_SPLIT__: 'false', __BAILING_LANGUAGES_BESIDE__: 'false' },
  logLevel: 'warning',
})).outputFiles[0]!.text;

const browser = await chromium.launch({ executablePath: chromiumPath(), args: BENCH_CHROMIUM_ARGS });
const tab = await browser.newPage();
await tab.setContent('<!doctype html><meta charset="utf-8"><body></body>');
await tab.addScriptTag({ content: page });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log('code block  deltas/paint  paints  highlight ms  update ms  layout ms  longest paint ms  final = renderFinal');
for (const kb of sizes.length ? sizes : [60, 18]) {
  const reply = `Here is the file:\n\n\`\`\`ts\n${code(kb)}\n\`\`\`\n\nThat is all.`;
  for (const perPaint of [1, 8]) {
    const runs: HighlightRun[] = [];
    for (let i = 0; i < 3; i++) runs.push(await tab.evaluate(([text, n]) => (window as unknown as { __highlightRun(t: string, d: number, p: number): HighlightRun }).__highlightRun(text as string, 12, n as number), [reply, perPaint] as const));
    const m = (key: keyof HighlightRun) => median(runs.map((r) => r[key] as number)).toFixed(0);
    console.log(`${`${kb} KB`.padStart(10)}  ${String(perPaint).padStart(12)}  ${String(runs[0]!.paints).padStart(6)}  ${m('highlightMs').padStart(12)}  ${m('updateMs').padStart(9)}  ${m('layoutMs').padStart(9)}  ${m('maxPaintMs').padStart(16)}  ${runs.every((r) => r.sameAsFinal)}`);
  }
}
await browser.close();
