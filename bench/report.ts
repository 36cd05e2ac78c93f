// Turns runs into the printed table: medians with min–max, ours beside Deep Chat, the ratio,
// and the DESIGN.md §12 budget each number is held to (✓ holds, ✗ does not).
import type { OurBuild } from './page';
import type { FinalRenderRun, HistoryRun, LoadRun, MemoryRun, StreamRun } from './scenarios';

export interface Stat {
  median: number;
  min: number;
  max: number;
  n: number;
}

export function stat(values: number[]): Stat {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: NaN, min: NaN, max: NaN, n: 0 };
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, n: sorted.length };
}

/** Size budgets (gzip -9) of what the page loads first, by build of ours: build.mjs BUDGETS (the drop-in's raised from DESIGN.md §12's 66 KB to 76 KB). */
export const SCRIPT_BUDGETS: Record<OurBuild, number> = { 'self-contained': 77_824, split: 46_080 };

/** A §12 budget on one metric of one scenario. */
export interface Budget {
  label: string;
  limit: number;
  /** 'median' compares the median, 'max' the worst run (for "none" budgets). */
  on: 'median' | 'max';
}

export interface StreamScenarioResult {
  name: string;
  title: string;
  kb: number;
  intervalMs: number;
  deltas: number;
  replyBytes: number;
  runs: StreamRun[];
}

export interface Results {
  date: string;
  machine: { cpus: number; cpuModel: string; node: string; chromium: string; platform: string };
  command: string;
  runsPerWidget: number;
  scripts: { widget: string; build?: OurBuild; file: string; rawBytes: number; gzipBytes: number }[];
  streams: StreamScenarioResult[];
  load?: { runs: LoadRun[] };
  finalRender?: { kb: number; runs: FinalRenderRun[] };
  history?: { items: number; runs: HistoryRun[] };
  memory?: MemoryRun;
  budgets: BudgetCheck[];
}

export interface BudgetCheck {
  what: string;
  budget: string;
  measured: string;
  holds: boolean | null;
}

const fmt = (value: number, digits = 0): string => {
  if (!Number.isFinite(value)) return '—';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
};

function cell(values: number[], digits: number): string {
  const s = stat(values);
  if (s.n === 0) return '—';
  if (s.n === 1 || s.min === s.max) return fmt(s.median, digits);
  return `${fmt(s.median, digits)} (${fmt(s.min, digits)}–${fmt(s.max, digits)})`;
}

function ratio(ours: number[], peer: number[]): string {
  const a = stat(ours).median;
  const b = stat(peer).median;
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return '—';
  if (a === 0) return '0';
  const r = a / b;
  // Below 0.1 a fraction reads better: "1/620" rather than "0.002×".
  return r >= 0.1 ? `${fmt(r, 2)}×` : `1/${fmt(1 / r)}`;
}

