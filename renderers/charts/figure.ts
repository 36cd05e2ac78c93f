// The DOM around a drawn chart: a labelled figure, the drawing area, and a data table for people
// who cannot see the drawing. Styles are set through the CSSOM (allowed under a strict
// `style-src`), on elements inside the widget's shadow root, so nothing reaches the host page.

import type { ChartSpec } from './chart-payload';
import { categories } from './chart-payload';
import type { ChartColors } from './palette';

export interface ChartFigure {
  figure: HTMLElement;
  /** Where the library draws. */
  plot: HTMLElement;
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
};

/**
 * `<figure aria-label>` › `<figcaption>` (the title), the plot (`role=img` named by the summary),
 * and a collapsed `<details>` with the data as a table.
 */
export function chartFigure(label: string, title: string | undefined, summary: string, colors: ChartColors, heightPx: number): ChartFigure {
  const figure = el('figure');
  figure.className = 'bc-chart';
  figure.setAttribute('aria-label', label);
  Object.assign(figure.style, { margin: '0', width: '100%', minWidth: '0', color: colors.text });
  if (title) {
    const caption = el('figcaption', title);
    Object.assign(caption.style, { fontWeight: '600', margin: '0 0 6px' });
    figure.append(caption);
  }
  const plot = el('div');
  plot.className = 'bc-chart-plot';
  plot.setAttribute('role', 'img');
  plot.setAttribute('aria-label', summary);
  Object.assign(plot.style, { width: '100%', height: `${heightPx}px`, position: 'relative' });
  figure.append(plot);
  return { figure, plot };
}

/** A `<details>` holding a table of every point, one column per series. */
export function dataTable(chart: ChartSpec, colors: ChartColors, strings = { show: 'Show data' }): HTMLElement {
  const details = el('details');
  details.className = 'bc-chart-data';
  Object.assign(details.style, { marginTop: '6px', fontSize: '0.875em' });
  const summary = el('summary', strings.show);
  Object.assign(summary.style, { cursor: 'pointer' });
  details.append(summary);
  const wrap = el('div');
  Object.assign(wrap.style, { maxHeight: '240px', overflow: 'auto' });
  const table = el('table');
  Object.assign(table.style, { borderCollapse: 'collapse', marginTop: '4px' });
  const head = el('thead');
  const headRow = el('tr');
  const cell = (tag: 'th' | 'td', text: string, scope?: string) => {
    const c = el(tag, text);
    if (scope) c.setAttribute('scope', scope);
    Object.assign(c.style, { border: `1px solid ${colors.grid}`, padding: '2px 8px', textAlign: tag === 'td' ? 'right' : 'left' });
    return c;
  };
  headRow.append(cell('th', chart.xLabel ?? 'Label', 'col'), ...chart.series.map((s) => cell('th', chart.unit && !chart.named ? `${s.name} (${chart.unit})` : s.name, 'col')));
  head.append(headRow);
  const body = el('tbody');
  const byLabel = chart.series.map((s) => new Map(s.points.map((p) => [p.label, p.value])));
  for (const label of categories(chart)) {
    const row = el('tr');
    row.append(cell('th', label, 'row'), ...byLabel.map((m) => cell('td', m.has(label) ? String(m.get(label)) : '—')));
    body.append(row);
  }
  table.append(head, body);
  wrap.append(table);
  details.append(wrap);
  return details;
}

/** The block's source as inert code, like the widget's own fallback (for failures after `mount` returned). */
export function sourceBlock(source: string, language = 'bailing-chart'): HTMLElement {
  const pre = el('pre');
  const code = el('code', source);
  code.setAttribute('data-language', language);
  pre.append(code);
  return pre;
}
