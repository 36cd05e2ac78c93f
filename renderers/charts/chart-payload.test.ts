import { describe, expect, it } from 'vitest';
import { categories, checkChartPayload, type ChartPayloadErrorType } from './chart-payload';
import { chartLabel, chartSummary } from './chart-summary';
import { CHART_LIMITS } from './limits';

const pts = (n: number, prefix = 'p') => Array.from({ length: n }, (_, i) => ({ label: `${prefix}${i}`, value: i }));
const week = [
  { label: 'Mon', value: 12 },
  { label: 'Tue', value: 19.5 },
  { label: 'Wed', value: -3 },
];

describe('checkChartPayload: valid payloads', () => {
  it.each([
    ['bar with data', { kind: 'bar', title: 'Weekly signups', unit: 'signups', x_label: 'Day', y_label: 'Signups', data: week }, 1, 3],
    ['line', { kind: 'line', data: week }, 1, 3],
    ['area with two series', { kind: 'area', series: [{ name: 'A', data: week }, { name: 'B', data: week.slice(0, 2) }] }, 2, 5],
    ['pie', { kind: 'pie', data: [{ label: 'Yes', value: 3 }, { label: 'No', value: 0 }] }, 1, 2],
    ['pie with one named series', { kind: 'pie', series: [{ name: 'Votes', data: [{ label: 'Yes', value: 3 }] }] }, 1, 1],
    ['scatter', { kind: 'scatter', data: week }, 1, 3],
    ['exactly 500 points in one series', { kind: 'line', data: pts(500) }, 1, 500],
    ['500 points across series', { kind: 'bar', series: [{ name: 'a', data: pts(250) }, { name: 'b', data: pts(250) }] }, 2, 500],
    ['12 series', { kind: 'line', series: Array.from({ length: 12 }, (_, i) => ({ name: `s${i}`, data: pts(2) })) }, 12, 24],
    ['an 80-character label of emoji (code points, not UTF-16 units)', { kind: 'bar', data: [{ label: '📈'.repeat(80), value: 1 }] }, 1, 1],
    ['text that merely mentions a colon or slash', { kind: 'bar', title: 'Q1: revenue / cost', data: [{ label: 'a/b', value: 1 }, { label: '10:30', value: 2 }] }, 1, 2],
    ['a multi-line label', { kind: 'bar', data: [{ label: 'North\nregion', value: 1 }] }, 1, 1],
  ])('%s', (_, payload, seriesCount, pointCount) => {
    const result = checkChartPayload(payload);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.chart.series).toHaveLength(seriesCount);
    expect(result.chart.series.reduce((n, s) => n + s.points.length, 0)).toBe(pointCount);
    expect(Object.isFrozen(result.chart) && Object.isFrozen(result.chart.series[0])).toBe(true);
  });

  it('normalizes: a copy of checked values only, axis labels renamed, data named after the y label', () => {
    const payload = { kind: 'bar', title: 'T', unit: 'u', x_label: 'X', y_label: 'Y', data: [{ label: 'a', value: 1 }] };
    const result = checkChartPayload(payload);
    expect(result).toEqual({
      ok: true,
      chart: { kind: 'bar', title: 'T', unit: 'u', xLabel: 'X', yLabel: 'Y', series: [{ name: 'Y', points: [{ label: 'a', value: 1 }] }], named: false },
    });
    payload.data[0]!.value = 99;
    expect(result.ok && result.chart.series[0]!.points[0]!.value).toBe(1);
  });

  it('categories are the union of labels in first-seen order', () => {
    const r = checkChartPayload({ kind: 'line', series: [{ name: 'a', data: [{ label: 'x', value: 1 }, { label: 'y', value: 2 }] }, { name: 'b', data: [{ label: 'z', value: 1 }, { label: 'x', value: 2 }] }] });
    expect(r.ok && categories(r.chart)).toEqual(['x', 'y', 'z']);
  });
});

