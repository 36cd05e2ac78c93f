import { describe, expect, it } from 'vitest';
import { searchPack, secretPack } from './builtin';
import { createCaller } from './caller';
import { validatePackPolicy } from './policy';
import type { PackFunction, PackGate, PackPolicy } from './types';

const policyOf = (input?: unknown): PackPolicy => {
  const check = validatePackPolicy(input);
  if (!check.ok) throw new Error(check.errors.join('\n'));
  return check.policy;
};
const mapOf = (...fns: PackFunction[]) => new Map(fns.map((f) => [f.name, f]));
/** A gate that lets everything through, as the host's does for a read within budget. */
const open: PackGate = async () => ({ ok: true });
const search = (impl: (q: string, k: number) => unknown) => searchPack(impl as never).functions[0]!;

describe('createCaller: one view’s calls', () => {
  it('runs the owner’s code with the checked arguments and resolves to a JSON copy of its answer', async () => {
    const hits = [{ documentId: 'a', score: 1, when: new Date(0) }];
    const call = createCaller(mapOf(search(async () => hits)), policyOf(), open);
    expect(await call('documentSearch', ['q'])).toEqual([{ documentId: 'a', score: 1, when: '1970-01-01T00:00:00.000Z' }]);
  });

  it('asks the gate with what the pack knows of the call: its effect, and whether the owner allowed it', async () => {
    const asked: unknown[] = [];
    const gate: PackGate = async (ask) => (asked.push(ask), { ok: true });
    const secret = secretPack((async () => 'v') as never).functions[0]!;
    await createCaller(mapOf(search(async () => []), secret), policyOf(), gate)('documentSearch', ['q']).catch(() => {});
    await createCaller(mapOf(secret), policyOf(), gate)('secret', ['k']).catch(() => {});
    await createCaller(mapOf(secret), policyOf({ allowTools: ['secret'] }), gate)('secret', ['k']).catch(() => {});
    expect(asked).toEqual([
      { name: 'documentSearch', effect: 'read', allowed: true },
      { name: 'secret', effect: 'act', allowed: false, allowedBy: 'policy.allowTools' },
      { name: 'secret', effect: 'act', allowed: true, allowedBy: 'policy.allowTools' },
    ]);
  });

  it('a refusal (the gate’s, or an unknown name) rejects with its reason, and the owner’s code does not run', async () => {
    let ran = 0;
    const shut: PackGate = async ({ name }) => ({ ok: false, rule: 'gesture', reason: `${name}: refused (gesture): no` });
    const call = createCaller(mapOf(secretPack((async () => (ran++, 'v')) as never).functions[0]!), policyOf({ allowTools: ['secret'] }), shut);
    await expect(call('secret', ['k'])).rejects.toThrow('secret: refused (gesture): no');
    await expect(call('nothing', [])).rejects.toThrow('nothing is not a function of an installed capability pack');
    expect(ran).toBe(0);
  });

  it('the gate is asked before the arguments are checked: a refused call says the rule, whatever its arguments', async () => {
    const shut: PackGate = async ({ name }) => ({ ok: false, rule: 'allowed', reason: `${name}: refused (allowed)` });
    await expect(createCaller(mapOf(search(async () => [])), policyOf(), shut)('documentSearch', 'not a list')).rejects.toThrow('documentSearch: refused (allowed)');
    await expect(createCaller(mapOf(search(async () => [])), policyOf(), open)('documentSearch', 'not a list')).rejects.toThrow('documentSearch: the arguments must be a list');
  });

  it('the owner’s code throwing (at once or later) is a failure with its message', async () => {
    const sync = createCaller(mapOf(search(() => { throw new Error('index offline'); })), policyOf(), open);
    await expect(sync('documentSearch', ['q'])).rejects.toThrow('documentSearch: failed: index offline');
    const later = createCaller(mapOf(search(async () => Promise.reject('no reason object'))), policyOf(), open);
    await expect(later('documentSearch', ['q'])).rejects.toThrow('documentSearch: failed: no reason object');
    const long = createCaller(mapOf(search(async () => { throw new Error('x'.repeat(1000)); })), policyOf(), open);
    await expect(long('documentSearch', ['q'])).rejects.toThrow(new Error('documentSearch: failed: ' + 'x'.repeat(300)));
  });

  it('an answer that never comes fails at callTimeoutMs, and its signal is aborted', async () => {
    let aborted: AbortSignal | undefined;
    const hang: PackFunction = { name: 'hang', gated: false, acts: false, check: () => ({ ok: true, value: 1 }), run: (_v, signal) => ((aborted = signal), new Promise(() => {})) };
    const call = createCaller(mapOf(hang), policyOf({ callTimeoutMs: 100 }), open);
    await expect(call('hang', [])).rejects.toThrow('hang: no answer within 100 ms');
    expect(aborted?.aborted).toBe(true);
  });

  it('an answer over maxResultBytes is refused', async () => {
    const call = createCaller(mapOf(search(async () => ['x'.repeat(100)])), policyOf({ maxResultBytes: 64 }), open);
    await expect(call('documentSearch', ['q'])).rejects.toThrow('documentSearch: the answer is 104 bytes as JSON, over the limit of 64');
  });
});
