// The requests an OpenAPI pack builds beyond path and query: header and cookie parameters, bodies
// that are not JSON, and the owner's credentials from `securitySchemes` + `auth`. Tables.
import { describe, expect, it } from 'vitest';
import { readPacks, type OpenApiPackConfig } from './config';
import { buildOpenApiPack } from './openapi';
import { credentialsOf, withCredentials, type PackOwner } from './openapi-credentials';
import { docsOf } from './openapi-docs';
import { operationsOf, type Operation } from './openapi-operations';
import { buildRequest, type ApiRequest } from './openapi-request';
import { validatePackPolicy } from './policy';
import type { PackPolicy } from './types';

const PAGE = 'https://shop.example/help/page.html';
const policy = (validatePackPolicy(undefined) as { policy: PackPolicy }).policy;
const doc = (paths: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ openapi: '3.0.0', info: { title: 'T', version: '1' }, servers: [{ url: 'https://api.example/v1' }], paths, ...extra });
const op = (more: Record<string, unknown> = {}) => ({ responses: { 200: { description: 'ok' } }, ...more });
const owner = (headers: Record<string, string> = {}, auth: Record<string, string> = {}): PackOwner => ({ headers, auth });
const configOf = (pack: Record<string, unknown>): OpenApiPackConfig => {
  const read = readPacks([{ pack: 'openapi', ...pack }]);
  if (read.errors.length) throw new Error(read.errors.join('\n'));
  return read.openapi[0]!;
};

describe('header and cookie parameters: what is offered to views', () => {
  const header = (name: string, required = false) => ({ name, in: 'header', required });
  it.each<{ title: string; params: unknown[]; owner?: PackOwner; offered: string[] | null; notes: string[] }>([
    { title: 'a header parameter is offered', params: [header('X-Request-Id')], offered: ['X-Request-Id'], notes: [] },
    ...['Cookie', 'Host', 'Origin', 'Referer', 'Content-Length', 'Connection', 'Keep-Alive', 'Transfer-Encoding', 'Upgrade', 'TE', 'Sec-Fetch-Site', 'Proxy-Authorization', 'X-HTTP-Method-Override', 'Accept', 'Content-Type', 'Authorization', 'Bad Name'].map((name) => ({
      title: `${name}: never a view's to set`,
      params: [header(name), header('X-Ok')],
      offered: ['X-Ok'],
      notes: [`GET /a: its header parameter "${name}" is not offered (a view may not set that header)`],
    })),
    { title: 'a required forbidden header: the operation is left out', params: [header('Host', true)], offered: null, notes: ['GET /a: left out, it needs the header parameter "Host", which a view may not set'] },
    { title: 'a header the owner sets (any case) is theirs', params: [header('x-trace', true)], owner: owner({ 'X-Trace': 'owner' }), offered: [], notes: ['GET /a: its header parameter "x-trace" is not offered (the pack\'s headers or auth set it)'] },
    { title: 'an optional cookie parameter: not offered, with a note', params: [{ name: 'session', in: 'cookie' }], offered: [], notes: ['GET /a: its cookie parameter "session" is not offered (a page\'s fetch cannot send a Cookie header)'] },
    { title: 'a required cookie parameter: the operation is left out, never a request without it', params: [{ name: 'session', in: 'cookie', required: true }], offered: null, notes: ['GET /a: left out, it needs the cookie parameter "session", which a page\'s fetch cannot send'] },
    { title: 'a header and a query parameter of one name would clash in params', params: [header('v'), { name: 'v', in: 'query' }], offered: null, notes: ['GET /a: left out, two of its parameters are named "v"'] },
  ])('$title', ({ params, owner: o, offered, notes }) => {
    const made = operationsOf(doc({ '/a': { get: op({ parameters: params }) } }), ['GET'], o);
    expect([made.operations[0]?.params.map((p) => p.name) ?? null, made.notes]).toEqual([offered, notes]);
  });
});

