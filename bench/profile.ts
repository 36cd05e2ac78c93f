// Development aid: a CPU profile of our widget in one streaming scenario, summed by function.
//   node bench/run.mjs --entry bench/profile.ts [KB] [INTERVAL_MS]
// Frames of dist/widget.js are named by their source file and line, through its source map.
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { readFileSync } from 'node:fs';
import { openOurStream } from './dev-stream';

const map = new TraceMap(JSON.parse(readFileSync('dist/widget.js.map', 'utf8')));
/** A frame of dist/widget.js as its source file and line (through the source map). */
const where = (url: string, line: number, column: number) => {
  if (!url.endsWith('/widget.js')) return `${url.split('/').pop()}:${line}`;
  const at = originalPositionFor(map, { line: line + 1, column });
  return at.source ? `${at.source.replace(/^.*?\/(widget|renderers|builds|node_modules)\//, '$1/')}:${at.line}` : 'widget.js';
};

const kb = Number(process.argv[2] ?? 10);
const intervalMs = Number(process.argv[3] ?? 30);

const stream = await openOurStream(kb, intervalMs);
const cdp = await stream.page.context().newCDPSession(stream.page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await stream.run();
const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; hitCount: number }[]; samples: number[]; timeDeltas: number[] } };
const self = new Map<string, number>();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
profile.samples.forEach((id, i) => {
  const node = byId.get(id)!;
  const key = `${node.callFrame.functionName || '(anon)'} ${where(node.callFrame.url, node.callFrame.lineNumber, node.callFrame.columnNumber)}`;
  self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
});
const total = [...self.entries()].filter(([k]) => !k.startsWith('(idle)')).reduce((s, [, v]) => s + v, 0);
console.log(`${kb} KB at ${intervalMs} ms: busy ${total.toFixed(0)} ms`);
for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(v.toFixed(1).padStart(8), k);
await stream.close();