/** Fixed-width text table; the first column is left-aligned, the others right-aligned. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => [...(row[c] ?? '')].length)));
  const line = (row: string[]): string =>
    row
      .map((text, c) => {
        const pad = ' '.repeat(widths[c]! - [...text].length);
        return c === 0 ? text + pad : pad + text;
      })
      .join('  ')
      .trimEnd();
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

type Metric = { label: string; pick: (run: StreamRun) => number; digits: number };
const STREAM_METRICS: Metric[] = [
  { label: 'main-thread task time, ms', pick: (r) => r.taskMs, digits: 0 },
  { label: '  script, ms', pick: (r) => r.scriptMs, digits: 0 },
  { label: '  layout, ms', pick: (r) => r.layoutMs, digits: 0 },
  { label: '  style recalc, ms', pick: (r) => r.styleMs, digits: 0 },
  { label: 'long tasks (> 50 ms), count', pick: (r) => r.longTasks, digits: 0 },
  { label: 'longest task, ms', pick: (r) => r.longestTaskMs, digits: 0 },
  { label: 'render lag after last byte, ms', pick: (r) => r.renderLagMs, digits: 0 },
  { label: 'JS heap at the end, MB', pick: (r) => r.heapEndMB, digits: 1 },
  { label: 'JS heap after GC, MB', pick: (r) => r.heapGcMB, digits: 1 },
  { label: 'load to ready, ms', pick: (r) => r.readyMs, digits: 0 },
  { label: 'stream duration (server), s', pick: (r) => r.streamMs / 1000, digits: 2 },
];

export function streamBudgets(scenario: StreamScenarioResult): Map<string, Budget> {
  const budgets = new Map<string, Budget>();
  const task =
    scenario.kb === 60 && scenario.intervalMs === 0
      ? 150
      : scenario.kb === 60 && scenario.intervalMs === 2
        ? 800
        : scenario.kb === 10 && scenario.intervalMs === 30
          ? 1000
          : null;
  if (task !== null) budgets.set('main-thread task time, ms', { label: `≤ ${fmt(task)}`, limit: task, on: 'median' });
  budgets.set('long tasks (> 50 ms), count', { label: 'none', limit: 0, on: 'max' });
  budgets.set('render lag after last byte, ms', { label: '≤ 50', limit: 50, on: 'median' });
  return budgets;
}

function mark(values: number[], budget: Budget | undefined): string {
  if (!budget) return '';
  const s = stat(values);
  const value = budget.on === 'max' ? s.max : s.median;
  return `${budget.label} ${value <= budget.limit ? '✓' : '✗'}`;
}

export function streamTable(scenario: StreamScenarioResult): string {
  const ours = scenario.runs.filter((r) => r.widget === 'ours');
  const peer = scenario.runs.filter((r) => r.widget === 'deep-chat');
  const budgets = streamBudgets(scenario);
  const rows: string[][] = [['metric (median, min–max)', `ours (n=${ours.length})`, `Deep Chat (n=${peer.length})`, 'ours/DC', 'budget (ours)']];
  for (const metric of STREAM_METRICS) {
    const a = ours.map(metric.pick);
    const b = peer.map(metric.pick);
    rows.push([metric.label, cell(a, metric.digits), cell(b, metric.digits), ratio(a, b), mark(a, budgets.get(metric.label))]);
  }
  const domCheck = (runs: StreamRun[]): string =>
    runs.length === 0 ? '—' : runs.every((r) => r.countsOk) ? 'complete' : `${runs.filter((r) => !r.countsOk).length} incomplete`;
  rows.push(['final DOM (h, pre>code, table, li, a)', domCheck(ours), domCheck(peer), '', '']);
  return table(rows);
}

/** The pages of the load scenario, in the order they are shown. */
const LOAD_PAGES: { label: string; pick: (r: LoadRun) => boolean }[] = [
  { label: 'ours, dist/widget.js', pick: (r) => r.widget === 'ours' && r.build !== 'split' },
  { label: 'ours, dist/split/widget.js', pick: (r) => r.widget === 'ours' && r.build === 'split' },
  { label: 'Deep Chat', pick: (r) => r.widget === 'deep-chat' },
];

const LOAD_METRICS: { label: string; pick: (r: LoadRun) => number; digits: number }[] = [
  { label: 'load to ready, ms', pick: (r) => r.readyMs, digits: 0 },
  { label: 'script received, ms', pick: (r) => r.scriptReceivedMs, digits: 0 },
  { label: 'main-thread task time to network idle, ms', pick: (r) => r.taskMs, digits: 0 },
  { label: '  script, ms', pick: (r) => r.scriptMs, digits: 0 },
  { label: '  V8 compile, ms', pick: (r) => r.compileMs, digits: 1 },
  { label: 'main-thread CPU time to network idle, ms', pick: (r) => r.threadMs, digits: 0 },
];

export function loadTable(runs: LoadRun[]): string {
  const pages = LOAD_PAGES.map((p) => ({ ...p, runs: runs.filter(p.pick) })).filter((p) => p.runs.length > 0);
  return table([
    ['metric (median, min–max)', ...pages.map((p) => `${p.label} (n=${p.runs.length})`)],
    ...LOAD_METRICS.map((m) => [m.label, ...pages.map((p) => cell(p.runs.map(m.pick), m.digits))]),
  ]);
}

