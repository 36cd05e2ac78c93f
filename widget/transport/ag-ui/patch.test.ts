// applyPatch against RFC 6902 and against fast-json-patch, the applier @ag-ui/client 1.0.0 uses
// for STATE_DELTA (applyPatch(state, delta, validate = true, mutate = false)).
import jsonpatch from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { applyPatch } from './patch';
import { deeperThan, MAX_JSON_DEPTH } from './limits';
import type { JsonPatchOperation } from './types';

const deepFreeze = <T>(v: T): T => {
  if (typeof v === 'object' && v !== null) {
    Object.values(v).forEach(deepFreeze);
    Object.freeze(v);
  }
  return v;
};

function reference(doc: unknown, patch: JsonPatchOperation[]): { ok: boolean; value?: unknown } {
  try {
    return { ok: true, value: jsonpatch.applyPatch(structuredClone(doc), patch as never, true, false).newDocument };
  } catch {
    return { ok: false };
  }
}

const doc = { a: 1, list: [1, 2, 3], nested: { x: { y: 'z' } }, 'a/b': 'slash', 'm~n': 'tilde', empty: {} };

const CASES: { title: string; doc?: unknown; patch: JsonPatchOperation[]; expected: unknown | { fails: RegExp } }[] = [
  { title: 'add a member', patch: [{ op: 'add', path: '/b', value: 2 }], expected: { ...doc, b: 2 } },
  { title: 'add replaces an existing member', patch: [{ op: 'add', path: '/a', value: 5 }], expected: { ...doc, a: 5 } },
  { title: 'add null', patch: [{ op: 'add', path: '/n', value: null }], expected: { ...doc, n: null } },
  { title: 'add inside an array shifts the rest', patch: [{ op: 'add', path: '/list/1', value: 9 }], expected: { ...doc, list: [1, 9, 2, 3] } },
  { title: 'add at the array length appends', patch: [{ op: 'add', path: '/list/3', value: 4 }], expected: { ...doc, list: [1, 2, 3, 4] } },
  { title: 'add with "-" appends', patch: [{ op: 'add', path: '/list/-', value: 4 }], expected: { ...doc, list: [1, 2, 3, 4] } },
  { title: 'add to the root replaces the document', patch: [{ op: 'add', path: '', value: [1] }], expected: [1] },
  { title: 'add with escaped keys', patch: [{ op: 'add', path: '/a~1b', value: 1 }, { op: 'add', path: '/m~0n', value: 2 }], expected: { ...doc, 'a/b': 1, 'm~n': 2 } },
  { title: 'add past the end of an array', patch: [{ op: 'add', path: '/list/5', value: 0 }], expected: { fails: /no parent/ } },
  { title: 'add under a missing parent', patch: [{ op: 'add', path: '/missing/x', value: 0 }], expected: { fails: /no parent/ } },
  { title: 'add under a string', patch: [{ op: 'add', path: '/nested/x/y/z', value: 0 }], expected: { fails: /no parent/ } },
  { title: 'remove a member', patch: [{ op: 'remove', path: '/a' }], expected: (({ a: _a, ...rest }) => rest)(doc) },
  { title: 'remove an array item', patch: [{ op: 'remove', path: '/list/0' }], expected: { ...doc, list: [2, 3] } },
  { title: 'remove a missing member', patch: [{ op: 'remove', path: '/missing' }], expected: { fails: /does not exist/ } },
  { title: 'remove past the end of an array', patch: [{ op: 'remove', path: '/list/3' }], expected: { fails: /does not exist/ } },
  { title: 'replace a nested value', patch: [{ op: 'replace', path: '/nested/x/y', value: { deep: true } }], expected: { ...doc, nested: { x: { y: { deep: true } } } } },
  { title: 'replace the root', patch: [{ op: 'replace', path: '', value: 'whole' }], expected: 'whole' },
  { title: 'replace a missing member', patch: [{ op: 'replace', path: '/missing', value: 1 }], expected: { fails: /does not exist/ } },
  { title: 'move a member', patch: [{ op: 'move', from: '/a', path: '/nested/a' }], expected: (({ a: _a, ...rest }) => ({ ...rest, nested: { x: { y: 'z' }, a: 1 } }))(doc) },
  { title: 'move within an array', patch: [{ op: 'move', from: '/list/0', path: '/list/2' }], expected: { ...doc, list: [2, 3, 1] } },
  { title: 'move to itself', patch: [{ op: 'move', from: '/a', path: '/a' }], expected: doc },
  { title: 'move from a missing member', patch: [{ op: 'move', from: '/missing', path: '/b' }], expected: { fails: /does not exist/ } },
  { title: 'move into its own child', patch: [{ op: 'move', from: '/nested', path: '/nested/x/n' }], expected: { fails: /into itself/ } },
  { title: 'copy a member', patch: [{ op: 'copy', from: '/nested/x', path: '/copy' }], expected: { ...doc, copy: { y: 'z' } } },
  { title: 'copy into an array', patch: [{ op: 'copy', from: '/a', path: '/list/0' }], expected: { ...doc, list: [1, 1, 2, 3] } },
  { title: 'copy from a missing member', patch: [{ op: 'copy', from: '/missing', path: '/b' }], expected: { fails: /does not exist/ } },
  { title: 'test passes whatever the key order', patch: [{ op: 'test', path: '/nested', value: { x: { y: 'z' } } }, { op: 'test', path: '', value: { empty: {}, 'm~n': 'tilde', 'a/b': 'slash', nested: { x: { y: 'z' } }, list: [1, 2, 3], a: 1 } }], expected: doc },
  { title: 'test of null against a missing member fails', patch: [{ op: 'test', path: '/missing', value: null }], expected: { fails: /does not exist/ } },
  { title: 'test with a different value fails', patch: [{ op: 'test', path: '/a', value: 2 }], expected: { fails: /test failed/ } },
  { title: 'test of an array against an object fails', patch: [{ op: 'test', path: '/list', value: { 0: 1, 1: 2, 2: 3 } }], expected: { fails: /test failed/ } },
  { title: 'test of a number against a string fails', patch: [{ op: 'test', path: '/a', value: '1' }], expected: { fails: /test failed/ } },
  { title: 'a failing test undoes the whole patch', patch: [{ op: 'add', path: '/b', value: 1 }, { op: 'test', path: '/a', value: 0 }], expected: { fails: /operation 1: test failed/ } },
  { title: 'operations see the result of the ones before', patch: [{ op: 'add', path: '/b', value: [] }, { op: 'add', path: '/b/0', value: 'x' }, { op: 'test', path: '/b/0', value: 'x' }], expected: { ...doc, b: ['x'] } },
  { title: 'the empty patch', patch: [], expected: doc },
  { title: 'a patch on a primitive state', doc: 3, patch: [{ op: 'test', path: '', value: 3 }, { op: 'replace', path: '', value: 4 }], expected: 4 },
  { title: 'a patch on an absent state', doc: undefined, patch: [{ op: 'add', path: '', value: { a: 1 } }], expected: { a: 1 } },
];

