// RFC 6902 patches for STATE_DELTA and ACTIVITY_DELTA, applied without changing the document they
// patch: each write copies only the containers on its path, so the result shares the rest.
//
// Why not immutable-json-patch: it is lenient where the RFC is not (a `replace` or `remove` of a
// missing path is a silent no-op, a `move` from nowhere moves `undefined`, `test` compares by
// serialisation, so key order matters), which made every operation need a check against the
// document first; what was left for the library was the copy-on-write below, at 1.4 KB gzip.
// fast-json-patch, the applier of @ag-ui/client, is the oracle in patch.test.ts.
import { deeperThan, MAX_JSON_DEPTH } from './limits';
import type { JsonPatchOperation } from './types';

export type PatchResult = { ok: true; value: unknown } | { ok: false; error: string };

type Doc = any;
const INDEX = /^(0|[1-9]\d*)$/;
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** RFC 6901 reference tokens (the parser has checked the pointer's syntax). */
const tokens = (pointer: string) => pointer.split('/').slice(1).map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));

/** The value at `path`, following own members and in-range array indexes only. */
function find(doc: Doc, path: string[]): { value: Doc } | undefined {
  for (const t of path) {
    if (Array.isArray(doc) ? !INDEX.test(t) || +t >= doc.length : !isObj(doc) || !has(doc, t)) return;
    doc = doc[t];
  }
  return { value: doc };
}

/** RFC 6902 §4.6 equality: arrays in order, objects by their members whatever the key order. */
function same(a: Doc, b: Doc): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  const keys = isObj(a) && isObj(b) ? Object.keys(a) : undefined;
  return !!keys && keys.length === Object.keys(b).length && keys.every((k) => has(b, k) && same(a[k], b[k]));
}

/** `doc` with `write` applied to a copy of the container that holds the last token of `path`. */
function edit(doc: Doc, [key, ...rest]: string[], write: (container: Doc, key: string) => unknown): Doc {
  const copy = Array.isArray(doc) ? doc.slice() : { ...doc };
  if (rest.length) copy[key] = edit(doc[key], rest, write);
  else write(copy, key);
  return copy;
}

function fail(why: string): never {
  throw new Error(why);
}

/** Each write stays within MAX_JSON_DEPTH: deltas would otherwise nest the state deeper at every event. */
function shallow(path: string[], value: unknown) {
  if (deeperThan(value, MAX_JSON_DEPTH - path.length)) fail(`the result would nest deeper than ${MAX_JSON_DEPTH} levels (MAX_JSON_DEPTH)`);
}

function add(doc: Doc, pointer: string, value: unknown): Doc {
  const path = tokens(pointer);
  shallow(path, value);
  if (!path.length) return value;
  const parent = find(doc, path.slice(0, -1))?.value;
  const last = path[path.length - 1];
  if (Array.isArray(parent) ? last !== '-' && !(INDEX.test(last) && +last <= parent.length) : !isObj(parent)) fail(`"${pointer}" has no parent to add to`);
  return edit(doc, path, (c, k) => (Array.isArray(c) ? c.splice(k === '-' ? c.length : +k, 0, value) : (c[k] = value)));
}

function step(doc: Doc, op: JsonPatchOperation): Doc {
  const path = tokens(op.path);
  const from = 'from' in op ? tokens(op.from) : [];
  // A state object's prototype is not the agent's to set: an assignment to "__proto__" sets it.
  if (path.includes('__proto__') || from.includes('__proto__')) fail('refuses "__proto__"');
  if (op.op === 'add') return add(doc, op.path, op.value);
  if (op.op === 'move' || op.op === 'copy') {
    const source = find(doc, from) ?? fail(`"${op.from}" does not exist`);
    if (op.op === 'copy') return add(doc, op.path, source.value);
    if (op.path.startsWith(op.from + '/')) fail(`cannot move "${op.from}" into itself`);
    return add(step(doc, { op: 'remove', path: op.from }), op.path, source.value);
  }
  const target = find(doc, path);
  if (!target || (op.op === 'remove' && !path.length)) fail(`"${op.path}" does not exist`);
  if (op.op === 'test') return same(target.value, op.value) ? doc : fail(`test failed at "${op.path}"`);
  if (op.op === 'replace') shallow(path, op.value);
  if (op.op === 'replace' && !path.length) return op.value;
  return edit(doc, path, (c, k) => (op.op === 'replace' ? (c[k] = op.value) : Array.isArray(c) ? c.splice(+k, 1) : delete c[k]));
}

/** Applies `patch` to `doc` whole or not at all (1.0: a failed patch leaves the document as it was). */
export function applyPatch(doc: unknown, patch: readonly JsonPatchOperation[]): PatchResult {
  let i = 0;
  try {
    for (; i < patch.length; i++) doc = step(doc, patch[i]);
    return { ok: true, value: doc };
  } catch (e) {
    return { ok: false, error: `operation ${i}: ${(e as Error).message}` };
  }
}