export function render(results: Results): string {
  const out: string[] = [];
  const m = results.machine;
  out.push(`Benchmark ${results.date}: ${m.cpus} cores (${m.cpuModel}), Node ${m.node}, Chromium ${m.chromium}, ${m.platform}`);
  out.push(`Command: ${results.command}`);
  out.push('');
  out.push(
    table([
      ['script (what the page loads)', 'raw, bytes', 'gzip -9, bytes'],
      ...results.scripts.map((s) => [`${s.widget}${s.build ? ` (${s.build})` : ''}: ${s.file}`, fmt(s.rawBytes), fmt(s.gzipBytes)]),
    ]),
  );
  if (results.load) {
    out.push('');
    out.push('Page load to a ready composer (a fresh browser context per run, nothing cached)');
    out.push(loadTable(results.load.runs));
  }
  for (const scenario of results.streams) {
    out.push('');
    out.push(`${scenario.title}: ${fmt(scenario.replyBytes)} B of markdown in ${fmt(scenario.deltas)} deltas`);
    out.push(streamTable(scenario));
  }
  const ours: string[][] = [['our widget only (median, min–max)', 'value', 'budget']];
  if (results.finalRender) {
    const runs = results.finalRender.runs;
    const all = runs.every((r) => r.countsOk);
    ours.push([`done → final DOM, ${results.finalRender.kb} KB reply, ms`, cell(runs.map((r) => r.renderMs), 1), results.finalRender.kb === 60 ? `≤ 50 ${stat(runs.map((r) => r.renderMs)).median <= 50 ? '✓' : '✗'}` : '']);
    ours.push([`done → next frame painted, ms`, cell(runs.map((r) => r.frameMs), 1), '']);
    ours.push(['  final DOM', all ? 'complete' : 'incomplete', '']);
  }
  if (results.history) {
    const runs = results.history.runs;
    ours.push([`${results.history.items}-message history, open() → DOM, ms`, cell(runs.map((r) => r.renderMs), 1), `≤ 100 ${stat(runs.map((r) => r.renderMs)).median <= 100 ? '✓' : '✗'}`]);
    ours.push(['  open() → next frame painted, ms', cell(runs.map((r) => r.frameMs), 1), '']);
    ours.push(['  messages shown', cell(runs.map((r) => r.bubbles), 0), '']);
  }
  if (results.memory) {
    const mem = results.memory;
    const pct = (x: number): string => `${x >= 0 ? '+' : ''}${fmt(x * 100, 1)} %`;
    ours.push([
      `JS heap after GC, MB: load / 1 reply / ${mem.warmup} replies (start) / +${mem.replies} replies / new conversation`,
      `${fmt(mem.heapLoadMB, 2)} / ${fmt(mem.heapFirstMB, 2)} / ${fmt(mem.heapStartMB, 2)} / ${fmt(mem.heapFullMB, 2)} / ${fmt(mem.heapEndMB, 2)}`,
      '',
    ]);
    ours.push(['  heap growth, new conversation vs start', pct(mem.growth), `≤ 10 % ${mem.growth <= 0.1 ? '✓' : '✗'}`]);
    ours.push(['  heap growth, new conversation vs after 1 reply', pct(mem.growthFromFirst), '']);
    ours.push(['  DOM nodes (start / end)', `${fmt(mem.nodesStart)} / ${fmt(mem.nodesEnd)}`, '']);
    ours.push(['  detached DOM trees (message nodes)', `${fmt(mem.detachedTrees)} (${fmt(mem.detachedMessages)})`, `no message nodes ${mem.detachedMessages === 0 ? '✓' : '✗'}`]);
    ours.push(['  renderer mounts / destroys', `${fmt(mem.mounts)} / ${fmt(mem.destroys)}`, `equal ${mem.mounts === mem.destroys ? '✓' : '✗'}`]);
  }
  if (ours.length > 1) {
    out.push('');
    out.push(table(ours));
  }
  out.push('');
  out.push(table([['budget (DESIGN.md §12)', 'limit', 'measured (ours)', 'holds'], ...results.budgets.map((b) => [b.what, b.budget, b.measured, b.holds === null ? '—' : b.holds ? '✓' : '✗'])]));
  return out.join('\n');
}

