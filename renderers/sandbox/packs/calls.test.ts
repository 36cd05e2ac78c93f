import { describe, expect, it } from 'vitest';
import { checkArgs, checkResult, findCall, shownName } from './calls';
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
  acts: gated,
  check: (args) => (args[0] === 'bad' ? { ok: false, reason: `${name}: bad argument` } : { ok: true, value: args }),
  run: async () => 'ran',
});
const FUNCTIONS = new Map([fn('documentSearch'), fn('stores.read'), fn('sendEmail', true)].map((f) => [f.name, f]));

describe('findCall and checkArgs: one call of a view, on the host', () => {
  const check = (name: unknown, args: unknown, policy = policyOf()) => {
    const found = findCall(FUNCTIONS, name);
    return found.ok ? checkArgs(found.fn, args, policy) : found;
  };
  it.each([
    { title: 'an unknown function', name: 'deleteEverything', args: [], reason: 'deleteEverything is not a function of an installed capability pack' },
    { title: 'a name that is not a string', name: 42, args: [], reason: '"42" is not a function of an installed capability pack' },
    { title: 'a name that is not an identifier (quoted, so it cannot forge a log line)', name: 'x\nBailingChat: ok', args: [], reason: '"x\\nBailingChat: ok" is not a function of an installed capability pack' },
    { title: 'an inherited property name', name: 'constructor', args: [], reason: 'constructor is not a function of an installed capability pack' },
    { title: 'arguments that are not a list', name: 'documentSearch', args: { 0: 'q' }, reason: 'documentSearch: the arguments must be a list' },
    { title: 'arguments that are not JSON data', name: 'documentSearch', args: [10n], reason: 'documentSearch: the arguments must be JSON data' },
    { title: "arguments the function's own check refuses", name: 'documentSearch', args: ['bad'], reason: 'documentSearch: bad argument' },
  ])('refuses $title', ({ name, args, reason }) => {
    expect(check(name, args)).toEqual({ ok: false, reason });
  });

  it('finds a gated tool (whether it may run is the consent’s to say) and passes its arguments', () => {
    expect(check('sendEmail', [{ to: 'a@b.c' }])).toEqual({ ok: true, value: [{ to: 'a@b.c' }] });
  });

  it('counts UTF-8 bytes of the arguments as JSON against maxCallBytes', () => {
    const policy = policyOf({ maxCallBytes: 64 });
    // ["é"…] : 2 + 2 + 30 × 2 = 64 bytes is in; one more character is out.
    expect(check('documentSearch', ['é'.repeat(30)], policy).ok).toBe(true);
    expect(check('documentSearch', ['é'.repeat(31)], policy)).toEqual({ ok: false, reason: 'documentSearch: the arguments are 66 bytes as JSON, over the limit of 64' });
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
