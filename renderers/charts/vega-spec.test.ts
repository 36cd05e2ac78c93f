import { describe, expect, it } from 'vitest';
import { VEGA_LIMITS } from './limits';
import { checkVegaLiteSpec, type VegaSpecErrorType } from './vega-spec';

const values = [
  { a: 'A', b: 28 },
  { a: 'B', b: 55 },
];
const bar = { mark: 'bar', data: { values }, encoding: { x: { field: 'a', type: 'nominal' }, y: { field: 'b', type: 'quantitative' } } };

describe('checkVegaLiteSpec: valid specs', () => {
  it.each([
    ['a bar chart', bar],
    ['with the Vega-Lite schema', { $schema: 'https://vega.github.io/schema/vega-lite/v6.json', ...bar }],
    ['with a versioned schema', { $schema: 'https://vega.github.io/schema/vega-lite/v5.20.1.json', ...bar }],
    ['a layer', { data: { values }, layer: [{ mark: 'bar' }, { mark: { type: 'text', dy: -4 } }] }],
    ['an hconcat', { hconcat: [bar, bar] }],
    ['named datasets', { datasets: { d: values }, data: { name: 'd' }, mark: 'point' }],
    ['a param bound to a slider (inside the view)', { ...bar, params: [{ name: 'p', value: 1, bind: { input: 'range', min: 0, max: 5 } }] }],
    ['a sequence generator', { data: { sequence: { start: 0, stop: 10 } }, mark: 'line' }],
    ['text with colons and slashes that are not URLs', { ...bar, title: 'Q1: 10:30 a/b', description: 'ratio 1/2' }],
    [`${VEGA_LIMITS.rows} rows`, { data: { values: Array.from({ length: VEGA_LIMITS.rows }, (_, i) => ({ x: i })) }, mark: 'tick' }],
  ])('%s', (_, spec) => {
    const r = checkVegaLiteSpec(spec);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.spec).toBe(spec);
  });
});

describe('checkVegaLiteSpec: every rejection names its reason', () => {
  const deep = (n: number): unknown => (n === 0 ? 1 : { a: deep(n - 1) });
  const cases: [string, unknown, VegaSpecErrorType, string][] = [
    ['an array', [bar], 'not-object', ''],
    ['a string (a URL to fetch the spec from)', 'https://evil.example/spec.json', 'not-object', ''],
    ['no view', { data: { values } }, 'not-vega-lite', ''],
    ['a Vega spec', { marks: [], signals: [] }, 'not-vega-lite', 'marks'],
    ['a foreign $schema', { $schema: 'https://evil.example/schema.json', ...bar }, 'not-vega-lite', '$schema'],
    ['the Vega (not -Lite) schema', { $schema: 'https://vega.github.io/schema/vega/v6.json', ...bar }, 'not-vega-lite', '$schema'],
    ['remote data', { ...bar, data: { url: 'https://evil.example/data.csv' } }, 'remote-data', 'data.url'],
    ['relative remote data', { ...bar, data: { url: 'data/cars.json' } }, 'remote-data', 'data.url'],
    ['remote data in a lookup', { ...bar, transform: [{ lookup: 'a', from: { data: { url: 'x.json' }, key: 'a' } }] }, 'remote-data', 'transform[0].from.data.url'],
    ['remote data in a layer', { layer: [{ ...bar, data: { url: 'x.json' } }] }, 'remote-data', 'layer[0].data.url'],
    ['an image mark', { ...bar, mark: 'image' }, 'image-mark', 'mark'],
    ['an image mark object', { layer: [{ ...bar, mark: { type: 'image', width: 20 } }] }, 'image-mark', 'layer[0].mark'],
    ['a url channel', { ...bar, encoding: { ...bar.encoding, url: { field: 'a' } } }, 'url', 'encoding.url'],
    ['an href channel', { ...bar, encoding: { ...bar.encoding, href: { field: 'a' } } }, 'href', 'encoding.href'],
    ['an href on the mark', { ...bar, mark: { type: 'bar', href: 'x' } }, 'href', 'mark.href'],
    ['usermeta (Vega-Embed options)', { ...bar, usermeta: { embedOptions: { actions: true } } }, 'usermeta', 'usermeta'],
    ['a binding to a host element', { ...bar, params: [{ name: 'p', bind: { input: 'range', element: '#host' } }] }, 'element-binding', 'params[0].bind.element'],
    ['an https URL in inline data', { ...bar, data: { values: [{ a: 'https://evil.example/pixel.gif', b: 1 }] } }, 'url', 'data.values[0].a'],
    ['a javascript: URL in data', { ...bar, data: { values: [{ a: 'javascript:alert(1)', b: 1 }] } }, 'url', 'data.values[0].a'],
    ['a data: URL in a title', { ...bar, title: 'data:image/svg+xml,<svg/>' }, 'url', 'title'],
    ['a URL in config', { ...bar, config: { background: 'url(https://evil.example/x.png)' } }, 'url', 'config.background'],
    ['a __proto__ key', JSON.parse('{"mark":"bar","config":{"__proto__":{"polluted":1}}}'), 'forbidden-key', 'config.__proto__'],
    ['a constructor key', { ...bar, config: { constructor: { prototype: {} } } }, 'forbidden-key', 'config.constructor'],
    ['too deep', { ...bar, config: deep(VEGA_LIMITS.depth + 1) }, 'too-deep', 'config' + '.a'.repeat(VEGA_LIMITS.depth)],
    ['too many rows', { mark: 'tick', data: { values: Array.from({ length: VEGA_LIMITS.rows + 1 }, () => 1) } }, 'too-many-rows', 'data.values'],
    ['too many values', { mark: 'tick', data: { values: Array.from({ length: 4000 }, () => ({ a: 1, b: 2, c: 3, d: 4, e: 5 })) } }, 'too-large', ''],
    ['a long string', { ...bar, title: 'x'.repeat(VEGA_LIMITS.string + 1) }, 'string-too-long', 'title'],
    ['a control character', { ...bar, title: 'a\u0007' }, 'control-characters', 'title'],
    ['a function', { ...bar, config: { f: () => 1 } }, 'bad-value', 'config.f'],
    ['Infinity', { ...bar, width: Number.POSITIVE_INFINITY }, 'bad-value', 'width'],
  ];
  it.each(cases)('%s → %s', (_, spec, type, path) => {
    const r = checkVegaLiteSpec(spec);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.type).toBe(type);
    if (type !== 'too-large') expect(r.error.path).toBe(path);
    expect(r.error.message).toMatch(/\S/);
  });
});
