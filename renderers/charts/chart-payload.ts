// The `bailing-chart` v1 validator (DESIGN.md §8.2). Pure: no DOM, no chart library.
// The payload comes from the model, so every key, kind, count, number and text is checked before a
// chart library sees it, and what comes out is a normalized copy built from checked values only.
//
// {kind: 'bar'|'line'|'area'|'pie'|'scatter', title?, unit?, x_label?, y_label?,
//  data: [{label, value}] | series: [{name, data: [{label, value}]}]}

import { CHART_LIMITS } from './limits';
import { codePoints, isPlainObject, textProblem } from './text-policy';

export const CHART_KINDS = Object.freeze(['bar', 'line', 'area', 'pie', 'scatter'] as const);
export type ChartKind = (typeof CHART_KINDS)[number];

export interface ChartPoint {
  readonly label: string;
  readonly value: number;
}
export interface ChartSeries {
  readonly name: string;
  readonly points: readonly ChartPoint[];
}
/** A checked chart: one or more series, whichever form the payload used. */
export interface ChartSpec {
  readonly kind: ChartKind;
  readonly title?: string;
  readonly unit?: string;
  readonly xLabel?: string;
  readonly yLabel?: string;
  readonly series: readonly ChartSeries[];
  /** The payload used `series` (so the series have names worth a legend). */
  readonly named: boolean;
}

export type ChartPayloadErrorType =
  | 'not-object'
  | 'unknown-key'
  | 'bad-kind'
  | 'no-data'
  | 'data-and-series'
  | 'not-array'
  | 'empty'
  | 'too-many-points'
  | 'too-many-series'
  | 'bad-point'
  | 'bad-value'
  | 'negative-pie-value'
  | 'pie-series'
  | 'bad-text'
  | 'too-long'
  | 'control-characters'
  | 'html'
  | 'url'
  | 'duplicate-label'
  | 'duplicate-name';

export interface ChartPayloadError {
  readonly type: ChartPayloadErrorType;
  /** Where, as a JSON path (`series[1].data[3].value`). */
  readonly path: string;
  readonly message: string;
}

export type ChartPayloadResult = { ok: true; chart: ChartSpec } | { ok: false; error: ChartPayloadError };

const TOP_KEYS: readonly string[] = ['kind', 'title', 'unit', 'x_label', 'y_label', 'data', 'series'];
const SERIES_KEYS: readonly string[] = ['name', 'data'];
const POINT_KEYS: readonly string[] = ['label', 'value'];

class Reject extends Error {
  constructor(readonly detail: ChartPayloadError) {
    super(detail.message);
  }
}
const reject = (type: ChartPayloadErrorType, path: string, message: string): never => {
  throw new Reject({ type, path, message: `${path || 'payload'}: ${message}` });
};

function onlyKeys(o: Record<string, unknown>, allowed: readonly string[], path: string) {
  for (const key of Object.keys(o)) if (!allowed.includes(key)) reject('unknown-key', path ? `${path}.${key}` : key, `unknown key (allowed: ${allowed.join(', ')})`);
}

function text(v: unknown, path: string, max: number, required: boolean): string | undefined {
  if (v === undefined && !required) return undefined;
  if (typeof v !== 'string') return reject('bad-text', path, `must be a string (got ${v === null ? 'null' : typeof v})`);
  if (required && v.trim() === '') reject('bad-text', path, 'must not be empty');
  if (codePoints(v) > max) reject('too-long', path, `is longer than ${max} characters`);
  const problem = textProblem(v);
  if (problem === 'control') reject('control-characters', path, 'contains control characters');
  if (problem === 'html') reject('html', path, 'contains HTML');
  if (problem === 'url') reject('url', path, 'contains a URL');
  return v;
}

