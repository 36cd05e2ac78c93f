// What a `vega-lite` block may contain before Vega-Lite compiles it (DESIGN.md §8.2: no remote
// data, no external URLs). Pure. The whole spec is walked, not only `data.url`: a URL can hide
// in a lookup's `from.data`, an image mark, an `href` channel, `usermeta.embedOptions` (which
// Vega-Embed reads as options, loader included), a binding to a host element, or a plain string.

import { VEGA_LIMITS } from './limits';
import { codePoints, isPlainObject, looksLikeUrl, textProblem } from './text-policy';

export type VegaSpecErrorType =
  | 'not-object'
  | 'not-vega-lite'
  | 'too-deep'
  | 'too-large'
  | 'too-many-rows'
  | 'remote-data'
  | 'url'
  | 'href'
  | 'usermeta'
  | 'image-mark'
  | 'element-binding'
  | 'forbidden-key'
  | 'string-too-long'
  | 'control-characters'
  | 'bad-value';

export interface VegaSpecError {
  readonly type: VegaSpecErrorType;
  readonly path: string;
  readonly message: string;
}

export type VegaSpecResult = { ok: true; spec: Record<string, unknown> } | { ok: false; error: VegaSpecError };

/** The Vega-Lite schema URL is the one URL allowed, and only as `$schema` at the top (never fetched). */
export const VEGA_LITE_SCHEMA = /^https:\/\/vega\.github\.io\/schema\/vega-lite\/v\d+(?:\.\d+){0,2}\.json$/;
/** A Vega-Lite view has one of these at the top. */
const VIEW_KEYS = ['mark', 'layer', 'concat', 'hconcat', 'vconcat', 'facet', 'repeat', 'spec'];
/** Only full Vega specs have these at the top; Vega-Lite is the contract. */
const VEGA_KEYS = ['marks', 'signals', 'scales', 'axes', 'legends', 'projections'];
/** Keys that reach prototypes in code that merges objects (Vega-Embed merges options and config). */
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

class Reject extends Error {
  constructor(readonly detail: VegaSpecError) {
    super(detail.message);
  }
}
const reject = (type: VegaSpecErrorType, path: string, message: string): never => {
  throw new Reject({ type, path, message: `${path || 'spec'}: ${message}` });
};

const isImageMark = (v: unknown) => v === 'image' || (isPlainObject(v) && v.type === 'image');

/** Checks a parsed `vega-lite` spec; the spec itself is returned unchanged when it passes. */
export function checkVegaLiteSpec(spec: unknown): VegaSpecResult {
  try {
    if (!isPlainObject(spec)) reject('not-object', '', 'must be a JSON object');
    const top = spec as Record<string, unknown>;
    if ('$schema' in top && (typeof top.$schema !== 'string' || !VEGA_LITE_SCHEMA.test(top.$schema))) {
      reject('not-vega-lite', '$schema', 'must be a Vega-Lite schema URL (https://vega.github.io/schema/vega-lite/v6.json)');
    }
    for (const key of VEGA_KEYS) if (key in top) reject('not-vega-lite', key, 'is a Vega key; only Vega-Lite specs are drawn');
    if (!VIEW_KEYS.some((k) => k in top)) reject('not-vega-lite', '', `needs one of ${VIEW_KEYS.join(', ')}`);
    let nodes = 0;
    const walk = (v: unknown, path: string, depth: number, key: string) => {
      if (++nodes > VEGA_LIMITS.nodes) reject('too-large', path, `the spec has more than ${VEGA_LIMITS.nodes} values`);
      if (depth > VEGA_LIMITS.depth) reject('too-deep', path, `nested deeper than ${VEGA_LIMITS.depth} levels`);
      if (typeof v === 'string') {
        if (path === '$schema') return;
        if (codePoints(v) > VEGA_LIMITS.string) reject('string-too-long', path, `is longer than ${VEGA_LIMITS.string} characters`);
        if (textProblem(v) === 'control') reject('control-characters', path, 'contains control characters');
        // Any URL-looking string: a field of inline data can become an image or a link target.
        // (Markup is not rejected: Vega draws text as SVG text, and its tooltips are off.)
        if (looksLikeUrl(v)) reject('url', path, 'contains a URL; charts may not load or link to anything');
        return;
      }
      if (typeof v === 'number') return void (Number.isFinite(v) || reject('bad-value', path, 'must be a finite number'));
      if (v === null || typeof v === 'boolean') return;
      if (Array.isArray(v)) {
        if (v.length > VEGA_LIMITS.rows) reject('too-many-rows', path, `has more than ${VEGA_LIMITS.rows} items`);
        v.forEach((item, i) => walk(item, `${path}[${i}]`, depth + 1, key));
        return;
      }
      if (!isPlainObject(v)) return reject('bad-value', path, `must be JSON (got ${typeof v})`);
      for (const [k, child] of Object.entries(v)) {
        const at = path ? `${path}.${k}` : k;
        if (PROTO_KEYS.includes(k)) reject('forbidden-key', at, 'is not allowed');
        if (k === 'url') reject(key === 'data' || key === 'from' ? 'remote-data' : 'url', at, 'remote data and external resources are not allowed');
        if (k === 'href') reject('href', at, 'links are not allowed');
        if (k === 'usermeta') reject('usermeta', at, 'is not allowed (Vega-Embed reads options from it)');
        if (k === 'mark' && isImageMark(child)) reject('image-mark', at, 'image marks are not allowed');
        // `bind: {element: "#selector"}` attaches inputs to an element of the host page.
        if (k === 'bind' && isPlainObject(child) && 'element' in child) reject('element-binding', `${at}.element`, 'bindings to page elements are not allowed');
        walk(child, at, depth + 1, k);
      }
    };
    walk(top, '', 0, '');
    return { ok: true, spec: top };
  } catch (e) {
    if (e instanceof Reject) return { ok: false, error: e.detail };
    throw e;
  }
}
