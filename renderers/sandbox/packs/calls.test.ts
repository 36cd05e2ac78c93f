import { describe, expect, it } from 'vitest';
import { checkCall, checkResult, initialCallState, recordCall, shownName } from './calls';
import { validatePackPolicy } from './policy';
import type { PackFunction, PackPolicy } from './types';

const policyOf = (input?: unknown): PackPolicy => {
  const check = validatePackPolicy(input);
  if (!check.ok) throw new Error(check.errors.join('\n'));
  return check.policy;
};
const fn = (name: string, gated = false): PackFunction => ({
  name,
  gated,
  check: (args) => (args[0] === 'bad' ? { ok: false, reason: `${name}: bad argument` } : { ok: true, value: args }),
  run: async () => 'ran',
});
const FUNCTIONS = new Map([fn('documentSearch'), fn('stores.read'), fn('sendEmail', true)].map((f) => [f.name, f]));

describe('checkCall: one call of a view, on the host', () => {
  it.each([
    { title: 'an unknown function', name: 'deleteEverything', args: [], reason: 'deleteEverything is not a function of an installed capability pack' },
    { title: 'a name that is not a string', name: 42, args: [], reason: '"42" is not a function of an installed capability pack' },
    { title: 'a name that is not an identifier (quoted, so it cannot forge a log line)', name: 'x\nBailingChat: ok', args: [], reason: '"x\\nBailingChat: ok" is not a function of an installed capability pack' },
    { title: 'an inherited property name', name: 'constructor', args: [], reason: 'constructor is not a function of an installed capability pack' },
    { title: 'arguments that are not a list', name: 'documentSearch', args: { 0: 'q' }, reason: 'documentSearch: the arguments must be a list' },
    { title: 'arguments that are not JSON data', name: 'documentSearch', args: [10n], reason: 'documentSearch: the arguments must be JSON data' },
    { title: 'a gated tool the policy does not allow', name: 'sendEmail', args: [{}], reason: "sendEmail: denied: the site's policy does not allow it (policy.allowTools)" },
    { title: "arguments the function's own check refuses", name: 'documentSearch', args: ['bad'], reason: 'documentSearch: bad argument' },
  ])('refuses $title', ({ name, args, reason }) => {
    expect(checkCall(FUNCTIONS, name, args, policyOf(), initialCallState(), 0)).toEqual({ ok: false, reason });
  });

  it('a denial comes before anything about the arguments', () => {
    expect(checkCall(FUNCTIONS, 'sendEmail', 'not a list', policyOf(), initialCallState(), 0)).toMatchObject({ reason: expect.stringContaining('denied') });
  });

  it('lets an allowed gated tool through', () => {
    expect(checkCall(FUNCTIONS, 'sendEmail', [{ to: 'a@b.c' }], policyOf({ allowTools: ['sendEmail'] }), initialCallState(), 0)).toMatchObject({ ok: true, value: [{ to: 'a@b.c' }] });
  });

  it('counts UTF-8 bytes of the arguments as JSON against maxCallBytes', () => {
    const policy = policyOf({ maxCallBytes: 64 });
    // ["é"…] : 2 + 2 + 30 × 2 = 64 bytes is in; one more character is out.
    expect(checkCall(FUNCTIONS, 'documentSearch', ['é'.repeat(30)], policy, initialCallState(), 0).ok).toBe(true);
    expect(checkCall(FUNCTIONS, 'documentSearch', ['é'.repeat(31)], policy, initialCallState(), 0)).toEqual({ ok: false, reason: 'documentSearch: the arguments are 66 bytes as JSON, over the limit of 64' });
  });

  it('maxCalls: the call after the last allowed one is refused, whatever the time', () => {
    const policy = policyOf({ maxCalls: 2 });
    const state = initialCallState();
    for (const t of [0, 100_000]) {
      expect(checkCall(FUNCTIONS, 'documentSearch', ['q'], policy, state, t).ok).toBe(true);
      recordCall(state, t);
    }
    expect(checkCall(FUNCTIONS, 'documentSearch', ['q'], policy, state, 10_000_000)).toEqual({ ok: false, reason: 'documentSearch: this view may make at most 2 calls' });
  });

  it('maxCallsPerMinute: a sliding window of 60 s; refused calls are not counted', () => {
    const policy = policyOf({ maxCallsPerMinute: 2 });
    const state = initialCallState();
    recordCall(state, 1000);
    recordCall(state, 2000);
    expect(checkCall(FUNCTIONS, 'stores.read', ['id'], policy, state, 60_999)).toEqual({ ok: false, reason: 'stores.read: this view may make at most 2 calls a minute' });
    // The first call left the window at 61 000.
    expect(checkCall(FUNCTIONS, 'stores.read', ['id'], policy, state, 61_000).ok).toBe(true);
    recordCall(state, 61_000);
    expect(state).toEqual({ count: 3, recent: [2000, 61_000] });
  });

  it('the count is per state (each view has its own)', () => {
    const policy = policyOf({ maxCalls: 1 });
    const a = initialCallState();
    recordCall(a, 0);
    expect(checkCall(FUNCTIONS, 'documentSearch', ['q'], policy, a, 0).ok).toBe(false);
    expect(checkCall(FUNCTIONS, 'documentSearch', ['q'], policy, initialCallState(), 0).ok).toBe(true);
  });
});

describe('checkResult: what goes back into the frame', () => {
  it.each([
    { title: 'a list of objects', result: [{ a: 1 }], value: [{ a: 1 }] },
    { title: 'undefined', result: undefined, value: undefined },
    { title: 'a Date (as its JSON)', result: new Date(0), value: '1970-01-01T00:00:00.000Z' },
    { title: 'an object with a function (dropped, as JSON drops it)', result: { a: 1, f: () => 1 }, value: { a: 1 } },
  ])('passes $title as a JSON copy', ({ result, value }) => {
    expect(checkResult('f', result, policyOf())).toEqual({ ok: true, value });
  });

  it('refuses what is not JSON data, and what is over maxResultBytes', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(checkResult('f', cyclic, policyOf())).toEqual({ ok: false, reason: "f: the site's answer is not JSON data" });
    expect(checkResult('f', 'x'.repeat(62), policyOf({ maxResultBytes: 64 })).ok).toBe(true);
    expect(checkResult('f', 'x'.repeat(63), policyOf({ maxResultBytes: 64 }))).toEqual({ ok: false, reason: 'f: the answer is 65 bytes as JSON, over the limit of 64' });
  });

  it('the copy shares nothing with the owner’s object', () => {
    const owner = { list: [1] };
    const checked = checkResult('f', owner, policyOf());
    expect(checked.ok && checked.value).not.toBe(owner);
  });
});

describe('shownName', () => {
  it.each([
    ['documentSearch', 'documentSearch'],
    ['petstore.listPets', 'petstore.listPets'],
    ['a.b.c', '"a.b.c"'],
    ['x'.repeat(81), JSON.stringify('x'.repeat(80))],
    [undefined, '"undefined"'],
  ])('%s → %s', (name, shown) => expect(shownName(name)).toBe(shown));
});
