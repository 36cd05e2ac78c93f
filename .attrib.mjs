import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';
const file = process.argv[2] || 'dist/widget.js';
const code = readFileSync(file, 'utf8');
const map = new TraceMap(JSON.parse(readFileSync(file + '.map', 'utf8')));
const lines = code.split('\n');
const segs = [];
eachMapping(map, (m) => segs.push(m));
const per = new Map();
for (let i = 0; i < segs.length; i++) {
  const m = segs[i], n = segs[i + 1];
  const line = lines[m.generatedLine - 1];
  const end = n && n.generatedLine === m.generatedLine ? n.generatedColumn : line.length;
  const key = m.source ?? '(none)';
  per.set(key, (per.get(key) ?? '') + line.slice(m.generatedColumn, end));
}
const rows = [...per].map(([k, t]) => [k.replace(/^.*?\/(widget|renderers|builds|node_modules)\//, '$1/'), t.length, gzipSync(t, { level: 9 }).length]);
rows.sort((a, b) => b[2] - a[2]);
for (const r of rows.slice(0, +(process.argv[3] || 60))) console.log(String(r[2]).padStart(6), String(r[1]).padStart(7), r[0]);
