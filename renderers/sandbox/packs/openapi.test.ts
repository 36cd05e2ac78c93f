import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPacks, type OpenApiPackConfig } from './config';
import { buildOpenApiPack } from './openapi';
import { docsOf, tsType } from './openapi-docs';
import { operationsOf, type Operation } from './openapi-operations';
import { buildRequest, type ApiRequest } from './openapi-request';
import { baseUrlOf, defaultGlobal, nameFromPath, sanitizeName } from './openapi-spec';
import { openApiPack } from './openapi-module';
import { validatePackPolicy } from './policy';
import type { PackPolicy } from './types';

const PETSTORE = readFileSync(new URL('../../../examples/pages/petstore.yaml', import.meta.url), 'utf8');
const PAGE = 'https://shop.example/help/page.html';
const policy = (validatePackPolicy(undefined) as { policy: PackPolicy }).policy;
const configOf = (pack: Record<string, unknown>): OpenApiPackConfig => {
  const read = readPacks([{ pack: 'openapi', ...pack }]);
  if (read.errors.length) throw new Error(read.errors.join('\n'));
  return read.openapi[0]!;
};
const never = async () => {
  throw new Error('not sent');
};

describe('names', () => {
  it.each([
    ['listPets', 'listPets'],
    ['list-pets', 'listPets'],
    ['pets.list', 'petsList'],
    ['Get_Pet_By_Id', 'getPetById'],
    ['__proto__', 'proto'],
    ['2fa-verify', 'op2faVerify'],
    ['---', ''],
  ])('sanitizeName(%j) = %j', (id, name) => expect(sanitizeName(id)).toBe(name));

  it.each([
    ['GET', '/pets', 'getPets'],
    ['GET', '/pets/{petId}', 'getPetsByPetId'],
    ['DELETE', '/pets/{pet-id}/toys', 'deletePetsByPetIdToys'],
    ['POST', '/', 'post'],
  ] as const)('nameFromPath(%s %s) = %s', (method, path, name) => expect(nameFromPath(method, path)).toBe(name));

  it.each([
    ['Swagger Petstore', 'swaggerPetstore'],
    ['  CRM v2 API ', 'crmV2API'],
    ['Pet Store', 'petStore'],
    ['Document', 'api'],
    ['location', 'api'],
    ['', 'api'],
    [undefined, 'api'],
  ])('defaultGlobal(%j) = %j', (title, name) => expect(defaultGlobal(title)).toBe(name));
});

const doc = (paths: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ openapi: '3.0.0', info: { title: 'T', version: '1' }, servers: [{ url: 'https://api.example/v1' }], paths, ...extra });
const op = (more: Record<string, unknown> = {}) => ({ responses: { 200: { description: 'ok' } }, ...more });

