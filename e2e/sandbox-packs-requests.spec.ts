// OpenAPI packs beyond path and query parameters, in the built widget and a real Chromium frame,
// against the reference server's Petstore fake: the OAI Petstore document with the extras the fake
// also answers (examples/server/demo/petstore-extras.ts: the key as an apiKey scheme, a form body, a
// text body and answer, header parameters). The owner gives the key in `auth`; the host applies it.
import { expect, test } from './fixtures';
import { PETSTORE_WITH_EXTRAS as SPEC } from './petstore-spec';
import { clickResults, clickView, packResults, packView, showView } from './sandbox-helpers';
import type { Page, Request } from '@playwright/test';

const KEY = 'demo-petstore-key-7f3a';
/** The same, with the form operation's body as multipart/form-data only. */
const MULTIPART_SPEC = JSON.parse(JSON.stringify(SPEC));
MULTIPART_SPEC.paths['/pets/{petId}'].post.requestBody.content = { 'multipart/form-data': SPEC.paths['/pets/{petId}'].post.requestBody.content['application/x-www-form-urlencoded'] };

const petView = (title: string, calls: string) => packView(title, calls, '', 'Calls the pet shop’s API.');
/** The same, its calls in a click: they write (POST, PUT), so they run only during the visitor's gesture. */
const petClickView = (title: string, calls: string) => clickView(title, calls, '', 'Calls the pet shop’s API.');

const warnings = (messages: { type: string; text: string }[]) => messages.filter((m) => m.type === 'warning').map((m) => m.text);