function points(v: unknown, path: string, kind: ChartKind, budget: { left: number }): ChartPoint[] {
  if (!Array.isArray(v)) return reject('not-array', path, 'must be an array of {label, value}');
  if (v.length === 0) reject('empty', path, 'must have at least one point');
  if (v.length > budget.left) reject('too-many-points', path, `more than ${CHART_LIMITS.points} points in the chart`);
  budget.left -= v.length;
  const seen = new Set<string>();
  return v.map((p: unknown, i) => {
    const at = `${path}[${i}]`;
    if (!isPlainObject(p)) return reject('bad-point', at, 'must be an object {label, value}');
    onlyKeys(p, POINT_KEYS, at);
    const label = text(p.label, `${at}.label`, CHART_LIMITS.label, true)!;
    if (seen.has(label)) reject('duplicate-label', `${at}.label`, `"${label}" appears twice in this series`);
    seen.add(label);
    const value = p.value;
    // Finite numbers only: NaN and Infinity cannot come from JSON, but strings, null and
    // (for callers passing objects) functions can.
    if (typeof value !== 'number' || !Number.isFinite(value)) return reject('bad-value', `${at}.value`, 'must be a finite number');
    if (kind === 'pie' && value < 0) reject('negative-pie-value', `${at}.value`, 'a pie slice cannot be negative');
    return Object.freeze({ label, value });
  });
}

/** Checks a parsed `bailing-chart` payload and returns a normalized copy, or the first problem. */
export function checkChartPayload(payload: unknown): ChartPayloadResult {
  try {
    return { ok: true, chart: read(payload) };
  } catch (e) {
    if (e instanceof Reject) return { ok: false, error: e.detail };
    throw e;
  }
}

function read(payload: unknown): ChartSpec {
  if (!isPlainObject(payload)) return reject('not-object', '', 'must be a JSON object');
  onlyKeys(payload, TOP_KEYS, '');
  const kind = payload.kind;
  if (typeof kind !== 'string' || !(CHART_KINDS as readonly string[]).includes(kind)) {
    return reject('bad-kind', 'kind', `must be one of ${CHART_KINDS.join(', ')}`);
  }
  const k = kind as ChartKind;
  const title = text(payload.title, 'title', CHART_LIMITS.title, false);
  const unit = text(payload.unit, 'unit', CHART_LIMITS.label, false);
  const xLabel = text(payload.x_label, 'x_label', CHART_LIMITS.label, false);
  const yLabel = text(payload.y_label, 'y_label', CHART_LIMITS.label, false);
  const hasData = payload.data !== undefined;
  const hasSeries = payload.series !== undefined;
  if (hasData && hasSeries) reject('data-and-series', '', 'has both "data" and "series"; use one');
  if (!hasData && !hasSeries) reject('no-data', '', 'needs "data" or "series"');
  const budget = { left: CHART_LIMITS.points };
  let series: ChartSeries[];
  if (hasData) {
    series = [{ name: yLabel ?? unit ?? title ?? 'Value', points: points(payload.data, 'data', k, budget) }];
  } else {
    const list = payload.series;
    if (!Array.isArray(list)) return reject('not-array', 'series', 'must be an array of {name, data}');
    if (list.length === 0) reject('empty', 'series', 'must have at least one series');
    if (list.length > CHART_LIMITS.series) reject('too-many-series', 'series', `more than ${CHART_LIMITS.series} series`);
    // A pie has one ring: several series would need a layout the payload cannot describe.
    if (k === 'pie' && list.length > 1) reject('pie-series', 'series', 'a pie chart takes exactly one series');
    const names = new Set<string>();
    series = list.map((s: unknown, i) => {
      const at = `series[${i}]`;
      if (!isPlainObject(s)) return reject('bad-point', at, 'must be an object {name, data}');
      onlyKeys(s, SERIES_KEYS, at);
      const name = text(s.name, `${at}.name`, CHART_LIMITS.label, true)!;
      if (names.has(name)) reject('duplicate-name', `${at}.name`, `"${name}" names two series`);
      names.add(name);
      return Object.freeze({ name, points: Object.freeze(points(s.data, `${at}.data`, k, budget)) });
    });
  }
  const spec: ChartSpec = {
    kind: k,
    ...(title === undefined ? {} : { title }),
    ...(unit === undefined ? {} : { unit }),
    ...(xLabel === undefined ? {} : { xLabel }),
    ...(yLabel === undefined ? {} : { yLabel }),
    series: Object.freeze(series.map((s) => Object.freeze({ name: s.name, points: Object.freeze([...s.points]) }))),
    named: hasSeries,
  };
  return Object.freeze(spec);
}

/** Category labels across all series, in first-seen order (the x axis of bar, line and area). */
export function categories(chart: ChartSpec): string[] {
  const seen = new Set<string>();
  for (const s of chart.series) for (const p of s.points) seen.add(p.label);
  return [...seen];
}
