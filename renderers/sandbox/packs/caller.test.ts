import { describe, expect, it } from 'vitest';
import { searchPack, secretPack } from './builtin';
import { createCaller } from './caller';
import { validatePackPolicy } from './policy';
import type { PackFunction, PackPolicy } from './types';

const policyOf = (input?: unknown): PackPolicy => {
  const check = validatePackPolicy(input);
  if (!check.ok) throw new Error(check.errors.join('\n'));
  return check.policy;
};
const mapOf = (...fns: PackFunction[]) => new Map(fns.map((f) => [f.name, f]));
const search = (impl: (q: string, k: number) => unknown) => searchPack(impl as never).functions[0]!;

describe('createCaller: one view’s calls', () => {
  it('runs the owner’s code with the checked arguments and resolves to a JSON copy of its answer', async () => {
    const hits = [{ documentId: 'a', score: 1, when: new Date(0) }];
    const call = createCaller(mapOf(search(async () => hits)), policyOf());
    expect(await call('documentSearch', ['q'])).toEqual([{ documentId: 'a', score: 1, when: '1970-01-01T00:00:00.000Z' }]);
  });

  it('a refusal rejects with its reason, and the owner’s code does not run', async () => {
    let ran = 0;
    const call = createCaller(mapOf(secretPack((async () => (ran++, 'v')) as never).functions[0]!), policyOf());
    await expect(call('secret', ['k'])).rejects.toThrow("secret: denied: the site's policy does not allow it (policy.allowTools)");
    await expect(call('nothing', [])).rejects.toThrow('nothing is not a function of an installed capability pack');
    expect(ran).toBe(0);
  });

  it('the owner’s code throwing (at once or later) is a failure with its message', async () => {
    const sync = createCaller(mapOf(search(() => { throw new Error('index offline'); })), policyOf());
    await expect(sync('documentSearch', ['q'])).rejects.toThrow('documentSearch: failed: index offline');
    const later = createCaller(mapOf(search(async () => Promise.reject('no reason object'))), policyOf());
    await expect(later('documentSearch', ['q'])).rejects.toThrow('documentSearch: failed: no reason object');
    const long = createCaller(mapOf(search(async () => { throw new Error('x'.repeat(1000)); })), policyOf());
    await expect(long('documentSearch', ['q'])).rejects.toThrow(new Error('documentSearch: failed: ' + 'x'.repeat(300)));
  });

  it('an answer that never comes fails at callTimeoutMs, and its signal is aborted', async () => {
    let aborted: AbortSignal | undefined;
    const hang: PackFunction = { name: 'hang', gated: false, check: () => ({ ok: true, value: 1 }), run: (_v, signal) => ((aborted = signal), new Promise(() => {})) };
    const call = createCaller(mapOf(hang), policyOf({ callTimeoutMs: 100 }));
    await expect(call('hang', [])).rejects.toThrow('hang: no answer within 100 ms');
    expect(aborted?.aborted).toBe(true);
  });

  it('an answer over maxResultBytes is refused', async () => {
    const call = createCaller(mapOf(search(async () => ['x'.repeat(100)])), policyOf({ maxResultBytes: 64 }));
    await expect(call('documentSearch', ['q'])).rejects.toThrow('documentSearch: the answer is 104 bytes as JSON, over the limit of 64');
  });

  it('counts calls let through, on the clock it is given', async () => {
    let now = 0;
    const call = createCaller(mapOf(search(async () => [])), policyOf({ maxCallsPerMinute: 1, maxCalls: 2 }), () => now);
    await call('documentSearch', ['q']);
    await expect(call('documentSearch', ['q'])).rejects.toThrow('documentSearch: this view may make at most 1 calls a minute');
    now = 60_000;
    await call('documentSearch', ['q']);
    now = 1e9;
    await expect(call('documentSearch', ['q'])).rejects.toThrow('documentSearch: this view may make at most 2 calls');
  });
});