/** The §12 budget list with what this run measured. */
export function checkBudgets(results: Omit<Results, 'budgets'>): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  for (const script of results.scripts) {
    if (script.widget !== 'ours' || !script.build) continue;
    const limit = SCRIPT_BUDGETS[script.build];
    checks.push({ what: `${script.file} (${script.build}), minified + gzip -9`, budget: `≤ ${fmt(limit)} B`, measured: `${fmt(script.gzipBytes)} B`, holds: script.gzipBytes <= limit });
  }
  if (results.load) {
    const peer = stat(results.load.runs.filter((r) => r.widget === 'deep-chat').map((r) => r.readyMs)).median;
    for (const page of LOAD_PAGES.slice(0, 2)) {
      const median = stat(results.load.runs.filter(page.pick).map((r) => r.readyMs)).median;
      if (!Number.isFinite(median)) continue;
      checks.push({
        what: `page load to a ready composer, ${page.label}`,
        budget: Number.isFinite(peer) ? `≤ Deep Chat (${fmt(peer)} ms)` : '≤ Deep Chat (not run)',
        measured: `${fmt(median)} ms`,
        holds: Number.isFinite(peer) ? median <= peer : null,
      });
    }
  }
  for (const scenario of results.streams) {
    const ours = scenario.runs.filter((r) => r.widget === 'ours');
    if (ours.length === 0) continue;
    const budgets = streamBudgets(scenario);
    const task = budgets.get('main-thread task time, ms');
    const taskMedian = stat(ours.map((r) => r.taskMs)).median;
    if (task) checks.push({ what: `task time, ${scenario.title}`, budget: `${task.label} ms`, measured: `${fmt(taskMedian)} ms`, holds: taskMedian <= task.limit });
    const longest = stat(ours.map((r) => r.longestTaskMs)).max;
    const count = stat(ours.map((r) => r.longTasks)).max;
    checks.push({ what: `long tasks while streaming, ${scenario.title}`, budget: 'none', measured: count === 0 ? 'none' : `up to ${fmt(count)} (longest ${fmt(longest)} ms)`, holds: count === 0 });
    const lag = stat(ours.map((r) => r.renderLagMs)).median;
    checks.push({ what: `render lag after the last byte, ${scenario.title}`, budget: '≤ 50 ms', measured: `${fmt(lag)} ms`, holds: lag <= 50 });
  }
  if (results.finalRender) {
    const median = stat(results.finalRender.runs.map((r) => r.renderMs)).median;
    checks.push({ what: `done → final DOM, ${results.finalRender.kb} KB`, budget: '≤ 50 ms', measured: `${fmt(median, 1)} ms`, holds: results.finalRender.kb === 60 ? median <= 50 : null });
  }
  if (results.history) {
    const median = stat(results.history.runs.map((r) => r.renderMs)).median;
    checks.push({ what: `${results.history.items}-message history restored on open`, budget: '≤ 100 ms', measured: `${fmt(median, 1)} ms`, holds: median <= 100 });
  }
  if (results.memory) {
    const mem = results.memory;
    checks.push({ what: `heap after ${mem.replies} replies + new conversation`, budget: `≤ +10 % (start: ${mem.warmup} replies)`, measured: `${mem.growth >= 0 ? '+' : ''}${fmt(mem.growth * 100, 1)} %`, holds: mem.growth <= 0.1 });
    checks.push({ what: 'detached message nodes after that', budget: 'none', measured: fmt(mem.detachedMessages), holds: mem.detachedMessages === 0 });
    checks.push({ what: 'renderer mounts = destroys', budget: 'equal', measured: `${fmt(mem.mounts)} / ${fmt(mem.destroys)}`, holds: mem.mounts === mem.destroys });
  }
  return checks;
}