describe('operationsOf: one function per operation', () => {
  it('operationId or method + path; duplicates numbered; the methods filter; HEAD/OPTIONS/TRACE never', () => {
    const { operations } = operationsOf(
      doc({
        '/pets': { get: op({ operationId: 'list-pets' }), post: op(), head: op(), options: op(), trace: op() },
        '/pets/{petId}': { parameters: [{ name: 'petId', in: 'path', required: true }], get: op({ operationId: 'listPets' }), delete: op(), patch: op({ operationId: 'listPets' }) },
      }),
      ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    );
    expect(operations.map((o) => [o.method, o.path, o.member])).toEqual([
      ['GET', '/pets', 'listPets'],
      ['POST', '/pets', 'postPets'],
      ['GET', '/pets/{petId}', 'listPets2'],
      ['PATCH', '/pets/{petId}', 'listPets3'],
      ['DELETE', '/pets/{petId}', 'deletePetsByPetId'],
    ]);
    expect(operationsOf(doc({ '/pets': { get: op(), post: op(), delete: op() } }), ['GET']).operations.map((o) => o.member)).toEqual(['getPets']);
  });

  it('path, query and header parameters (path-level ones overridden by the operation’s); an optional cookie one is not offered, with a note', () => {
    const o = operationsOf(
      doc({
        '/pets/{petId}': {
          parameters: [{ name: 'petId', in: 'path', required: true, description: 'old' }, { name: 'X-Trace', in: 'header' }],
          get: op({ parameters: [{ name: 'petId', in: 'path', required: true, description: 'The id' }, { name: 'fields', in: 'query', required: true }, { name: 'session', in: 'cookie' }] }),
        },
      }),
      ['GET'],
    );
    expect(o.operations[0]!.params).toEqual([
      { name: 'petId', in: 'path', required: true, description: 'The id', schema: undefined },
      { name: 'X-Trace', in: 'header', required: false, schema: undefined },
      { name: 'fields', in: 'query', required: true, schema: undefined },
    ]);
    expect(o.notes).toEqual(['GET /pets/{petId}: its cookie parameter "session" is not offered (a page\'s fetch cannot send a Cookie header)']);
  });

  it('leaves out, with a note, an operation whose body the pack cannot write, one with a parameter named body, and one with an undeclared path parameter', () => {
    const { operations, notes } = operationsOf(
      doc({
        '/upload': { post: op({ requestBody: { content: { 'application/octet-stream': {}, 'image/png': {} } } }) },
        '/a': { post: op({ parameters: [{ name: 'body', in: 'query' }], requestBody: { content: { 'application/json': {} } } }) },
        '/b/{id}': { get: op() },
        '/c': { put: op({ requestBody: { required: true, content: { 'application/merge-patch+json; charset=utf-8': { schema: { type: 'object' } } } } }) },
      }),
      ['GET', 'POST', 'PUT'],
    );
    expect(operations.map((o) => [o.member, o.body])).toEqual([['putC', { required: true, type: 'application/merge-patch+json; charset=utf-8', kind: 'json', schema: { type: 'object' } }]]);
    expect(notes).toEqual([
      'POST /upload: left out, the pack cannot write its request body (application/octet-stream, image/png; it writes JSON, application/x-www-form-urlencoded, multipart/form-data and text/plain)',
      'POST /a: left out, a parameter named "body" would clash with params.body',
      'GET /b/{id}: left out, its path parameter {id} is not declared',
    ]);
  });
});

describe('baseUrlOf', () => {
  const base = (servers: unknown, baseURL?: string) => {
    const r = baseUrlOf({ servers }, { path: 'p', ...(baseURL !== undefined ? { baseURL } : {}) }, PAGE);
    return r.ok ? r.url.href : r.error;
  };
  it.each([
    { title: 'the first server', servers: [{ url: 'https://api.example/v1/' }, { url: 'https://other.example' }], want: 'https://api.example/v1' },
    { title: 'a relative server, read against the page', servers: [{ url: '/api' }], want: 'https://shop.example/api' },
    { title: 'server variables at their defaults', servers: [{ url: 'https://{region}.api.example/{v}', variables: { region: { default: 'eu' }, v: { default: 'v2' } } }], want: 'https://eu.api.example/v2' },
    { title: 'baseURL over the servers', servers: [{ url: 'https://api.example' }], baseURL: '/petstore/v1', want: 'https://shop.example/petstore/v1' },
    { title: 'no server, no baseURL', servers: undefined, want: 'p: no base URL: set "baseURL" (the spec has no servers)' },
    { title: 'an empty server list', servers: [], want: 'p: no base URL: set "baseURL" (the spec has no servers)' },
    { title: 'a variable with no default', servers: [{ url: 'https://{tenant}.api.example' }], want: 'p.spec servers[0].url: has a server variable without a default' },
    { title: 'a query', servers: [], baseURL: 'https://api.example/v1?key=1', want: 'p.baseURL: must not have a query or fragment' },
    { title: 'credentials', servers: [], baseURL: 'https://user:pw@api.example', want: 'p.baseURL: must not carry credentials (put them in "headers")' },
    { title: 'another scheme', servers: [], baseURL: 'ftp://api.example', want: 'p.baseURL: must be an http(s) URL' },
    { title: 'javascript:', servers: [], baseURL: 'javascript:alert(1)', want: 'p.baseURL: must be an http(s) URL' },
  ])('$title', ({ servers, baseURL, want }) => expect(base(servers, baseURL)).toBe(want));
});

