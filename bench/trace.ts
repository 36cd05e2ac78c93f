// Development aid: where the main thread's time goes in one streaming scenario of our widget
// (trace events summed by name, top level only).   node bench/run.mjs --entry bench/trace.ts [KB] [INTERVAL_MS]
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
await bench.page.evaluate(() => (window as unknown as BenchWindow).__bench.observe());
await browser.startTracing(bench.page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
const end = servers.nextStreamEnd();
await bench.page.evaluate(() => (window as unknown as BenchWindow).__bench.send('Show me the whole guide.'));
await end;
await bench.page.waitForTimeout(1000);
const buffer = await browser.stopTracing();
const events = (JSON.parse(buffer.toString()) as { traceEvents: { name: string; ph: string; dur?: number; tid: number; pid: number; ts: number }[] }).traceEvents;
// The renderer main thread: the one with the most RunTask time.
const byThread = new Map<string, number>();
for (const e of events) if (e.name === 'RunTask' && e.dur) byThread.set(`${e.pid}:${e.tid}`, (byThread.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
const main = [...byThread.entries()].sort((a, b) => b[1] - a[1])[0]![0];
const sums = new Map<string, [number, number]>();
for (const e of events) {
  if (`${e.pid}:${e.tid}` !== main || e.ph !== 'X' || !e.dur) continue;
  const s = sums.get(e.name) ?? [0, 0];
  s[0] += e.dur / 1000;
  s[1]++;
  sums.set(e.name, s);
}
console.log(`${kb} KB at ${intervalMs} ms, main thread ${main}`);
for (const [name, [ms, n]] of [...sums.entries()].sort((a, b) => b[1][0] - a[1][0]).slice(0, 28)) console.log(ms.toFixed(1).padStart(9), String(n).padStart(6), name);
await bench.close();
await browser.close();
await servers.close();