describe('applyPatch (RFC 6902)', () => {
  it.each(CASES)('$title', ({ doc: d = doc, patch, expected }) => {
    const before = structuredClone(d);
    const out = applyPatch(deepFreeze(structuredClone(d)), patch);
    if (expected && typeof expected === 'object' && 'fails' in expected) {
      expect(out.ok).toBe(false);
      if (!out.ok) expect(out.error).toMatch((expected as { fails: RegExp }).fails);
    } else expect(out).toEqual({ ok: true, value: expected });
    // fast-json-patch, the reference client's applier, reaches the same verdict and result.
    if (d !== undefined) expect(out.ok ? { ok: true, value: out.value } : { ok: false }).toEqual(reference(d, patch));
    expect(d).toEqual(before);
  });

  it('the result shares what the patch left alone', () => {
    const d = { keep: { big: [1, 2, 3] }, change: 1 };
    const out = applyPatch(d, [{ op: 'replace', path: '/change', value: 2 }]);
    expect(out.ok && (out.value as typeof d).keep).toBe(d.keep);
  });

  // Divergences from fast-json-patch, both where the RFC is on our side.
  it('refuses "__proto__" anywhere in a pointer (fast-json-patch refuses it too, by throwing)', () => {
    for (const patch of [[{ op: 'add', path: '/__proto__', value: { polluted: true } }], [{ op: 'copy', from: '/__proto__', path: '/x' }], [{ op: 'replace', path: '/nested/__proto__', value: 1 }]] as JsonPatchOperation[][]) {
      expect(applyPatch(doc, patch)).toEqual({ ok: false, error: 'operation 0: refuses "__proto__"' });
      expect(reference(doc, patch).ok).toBe(false);
    }
    expect(({} as any).polluted).toBeUndefined();
  });

  it.each([
    ['an array index with a leading zero', [{ op: 'replace', path: '/list/01', value: 0 }]],
    ['an inherited member', [{ op: 'remove', path: '/toString' }]],
  ] as [string, JsonPatchOperation[]][])('refuses %s (RFC 6901 / 6902: not a member of the document)', (_t, patch) => {
    expect(applyPatch(doc, patch).ok).toBe(false);
  });
});

