import { describe, expect, it } from 'vitest';
import { checkChartPayload, type ChartSpec } from './chart-payload';
import { echartsOption } from './echarts-option';
import { chartColors, safeAccent } from './palette';

const spec = (payload: unknown): ChartSpec => {
  const r = checkChartPayload(payload);
  if (!r.ok) throw new Error(r.error.message);
  return r.chart;
};
const light = chartColors({ accent: '#0f766e', mode: 'light' });
const dark = chartColors({ accent: '#0f766e', mode: 'dark' });
type Opt = Record<string, any>;

describe('echartsOption', () => {
  it.each([
    ['bar', 'bar', undefined],
    ['line', 'line', undefined],
    ['area', 'line', { opacity: 0.35 }],
    ['scatter', 'scatter', undefined],
  ])('%s → ECharts %s series on a category axis', (kind, type, areaStyle) => {
    const o = echartsOption(spec({ kind, data: [{ label: 'a', value: 1 }, { label: 'b', value: 2 }] }), light) as Opt;
    expect(o.series).toHaveLength(1);
    expect(o.series[0].type).toBe(type);
    expect(o.series[0].areaStyle).toEqual(areaStyle);
    expect(o.series[0].data).toEqual([1, 2]);
    expect(o.xAxis.data).toEqual(['a', 'b']);
  });

  it('pie: one series of {name, value}', () => {
    const o = echartsOption(spec({ kind: 'pie', data: [{ label: 'Yes', value: 3 }, { label: 'No', value: 1 }] }), light) as Opt;
    expect(o.series).toEqual([expect.objectContaining({ type: 'pie', data: [{ name: 'Yes', value: 3 }, { name: 'No', value: 1 }] })]);
    expect(o.xAxis).toBeUndefined();
    expect(o.legend).toBeDefined();
  });

  it('several series align on the shared categories; a missing label is a gap', () => {
    const o = echartsOption(
      spec({ kind: 'line', series: [{ name: 'A', data: [{ label: 'x', value: 1 }, { label: 'y', value: 2 }] }, { name: 'B', data: [{ label: 'y', value: 5 }, { label: 'z', value: 6 }] }] }),
      light,
    ) as Opt;
    expect(o.xAxis.data).toEqual(['x', 'y', 'z']);
    expect(o.series.map((s: Opt) => [s.name, s.data])).toEqual([['A', [1, 2, null]], ['B', [null, 5, 6]]]);
    expect(o.legend).toBeDefined();
  });

  it('follows the theme: the accent leads the palette, text colours by mode', () => {
    const chart = spec({ kind: 'bar', data: [{ label: 'a', value: 1 }] });
    const l = echartsOption(chart, light) as Opt;
    const d = echartsOption(chart, dark) as Opt;
    expect(l.color[0]).toBe('#0f766e');
    expect(l.textStyle.color).not.toBe(d.textStyle.color);
    expect(l.backgroundColor).toBe('transparent');
  });

  it('names axes from the payload and keeps ECharts generated descriptions and HTML tooltips off', () => {
    const o = echartsOption(spec({ kind: 'bar', x_label: 'Day', y_label: 'Signups', unit: 'people', data: [{ label: 'a', value: 1 }] }), light) as Opt;
    expect(o.xAxis.name).toBe('Day');
    expect(o.yAxis.name).toBe('Signups (people)');
    const same = echartsOption(spec({ kind: 'bar', y_label: 'Signups', unit: 'signups', data: [{ label: 'a', value: 1 }] }), light) as Opt;
    expect(same.yAxis.name).toBe('Signups');
    expect(o.aria).toEqual({ enabled: false });
    expect(o.tooltip.renderMode).toBe('richText');
    // No function anywhere: nothing the model sends can become a formatter.
    expect(JSON.stringify(o)).toBe(JSON.stringify(JSON.parse(JSON.stringify(o))));
  });

  it('animation can be turned off', () => {
    expect((echartsOption(spec({ kind: 'bar', data: [{ label: 'a', value: 1 }] }), light, { animation: false }) as Opt).animation).toBe(false);
  });
});

describe('safeAccent', () => {
  it.each([
    ['#0f766e', '#0f766e'],
    ['#abc', '#abc'],
    ['rgb(15, 118, 110)', 'rgb(15, 118, 110)'],
    ['red;background:url(x)', '#2563eb'],
    ['var(--x)', '#2563eb'],
  ])('%s → %s', (accent, expected) => expect(safeAccent(accent)).toBe(expected));
});
