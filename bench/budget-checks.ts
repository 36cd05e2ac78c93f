// The budget list of a run: every row of the report that carries a budget, plus the script sizes
// and our widget's own measurements (final render, history, memory), each with what was measured.
import { HISTORY_READY_MS, historyReady, holds, SCRIPT_BUDGETS } from './budgets';
import type { BudgetCheck, Results } from './results-types';
import { loadRows, streamRows } from './rows';
import { fmt, stat } from './stats';

export function checkBudgets(results: Omit<Results, 'budgets'>): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  for (const script of results.scripts) {
    if (script.widget !== 'ours' || !script.build) continue;
    const limit = SCRIPT_BUDGETS[script.build];
    checks.push({ what: `${script.file} (${script.build}), minified + gzip -9`, budget: `≤ ${fmt(limit)} B`, measured: `${fmt(script.gzipBytes)} B`, holds: script.gzipBytes <= limit });
  }
  const rows = [
    ...(results.load ? loadRows(results.load.runs).map((row) => ({ row, where: 'page load' })) : []),
    ...results.streams.flatMap((scenario) => streamRows(scenario).map((row) => ({ row, where: scenario.title }))),
  ];
  for (const { row, where } of rows) {
    if (!row.budget || row.ours.length === 0) continue;
    const s = stat(row.ours);
    const value = row.budget.on === 'max' ? s.max : s.median;
    checks.push({
      what: `${row.label.trim()}, ${where}`,
      budget: row.budget.label,
      measured: `${fmt(value, row.digits)}${row.budget.on === 'max' ? ' (worst run)' : ''}`,
      holds: holds(row.ours, row.budget),
    });
  }
  if (results.finalRender) {
    const median = stat(results.finalRender.runs.map((r) => r.renderMs)).median;
    checks.push({ what: `done → final DOM, ${results.finalRender.kb} KB`, budget: '≤ 50 ms', measured: `${fmt(median, 1)} ms`, holds: results.finalRender.kb === 60 ? median <= 50 : null });
  }
  if (results.history) {
    const ready = historyReady(results.history.runs);
    const median = stat(ready.length ? ready : results.history.runs.map((r) => r.renderMs)).median;
    checks.push({ what: `${results.history.items}-message history opened, ready (its end drawn)`, budget: `≤ ${HISTORY_READY_MS} ms`, measured: `${fmt(median, 1)} ms`, holds: median <= HISTORY_READY_MS });
  }
  if (results.memory) {
    const mem = results.memory;
    checks.push({ what: `heap after ${mem.replies} replies + new conversation`, budget: `≤ +10 % (start: ${mem.warmup} replies)`, measured: `${mem.growth >= 0 ? '+' : ''}${fmt(mem.growth * 100, 1)} %`, holds: mem.growth <= 0.1 });
    checks.push({ what: 'detached message nodes after that', budget: 'none', measured: fmt(mem.detachedMessages), holds: mem.detachedMessages === 0 });
    checks.push({ what: 'renderer mounts = destroys', budget: 'equal', measured: `${fmt(mem.mounts)} / ${fmt(mem.destroys)}`, holds: mem.mounts === mem.destroys });
  }
  return checks;
}
