import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROOT_DIR, type RunningServer } from '../app';
import { PETSTORE_DEMO_KEY, PetstoreFake } from './petstore';
import { startTestServer } from '../test-support';

const KEY = { 'x-api-key': PETSTORE_DEMO_KEY };
const q = (text = '') => new URLSearchParams(text);

describe('PetstoreFake: the Petstore example’s API', () => {
  it('checks the API key on every request', () => {
    const fake = new PetstoreFake();
    expect(fake.handle('GET', '/pets', q(), {}, undefined)).toEqual({ status: 401, body: { code: 401, message: 'missing or wrong x-api-key header' } });
    expect(fake.handle('GET', '/pets', q(), { 'x-api-key': 'guess' }, undefined).status).toBe(401);
  });

  it('GET /pets: the seeded pets, limit, x-next for the next page', () => {
    const fake = new PetstoreFake();
    expect(fake.handle('GET', '/pets', q(), KEY, undefined)).toEqual({ status: 200, body: [{ id: 1, name: 'Rex', tag: 'dog' }, { id: 2, name: 'Tom', tag: 'cat' }, { id: 3, name: 'Nemo', tag: 'fish' }] });
    expect(fake.handle('GET', '/pets', q('limit=2'), KEY, undefined)).toEqual({ status: 200, body: [{ id: 1, name: 'Rex', tag: 'dog' }, { id: 2, name: 'Tom', tag: 'cat' }], headers: { 'x-next': '/petstore/v1/pets?limit=2&after=2' } });
    expect(fake.handle('GET', '/pets', q('limit=2&after=2'), KEY, undefined).body).toEqual([{ id: 3, name: 'Nemo', tag: 'fish' }]);
    for (const limit of ['0', '101', 'x', '1.5']) expect(fake.handle('GET', '/pets', q(`limit=${limit}`), KEY, undefined).status).toBe(400);
  });

  it('POST /pets: 201 with no body; then GET /pets/{petId} finds it; bad pets and duplicates refused', () => {
    const fake = new PetstoreFake();
    expect(fake.handle('POST', '/pets', q(), KEY, { id: 9, name: ' Kiki ', tag: 'bird' })).toEqual({ status: 201 });
    expect(fake.handle('GET', '/pets/9', q(), KEY, undefined)).toEqual({ status: 200, body: { id: 9, name: 'Kiki', tag: 'bird' } });
    expect(fake.handle('POST', '/pets', q(), KEY, { id: 9, name: 'Again' })).toEqual({ status: 409, body: { code: 409, message: 'a pet with id 9 exists' } });
    expect(fake.handle('POST', '/pets', q(), KEY, { id: 'ten', name: 'x' }).status).toBe(400);
    expect(fake.handle('POST', '/pets', q(), KEY, { id: 10, name: '' }).status).toBe(400);
    expect(fake.handle('POST', '/pets', q(), KEY, { id: 10, name: 'x', owner: 'y' })).toEqual({ status: 400, body: { code: 400, message: 'unknown field "owner"' } });
  });

  it('GET /pets/{petId}: 404 for an unknown or non-canonical id; methods other than GET and POST 405', () => {
    const fake = new PetstoreFake();
    expect(fake.handle('GET', '/pets/404', q(), KEY, undefined)).toEqual({ status: 404, body: { code: 404, message: 'no pet with id 404' } });
    expect(fake.handle('GET', '/pets/01', q(), KEY, undefined).status).toBe(404);
    expect(fake.handle('DELETE', '/pets/1', q(), KEY, undefined)).toMatchObject({ status: 405, headers: { Allow: 'GET, POST' } });
    expect(fake.handle('GET', '/toys', q(), KEY, undefined).status).toBe(404);
  });

  it('POST /pets/{petId} with a form: the pet changed; unknown fields, a bad name and a body that is not a form refused', () => {
    const fake = new PetstoreFake();
    expect(fake.handle('POST', '/pets/1', q(), KEY, q('name=Rexy&tag=hound'))).toEqual({ status: 200, body: { id: 1, name: 'Rexy', tag: 'hound' } });
    expect(fake.handle('POST', '/pets/1', q(), KEY, q('owner=x'))).toEqual({ status: 400, body: { code: 400, message: 'unknown field "owner"' } });
    expect(fake.handle('POST', '/pets/1', q(), KEY, q('name=%20'))).toMatchObject({ status: 400 });
    expect(fake.handle('POST', '/pets/1', q(), KEY, { name: 'json' })).toMatchObject({ status: 415 });
    expect(fake.handle('POST', '/pets/77', q(), KEY, q('name=x'))).toMatchObject({ status: 404 });
  });

  it('PUT /pets/{petId}/tag with text: a line of text back, X-Request-Id and X-Trace echoed', () => {
    const fake = new PetstoreFake();
    expect(fake.handle('PUT', '/pets/2/tag', q(), { ...KEY, 'x-request-id': 'r-1' }, ' tabby ')).toEqual({ status: 200, body: 'Tom is now tagged tabby', headers: { 'Content-Type': 'text/plain; charset=utf-8', 'x-request-id': 'r-1' } });
    expect(fake.handle('GET', '/pets/2', q(), KEY, undefined).body).toEqual({ id: 2, name: 'Tom', tag: 'tabby' });
    expect(fake.handle('PUT', '/pets/2/tag', q(), KEY, q('tag=x'))).toMatchObject({ status: 415 });
    expect(fake.handle('GET', '/pets/2/tag', q(), KEY, undefined)).toMatchObject({ status: 405, headers: { Allow: 'PUT' } });
  });

  it('holds at most 100 pets', () => {
    const fake = new PetstoreFake();
    for (let id = 4; id <= 100; id++) expect(fake.handle('POST', '/pets', q(), KEY, { id, name: `p${id}` }).status).toBe(201);
    expect(fake.handle('POST', '/pets', q(), KEY, { id: 101, name: 'one too many' })).toEqual({ status: 507, body: { code: 507, message: 'the store holds at most 100 pets' } });
  });
});