describe('request bodies: the media type the pack writes', () => {
  it.each<{ title: string; content: Record<string, unknown>; body: Operation['body'] | null }>([
    { title: 'JSON first, whatever the order', content: { 'text/plain': {}, 'application/json': { schema: { type: 'object' } } }, body: { required: false, type: 'application/json', kind: 'json', schema: { type: 'object' } } },
    { title: 'a URL-encoded form before multipart', content: { 'multipart/form-data': {}, 'application/x-www-form-urlencoded': {} }, body: { required: false, type: 'application/x-www-form-urlencoded', kind: 'form', schema: undefined } },
    { title: 'multipart', content: { 'multipart/form-data': { schema: { type: 'object' } } }, body: { required: false, type: 'multipart/form-data', kind: 'multipart', schema: { type: 'object' } } },
    { title: 'plain text, its parameters dropped', content: { 'Text/Plain; charset=utf-8': {} }, body: { required: false, type: 'text/plain', kind: 'text', schema: undefined } },
    { title: 'XML alone: left out', content: { 'application/xml': {} }, body: null },
  ])('$title', ({ content, body }) => {
    const made = operationsOf(doc({ '/a': { post: op({ requestBody: { content } }) } }), ['POST']);
    expect(made.operations[0] ? made.operations[0].body : null).toEqual(body);
  });

  it('docs name the media type and say a text body is a string; a text response reads as string', () => {
    const { operations } = operationsOf(
      doc({
        '/form': { post: op({ requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { name: { type: 'string' } } } } } } }) },
        '/note': { put: { requestBody: { content: { 'text/plain': {} } }, responses: { 200: { description: 'ok', content: { 'text/plain': {} } } } } },
      }),
      ['POST', 'PUT'],
    );
    const docs = docsOf('api', 'T', operations);
    expect(docs).toContain('postForm(params: { /** application/x-www-form-urlencoded: text fields only */ body: { name?: string } })');
    expect(docs).toContain('putNote(params?: { /** text/plain */ body?: string }): Promise<{ status: number; headers: Record<string, string>; body: string }>');
  });
});

