// Development aid: a CPU profile of our widget in one streaming scenario, summed by function.
//   node bench/run.mjs --entry bench/profile.ts [KB] [INTERVAL_MS] [--agui]
// (--agui: over AG-UI, to the reference server's endpoint.) Frames of dist/widget.js and
// dist/ag-ui.js are named by their source file and line, through their source maps.
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { readFileSync } from 'node:fs';
import { openOurStream } from './dev-stream';

const maps = Object.fromEntries(['widget.js', 'ag-ui.js'].map((file) => [`/${file}`, new TraceMap(JSON.parse(readFileSync(`dist/${file}.map`, 'utf8')))]));
/** A frame of dist/widget.js or dist/ag-ui.js as its source file and line (through the source map). */
const where = (url: string, line: number, column: number) => {
  const map = maps[url.slice(url.lastIndexOf('/'))];
  if (!map) return `${url.split('/').pop()}:${line}`;
  const at = originalPositionFor(map, { line: line + 1, column });
  return at.source ? `${at.source.replace(/^.*?\/(widget|renderers|builds|node_modules)\//, '$1/')}:${at.line}` : 'widget.js';
};

const args = process.argv.slice(2).filter((a) => a !== '--agui');
const kb = Number(args[0] ?? 10);
const intervalMs = Number(args[1] ?? 30);
const agui = process.argv.includes('--agui');

const stream = await openOurStream(kb, intervalMs, { agui });
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
console.log(`${kb} KB at ${intervalMs} ms${agui ? ' over AG-UI' : ''}: busy ${total.toFixed(0)} ms`);
for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(v.toFixed(1).padStart(8), k);
await stream.close();
