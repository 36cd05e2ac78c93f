import { describe, expect, it } from 'vitest';
import { isPackGlobalName, readPacks } from './config';

const fn = async () => [];

describe('readPacks: the owner’s sandbox.packs', () => {
  it('installs each callback pack as its global, in order', () => {
    const read = readPacks([{ pack: 'search', search: fn }, { pack: 'stores', list: fn, read: fn }, { pack: 'email', send: fn }, { pack: 'secret', get: fn }]);
    expect(read.errors).toEqual([]);
    expect(read.installed.map((p) => [p.global, p.functions.map((f) => f.name)])).toEqual([
      ['documentSearch', ['documentSearch']],
      ['stores', ['stores.list', 'stores.read']],
      ['sendEmail', ['sendEmail']],
      ['secret', ['secret']],
    ]);
  });

  it('undefined and [] install nothing and say nothing', () => {
    expect(readPacks(undefined)).toEqual({ installed: [], openapi: [], errors: [] });
    expect(readPacks([])).toEqual({ installed: [], openapi: [], errors: [] });
  });

  it.each([
    { title: 'packs that are not a list', input: { search: fn }, errors: ["sandbox.packs: expected an array of packs such as {pack: 'search', search: async (query, topK) => hits}, got object"] },
    { title: 'a pack that is not an object', input: [fn], errors: ["sandbox.packs[0]: expected an object such as {pack: 'search', search: async (query, topK) => hits}, got function"] },
    { title: 'an unknown kind', input: [{ pack: 'mail', send: fn }], errors: ['sandbox.packs[0].pack: "mail" is not a kind of pack (known: search, stores, email, secret, openapi)'] },
    { title: 'no kind', input: [{ search: fn }], errors: ['sandbox.packs[0].pack: undefined is not a kind of pack (known: search, stores, email, secret, openapi)'] },
    { title: 'a callback that is not a function', input: [{ pack: 'email', send: 'smtp://x' }], errors: ["sandbox.packs[0].send: expected a function (the site's own code), got string"] },
    { title: 'a stores pack without read', input: [{ pack: 'stores', list: fn }], errors: ["sandbox.packs[0].read: expected a function (the site's own code), got undefined"] },
    { title: 'an unknown key', input: [{ pack: 'secret', get: fn, cache: true }], errors: ['sandbox.packs[0]: unknown key "cache" for a secret pack (known: pack, get)'] },
    { title: 'a second search pack', input: [{ pack: 'search', search: fn }, { pack: 'search', search: fn }], errors: ['sandbox.packs[1]: a second search pack (sandbox.packs[0] is installed); one of each kind'] },
    { title: 'an OpenAPI pack without a spec', input: [{ pack: 'openapi' }], errors: ['sandbox.packs[0].spec: expected an OpenAPI 3 document (an object, or its JSON or YAML text), got undefined'] },
    { title: 'an OpenAPI pack named like a global of the frame', input: [{ pack: 'openapi', spec: {}, name: 'document' }], errors: ['sandbox.packs[0].name: "document" cannot be the view\'s global: use a name such as "petstore" (a letter, then letters, digits or _; not a reserved word or a global of the frame)'] },
    { title: 'an OpenAPI pack named like a built-in pack', input: [{ pack: 'openapi', spec: {}, name: 'stores' }], errors: [expect.stringContaining('sandbox.packs[0].name: "stores" cannot be the view\'s global')] },
    { title: 'an OpenAPI pack with a header value holding a line break', input: [{ pack: 'openapi', spec: {}, headers: { 'X-Key': 'a\r\nHost: evil' } }], errors: ['sandbox.packs[0].headers["X-Key"]: expected a string with no line break or control character'] },
    { title: 'an OpenAPI pack with a header name that is not a token', input: [{ pack: 'openapi', spec: {}, headers: { 'X Key': 'v' } }], errors: ['sandbox.packs[0].headers: "X Key" is not a header name'] },
    { title: 'an OpenAPI pack with HEAD among its methods', input: [{ pack: 'openapi', spec: {}, methods: ['get', 'HEAD'] }], errors: ['sandbox.packs[0].methods[1]: "HEAD" is not one of GET, POST, PUT, PATCH, DELETE'] },
    { title: 'an OpenAPI pack with no methods', input: [{ pack: 'openapi', spec: {}, methods: [] }], errors: ['sandbox.packs[0].methods: expected a non-empty array of HTTP methods (GET, POST, PUT, PATCH, DELETE)'] },
    { title: 'an OpenAPI pack with auth not an object', input: [{ pack: 'openapi', spec: {}, auth: 'key' }], errors: ["sandbox.packs[0].auth: expected an object of security scheme names (as in the spec's components.securitySchemes) to values, got string"] },
    { title: 'an OpenAPI pack with a credential holding a line break (its value never shown)', input: [{ pack: 'openapi', spec: {}, auth: { api_key: 'k\r\nX: y' } }], errors: ['sandbox.packs[0].auth["api_key"]: expected a non-empty string of at most 8192 characters, with no line break or control character'] },
    { title: 'an OpenAPI pack with an empty credential', input: [{ pack: 'openapi', spec: {}, auth: { bearer: '' } }], errors: ['sandbox.packs[0].auth["bearer"]: expected a non-empty string of at most 8192 characters, with no line break or control character'] },
    { title: 'an OpenAPI pack with a numeric baseURL', input: [{ pack: 'openapi', spec: {}, baseURL: 8080 }], errors: ['sandbox.packs[0].baseURL: expected a URL string, got number'] },
  ])('refuses $title, naming the field', ({ input, errors }) => {
    const read = readPacks(input);
    expect(read.errors).toEqual(errors);
    expect(read.installed.length + read.openapi.length).toBe(Array.isArray(input) && input.length == 2 ? 1 : 0);
  });

  it('a bad pack is left out, the others are installed', () => {
    const read = readPacks([{ pack: 'email', send: null }, { pack: 'search', search: fn }, { pack: 'openapi', spec: 'openapi: 3.0.0', name: 'crm' }]);
    expect(read.errors).toEqual(["sandbox.packs[0].send: expected a function (the site's own code), got null"]);
    expect(read.installed.map((p) => p.global)).toEqual(['documentSearch']);
    expect(read.openapi).toEqual([{ path: 'sandbox.packs[2]', spec: 'openapi: 3.0.0', name: 'crm', headers: {}, auth: {}, methods: ['GET'] }]);
  });

  it('an OpenAPI pack: methods upper-cased and narrowed, headers kept (never shown in an error)', () => {
    const read = readPacks([{ pack: 'openapi', spec: {}, methods: ['get', 'Post', 'GET'], headers: { 'X-API-Key': 'hunter2' }, baseURL: '/api', description: ' The CRM ' }]);
    expect(read.openapi[0]).toMatchObject({ methods: ['GET', 'POST'], headers: { 'X-API-Key': 'hunter2' }, baseURL: '/api', description: 'The CRM' });
    const bad = readPacks([{ pack: 'openapi', spec: {}, headers: { 'X-API-Key': 'hunter2\n' } }]);
    expect(bad.errors.join()).not.toContain('hunter2');
  });

  it('at most 16 packs', () => {
    const read = readPacks(Array.from({ length: 17 }, (_, i) => ({ pack: 'openapi', spec: {}, name: `api${i}` })));
    expect(read.errors).toEqual(['sandbox.packs: more than 16 packs; the rest are not installed']);
    expect(read.openapi).toHaveLength(16);
  });
});

describe('isPackGlobalName', () => {
  it.each([
    ['petstore', true],
    ['crm2', true],
    ['my_api', true],
    ['Petstore', false],
    ['2fa', false],
    ['pet-store', false],
    ['delete', false],
    ['agent', false],
    ['location', false],
    ['x'.repeat(41), false],
  ])('%s: %s', (name, ok) => expect(isPackGlobalName(name)).toBe(ok));
});