describe('buildRequest: headers and bodies from params', () => {
  const base = new URL('https://api.example/v1');
  const o = (body?: Operation['body']): Operation => ({
    member: 'f',
    method: 'POST',
    path: '/a',
    params: [{ name: 'X-Request-Id', in: 'header', required: false }, { name: 'X-Tags', in: 'header', required: false }],
    ...(body ? { body } : {}),
  });
  const form = o({ required: true, type: 'application/x-www-form-urlencoded', kind: 'form' });
  const multipart = o({ required: true, type: 'multipart/form-data', kind: 'multipart' });
  const text = o({ required: false, type: 'text/plain', kind: 'text' });
  const build = (operation: Operation, params: unknown) => {
    const r = buildRequest('api.f', operation, base, [params]);
    return r.ok ? r.request : r.reason;
  };
  it.each<{ title: string; op: Operation; params: unknown; want: ApiRequest | string }>([
    { title: 'a header parameter', op: o(), params: { 'X-Request-Id': 'r-1' }, want: { method: 'POST', url: 'https://api.example/v1/a', headers: { 'X-Request-Id': 'r-1' } } },
    { title: 'a list in a header: joined by commas (simple style)', op: o(), params: { 'X-Tags': ['a', 2, true] }, want: { method: 'POST', url: 'https://api.example/v1/a', headers: { 'X-Tags': 'a,2,true' } } },
    { title: 'CR LF in a header value (a second header)', op: o(), params: { 'X-Request-Id': 'r\r\nCookie: a=b' }, want: 'api.f: params.X-Request-Id (a header) must not contain a line break, a control character or a character beyond Latin-1' },
    { title: 'a lone LF', op: o(), params: { 'X-Request-Id': 'r\nx' }, want: 'api.f: params.X-Request-Id (a header) must not contain a line break, a control character or a character beyond Latin-1' },
    { title: 'NUL', op: o(), params: { 'X-Request-Id': 'r\0' }, want: 'api.f: params.X-Request-Id (a header) must not contain a line break, a control character or a character beyond Latin-1' },
    { title: 'beyond Latin-1 (fetch would throw)', op: o(), params: { 'X-Request-Id': 'ключ' }, want: 'api.f: params.X-Request-Id (a header) must not contain a line break, a control character or a character beyond Latin-1' },
    { title: 'a tab and Latin-1 are fine', op: o(), params: { 'X-Request-Id': 'a\tcafé' }, want: { method: 'POST', url: 'https://api.example/v1/a', headers: { 'X-Request-Id': 'a\tcafé' } } },
    { title: 'too long', op: o(), params: { 'X-Request-Id': 'x'.repeat(1001) }, want: 'api.f: params.X-Request-Id (a header) is longer than 1000 characters' },
    { title: 'an object in a header', op: o(), params: { 'X-Request-Id': { a: 1 } }, want: 'api.f: params.X-Request-Id must be a string, a number, a boolean or a list of them' },
    { title: 'a required header missing', op: { ...o(), params: [{ name: 'X-Tenant', in: 'header', required: true }] }, params: {}, want: 'api.f: params.X-Tenant is required (a header parameter)' },
    { title: 'a required query parameter missing', op: { ...o(), params: [{ name: 'q', in: 'query', required: true }] }, params: {}, want: 'api.f: params.q is required (a query parameter)' },
    { title: 'a header the operation does not declare', op: o(), params: { Authorization: 'Bearer mine' }, want: 'api.f: unknown parameter "Authorization" (known: X-Request-Id, X-Tags)' },
    { title: 'a URL-encoded form', op: form, params: { body: { name: 'Kiki & Co', tag: ['a', 'b'], n: 3, skip: null } }, want: { method: 'POST', url: 'https://api.example/v1/a', contentType: 'application/x-www-form-urlencoded', body: 'name=Kiki+%26+Co&tag=a&tag=b&n=3' } },
    { title: 'a form field holding an object', op: form, params: { body: { pet: { name: 'x' } } }, want: 'api.f: params.body.pet must be a string, a number, a boolean or a list of them (a form field; no files, no objects)' },
    { title: 'a form body that is not an object', op: form, params: { body: 'name=x' }, want: 'api.f: params.body must be an object of form fields (strings, numbers, booleans, or lists of them)' },
    { title: 'multipart: its text fields, in order', op: multipart, params: { body: { name: 'Kiki', n: 1 } }, want: { method: 'POST', url: 'https://api.example/v1/a', contentType: 'multipart/form-data', fields: [['name', 'Kiki'], ['n', '1']] } },
    { title: 'multipart: no files (a view has none; an object is refused)', op: multipart, params: { body: { photo: { name: 'a.png', data: 'iVBOR' } } }, want: 'api.f: params.body.photo must be a string, a number, a boolean or a list of them (a form field; no files, no objects)' },
    { title: 'plain text', op: text, params: { body: 'hello\nworld' }, want: { method: 'POST', url: 'https://api.example/v1/a', contentType: 'text/plain', body: 'hello\nworld' } },
    { title: 'plain text that is not a string', op: text, params: { body: { a: 1 } }, want: 'api.f: params.body must be a string (the body is text/plain)' },
    { title: 'a required form body missing', op: form, params: {}, want: 'api.f: params.body is required (application/x-www-form-urlencoded)' },
  ])('$title', ({ op: operation, params, want }) => expect(build(operation, params)).toEqual(want));
});