describe('buildRequest: params.<name> and params.body', () => {
  const showPet: Operation = { member: 'showPetById', method: 'GET', path: '/pets/{petId}', params: [{ name: 'petId', in: 'path', required: true }, { name: 'fields', in: 'query', required: false }] };
  const create: Operation = { member: 'createPets', method: 'POST', path: '/pets', params: [], body: { required: true, type: 'application/json', kind: 'json' } };
  const base = new URL('https://api.example/v1');
  const build = (o: Operation, ...args: unknown[]) => {
    const r = buildRequest(`api.${o.member}`, o, base, args);
    return r.ok ? r.request : r.reason;
  };
  it.each<{ title: string; op: Operation; args: unknown[]; want: ApiRequest | string }>([
    { title: 'a path parameter, encoded', op: showPet, args: [{ petId: 'a b?#é' }], want: { method: 'GET', url: 'https://api.example/v1/pets/a%20b%3F%23%C3%A9' } },
    { title: 'a number and a list in the query', op: showPet, args: [{ petId: 7, fields: ['name', 'tag'] }], want: { method: 'GET', url: 'https://api.example/v1/pets/7?fields=name&fields=tag' } },
    { title: 'null for an optional query parameter: left out', op: showPet, args: [{ petId: 1, fields: null }], want: { method: 'GET', url: 'https://api.example/v1/pets/1' } },
    ...[
      ['".." (a way up the path)', '..'],
      ['"."', '.'],
      ['a way up and over to another route', '../../admin/users'],
      ['a slash (a proxy that decodes %2F before routing would serve another path)', 'a/b'],
      ['a backslash (some servers read it as a slash)', 'a\\b'],
      ['a percent sign (an encoding the API may decode again: %2F, %2E%2E)', '%2E%2E'],
      ['an encoded slash', '..%2Fadmin'],
      ['a line break', 'a\nb'],
      ['a NUL', 'a\u0000b'],
      ['a DEL', 'a\u007fb'],
    ].map(([title, petId]) => ({ title: `a path parameter with ${title}`, op: showPet, args: [{ petId }], want: 'api.showPetById: params.petId must stay one path segment: no /, \\, %, control characters, and not . or ..' })),
    { title: '"..." is just a name', op: showPet, args: [{ petId: '...' }], want: { method: 'GET', url: 'https://api.example/v1/pets/...' } },
    { title: 'the body as JSON', op: create, args: [{ body: { id: 4, name: 'Rex' } }], want: { method: 'POST', url: 'https://api.example/v1/pets', contentType: 'application/json', body: '{"id":4,"name":"Rex"}' } },
    { title: 'a required body missing', op: create, args: [{}], want: 'api.createPets: params.body is required (application/json)' },
    { title: 'a missing path parameter', op: showPet, args: [{}], want: 'api.showPetById: params.petId is required (a path parameter)' },
    { title: 'no params at all', op: showPet, args: [], want: 'api.showPetById: params.petId is required (a path parameter)' },
    { title: 'an empty path parameter', op: showPet, args: [{ petId: '' }], want: 'api.showPetById: params.petId must be a non-empty string, a number or a boolean' },
    { title: 'an object as a path parameter', op: showPet, args: [{ petId: { id: 1 } }], want: 'api.showPetById: params.petId must be a non-empty string, a number or a boolean' },
    { title: 'an object in the query', op: showPet, args: [{ petId: 1, fields: { a: 1 } }], want: 'api.showPetById: params.fields must be a string, a number, a boolean or a list of them' },
    { title: 'an unknown parameter', op: showPet, args: [{ petId: 1, limit: 5 }], want: 'api.showPetById: unknown parameter "limit" (known: petId, fields)' },
    { title: 'a body for an operation that takes none', op: showPet, args: [{ petId: 1, body: {} }], want: 'api.showPetById: unknown parameter "body" (known: petId, fields)' },
    { title: 'positional arguments', op: showPet, args: [1, 2], want: 'api.showPetById takes one params object; it was called with 2 arguments' },
    { title: 'a string as params', op: showPet, args: ['7'], want: 'api.showPetById: params must be an object' },
  ])('$title', ({ op: o, args, want }) => expect(build(o, ...args)).toEqual(want));

  it('a base with no path', () => {
    expect(buildRequest('a.f', create, new URL('https://api.example'), [{ body: [] }])).toEqual({ ok: true, request: { method: 'POST', url: 'https://api.example/pets', contentType: 'application/json', body: '[]' } });
  });
});

