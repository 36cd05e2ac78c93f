// Development aid: a CPU profile of our widget in one streaming scenario, summed by function.
//   node bench/run.mjs --entry bench/profile.ts [KB] [INTERVAL_MS]
// For readable names, put an unminified bundle in dist/widget.js first (run.mjs rebuilds it only
// when the sources are newer).
import { openOurStream } from './dev-stream';

const kb = Number(process.argv[2] ?? 10);
const intervalMs = Number(process.argv[3] ?? 30);

const stream = await openOurStream(kb, intervalMs);
const cdp = await stream.page.context().newCDPSession(stream.page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await stream.run();
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
await stream.close();