describe('securitySchemes + security: the credentials of an operation', () => {
  const schemes = {
    key: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
    qkey: { type: 'apiKey', in: 'query', name: 'api_key' },
    ckey: { type: 'apiKey', in: 'cookie', name: 'sid' },
    bearer: { type: 'http', scheme: 'bearer' },
    basic: { type: 'http', scheme: 'Basic' },
    digest: { type: 'http', scheme: 'digest' },
    oauth: { type: 'oauth2', flows: {} },
  };
  const spec = (security: unknown): Record<string, unknown> => ({ ...(security === undefined ? {} : { security }), components: { securitySchemes: schemes } });
  it.each<{ title: string; security?: unknown; opSecurity?: unknown; owner: PackOwner; want: ReturnType<typeof credentialsOf> }>([
    { title: 'no security: none', owner: owner(), want: { credentials: [] } },
    { title: 'apiKey in a header', security: [{ key: [] }], owner: owner({}, { key: 'k' }), want: { credentials: [{ scheme: 'key', in: 'header', name: 'X-API-Key', format: 'raw' }] } },
    { title: 'apiKey in the query', security: [{ qkey: [] }], owner: owner({}, { qkey: 'k' }), want: { credentials: [{ scheme: 'qkey', in: 'query', name: 'api_key', format: 'raw' }] } },
    { title: 'http bearer and basic (any case)', security: [{ bearer: [], basic: [] }], owner: owner({}, { bearer: 't', basic: 'a:b' }), want: { credentials: [{ scheme: 'bearer', in: 'header', name: 'Authorization', format: 'bearer' }, { scheme: 'basic', in: 'header', name: 'Authorization', format: 'basic' }] } },
    { title: 'OAuth 2: the owner’s token as bearer', security: [{ oauth: ['read'] }], owner: owner({}, { oauth: 't' }), want: { credentials: [{ scheme: 'oauth', in: 'header', name: 'Authorization', format: 'bearer' }] } },
    { title: 'the first alternative the owner can meet', security: [{ bearer: [] }, { key: [] }], owner: owner({}, { key: 'k' }), want: { credentials: [{ scheme: 'key', in: 'header', name: 'X-API-Key', format: 'raw' }] } },
    { title: 'an empty alternative: anonymous is allowed', security: [{ bearer: [] }, {}], owner: owner(), want: { credentials: [] } },
    { title: 'met by the owner’s own headers: nothing to add', security: [{ key: [] }], owner: owner({ 'x-api-key': 'k' }), want: { credentials: [] } },
    { title: 'the operation’s security over the document’s', security: [{ key: [] }], opSecurity: [], owner: owner(), want: { credentials: [] } },
    { title: 'no value: sent without, and why', security: [{ key: [] }], owner: owner(), want: { credentials: [], missing: '"key" has no value in auth' } },
    { title: 'a cookie apiKey cannot be sent', security: [{ ckey: [] }], owner: owner({}, { ckey: 'c' }), want: { credentials: [], missing: '"ckey" is an apiKey in a cookie, which a page\'s fetch cannot send' } },
    { title: 'http digest cannot be applied', security: [{ digest: [] }], owner: owner({}, { digest: 'd' }), want: { credentials: [], missing: '"digest" is an http digest scheme, which the pack cannot apply (it applies apiKey in a header or the query, http bearer or basic, and OAuth tokens as bearer)' } },
    { title: 'a scheme the document does not define', security: [{ nope: [] }], owner: owner(), want: { credentials: [], missing: '"nope" is not in components.securitySchemes' } },
  ])('$title', ({ security, opSecurity, owner: o, want }) => {
    expect(credentialsOf(spec(security), opSecurity === undefined ? {} : { security: opSecurity }, o)).toEqual(want);
  });

  it('withCredentials: headers over the view’s of the same name, a query key added, Basic as base64 of UTF-8', () => {
    const request: ApiRequest = { method: 'GET', url: 'https://api.example/v1/a?x=1', headers: { 'x-api-key': 'from-view', 'X-Other': 'o' } };
    expect(withCredentials(request, [{ scheme: 'key', in: 'header', name: 'X-API-Key', format: 'raw' }, { scheme: 'qkey', in: 'query', name: 'api_key', format: 'raw' }], { key: 'K', qkey: 'Q&1' })).toEqual({
      method: 'GET',
      url: 'https://api.example/v1/a?x=1&api_key=Q%261',
      headers: { 'X-Other': 'o', 'X-API-Key': 'K' },
    });
    expect(withCredentials({ method: 'GET', url: 'https://a.example/x' }, [{ scheme: 'b', in: 'header', name: 'Authorization', format: 'basic' }], { b: 'ana:pässwörd' }).headers).toEqual({ Authorization: `Basic ${Buffer.from('ana:pässwörd', 'utf8').toString('base64')}` });
    expect(withCredentials({ method: 'GET', url: 'https://a.example/x' }, [{ scheme: 't', in: 'header', name: 'Authorization', format: 'bearer' }], { t: 'tok' }).headers).toEqual({ Authorization: 'Bearer tok' });
    // The request is not changed in place: what check() returned stays as it was.
    expect(request.headers).toEqual({ 'x-api-key': 'from-view', 'X-Other': 'o' });
  });
});

