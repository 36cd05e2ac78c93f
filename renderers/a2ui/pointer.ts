// The data model of a surface, addressed by JSON Pointer (RFC 6901) as A2UI v0.9 extends it: a
// path without a leading `/` is relative to the scope a list template gives each item. Pure:
// writes return a new model and leave the old one as it was. Keys that would reach an object's
// prototype (`__proto__`, `constructor`, `prototype`) are refused: a model-written path must not
// be able to change how every object of the page behaves.

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** The tokens of `pointer` (`""` and `"/"` are the whole model), or null when it is not a pointer. */
export function tokensOf(pointer: string): string[] | null {
  if (pointer === '' || pointer === '/') return [];
  if (!pointer.startsWith('/')) return null;
  const tokens = pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  return tokens.some((t) => FORBIDDEN.has(t)) ? null : tokens;
}

/** `path` made absolute in `scope` (the item a template draws, e.g. `/items/0`; `""` at the root). */
export function absolute(path: string, scope: string): string {
  if (path.startsWith('/')) return path;
  if (path === '' || path === '.') return scope || '/';
  return `${scope}/${path}`;
}

const isIndex = (token: string) => /^(0|[1-9]\d{0,8})$/.test(token);
const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** The value at `pointer` in `model`, or undefined where nothing is (or the pointer is not one). */
export function getAt(model: unknown, pointer: string): unknown {
  const tokens = tokensOf(pointer);
  if (!tokens) return undefined;
  let at: unknown = model;
  for (const t of tokens) {
    if (Array.isArray(at)) at = isIndex(t) ? at[+t] : undefined;
    else if (at && typeof at === 'object') at = own(at, t) ? (at as Record<string, unknown>)[t] : undefined;
    else return undefined;
  }
  return at;
}

/**
 * `model` with `value` at `pointer` (upsert: what is missing on the way is made, an array for an
 * index token, else an object), or without what is there when `value` is undefined (an array's
 * item becomes undefined, its length kept, as A2UI v0.9 says). Null when the pointer is not one,
 * or goes through a value that is not a container.
 */
export function setAt(model: unknown, pointer: string, value: unknown): { model: unknown } | null {
  const tokens = tokensOf(pointer);
  if (!tokens) return null;
  const write = (at: unknown, i: number): { v: unknown } | null => {
    if (i === tokens.length) return { v: value };
    const t = tokens[i]!;
    const container = at === undefined || at === null ? (isIndex(t) ? [] : {}) : at;
    if (typeof container !== 'object') return null;
    if (Array.isArray(container)) {
      if (!isIndex(t)) return null;
      const next = write(container[+t], i + 1);
      if (!next) return null;
      const copy = container.slice();
      copy[+t] = next.v;
      return { v: copy };
    }
    const next = write(own(container, t) ? (container as Record<string, unknown>)[t] : undefined, i + 1);
    if (!next) return null;
    const copy: Record<string, unknown> = { ...(container as Record<string, unknown>) };
    if (next.v === undefined && i === tokens.length - 1) delete copy[t];
    else copy[t] = next.v;
    return { v: copy };
  };
  const out = write(model, 0);
  return out && { model: out.v };
}
