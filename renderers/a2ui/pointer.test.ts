// JSON Pointers into a surface's data model (RFC 6901, with A2UI's relative paths), in tables.
import { describe, expect, it } from 'vitest';
import { absolute, getAt, setAt, tokensOf } from './pointer';

const model = { user: { name: 'Ada', 'a/b': 1, 'm~n': 2 }, items: [{ name: 'x' }, { name: 'y' }], zero: 0 };

describe('tokensOf', () => {
  it.each<[string, string[] | null]>([
    ['', []],
    ['/', []],
    ['/user/name', ['user', 'name']],
    ['/user/a~1b', ['user', 'a/b']],
    ['/user/m~0n', ['user', 'm~n']],
    ['user', null],
    ['/__proto__/polluted', null],
    ['/a/constructor', null],
  ])('%j → %j', (pointer, tokens) => expect(tokensOf(pointer)).toEqual(tokens));
});

describe('absolute', () => {
  it.each<[string, string, string]>([
    ['/company', '/employees/1', '/company'],
    ['name', '/employees/1', '/employees/1/name'],
    ['address/city', '/employees/0', '/employees/0/address/city'],
    ['name', '', '/name'],
    ['', '/items/2', '/items/2'],
    ['.', '/items/2', '/items/2'],
    ['', '', '/'],
  ])('%j in %j → %j', (path, scope, out) => expect(absolute(path, scope)).toBe(out));
});

describe('getAt', () => {
  it.each<[string, unknown]>([
    ['/user/name', 'Ada'],
    ['/user/a~1b', 1],
    ['/items/1/name', 'y'],
    ['/items/2/name', undefined],
    ['/items/x', undefined],
    ['/items/01', undefined],
    ['/zero', 0],
    ['/user/name/length', undefined],
    ['/user/toString', undefined],
    ['/', model],
    ['nope', undefined],
  ])('%j → %j', (pointer, value) => expect(getAt(model, pointer)).toEqual(value));
});

describe('setAt', () => {
  it.each<[string, unknown, unknown]>([
    ['/user/name', 'Grace', { ...model, user: { ...model.user, name: 'Grace' } }],
    ['/user/age', 36, { ...model, user: { ...model.user, age: 36 } }],
    ['/new/deep/key', true, { ...model, new: { deep: { key: true } } }],
    ['/list/0/a', 1, { ...model, list: [{ a: 1 }] }],
    ['/items/1', undefined, { ...model, items: [{ name: 'x' }, undefined] }],
    ['/user/name', undefined, { ...model, user: { 'a/b': 1, 'm~n': 2 } }],
    ['/', { fresh: 1 }, { fresh: 1 }],
  ])('%j = %j', (pointer, value, out) => {
    const before = JSON.stringify(model);
    expect(setAt(model, pointer, value)).toEqual({ model: out });
    // The model it was given is unchanged.
    expect(JSON.stringify(model)).toBe(before);
  });

  it.each([['/zero/x'], ['/items/name'], ['/__proto__/x'], ['no-slash']])('%j cannot be written', (pointer) => expect(setAt(model, pointer, 1)).toBeNull());

  it('a path through __proto__ never reaches a prototype', () => {
    expect(setAt({}, '/__proto__/polluted', true)).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
