import { describe, expect, it } from 'vitest';
import { httpSender } from './openapi-http';

const signal = new AbortController().signal;
/** A fetch that records what it was asked and answers `response`. */
const fakeFetch = (response: () => Response) => {
  const seen: { url: string; init: RequestInit }[] = [];
  const doFetch = (async (url: string, init: RequestInit) => (seen.push({ url, init }), response())) as unknown as typeof fetch;
  return { seen, send: httpSender(doFetch) };
};

describe('httpSender: the request the host makes', () => {
  it('sends the owner’s headers, JSON bodies as JSON, no cookies, no redirect following; reads {status, headers, body}', async () => {
    const { seen, send } = fakeFetch(() => new Response('[{"id":1}]', { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-Next': '/pets?page=2' } }));
    const answer = await send({ method: 'POST', url: 'https://api.example/v1/pets', body: '{"id":1}' }, { 'X-API-Key': 'k' }, 1000, signal);
    expect(answer).toEqual({ status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'x-next': '/pets?page=2' }, body: [{ id: 1 }] });
    const { url, init } = seen[0]!;
    expect(url).toBe('https://api.example/v1/pets');
    expect([init.method, init.body, init.credentials, init.redirect, init.signal]).toEqual(['POST', '{"id":1}', 'omit', 'manual', signal]);
    expect(Object.fromEntries(init.headers as Headers)).toEqual({ 'x-api-key': 'k', 'content-type': 'application/json' });
  });

  it('an error status resolves too; text that is not JSON stays text', async () => {
    expect(await fakeFetch(() => new Response('no', { status: 401, headers: { 'Content-Type': 'text/plain' } })).send({ method: 'GET', url: 'https://a.example/x' }, {}, 1000, signal)).toEqual({
      status: 401,
      headers: { 'content-type': 'text/plain' },
      body: 'no',
    });
    expect((await fakeFetch(() => new Response('{broken', { headers: { 'Content-Type': 'application/json' } })).send({ method: 'GET', url: 'https://a.example/x' }, {}, 1000, signal)) as { body: unknown }).toMatchObject({ body: '{broken' });
  });

  it('refuses a redirect', async () => {
    const { send } = fakeFetch(() => new Response(null, { status: 302, headers: { Location: 'https://evil.example/' } }));
    await expect(send({ method: 'GET', url: 'https://a.example/x' }, {}, 1000, signal)).rejects.toThrow('the API answered with a redirect, which is not followed');
  });

  it('refuses an answer over the cap: as declared, and as it streams (the download is cancelled)', async () => {
    await expect(fakeFetch(() => new Response('x'.repeat(50), { headers: { 'Content-Length': '50' } })).send({ method: 'GET', url: 'https://a.example/x' }, {}, 40, signal)).rejects.toThrow('the response is 50 bytes, over the limit of 40');
    let pulled = 0;
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(16));
      },
      cancel() {
        cancelled = true;
      },
    });
    await expect(fakeFetch(() => new Response(stream)).send({ method: 'GET', url: 'https://a.example/x' }, {}, 40, signal)).rejects.toThrow('the response is over the limit of 40 bytes');
    expect([pulled <= 4, cancelled]).toEqual([true, true]);
  });

  it('the view’s header parameters go under the owner’s headers, which win whatever the case', async () => {
    const { seen, send } = fakeFetch(() => new Response(null, { status: 204 }));
    await send({ method: 'GET', url: 'https://a.example/x', headers: { 'x-api-key': 'from-view', 'X-Request-Id': 'r1' } }, { 'X-API-Key': 'owner' }, 1000, signal);
    expect(Object.fromEntries(seen[0]!.init.headers as Headers)).toEqual({ 'x-api-key': 'owner', 'x-request-id': 'r1' });
  });

  it.each([
    { title: 'a URL-encoded form', request: { contentType: 'application/x-www-form-urlencoded', body: 'name=Kiki' }, type: 'application/x-www-form-urlencoded', body: 'name=Kiki' },
    { title: 'plain text', request: { contentType: 'text/plain', body: 'hi' }, type: 'text/plain', body: 'hi' },
    { title: 'JSON of another media type', request: { contentType: 'application/merge-patch+json', body: '{}' }, type: 'application/merge-patch+json', body: '{}' },
  ])('a body of its media type: $title', async ({ request, type, body }) => {
    const { seen, send } = fakeFetch(() => new Response(null, { status: 204 }));
    await send({ method: 'POST', url: 'https://a.example/x', ...request }, {}, 1000, signal);
    expect([(seen[0]!.init.headers as Headers).get('Content-Type'), seen[0]!.init.body]).toEqual([type, body]);
  });

  it('a multipart form: FormData of its text fields, the Content-Type left to the browser (it writes the boundary)', async () => {
    const { seen, send } = fakeFetch(() => new Response(null, { status: 204 }));
    await send({ method: 'POST', url: 'https://a.example/x', contentType: 'multipart/form-data', fields: [['name', 'Kiki'], ['tag', 'a'], ['tag', 'b']] }, {}, 1000, signal);
    const body = seen[0]!.init.body as FormData;
    expect([body instanceof FormData, [...body.entries()], (seen[0]!.init.headers as Headers).has('Content-Type')]).toEqual([true, [['name', 'Kiki'], ['tag', 'a'], ['tag', 'b']], false]);
    // What fetch makes of it: a multipart body with a boundary.
    const request = new Request('https://a.example/x', { method: 'POST', body });
    expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('an answer that is not JSON: its text, the content type in headers', async () => {
    const answer = await fakeFetch(() => new Response('Rex (dog)', { headers: { 'Content-Type': 'text/plain; charset=utf-8' } })).send({ method: 'GET', url: 'https://a.example/x' }, {}, 1000, signal);
    expect(answer).toEqual({ status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Rex (dog)' });
  });
});
