// Writes a saved run's text and markdown again with the current report and budgets (no browser):
//   node bench/run.mjs --entry bench/rerender.ts bench/results/load.json [more.json …]
import { readFileSync, writeFileSync } from 'node:fs';
import { checkBudgets } from './budget-checks';
import { render, type Results } from './report';
import { markdown } from './report-markdown';

for (const path of process.argv.slice(2)) {
  const saved = JSON.parse(readFileSync(path, 'utf8')) as Results;
  const results: Results = { ...saved, budgets: checkBudgets(saved) };
  const stem = path.replace(/\.json$/, '');
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(`${stem}.txt`, `${render(results)}\n`);
  writeFileSync(`${stem}.md`, `${markdown(results)}\n`);
  console.log(`${stem}.{json,txt,md} written again`);
}
