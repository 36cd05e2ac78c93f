// Bindings (literal, {path}, {call}) and formatString templates, resolved against a data model, in tables.
import { describe, expect, it } from 'vitest';
import { failedCheck, formatString, resolve, text, type Scope } from './bindings';
import { parseTemplate } from './format-string';

const data = {
  user: { firstName: 'Ada', age: 36, tags: ['a', 'b'] },
  price: 1234.5,
  when: '2026-01-16T14:30:00Z',
  items: [{ name: 'Tea', qty: 2 }, { name: 'Cake', qty: 1 }],
  looksLikeBinding: { path: '/user/firstName' },
};
const root: Scope = { data, base: '', env: { locale: 'en-US', timeZone: 'UTC' } };
const item: Scope = { ...root, base: '/items/1' };

describe('resolve', () => {
  it.each<[string, unknown, Scope, unknown]>([
    ['a literal string', 'hi', root, 'hi'],
    ['a literal number', 3, root, 3],
    ['a literal array', ['x', { path: '/user/age' }], root, ['x', { path: '/user/age' }]],
    ['an absolute path', { path: '/user/firstName' }, root, 'Ada'],
    ['a relative path in a template item', { path: 'name' }, item, 'Cake'],
    ['an absolute path in a template item', { path: '/user/age' }, item, 36],
    ['a missing path', { path: '/nope/deeper' }, root, undefined],
    ['a call', { call: 'formatCurrency', args: { value: { path: '/price' }, currency: 'USD' } }, root, '$1,234.50'],
    ['nested calls', { call: 'and', args: { values: [{ call: 'required', args: { value: { path: '/user/firstName' } } }, { call: 'not', args: { value: false } }] } }, root, true],
    ['a data value that looks like a binding stays data', { call: 'required', args: { value: { path: '/looksLikeBinding' } } }, root, true],
    ['an unknown function', { call: 'eval', args: { code: 'x' } }, root, undefined],
    ['a literal object', { a: 1 }, root, { a: 1 }],
  ])('%s', (_, value, scope, out) => expect(resolve(value, scope)).toEqual(out));

  it('names an unknown function to the caller', () => {
    const named: string[] = [];
    resolve({ call: 'now' }, { ...root, unknownFunction: (n) => named.push(n) });
    expect(named).toEqual(['now']);
  });

  it('a binding nested past the limit resolves to nothing, never a stack overflow', () => {
    let deep: unknown = { path: '/user/age' };
    for (let i = 0; i < 10_000; i++) deep = { call: 'not', args: { value: deep } };
    expect(() => resolve(deep, root)).not.toThrow();
  });
});

describe('formatString', () => {
  it.each<[string, string, Scope, string]>([
    ['absolute paths', 'Hello, ${/user/firstName}! You are ${/user/age}.', root, 'Hello, Ada! You are 36.'],
    ['a relative path in an item', '${qty} × ${name}', item, '1 × Cake'],
    ['an escaped marker', 'Costs \\${price}', root, 'Costs ${price}'],
    ['a call with named arguments and a nested binding', "On ${formatDate(value:${/when}, format:'MMM d')}", root, 'On Jan 16'],
    ['a call with a quoted string holding a comma and a brace', '${formatCurrency(value: ${/price}, currency: "EUR")}', root, '€1,234.50'],
    ['literals', "${'text'} ${42} ${true} ${null}.", root, 'text 42 true .'],
    ['an array as JSON', 'Tags: ${/user/tags}', root, 'Tags: ["a","b"]'],
    ['a missing value is empty', '[${/nope}]', root, '[]'],
    ['an unclosed expression stays text', 'Broken ${/user/firstName', root, 'Broken ${/user/firstName'],
    ['markup is text, not parsed', '<img src=x onerror=alert(1)> ${/user/firstName}', root, '<img src=x onerror=alert(1)> Ada'],
    ['pluralize inside', "${/items/0/qty} ${pluralize(value: ${/items/0/qty}, one: 'cup', other: 'cups')}", root, '2 cups'],
  ])('%s', (_, template, scope, out) => expect(formatString(template, scope)).toBe(out));

  it('parses into texts and expressions', () => {
    expect(parseTemplate("a ${/x} b ${f(v: 'c')}")).toEqual(['a ', { path: '/x' }, ' b ', { call: 'f', args: { v: { lit: 'c' } } }]);
  });

  it('through a binding', () => expect(resolve({ call: 'formatString', args: { value: 'Hi ${/user/firstName}' } }, root)).toBe('Hi Ada'));
});

describe('text', () => {
  it.each<[unknown, string]>([[null, ''], [undefined, ''], [0, '0'], [false, 'false'], [{ a: 1 }, '{"a":1}'], ['s', 's']])('%j → %j', (v, out) => expect(text(v)).toBe(out));
});

describe('failedCheck', () => {
  it.each<[string, unknown, string | null]>([
    ['a passing condition', { condition: { call: 'required', args: { value: { path: '/user/firstName' } } }, message: 'Name?' }, null],
    ['a failing condition', { condition: { call: 'required', args: { value: { path: '/user/lastName' } } }, message: 'Last name is required.' }, 'Last name is required.'],
    ['the protocol text’s flat form', { call: 'email', args: { value: { path: '/user/firstName' } }, message: 'Not an email.' }, 'Not an email.'],
    ['a literal true', { condition: true, message: 'x' }, null],
    ['a check with no message', { condition: false }, 'This value is not valid.'],
  ])('%s', (_, check, out) => expect(failedCheck(check, root)).toBe(out));
});
