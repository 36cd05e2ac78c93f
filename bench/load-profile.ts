// Development aid: where the main thread's time goes from navigation to network idle, for our
// widget on the benchmark page (desktop profile, inline, as `npm run bench` loads it): the trace's
// top-level events by name, and the JavaScript's self time by source file (the CPU profile's
// samples mapped through dist/widget.js.map).
//   node bench/run.mjs --entry bench/load-profile.ts [self-contained|split] [RUNS]
import { chromium } from '@playwright/test';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { readFileSync } from 'node:fs';
import { chromiumPath } from '../e2e/chromium';
import { BENCH_CHROMIUM_ARGS } from './browser';
import { startBenchServers } from './servers';
import { pageMainThread, type TraceEvent } from './trace-thread';

const build = process.argv[2] === 'split' ? 'split' : 'self-contained';
const runs = Number(process.argv[3] ?? 3);
const script = build === 'split' ? 'dist/split/widget.js' : 'dist/widget.js';
const map = new TraceMap(JSON.parse(readFileSync(`${script}.map`, 'utf8')));

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; hitCount: number }

const servers = await startBenchServers(process.env.BENCH_ROOT ?? process.cwd());
const browser = await chromium.launch({ executablePath: chromiumPath(), args: BENCH_CHROMIUM_ARGS });
const byEvent = new Map<string, number>();
const byFile = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await cdp.send('Profiler.start');
    await page.goto(`${servers.pageUrl}/page?widget=ours&inline=1&build=${build}`);
    await page.waitForLoadState('networkidle');
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const main = pageMainThread(events, '/page?widget=ours');
    for (const e of events) {
      if (`${e.pid}:${e.tid}` !== main || e.ph !== 'X' || !e.dur) continue;
      byEvent.set(e.name, (byEvent.get(e.name) ?? 0) + e.dur / 1000 / runs);
    }
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const node = nodes.get(id)!;
      const ms = (profile.timeDeltas[i] ?? 0) / 1000 / runs;
      const { url, lineNumber, columnNumber, functionName } = node.callFrame;
      let file = url ? url.replace(/^.*\//, '') : `(${functionName || 'program'})`;
      let where = file;
      if (url.endsWith(`/${script.replace('dist/', '')}`) || url.endsWith('/widget.js')) {
        const position = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
        file = position.source ? position.source.replace(/^.*?\/(widget|renderers|builds|node_modules)\//, '$1/') : 'widget.js (unmapped)';
        where = `${file}:${position.line ?? '?'}`;
      }
      if (functionName === '(idle)') return;
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
      byFunction.set(where, (byFunction.get(where) ?? 0) + ms);
      total += ms;
    });
    await context.close();
  }
} finally {
  await browser.close();
  await servers.close();
}
console.log(`${script}, navigation to network idle, mean of ${runs} runs`);
console.log('\nmain thread, top-level trace events (ms):');
for (const [name, ms] of [...byEvent.entries()].sort((a, b) => b[1] - a[1]).slice(0, 16)) console.log(ms.toFixed(1).padStart(8), name);
console.log(`\nJavaScript self time by source (ms; ${total.toFixed(1)} ms sampled, idle left out):`);
for (const [file, ms] of [...byFile.entries()].sort((a, b) => b[1] - a[1]).slice(0, 24)) console.log(ms.toFixed(1).padStart(8), file);
console.log('\nby function (its first line in the source):');
for (const [where, ms] of [...byFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, 16)) console.log(ms.toFixed(1).padStart(8), where);
