// Turns runs into the printed table: medians with min–max, ours beside each peer (Deep Chat and
// the hub's own widget), the ratios ours/peer, and the budget each number of ours is held to
// (✓ holds, ✗ does not; bench/budgets.ts).
import { HISTORY_READY_MS, historyReady, mark } from './budgets';
import { PEER_LABELS } from './page';
import type { Results, StreamScenarioResult } from './results-types';
import { domCheck, loadRows, PEER_NAMES, streamRows, type Row } from './rows';
import { cell, fmt, ratio, stat, table } from './stats';

export type { Results, StreamScenarioResult } from './results-types';

/** Short names of the peers in ratio columns. */
export const PEER_SHORT: Record<(typeof PEER_NAMES)[number], string> = { 'deep-chat': 'DC', hub: 'hub' };

/** Header and cells of a comparison table: metric, ours, each peer, ours/each peer, budget. */
function comparison(title: string, rows: Row[], extra: string[][] = []): string {
  const n = (pick: (row: Row) => number[]): number => Math.max(0, ...rows.map((row) => pick(row).length));
  const header = [
    title,
    `ours (n=${n((r) => r.ours)})`,
    ...PEER_NAMES.map((p) => `${PEER_LABELS[p]} (n=${n((r) => r.peers[p])})`),
    ...PEER_NAMES.map((p) => `ours/${PEER_SHORT[p]}`),
    'budget (ours)',
  ];
  const body = rows.map((row) => [
    row.label,
    cell(row.ours, row.digits),
    ...PEER_NAMES.map((p) => cell(row.peers[p], row.digits)),
    ...PEER_NAMES.map((p) => ratio(row.ours, row.peers[p])),
    mark(row.ours, row.budget),
  ]);
  return table([header, ...body, ...extra]);
}

export function streamTable(scenario: StreamScenarioResult): string {
  const runs = (widget: string) => scenario.runs.filter((r) => r.widget === widget);
  const dom = ['final DOM (h, pre>code, table, li, a)', domCheck(runs('ours')), ...PEER_NAMES.map((p) => domCheck(runs(p))), ...PEER_NAMES.map(() => ''), ''];
  return comparison('metric (median, min–max)', streamRows(scenario), [dom]);
}

export function loadTable(runs: Results['load'] & object): string {
  return comparison('metric (median, min–max)', loadRows(runs.runs));
}

export function render(results: Results): string {
  const out: string[] = [];
  const m = results.machine;
  out.push(`Benchmark ${results.date}: ${m.cpus} cores (${m.cpuModel}), Node ${m.node}, Chromium ${m.chromium}, ${m.platform}`);
  out.push(`Command: ${results.command}`);
  out.push(`Peers: ${PEER_NAMES.map((p) => results.peers?.[p] ?? `${PEER_LABELS[p]} (not measured)`).join('; ')}`);
  out.push('');
  out.push(
    table([
      ['script (what the page loads)', 'raw, bytes', 'gzip -9, bytes'],
      ...results.scripts.map((s) => [`${s.widget}${s.build ? ` (${s.build})` : ''}: ${s.file}`, fmt(s.rawBytes), fmt(s.gzipBytes)]),
    ]),
  );
  if (results.load) {
    out.push('');
    out.push('Page load to a ready composer (a fresh browser context per run, nothing cached; phone: 390 × 844, CPU 4× slower, 400 ms / 400 kbit/s)');
    out.push(loadTable(results.load));
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
    const ready = historyReady(runs);
    if (ready.length) ours.push([`${results.history.items}-message history, open() → its end drawn, next frame painted, ms`, cell(ready, 1), `≤ ${HISTORY_READY_MS} ${stat(ready).median <= HISTORY_READY_MS ? '✓' : '✗'}`]);
    ours.push([`  open() → all ${results.history.items} in the DOM, ms`, cell(runs.map((r) => r.renderMs), 1), '']);
    ours.push(['  open() → next frame painted after that, ms', cell(runs.map((r) => r.frameMs), 1), '']);
    ours.push(['  messages shown', cell(runs.map((r) => r.bubbles), 0), '']);
    if (runs.some((r) => r.forms !== undefined)) ours.push(['  forms drawn (the built-in renderer, in a few of the answers)', cell(runs.map((r) => r.forms ?? 0), 0), '']);
    const scrolled = runs.filter((r) => r.scrollFrames);
    if (scrolled.length) {
      const p95 = stat(scrolled.map((r) => r.scrollP95Ms!)).median;
      const missed = stat(scrolled.map((r) => r.scrollMissed!)).median;
      ours.push([`  scrolled top to end, ${fmt(stat(scrolled.map((r) => r.scrollFrames!)).median, 0)} frames: frame interval p95 / longest, ms; frames missed (> 25 ms)`, `${fmt(p95, 1)} / ${fmt(stat(scrolled.map((r) => r.scrollLongestMs!)).median, 1)}; ${fmt(missed, 0)}`, `60 fps: none missed ${missed === 0 ? '✓' : '✗'}`]);
    }
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
  out.push(table([['budget', 'limit', 'measured (ours)', 'holds'], ...results.budgets.map((b) => [b.what, b.budget, b.measured, b.holds === null ? '—' : b.holds ? '✓' : '✗'])]));
  return out.join('\n');
}