/** The same results as a compact markdown table (bench/results/latest.md, pasted into the README). */
export function markdown(results: Results): string {
  const m = results.machine;
  const rows: string[] = [
    `Measured ${results.date} on ${m.cpus} cores (${m.cpuModel}), Node ${m.node}, Chromium ${m.chromium}; \`${results.command}\`. ` +
      'Medians, min–max in brackets; n = runs.',
    '',
    '| scenario | metric | ours | Deep Chat | ours/DC | budget (ours) |',
    '|---|---|---:|---:|---:|---|',
  ];
  for (const scenario of results.streams) {
    const ours = scenario.runs.filter((r) => r.widget === 'ours');
    const peer = scenario.runs.filter((r) => r.widget === 'deep-chat');
    const budgets = streamBudgets(scenario);
    const title = `${scenario.title} (${fmt(scenario.deltas)} deltas; n = ${ours.length} / ${peer.length})`;
    const metrics: [string, (r: StreamRun) => number, number, string?][] = [
      ['main-thread task time, ms', (r) => r.taskMs, 0, 'main-thread task time, ms'],
      ['layout + style, ms', (r) => r.layoutMs + r.styleMs, 0],
      ['long tasks > 50 ms', (r) => r.longTasks, 0, 'long tasks (> 50 ms), count'],
      ['longest task, ms', (r) => r.longestTaskMs, 0],
      ['render lag after last byte, ms', (r) => r.renderLagMs, 0, 'render lag after last byte, ms'],
      ['JS heap at end / after GC, MB', (r) => r.heapEndMB, 1],
    ];
    metrics.forEach(([label, pick, digits, budgetKey], i) => {
      const a = ours.map(pick);
      const b = peer.map(pick);
      let oursCell = cell(a, digits);
      let peerCell = cell(b, digits);
      if (label.startsWith('JS heap')) {
        oursCell = `${fmt(stat(a).median, 1)} / ${fmt(stat(ours.map((r) => r.heapGcMB)).median, 1)}`;
        peerCell = `${fmt(stat(b).median, 1)} / ${fmt(stat(peer.map((r) => r.heapGcMB)).median, 1)}`;
      }
      rows.push(`| ${i === 0 ? title : ''} | ${label} | ${oursCell} | ${peerCell} | ${label.startsWith('JS heap') ? '' : ratio(a, b)} | ${budgetKey ? mark(a, budgets.get(budgetKey)) : ''} |`);
    });
    const dom = (runs: StreamRun[]): string => (runs.length === 0 ? '—' : runs.every((r) => r.countsOk) ? 'complete' : 'INCOMPLETE');
    rows.push(`| | final DOM (headings, code, tables, list items, links) | ${dom(ours)} | ${dom(peer)} | | |`);
  }
  const pageRows: string[] = [];
  const all = results.streams.flatMap((s) => s.runs);
  const ready = (w: string): number[] => all.filter((r) => r.widget === w).map((r) => r.readyMs);
  if (all.length > 0) pageRows.push(`load to ready, ms (all runs of the stream scenarios; ours: dist/widget.js) | ${cell(ready('ours'), 0)} | ${cell(ready('deep-chat'), 0)} | ${ratio(ready('ours'), ready('deep-chat'))} | |`);
  if (results.load) {
    const peer = results.load.runs.filter((r) => r.widget === 'deep-chat').map((r) => r.readyMs);
    for (const page of LOAD_PAGES.slice(0, 2)) {
      const ours = results.load.runs.filter(page.pick).map((r) => r.readyMs);
      if (ours.length === 0) continue;
      pageRows.push(`load to ready, ms, ${page.label} (load scenario, n = ${ours.length} / ${peer.length}) | ${cell(ours, 0)} | ${cell(peer, 0)} | ${ratio(ours, peer)} | ${peer.length ? `≤ Deep Chat ${stat(ours).median <= stat(peer).median ? '✓' : '✗'}` : ''} |`);
    }
  }
  const peerScript = results.scripts.find((s) => s.widget === 'deep-chat');
  for (const ours of results.scripts.filter((s) => s.widget === 'ours' && s.build)) {
    const limit = SCRIPT_BUDGETS[ours.build!];
    pageRows.push(
      `script, raw / gzip -9, bytes: ${ours.file} | ${fmt(ours.rawBytes)} / ${fmt(ours.gzipBytes)} | ${peerScript ? `${fmt(peerScript.rawBytes)} / ${fmt(peerScript.gzipBytes)}` : '—'} | ${peerScript ? ratio([ours.gzipBytes], [peerScript.gzipBytes]) : '—'} | ≤ ${fmt(limit)} gzip ${ours.gzipBytes <= limit ? '✓' : '✗'} |`,
    );
  }
  pageRows.forEach((row, i) => rows.push(`| ${i === 0 ? 'page' : ''} | ${row}`));
  if (results.finalRender) {
    const runs = results.finalRender.runs;
    const s = stat(runs.map((r) => r.renderMs));
    rows.push(`| ours only | \`done\` → final DOM, ${results.finalRender.kb} KB, ms (next frame) | ${cell(runs.map((r) => r.renderMs), 1)} (${fmt(stat(runs.map((r) => r.frameMs)).median, 1)}) | | | ≤ 50 ${s.median <= 50 ? '✓' : '✗'} |`);
  }
  if (results.history) {
    const runs = results.history.runs;
    const s = stat(runs.map((r) => r.renderMs));
    rows.push(`| | ${results.history.items}-message history on open, ms (next frame) | ${cell(runs.map((r) => r.renderMs), 1)} (${fmt(stat(runs.map((r) => r.frameMs)).median, 1)}) | | | ≤ 100 ${s.median <= 100 ? '✓' : '✗'} |`);
  }
  if (results.memory) {
    const mem = results.memory;
    const pct = (x: number): string => `${x >= 0 ? '+' : ''}${fmt(x * 100, 1)} %`;
    rows.push(`| | heap after ${mem.replies} replies + new conversation vs start (after ${mem.warmup}) | ${fmt(mem.heapStartMB, 2)} → ${fmt(mem.heapEndMB, 2)} MB, ${pct(mem.growth)} (${pct(mem.growthFromFirst)} vs after 1 reply) | | | ≤ +10 % ${mem.growth <= 0.1 ? '✓' : '✗'} |`);
    rows.push(`| | detached message nodes; renderer mounts / destroys | ${fmt(mem.detachedMessages)}; ${fmt(mem.mounts)} / ${fmt(mem.destroys)} | | | none ${mem.detachedMessages === 0 ? '✓' : '✗'}; equal ${mem.mounts === mem.destroys ? '✓' : '✗'} |`);
  }
  return rows.join('\n');
}
