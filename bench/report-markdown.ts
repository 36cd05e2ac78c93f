// The same results as a compact markdown table (bench/results/*.md, pasted into docs/performance.md):
// the summary rows of each scenario, ours beside each peer with the ratios, the script sizes and
// our widget's own measurements.
import { HISTORY_READY_MS, historyReady, mark, SCRIPT_BUDGETS } from './budgets';
import { PEER_LABELS } from './page';
import { PEER_SHORT } from './report';
import type { Results } from './results-types';
import { domCheck, loadRows, PEER_NAMES, streamRows, type Row } from './rows';
import { cell, fmt, ratio, stat } from './stats';

const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;

function rowCells(scenario: string, row: Row): string[] {
  return [
    scenario,
    row.label.trim(),
    cell(row.ours, row.digits),
    ...PEER_NAMES.map((p) => cell(row.peers[p], row.digits)),
    ...PEER_NAMES.map((p) => ratio(row.ours, row.peers[p])),
    mark(row.ours, row.budget),
  ];
}

export function markdown(results: Results): string {
  const m = results.machine;
  const peers = PEER_NAMES.map((p) => results.peers?.[p] ?? `${PEER_LABELS[p]} (not measured)`).join('; ');
  const empty = PEER_NAMES.flatMap(() => ['', '']);
  const out: string[] = [
    `Measured ${results.date} on ${m.cpus} cores (${m.cpuModel}), Node ${m.node}, Chromium ${m.chromium}; \`${results.command}\`. ` +
      `Peers: ${peers}. Medians, min–max in brackets; n = runs (ours / ${PEER_NAMES.map((p) => PEER_LABELS[p]).join(' / ')}).`,
    '',
    line(['scenario', 'metric', 'ours', ...PEER_NAMES.map((p) => PEER_LABELS[p]), ...PEER_NAMES.map((p) => `ours/${PEER_SHORT[p]}`), 'budget (ours)']),
    line(['---', '---', '---:', ...PEER_NAMES.map(() => '---:'), ...PEER_NAMES.map(() => '---:'), '---']),
  ];
  if (results.load) {
    const rows = loadRows(results.load.runs).filter((r) => r.summary);
    const n = (widget: string): number => results.load!.runs.filter((r) => r.widget === widget && (r.build ?? 'self-contained') === 'self-contained' && (r.profile ?? 'desktop') === 'desktop').length;
    const title = `page load to a ready composer (n = ${n('ours')} / ${PEER_NAMES.map(n).join(' / ')} per profile)`;
    rows.forEach((row, i) => out.push(line(rowCells(i === 0 ? title : '', row))));
  }
  for (const scenario of results.streams) {
    const runs = (widget: string) => scenario.runs.filter((r) => r.widget === widget);
    const title = `${scenario.title} (${fmt(scenario.deltas)} deltas; n = ${runs('ours').length} / ${PEER_NAMES.map((p) => runs(p).length).join(' / ')})`;
    streamRows(scenario)
      .filter((r) => r.summary)
      .forEach((row, i) => out.push(line(rowCells(i === 0 ? title : '', row))));
    out.push(line(['', 'final DOM (headings, code, tables, list items, links)', domCheck(runs('ours')), ...PEER_NAMES.map((p) => domCheck(runs(p))), ...PEER_NAMES.map(() => ''), '']));
  }
  const peerScripts = PEER_NAMES.map((p) => results.scripts.find((s) => s.widget === p));
  results.scripts
    .filter((s) => s.widget === 'ours' && s.build)
    .forEach((script, i) => {
      const limit = SCRIPT_BUDGETS[script.build!];
      out.push(
        line([
          i === 0 ? 'what the page loads first' : '',
          `script, raw / gzip -9, bytes: ${script.file}`,
          `${fmt(script.rawBytes)} / ${fmt(script.gzipBytes)}`,
          ...peerScripts.map((s) => (s ? `${fmt(s.rawBytes)} / ${fmt(s.gzipBytes)}` : '—')),
          ...peerScripts.map((s) => (s ? ratio([script.gzipBytes], [s.gzipBytes]) : '—')),
          `≤ ${fmt(limit)} gzip ${script.gzipBytes <= limit ? '✓' : '✗'}`,
        ]),
      );
    });
  out.push(...ourOwn(results, empty));
  return out.join('\n');
}

/** Rows for what only our widget is measured on. */
function ourOwn(results: Results, empty: string[]): string[] {
  const rows: string[] = [];
  const row = (first: boolean, metric: string, value: string, budget: string): void => {
    rows.push(line([first && rows.length === 0 ? 'ours only' : '', metric, value, ...empty, budget]));
  };
  if (results.finalRender) {
    const runs = results.finalRender.runs;
    const s = stat(runs.map((r) => r.renderMs));
    row(true, `\`done\` → final DOM, ${results.finalRender.kb} KB, ms (next frame)`, `${cell(runs.map((r) => r.renderMs), 1)} (${fmt(stat(runs.map((r) => r.frameMs)).median, 1)})`, `≤ 50 ${s.median <= 50 ? '✓' : '✗'}`);
  }
  if (results.history) {
    const runs = results.history.runs;
    const forms = runs.some((r) => r.forms) ? ` (${fmt(stat(runs.map((r) => r.forms ?? 0)).median, 0)} forms)` : '';
    const ready = historyReady(runs);
    if (ready.length) row(true, `${results.history.items}-message history${forms}: open() → its end drawn, next frame, ms`, cell(ready, 1), `≤ ${HISTORY_READY_MS} ${stat(ready).median <= HISTORY_READY_MS ? '✓' : '✗'}`);
    row(true, `the same: open() → all ${results.history.items} in the DOM, ms (next frame)`, `${cell(runs.map((r) => r.renderMs), 1)} (${fmt(stat(runs.map((r) => r.frameMs)).median, 1)})`, '');
    const scrolled = runs.filter((r) => r.scrollFrames);
    if (scrolled.length) {
      const p95 = stat(scrolled.map((r) => r.scrollP95Ms!)).median;
      const missed = stat(scrolled.map((r) => r.scrollMissed!)).median;
      row(true, 'the same thread scrolled top to end: frame interval p95 / longest, ms; frames missed (> 25 ms)', `${fmt(p95, 1)} / ${fmt(stat(scrolled.map((r) => r.scrollLongestMs!)).median, 1)}; ${fmt(missed, 0)} of ${fmt(stat(scrolled.map((r) => r.scrollFrames!)).median, 0)}`, `none missed (60 fps) ${missed === 0 ? '✓' : '✗'}`);
    }
  }
  if (results.memory) {
    const mem = results.memory;
    const pct = (x: number): string => `${x >= 0 ? '+' : ''}${fmt(x * 100, 1)} %`;
    row(true, `heap after ${mem.replies} replies + new conversation vs start (after ${mem.warmup})`, `${fmt(mem.heapStartMB, 2)} → ${fmt(mem.heapEndMB, 2)} MB, ${pct(mem.growth)} (${pct(mem.growthFromFirst)} vs after 1 reply)`, `≤ +10 % ${mem.growth <= 0.1 ? '✓' : '✗'}`);
    row(true, 'detached message nodes; renderer mounts / destroys', `${fmt(mem.detachedMessages)}; ${fmt(mem.mounts)} / ${fmt(mem.destroys)}`, `none ${mem.detachedMessages === 0 ? '✓' : '✗'}; equal ${mem.mounts === mem.destroys ? '✓' : '✗'}`);
  }
  return rows;
}