describe('a patch never nests the document deeper than MAX_JSON_DEPTH', () => {
  const nest = (n: number): unknown => (n ? { a: nest(n - 1) } : 'leaf');
  // A delta may add nesting at each event: without the limit, a few hundred deltas reach the
  // depth at which JSON.stringify throws, and the state goes out with every run.
  it.each([
    { title: 'add within the limit', doc: { a: {} }, patch: [{ op: 'add', path: '/a/b', value: nest(MAX_JSON_DEPTH - 2) }], ok: true },
    { title: 'add past it', doc: { a: {} }, patch: [{ op: 'add', path: '/a/b', value: nest(MAX_JSON_DEPTH - 1) }], ok: false },
    { title: 'replace past it', doc: { a: 1 }, patch: [{ op: 'replace', path: '/a', value: nest(MAX_JSON_DEPTH) }], ok: false },
    { title: 'replace the root past it', doc: { a: 1 }, patch: [{ op: 'replace', path: '', value: nest(MAX_JSON_DEPTH + 1) }], ok: false },
    { title: 'copy a branch under itself past it', doc: { a: nest(MAX_JSON_DEPTH - 1) }, patch: [{ op: 'copy', from: '/a', path: '/a/a/b' }], ok: false },
    { title: 'move within the limit', doc: { a: nest(3), b: {} }, patch: [{ op: 'move', from: '/a', path: '/b/c' }], ok: true },
  ] as { title: string; doc: unknown; patch: JsonPatchOperation[]; ok: boolean }[])('$title', ({ doc, patch, ok }) => {
    const out = applyPatch(deepFreeze(doc), patch);
    expect(out.ok).toBe(ok);
    if (!out.ok) expect(out.error).toBe(`operation 0: the result would nest deeper than ${MAX_JSON_DEPTH} levels (MAX_JSON_DEPTH)`);
  });

  it('deltas that each add levels stop at the limit', () => {
    let doc: unknown = {};
    let path = '';
    for (let i = 0; i < 200; i++) {
      const out = applyPatch(doc, [{ op: 'add', path: `${path}/n`, value: { n: {} } }]);
      if (!out.ok) break;
      doc = out.value;
      path += '/n/n';
    }
    expect(deeperThan(doc, MAX_JSON_DEPTH)).toBe(false);
    expect(path.split('/').length).toBeGreaterThan(MAX_JSON_DEPTH - 4);
  });
});