describe('the Petstore fake over HTTP', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ rootDir: DEFAULT_ROOT_DIR });
  });
  afterAll(() => server.close());

  it('serves the spec and answers the API with the key; the body is read within its cap', async () => {
    const spec = await fetch(`${server.url}/petstore/openapi.yaml`);
    expect([spec.status, spec.headers.get('content-type')]).toEqual([200, 'application/yaml; charset=utf-8']);
    expect(await spec.text()).toContain('operationId: listPets');
    expect((await fetch(`${server.url}/petstore/v1/pets`)).status).toBe(401);
    const list = await fetch(`${server.url}/petstore/v1/pets?limit=1`, { headers: KEY });
    expect([list.status, list.headers.get('x-next'), await list.json()]).toEqual([200, '/petstore/v1/pets?limit=1&after=1', [{ id: 1, name: 'Rex', tag: 'dog' }]]);
    const created = await fetch(`${server.url}/petstore/v1/pets`, { method: 'POST', headers: { ...KEY, 'Content-Type': 'application/json' }, body: JSON.stringify({ id: 42, name: 'Fido' }) });
    expect([created.status, await created.text()]).toEqual([201, '']);
    expect(await (await fetch(`${server.url}/petstore/v1/pets/42`, { headers: KEY })).json()).toEqual({ id: 42, name: 'Fido' });
    const big = await fetch(`${server.url}/petstore/v1/pets`, { method: 'POST', headers: { ...KEY, 'Content-Type': 'application/json' }, body: JSON.stringify({ id: 43, name: 'x'.repeat(5000) }) });
    expect([big.status, await big.json()]).toEqual([413, { code: 413, message: 'The request body is larger than 4096 bytes.' }]);
  });

  it('reads a URL-encoded form, a multipart form (text fields only) and plain text; another type is a 415', async () => {
    const post = (path: string, body: BodyInit, type?: string, method = 'POST') => fetch(`${server.url}/petstore/v1${path}`, { method, headers: { ...KEY, ...(type ? { 'Content-Type': type } : {}) }, body });
    const form = await post('/pets/3', 'name=Dory', 'application/x-www-form-urlencoded');
    expect([form.status, await form.json()]).toEqual([200, { id: 3, name: 'Dory', tag: 'fish' }]);
    const multipart = new FormData();
    multipart.append('tag', 'clownfish');
    const parts = await post('/pets/3', multipart);
    expect([parts.status, await parts.json()]).toEqual([200, { id: 3, name: 'Dory', tag: 'clownfish' }]);
    const file = new FormData();
    file.append('tag', new Blob(['x']), 'a.txt');
    const refused = await post('/pets/3', file);
    expect([refused.status, await refused.json()]).toEqual([400, { code: 400, message: 'The field "tag" is a file; the fake takes text fields only.' }]);
    const text = await post('/pets/3/tag', 'reef', 'text/plain', 'PUT');
    expect([text.status, text.headers.get('content-type'), await text.text()]).toEqual([200, 'text/plain; charset=utf-8', 'Dory is now tagged reef']);
    const xml = await post('/pets/3', '<pet/>', 'application/xml');
    expect([xml.status, (await xml.json()).code]).toEqual([415, 415]);
  });
});