describe('checkChartPayload: every rejection names its reason', () => {
  const cases: [string, unknown, ChartPayloadErrorType, string][] = [
    ['an array', [week], 'not-object', ''],
    ['null', null, 'not-object', ''],
    ['a string', 'bar', 'not-object', ''],
    ['an unknown top-level key', { kind: 'bar', data: week, color: 'red' }, 'unknown-key', 'color'],
    ['an unknown point key', { kind: 'bar', data: [{ label: 'a', value: 1, href: 'x' }] }, 'unknown-key', 'data[0].href'],
    ['an unknown series key', { kind: 'bar', series: [{ name: 'a', data: week, type: 'line' }] }, 'unknown-key', 'series[0].type'],
    ['a formatter smuggled in as a key', { kind: 'bar', data: week, formatter: 'function(){}' }, 'unknown-key', 'formatter'],
    ['an unknown kind', { kind: 'radar', data: week }, 'bad-kind', 'kind'],
    ['a missing kind', { data: week }, 'bad-kind', 'kind'],
    ['kind in capitals', { kind: 'Bar', data: week }, 'bad-kind', 'kind'],
    ['neither data nor series', { kind: 'bar' }, 'no-data', ''],
    ['both data and series', { kind: 'bar', data: week, series: [{ name: 'a', data: week }] }, 'data-and-series', ''],
    ['data not an array', { kind: 'bar', data: { Mon: 1 } }, 'not-array', 'data'],
    ['series not an array', { kind: 'bar', series: { name: 'a' } }, 'not-array', 'series'],
    ['empty data', { kind: 'bar', data: [] }, 'empty', 'data'],
    ['empty series list', { kind: 'bar', series: [] }, 'empty', 'series'],
    ['a series with no points', { kind: 'bar', series: [{ name: 'a', data: [] }] }, 'empty', 'series[0].data'],
    ['501 points', { kind: 'line', data: pts(501) }, 'too-many-points', 'data'],
    ['501 points across two series', { kind: 'line', series: [{ name: 'a', data: pts(250) }, { name: 'b', data: pts(251) }] }, 'too-many-points', 'series[1].data'],
    ['13 series', { kind: 'line', series: Array.from({ length: 13 }, (_, i) => ({ name: `s${i}`, data: pts(1) })) }, 'too-many-series', 'series'],
    ['two pie series', { kind: 'pie', series: [{ name: 'a', data: week }, { name: 'b', data: week }] }, 'pie-series', 'series'],
    ['a point that is not an object', { kind: 'bar', data: [5] }, 'bad-point', 'data[0]'],
    ['a series that is not an object', { kind: 'bar', series: ['a'] }, 'bad-point', 'series[0]'],
    ['a string value', { kind: 'bar', data: [{ label: 'a', value: '5' }] }, 'bad-value', 'data[0].value'],
    ['a null value', { kind: 'bar', data: [{ label: 'a', value: null }] }, 'bad-value', 'data[0].value'],
    ['NaN', { kind: 'bar', data: [{ label: 'a', value: Number.NaN }] }, 'bad-value', 'data[0].value'],
    ['Infinity', { kind: 'bar', data: [{ label: 'a', value: Number.POSITIVE_INFINITY }] }, 'bad-value', 'data[0].value'],
    ['a function value', { kind: 'bar', data: [{ label: 'a', value: () => 1 }] }, 'bad-value', 'data[0].value'],
    ['a missing value', { kind: 'bar', data: [{ label: 'a' }] }, 'bad-value', 'data[0].value'],
    ['a negative pie slice', { kind: 'pie', data: [{ label: 'a', value: -1 }] }, 'negative-pie-value', 'data[0].value'],
    ['a numeric label', { kind: 'bar', data: [{ label: 1, value: 1 }] }, 'bad-text', 'data[0].label'],
    ['an empty label', { kind: 'bar', data: [{ label: '  ', value: 1 }] }, 'bad-text', 'data[0].label'],
    ['a function as a title', { kind: 'bar', title: () => 'x', data: week }, 'bad-text', 'title'],
    ['an object as a series name', { kind: 'bar', series: [{ name: { text: 'a' }, data: week }] }, 'bad-text', 'series[0].name'],
    ['an 81-character label', { kind: 'bar', data: [{ label: 'x'.repeat(81), value: 1 }] }, 'too-long', 'data[0].label'],
    ['a 121-character title', { kind: 'bar', title: 't'.repeat(121), data: week }, 'too-long', 'title'],
    ['an 81-character axis label', { kind: 'bar', x_label: 'x'.repeat(81), data: week }, 'too-long', 'x_label'],
    ['an 81-character unit', { kind: 'bar', unit: 'u'.repeat(81), data: week }, 'too-long', 'unit'],
    ['an HTML tag in a label', { kind: 'bar', data: [{ label: '<img src=x onerror=alert(1)>', value: 1 }] }, 'html', 'data[0].label'],
    ['a closing tag in a title', { kind: 'bar', title: 'a</b>', data: week }, 'html', 'title'],
    ['an entity in a series name', { kind: 'bar', series: [{ name: '&lt;b&gt;', data: week }] }, 'html', 'series[0].name'],
    ['an https URL in a title', { kind: 'bar', title: 'see https://evil.example/x', data: week }, 'url', 'title'],
    ['a javascript: URL in a label', { kind: 'bar', data: [{ label: 'javascript:alert(1)', value: 1 }] }, 'url', 'data[0].label'],
    ['a data: URL in a y label', { kind: 'bar', y_label: 'data:text/html,x', data: week }, 'url', 'y_label'],
    ['a protocol-relative URL', { kind: 'bar', unit: '//evil.example', data: week }, 'url', 'unit'],
    ['a www. host', { kind: 'bar', data: [{ label: 'www.evil.example', value: 1 }] }, 'url', 'data[0].label'],
    ['a CSS url()', { kind: 'bar', data: [{ label: 'url(x)', value: 1 }] }, 'url', 'data[0].label'],
    ['a NUL in a label', { kind: 'bar', data: [{ label: 'a\u0000b', value: 1 }] }, 'control-characters', 'data[0].label'],
    ['a bidi override in a title', { kind: 'bar', title: 'abc\u202edef', data: week }, 'control-characters', 'title'],
    ['a duplicate label in one series', { kind: 'bar', data: [{ label: 'a', value: 1 }, { label: 'a', value: 2 }] }, 'duplicate-label', 'data[1].label'],
    ['a duplicate series name', { kind: 'bar', series: [{ name: 'a', data: week }, { name: 'a', data: week }] }, 'duplicate-name', 'series[1].name'],
  ];
  it.each(cases)('%s → %s', (_, payload, type, path) => {
    const result = checkChartPayload(payload);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.type).toBe(type);
    expect(result.error.path).toBe(path);
    expect(result.error.message.length).toBeGreaterThan(0);
  });

  it('the point limit is the one in CHART_LIMITS', () => {
    expect(CHART_LIMITS.points).toBe(500);
    expect(checkChartPayload({ kind: 'bar', data: pts(CHART_LIMITS.points) }).ok).toBe(true);
    expect(checkChartPayload({ kind: 'bar', data: pts(CHART_LIMITS.points + 1) }).ok).toBe(false);
  });

  it('only plain objects: a class instance is not a payload', () => {
    class Payload {
      kind = 'bar';
      data = week;
    }
    expect(checkChartPayload(new Payload())).toMatchObject({ ok: false, error: { type: 'not-object' } });
  });
});

describe('chart summary (what a screen reader says)', () => {
  it('names the chart and reads short series in full, with extremes and unit', () => {
    const r = checkChartPayload({ kind: 'bar', title: 'Weekly signups', unit: 'signups', y_label: 'Signups', data: week });
    if (!r.ok) throw new Error(r.error.message);
    expect(chartLabel(r.chart)).toBe('Bar chart: Weekly signups');
    expect(chartSummary(r.chart)).toBe(
      'Bar chart: Weekly signups. Signups, 3 points: Mon 12 signups, Tue 19.5 signups, Wed -3 signups; highest Tue 19.5 signups, lowest Wed -3 signups.',
    );
  });

  it('long series: the first 12 points, then how many more', () => {
    const r = checkChartPayload({ kind: 'line', series: [{ name: 'a', data: pts(20) }] });
    if (!r.ok) throw new Error(r.error.message);
    expect(chartLabel(r.chart)).toBe('Line chart');
    expect(chartSummary(r.chart)).toContain('a, 20 points: p0 0, p1 1,');
    expect(chartSummary(r.chart)).toContain('p11 11, and 8 more; highest p19 19, lowest p0 0.');
  });
});