describe('buildOpenApiPack with auth: applied by the host, never in what the view or the model gets', () => {
  const spec = doc(
    {
      '/pets': { get: op({ operationId: 'listPets', parameters: [{ name: 'api_key', in: 'query' }, { name: 'X-API-Key', in: 'header' }, { name: 'X-Request-Id', in: 'header' }] }) },
      '/open': { get: op({ operationId: 'open', security: [] }) },
    },
    { security: [{ key: [], qkey: [] }], components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-API-Key' }, qkey: { type: 'apiKey', in: 'query', name: 'api_key' } } } },
  );
  const SECRET = 'sk-live-51f0c0ffee';
  const QSECRET = 'q-73a1b2';

  it('the view may not set the credential’s header or query name; the host adds both when it sends; docs, summary and the checked request hold neither value', async () => {
    const sent: [ApiRequest, Readonly<Record<string, string>>][] = [];
    const made = buildOpenApiPack(spec, configOf({ spec: {}, name: 'api', auth: { key: SECRET, qkey: QSECRET } }), PAGE, async (request, headers) => (sent.push([request, headers]), { status: 200, headers: {}, body: [] }));
    if (!made.ok) throw new Error(made.errors.join('\n'));
    expect(made.notes).toEqual([
      'sandbox.packs[0]: GET /pets: its query parameter "api_key" is not offered (the pack sets it from auth)',
      'sandbox.packs[0]: GET /pets: its header parameter "X-API-Key" is not offered (the pack\'s headers or auth set it)',
    ]);
    const list = made.pack.functions.find((f) => f.name == 'api.listPets')!;
    expect(list.check([{ 'X-API-Key': 'mine' }], policy)).toEqual({ ok: false, reason: 'api.listPets: unknown parameter "X-API-Key" (known: X-Request-Id)' });
    const checked = list.check([{ 'X-Request-Id': 'r1' }], policy) as { ok: true; value: ApiRequest };
    expect(checked.value).toEqual({ method: 'GET', url: 'https://api.example/v1/pets', headers: { 'X-Request-Id': 'r1' } });
    await list.run(checked.value, new AbortController().signal, policy);
    expect(sent[0]).toEqual([{ method: 'GET', url: `https://api.example/v1/pets?api_key=${QSECRET}`, headers: { 'X-Request-Id': 'r1', 'X-API-Key': SECRET } }, {}]);
    // An operation whose security is [] gets none.
    const open = made.pack.functions.find((f) => f.name == 'api.open')!;
    await open.run((open.check([], policy) as { value: unknown }).value, new AbortController().signal, policy);
    expect(sent[1]).toEqual([{ method: 'GET', url: 'https://api.example/v1/open' }, {}]);
    // Control: the search below finds the values where they are (the request sent)…
    expect(JSON.stringify(sent[0])).toContain(SECRET);
    expect(JSON.stringify(sent[0])).toContain(QSECRET);
    // …and not in anything that reaches the model or the frame.
    for (const text of [made.pack.docs, made.pack.summary, JSON.stringify(checked), JSON.stringify(made.notes)]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(QSECRET);
    }
  });

  it.each([
    { title: 'a scheme the spec does not have (a typo)', auth: { apikey: 'k' }, error: 'sandbox.packs[0].auth: "apikey" is not in components.securitySchemes (the spec\'s schemes: key, qkey)' },
    { title: 'a value beyond Latin-1 for an API key', auth: { key: 'ключ' }, error: 'sandbox.packs[0].auth["key"]: has a character beyond Latin-1, which a header or an API key cannot carry' },
  ])('a configuration error: $title', ({ auth, error }) => {
    expect(buildOpenApiPack(spec, configOf({ spec: {}, auth }), PAGE, async () => ({}))).toEqual({ ok: false, errors: [error] });
  });

  it('an operation whose security cannot be met is still offered, with a note saying why (the API will refuse it); one note for all such operations', () => {
    const made = buildOpenApiPack(spec, configOf({ spec: {} }), PAGE, async () => ({}));
    expect(made.ok && [made.pack.members, made.notes]).toEqual([['listPets', 'open'], ['sandbox.packs[0]: GET /pets: sent without credentials, which its security asks for: "key" has no value in auth; "qkey" has no value in auth']]);
    const many = doc(Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`/r${i}`, { get: op() }])), { security: [{ key: [] }], components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } } } });
    expect(operationsOf(many, ['GET']).notes).toEqual(['7 operations (GET /r0, GET /r1, GET /r2, GET /r3, GET /r4 and 2 more): sent without credentials, which their security asks for: "key" has no value in auth']);
  });
});