describe('tsType and docsOf: what the model is told', () => {
  it.each([
    [{ type: 'string' }, 'string'],
    [{ type: 'integer', format: 'int64' }, 'number'],
    [{ type: 'string', nullable: true }, 'string | null'],
    [{ type: ['string', 'null'] }, 'string | null'],
    [{ enum: ['a', 'b'] }, '"a" | "b"'],
    [{ type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, 'x-y': { type: 'string' } } } }, '{ id: number; "x-y"?: string }[]'],
    [{ type: 'object', additionalProperties: { type: 'number' } }, '{ [key: string]: number }'],
    [{ oneOf: [{ type: 'string' }, { type: 'number' }] }, 'string | number'],
    [{ type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'number' }] } }, '(string | number)[]'],
    [{ type: 'object' }, 'Record<string, unknown>'],
    [undefined, 'unknown'],
  ])('%j → %s', (schema, type) => expect(tsType(schema)).toBe(type));

  it('a cycle ends in unknown', () => {
    const node: Record<string, unknown> = { type: 'object', properties: {} };
    (node.properties as Record<string, unknown>).parent = node;
    expect(tsType(node)).toBe('{ parent?: unknown }');
  });

  it('text from the spec cannot end the doc comment', () => {
    const docs = docsOf('api', 'T */ declare const evil: 1; /*', [{ member: 'f', method: 'GET', path: '/x', summary: 'a */ b', params: [] }]);
    expect(docs.match(/\*\//g)).toHaveLength(2);
    expect(docs).not.toContain('*/ declare const evil');
  });
});

describe('the Petstore OpenAPI 3 document (OAI example), parsed by @scalar/openapi-parser', () => {
  it('installs petstore.listPets, createPets, showPetById with docs and a one-line summary', async () => {
    const made = await openApiPack(configOf({ spec: PETSTORE, name: 'petstore', baseURL: '/petstore/v1', headers: { 'X-API-Key': 'k' }, methods: ['GET', 'POST'] }), { pageUrl: PAGE, send: never });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const { pack } = made;
    expect([pack.global, pack.members, pack.functions.map((f) => f.name)]).toEqual(['petstore', ['listPets', 'createPets', 'showPetById'], ['petstore.listPets', 'petstore.createPets', 'petstore.showPetById']]);
    expect(pack.summary).toBe('petstore: Swagger Petstore, 3 functions (petstore.listPets(params), petstore.createPets(params), petstore.showPetById(params)) resolving to {status, headers, body}');
    expect(pack.docs).toContain('  /** GET /pets: List all pets */\n  listPets(params?: { /** How many items to return at one time (max 100) (query) */ limit?: number }): Promise<{ status: number; headers: Record<string, string>; body: { id: number; name: string; tag?: string }[] }>;');
    expect(pack.docs).toContain('createPets(params: { body: { id: number; name: string; tag?: string } })');
    expect(pack.docs).toContain('showPetById(params: { /** The id of the pet to retrieve (path) */ petId: string })');
    expect(pack.docs).not.toContain('X-API-Key');
  });

  it('the call goes to the base URL with the owner’s headers (never in the docs or the request the frame could see)', async () => {
    const sent: unknown[] = [];
    const made = await openApiPack(configOf({ spec: PETSTORE, name: 'petstore', baseURL: '/petstore/v1', headers: { 'X-API-Key': 'k' }, methods: ['GET', 'POST'] }), {
      pageUrl: PAGE,
      send: async (request, headers, max) => (sent.push([request, headers, max]), { status: 200, headers: {}, body: [] }),
    });
    const fn = made.ok ? made.pack.functions.find((f) => f.name == 'petstore.showPetById')! : undefined;
    const checked = fn!.check([{ petId: '42' }], policy);
    expect(checked).toEqual({ ok: true, value: { method: 'GET', url: 'https://shop.example/petstore/v1/pets/42' } });
    expect(await fn!.run((checked as { value: unknown }).value, new AbortController().signal, policy)).toEqual({ status: 200, headers: {}, body: [] });
    expect(sent).toEqual([[{ method: 'GET', url: 'https://shop.example/petstore/v1/pets/42' }, { 'X-API-Key': 'k' }, policy.maxResultBytes]]);
  });

  it('the default name is a slug of info.title, and the base URL the spec’s first server', async () => {
    const made = await openApiPack(configOf({ spec: PETSTORE }), { pageUrl: PAGE, send: never });
    expect(made.ok && [made.pack.global, made.pack.functions[0]!.check([{}], policy)]).toEqual(['swaggerPetstore', { ok: true, value: { method: 'GET', url: 'http://petstore.swagger.io/v1/pets' } }]);
  });

  it('GET only unless the owner widens methods; only GET operations read, the others act', async () => {
    const plain = await openApiPack(configOf({ spec: PETSTORE }), { pageUrl: PAGE, send: never });
    expect(plain.ok && plain.pack.functions.map((fn) => [fn.name, fn.acts])).toEqual([['swaggerPetstore.listPets', false], ['swaggerPetstore.showPetById', false]]);
    const wide = await openApiPack(configOf({ spec: PETSTORE, methods: ['get', 'post'] }), { pageUrl: PAGE, send: never });
    expect(wide.ok && wide.pack.functions.map((fn) => [fn.name, fn.acts])).toEqual([['swaggerPetstore.listPets', false], ['swaggerPetstore.createPets', true], ['swaggerPetstore.showPetById', false]]);
  });
});

