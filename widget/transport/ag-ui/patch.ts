// RFC 6902 patches for STATE_DELTA and ACTIVITY_DELTA. immutable-json-patch applies them without
// touching the old document; it is lenient where the RFC is not (a `replace` or `remove` of a
// missing path is a silent no-op, a `move` from nowhere moves `undefined`, `test` compares key
// order), so every operation is checked first against the document it will meet. A patch applies
// whole or not at all (1.0: atomic application; a failed patch leaves the state as it was).
import { immutableJSONPatch, parseJSONPointer } from 'immutable-json-patch';
import type { JsonPatchOperation } from './types';

export type PatchResult = { ok: true; value: unknown } | { ok: false; error: string };

const INDEX = /^(0|[1-9]\d*)$/;
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value at `tokens`, following own properties and in-range array indexes only. */
function find(doc: unknown, tokens: string[]): { value: unknown } | undefined {
  let value = doc;
  for (const t of tokens) {
    if (Array.isArray(value) ? INDEX.test(t) && +t < value.length : isObj(value) && Object.prototype.hasOwnProperty.call(value, t)) {
      value = (value as any)[t];
    } else return undefined;
  }
  return { value };
}

/** RFC 6902 §4.6 equality: arrays in order, objects by their members whatever the key order. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (!isObj(a) || !isObj(b) || Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && same(a[k], b[k]));
}

/** Why `op` cannot apply to `doc` (an add's target needs a container parent, an index ≤ length). */
function refusal(doc: unknown, op: JsonPatchOperation): string | undefined {
  const path = parseJSONPointer(op.path);
  const from = 'from' in op ? parseJSONPointer(op.from) : [];
  // A state object's prototype is not the agent's to set: "__proto__" would reach it through the
  // applier's property writes.
  if (path.includes('__proto__') || from.includes('__proto__')) return 'refuses "__proto__"';
  if (op.op === 'move' || op.op === 'copy') {
    if (!find(doc, from)) return `"${op.from}" does not exist`;
    if (op.op === 'move' && op.path.startsWith(op.from + '/')) return `cannot move "${op.from}" into itself`;
    if (op.op === 'move') doc = immutableJSONPatch(doc, [{ op: 'remove', path: op.from }]);
  }
  if (op.op === 'add' || op.op === 'move' || op.op === 'copy') {
    if (!path.length) return;
    const parent = find(doc, path.slice(0, -1))?.value;
    const last = path[path.length - 1];
    if (Array.isArray(parent) ? last === '-' || (INDEX.test(last) && +last <= parent.length) : isObj(parent)) return;
    return `"${op.path}" has no parent to add to`;
  }
  const target = find(doc, path);
  if (!target || (op.op === 'remove' && !path.length)) return `"${op.path}" does not exist`;
  if (op.op === 'test' && !same(target.value, op.value)) return `test failed at "${op.path}"`;
}

/** Applies `patch` to `doc` without changing `doc`; the result shares what the patch left alone. */
export function applyPatch(doc: unknown, patch: JsonPatchOperation[]): PatchResult {
  let i = 0;
  try {
    const value = immutableJSONPatch(doc, patch as any, {
      before(current: unknown, op: any) {
        const why = refusal(current, op);
        if (why) throw new Error(why);
        i++;
        // `test` was judged above by RFC equality; the library's own check compares serialisations,
        // so it is handed the value it finds, which it cannot fail on.
        return op.op === 'test' ? { operation: { ...op, value: find(current, parseJSONPointer(op.path))!.value } } : {};
      },
    });
    return { ok: true, value };
  } catch (e) {
    return { ok: false, error: `operation ${i}: ${(e as Error).message}` };
  }
}