describe('the Petstore document with the extras the reference server’s fake also answers', () => {
  it('installs the form, text and header operations, the key from auth; the cookie and Cookie parameters named at install', async () => {
    const { readFileSync } = await import('node:fs');
    const { normalize } = await import('@scalar/openapi-parser');
    const { withPetstoreExtras } = await import('../../../examples/server/demo/petstore-extras');
    const { openApiPack } = await import('./openapi-module');
    const spec = withPetstoreExtras(normalize(readFileSync(new URL('../../../examples/pages/petstore.yaml', import.meta.url), 'utf8')) as Record<string, unknown>);
    const made = await openApiPack(configOf({ spec, name: 'petstore', baseURL: '/petstore/v1', headers: { 'X-Trace': 'owner' }, auth: { api_key: 'k' }, methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] }), { pageUrl: PAGE, send: async () => ({}) });
    if (!made.ok) throw new Error(made.errors.join('\n'));
    expect(made.pack.members).toEqual(['listPets', 'createPets', 'showPetById', 'updatePetWithForm', 'tagPet']);
    expect(made.notes).toEqual([
      'sandbox.packs[0]: PUT /pets/{petId}/tag: its header parameter "X-Trace" is not offered (the pack\'s headers or auth set it)',
      'sandbox.packs[0]: PUT /pets/{petId}/tag: its header parameter "Cookie" is not offered (a view may not set that header)',
      'sandbox.packs[0]: PUT /pets/{petId}/tag: its cookie parameter "session" is not offered (a page\'s fetch cannot send a Cookie header)',
    ]);
    expect(made.pack.docs).toContain('tagPet(params: { /** The id of the pet (path) */ petId: string; /** Echoed in the answer (header) */ "X-Request-Id"?: string; /** text/plain */ body: string }): Promise<{ status: number; headers: Record<string, string>; body: string }>;');
    expect(made.pack.docs).toContain('updatePetWithForm(params: { /** The id of the pet (path) */ petId: string; /** application/x-www-form-urlencoded: text fields only */ body: { name?: string; tag?: string } })');
  });
});
