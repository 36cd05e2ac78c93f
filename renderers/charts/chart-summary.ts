// The words a screen reader says for a chart (DESIGN.md §8.2: accessible). Pure.
// A label names the chart; a summary gives its shape (count, range, extremes), so a visitor who
// cannot see the drawing still gets its point; the full data goes in a table beside it.

import type { ChartSpec } from './chart-payload';

const KIND_NAMES = { bar: 'Bar chart', line: 'Line chart', area: 'Area chart', pie: 'Pie chart', scatter: 'Scatter chart' } as const;

const number = (v: number) => (Number.isInteger(v) ? String(v) : String(Math.round(v * 1000) / 1000));

/** `Bar chart: Weekly signups` */
export function chartLabel(chart: ChartSpec): string {
  return chart.title ? `${KIND_NAMES[chart.kind]}: ${chart.title}` : KIND_NAMES[chart.kind];
}

/**
 * One sentence per series: `Signups, 7 points: Mon 12, Tue 19, …; highest Fri 28, lowest Sun 7.`
 * The first points are listed (up to 12) so a short chart is read in full.
 */
export function chartSummary(chart: ChartSpec): string {
  const unit = chart.unit ? ` ${chart.unit}` : '';
  const parts = chart.series.map((s) => {
    const shown = s.points.slice(0, 12).map((p) => `${p.label} ${number(p.value)}${unit}`).join(', ');
    const more = s.points.length > 12 ? `, and ${s.points.length - 12} more` : '';
    let hi = s.points[0]!;
    let lo = s.points[0]!;
    for (const p of s.points) {
      if (p.value > hi.value) hi = p;
      if (p.value < lo.value) lo = p;
    }
    const range = s.points.length > 1 ? `; highest ${hi.label} ${number(hi.value)}${unit}, lowest ${lo.label} ${number(lo.value)}${unit}` : '';
    const count = `${s.points.length} point${s.points.length === 1 ? '' : 's'}`;
    return `${s.name}, ${count}: ${shown}${more}${range}.`;
  });
  return `${chartLabel(chart)}. ${parts.join(' ')}`;
}
