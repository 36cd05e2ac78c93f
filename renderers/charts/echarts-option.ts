// A checked `bailing-chart` as an ECharts option. Pure: plain data, built only from the checked
// spec, so nothing the model wrote can become a formatter, a rich-text style or a link.

import { categories, type ChartSpec } from './chart-payload';
import type { ChartColors } from './palette';

export type EChartsOptionData = Record<string, unknown>;

/** Options the adapter passes through from the host. */
export interface ChartOptionSettings {
  /** Animations on (default true); the browser tests turn them off to compare still frames. */
  animation?: boolean;
}

export function echartsOption(chart: ChartSpec, colors: ChartColors, settings: ChartOptionSettings = {}): EChartsOptionData {
  const text = { color: colors.text };
  const legend = chart.named || chart.kind === 'pie' ? { type: 'scroll', top: 0, textStyle: { color: colors.muted }, pageTextStyle: { color: colors.muted } } : undefined;
  const base: EChartsOptionData = {
    animation: settings.animation !== false,
    backgroundColor: 'transparent',
    color: colors.series,
    textStyle: text,
    // The adapter writes its own label, summary and table (ECharts' generated description would
    // say the same in English only, and a second time).
    aria: { enabled: false },
    tooltip: {
      trigger: chart.kind === 'pie' || chart.kind === 'scatter' ? 'item' : 'axis',
      // Drawn on the canvas, not as HTML: no markup path for model text at all.
      renderMode: 'richText',
      backgroundColor: colors.surface,
      borderColor: colors.grid,
      textStyle: text,
    },
    ...(legend ? { legend } : {}),
  };
  // "Signups (signups)" says nothing twice: the unit joins the axis name only when it adds something.
  const unitSuffix = chart.unit && !chart.yLabel?.toLowerCase().includes(chart.unit.toLowerCase()) ? ` (${chart.unit})` : '';

  if (chart.kind === 'pie') {
    const s = chart.series[0]!;
    return {
      ...base,
      series: [
        {
          type: 'pie',
          name: s.name,
          radius: ['35%', '65%'],
          center: ['50%', '55%'],
          itemStyle: { borderColor: colors.surface, borderWidth: 2 },
          // Percentages inside the slices (our template, not model text); names are in the legend,
          // so a narrow message never cuts them off.
          label: { position: 'inside', formatter: '{d}%', color: '#ffffff', textBorderColor: 'rgba(0,0,0,0.35)', textBorderWidth: 2 },
          labelLine: { show: false },
          data: s.points.map((p) => ({ name: p.label, value: p.value })),
        },
      ],
    };
  }

  const labels = categories(chart);
  const index = new Map(labels.map((l, i) => [l, i]));
  const axisLine = { lineStyle: { color: colors.axis } };
  const axisLabel = { color: colors.muted, hideOverlap: true };
  const nameStyle = { color: colors.muted };
  return {
    ...base,
    grid: { left: 12, right: 16, top: legend ? 48 : 28, bottom: 12 },
    xAxis: {
      type: 'category',
      data: labels,
      // Scatter points sit on their category; bars fill the band.
      boundaryGap: chart.kind === 'bar' || chart.kind === 'scatter',
      axisLine,
      axisLabel,
      ...(chart.xLabel ? { name: chart.xLabel, nameLocation: 'middle', nameGap: 28, nameTextStyle: nameStyle } : {}),
    },
    yAxis: {
      type: 'value',
      axisLine,
      axisLabel,
      splitLine: { lineStyle: { color: colors.grid } },
      ...(chart.yLabel || chart.unit ? { name: (chart.yLabel ?? chart.unit!) + (chart.yLabel ? unitSuffix : ''), nameTextStyle: nameStyle } : {}),
    },
    series: chart.series.map((s) => {
      // Each series is aligned on the shared categories; a label it lacks is a gap.
      const values: (number | null)[] = labels.map(() => null);
      for (const p of s.points) values[index.get(p.label)!] = p.value;
      const common = { name: s.name, data: values };
      switch (chart.kind) {
        case 'bar':
          return { ...common, type: 'bar', barMaxWidth: 36 };
        case 'line':
          return { ...common, type: 'line', connectNulls: false, showSymbol: s.points.length <= 60 };
        case 'area':
          return { ...common, type: 'line', areaStyle: { opacity: chart.series.length > 1 ? 0.25 : 0.35 }, showSymbol: s.points.length <= 60 };
        case 'scatter':
          return { ...common, type: 'scatter', symbolSize: 9 };
      }
    }),
  };
}