test('header parameters, a form, a multipart form and a text body; the key from auth; the owner’s header wins; the answer as text with its type', async ({ page, server, consoleMessages }) => {
  const sent: { url: string; method: string; headers: Record<string, string>; body: string | null }[] = [];
  page.on('request', (r: Request) => r.url().includes('/petstore/v1/') && sent.push({ url: new URL(r.url()).pathname, method: r.method(), headers: r.headers(), body: r.postData() }));
  const id = 2000 + Math.floor(Math.random() * 1e6);
  const before = `window.BailingChat = { sandbox: { packs: [
    { pack: 'openapi', spec: ${JSON.stringify(SPEC)}, name: 'petstore', baseURL: location.origin + '/petstore/v1', headers: { 'X-Trace': 'owner-trace' }, auth: { api_key: '${KEY}' }, methods: ['GET', 'POST', 'PUT'] },
    { pack: 'openapi', spec: ${JSON.stringify(MULTIPART_SPEC)}, name: 'multipart', baseURL: location.origin + '/petstore/v1', auth: { api_key: '${KEY}' }, methods: ['POST'] },
  ] } }`;
  const brief = 'const brief = (r) => ({ status: r.status, type: r.headers["content-type"], id: r.headers["x-request-id"], trace: r.headers["x-trace"], body: r.body });';
  await showView(
    page,
    server.url,
    petClickView(
      'Requests',
      brief +
        `await show("create", petstore.createPets({ body: { id: ${id}, name: "Kiki", tag: "bird" } }).then((r) => r.status));` +
        `await show("form", petstore.updatePetWithForm({ petId: "${id}", body: { name: "Kiki & Co" } }).then(brief));` +
        `await show("multipart", multipart.updatePetWithForm({ petId: "${id}", body: { tag: "parrot" } }).then(brief));` +
        `await show("text", petstore.tagPet({ petId: "${id}", "X-Request-Id": "r-1", body: "macaw" }).then(brief));` +
        `await show("trace", petstore.tagPet({ petId: "${id}", "X-Trace": "mine", body: "x" }));` +
        `await show("cookie", petstore.tagPet({ petId: "${id}", Cookie: "sid=1", body: "x" }));` +
        `await show("crlf", petstore.tagPet({ petId: "${id}", "X-Request-Id": "r\\r\\nX-Evil: 1", body: "x" }));` +
        `await show("files", multipart.updatePetWithForm({ petId: "${id}", body: { photo: { name: "a.png" } } }));` +
        `await show("show", petstore.showPetById({ petId: "${id}" }).then((r) => r.body))`,
    ),
    { before },
  );
  expect(await clickResults(page)).toBe(
    'create ok 201;' +
      `form ok {"status":200,"type":"application/json; charset=utf-8","body":{"id":${id},"name":"Kiki & Co","tag":"bird"}};` +
      `multipart ok {"status":200,"type":"application/json; charset=utf-8","body":{"id":${id},"name":"Kiki & Co","tag":"parrot"}};` +
      'text ok {"status":200,"type":"text/plain; charset=utf-8","id":"r-1","trace":"owner-trace","body":"Kiki & Co is now tagged macaw"};' +
      'trace refused: petstore.tagPet: unknown parameter "X-Trace" (known: petId, X-Request-Id, body);' +
      'cookie refused: petstore.tagPet: unknown parameter "Cookie" (known: petId, X-Request-Id, body);' +
      'crlf refused: petstore.tagPet: params.X-Request-Id (a header) must not contain a line break, a control character or a character beyond Latin-1;' +
      'files refused: multipart.updatePetWithForm: params.body.photo must be a string, a number, a boolean or a list of them (a form field; no files, no objects);' +
      `show ok {"id":${id},"name":"Kiki & Co","tag":"macaw"};`,
  );
  // What went on the wire: the key from auth on every request, the owner's X-Trace, each body in its type, no cookie.
  const path = `/petstore/v1/pets/${id}`;
  expect(sent.map((r) => [r.method, r.url, r.headers['x-api-key'], r.headers['x-trace'], r.headers.cookie])).toEqual([
    ['POST', '/petstore/v1/pets', KEY, 'owner-trace', undefined],
    ['POST', path, KEY, 'owner-trace', undefined],
    ['POST', path, KEY, undefined, undefined],
    ['PUT', `${path}/tag`, KEY, 'owner-trace', undefined],
    ['GET', path, KEY, 'owner-trace', undefined],
  ]);
  expect([sent[1]!.headers['content-type'], sent[1]!.body]).toEqual(['application/x-www-form-urlencoded', 'name=Kiki+%26+Co']);
  expect(sent[2]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  expect(sent[2]!.body).toMatch(/name="tag"\r\n\r\nparrot\r\n/);
  expect([sent[3]!.headers['content-type'], sent[3]!.headers['x-request-id'], sent[3]!.body]).toEqual(['text/plain', 'r-1', 'macaw']);
  // What the owner is told at install: each parameter a view does not get, by name.
  expect(warnings(consoleMessages)).toEqual(
    expect.arrayContaining([
      'BailingChat: sandbox: sandbox.packs[0]: PUT /pets/{petId}/tag: its header parameter "X-Trace" is not offered (the pack\'s headers or auth set it)',
      'BailingChat: sandbox: sandbox.packs[0]: PUT /pets/{petId}/tag: its header parameter "Cookie" is not offered (a view may not set that header)',
      'BailingChat: sandbox: sandbox.packs[0]: PUT /pets/{petId}/tag: its cookie parameter "session" is not offered (a page\'s fetch cannot send a Cookie header)',
    ]),
  );
});

test('an operation that needs a cookie is not offered, and the owner is told which; a typo in auth installs nothing', async ({ page, server, consoleMessages }) => {
  const spec = JSON.parse(JSON.stringify(SPEC));
  spec.paths['/pets/{petId}/tag'].put.parameters.find((p: { in: string }) => p.in === 'cookie').required = true;
  const before = `window.BailingChat = { sandbox: { packs: [
    { pack: 'openapi', spec: ${JSON.stringify(spec)}, name: 'petstore', baseURL: location.origin + '/petstore/v1', auth: { api_key: '${KEY}' }, methods: ['GET', 'PUT'] },
    { pack: 'openapi', spec: ${JSON.stringify(SPEC)}, name: 'typo', baseURL: location.origin + '/petstore/v1', auth: { apiKey: '${KEY}' } },
  ] } }`;
  await showView(page, server.url, petView('Cookie', 'await show("g", Promise.resolve([typeof petstore.tagPet, typeof petstore.listPets, typeof typo]))'), { before });
  expect(await packResults(page)).toBe('g ok ["undefined","function","undefined"];');
  expect(warnings(consoleMessages)).toEqual(
    expect.arrayContaining([
      'BailingChat: sandbox: sandbox.packs[0]: PUT /pets/{petId}/tag: left out, it needs the cookie parameter "session", which a page\'s fetch cannot send',
      'BailingChat: sandbox: sandbox.packs[1].auth: "apiKey" is not in components.securitySchemes (the spec\'s schemes: api_key); that pack is not installed',
    ]),
  );
});