describe('configuration errors: a clear error, not a silent install', () => {
  const make = (pack: Record<string, unknown>) => openApiPack(configOf(pack), { pageUrl: PAGE, send: never });
  it.each([
    { title: 'no base URL (no servers, no baseURL)', pack: { spec: PETSTORE.replace(/servers:\n  - url: \S+\n/, '') }, error: 'sandbox.packs[0]: no base URL: set "baseURL" (the spec has no servers)' },
    { title: 'no operation: no paths', pack: { spec: { openapi: '3.0.3', info: { title: 'Empty', version: '1' }, servers: [{ url: '/' }], paths: {} } }, error: 'sandbox.packs[0]: no operation to call (the spec has no paths)' },
    { title: 'no operation: every one filtered out by methods', pack: { spec: PETSTORE, methods: ['DELETE'] }, error: 'sandbox.packs[0]: no operation to call (none of its operations is one of DELETE)' },
    { title: 'Swagger 2.0', pack: { spec: { swagger: '2.0', info: { title: 'x', version: '1' }, paths: {} } }, error: 'sandbox.packs[0].spec: must be OpenAPI 3 (this is Swagger 2.0)' },
    { title: 'an invalid document', pack: { spec: { openapi: '3.0.0', info: { title: 'x', version: '1' }, paths: { '/a': { get: { responses: 5 } } } } }, error: 'sandbox.packs[0].spec: not a valid OpenAPI document: /paths/~1a/get/responses: type must be object' },
    { title: 'YAML that does not parse', pack: { spec: 'openapi: [3.0' }, error: expect.stringMatching(/^sandbox\.packs\[0\]\.spec: cannot be read as an OpenAPI document: /) },
    { title: 'an external $ref (never fetched)', pack: { spec: { openapi: '3.0.0', info: { title: 'x', version: '1' }, servers: [{ url: '/' }], paths: { '/a': { get: { responses: { 200: { description: 'x', content: { 'application/json': { schema: { $ref: 'https://evil.example/x.json' } } } } } } } } } }, error: expect.stringContaining("Can't resolve external reference: https://evil.example/x.json") },
    { title: 'a spec object holding a function', pack: { spec: { openapi: '3.0.0', info: { title: 'x', version: '1' }, paths: {}, x: () => 1 } }, error: 'sandbox.packs[0].spec: cannot be read as an OpenAPI document: it is not JSON data (a function or a DOM object in it?)' },
  ])('$title', async ({ pack, error }) => {
    expect(await make(pack)).toEqual({ ok: false, errors: [error] });
  });

  it('the owner’s spec object is not changed by the parser', async () => {
    const spec = { openapi: '3.0.0', info: { title: 'No version' }, servers: [{ url: '/' }], paths: { '/a': { get: { responses: { 200: { description: 'ok' } } } } } };
    const before = JSON.stringify(spec);
    expect((await make({ spec })).ok).toBe(true);
    expect(JSON.stringify(spec)).toBe(before);
  });

  it('buildOpenApiPack names more than 200 operations an error', () => {
    const paths = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`/r${i}`, { get: op() }]));
    expect(buildOpenApiPack(doc(paths), configOf({ spec: {} }), PAGE, never)).toEqual({ ok: false, errors: ['sandbox.packs[0]: 201 operations, more than the 200 a pack may have: narrow "methods" or split the spec'] });
  });
});
