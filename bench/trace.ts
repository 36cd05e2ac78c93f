// Development aid: where the main thread's time goes in one streaming scenario of our widget
// (trace events summed by name, top level only).   node bench/run.mjs --entry bench/trace.ts [KB] [INTERVAL_MS]
import { openOurStream } from './dev-stream';
import { pageMainThread, type TraceEvent } from './trace-thread';

const kb = Number(process.argv[2] ?? 10);
const intervalMs = Number(process.argv[3] ?? 30);
const stream = await openOurStream(kb, intervalMs);
await stream.browser.startTracing(stream.page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
await stream.run();
const buffer = await stream.browser.stopTracing();
const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
const main = pageMainThread(events, '/widget.js');
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
await stream.close();
