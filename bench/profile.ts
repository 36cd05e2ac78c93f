// Development aid: a CPU profile of our widget in one streaming scenario, summed by function.
//   node bench/run.mjs --entry bench/profile.ts [KB] [INTERVAL_MS]
// For readable names, put an unminified bundle in dist/widget.js first (run.mjs rebuilds it only
// when the sources are newer).
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium';
import { benchReply, splitDeltas } from './reply';
import { startBenchServers } from './servers';
import { openBenchPage, type BenchWindow } from './browser';

const ROOT = process.env.BENCH_ROOT ?? process.cwd();
const kb = Number(process.argv[2] ?? 10);
const intervalMs = Number(process.argv[3] ?? 30);

const servers = await startBenchServers(ROOT);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const reply = benchReply(kb);
servers.setPlan({ reply: reply.text, deltas: splitDeltas(reply.text), intervalMs });
const bench = await openBenchPage(browser, { widget: 'ours', pageUrl: servers.pageUrl });
const cdp = await bench.page.context().newCDPSession(bench.page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await bench.page.evaluate(() => (window as unknown as BenchWindow).__bench.observe());
await cdp.send('Profiler.start');
const end = servers.nextStreamEnd();
await bench.page.evaluate(() => (window as unknown as BenchWindow).__bench.send('Show me the whole guide.'));
await end;
await bench.page.waitForTimeout(1000);
const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number }[]; samples: number[]; timeDeltas: number[] } };
const self = new Map<string, number>();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
profile.samples.forEach((id, i) => {
  const node = byId.get(id)!;
  const key = `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
});
const total = [...self.entries()].filter(([k]) => !k.startsWith('(idle)')).reduce((s, [, v]) => s + v, 0);
console.log(`${kb} KB at ${intervalMs} ms: busy ${total.toFixed(0)} ms`);
for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(v.toFixed(1).padStart(8), k);
await bench.close();
await browser.close();
await servers.close();
