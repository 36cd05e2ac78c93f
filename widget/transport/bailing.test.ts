import { describe, expect, it } from 'vitest';
import { createBailingClient, parseStreamEvent, resolveApiBase, type CreateJobBody } from './bailing';
import { BailingHttpError } from './errors';
import { fakeFetch, json } from './fixtures/fake-fetch';

describe('parseStreamEvent: valid events', () => {
  const TS = '2026-07-20T08:00:00.480Z';
  it.each([
    {
      title: 'open',
      name: 'open',
      data: { ok: true, job_id: 'j1', status: 'queued', protocol: 'bailing.chat.stream.v1', streaming: true },
    },
    { title: 'status', name: 'status', data: { job_id: 'j1', status: 'running' } },
    { title: 'phase model', name: 'phase', data: { job_id: 'j1', seq: 1, ts: TS, name: 'model', round: 1 } },
    { title: 'phase tool, numeric ts', name: 'phase', data: { seq: 4, ts: 1_780_000_000_000, name: 'tool', round: 1 } },
    { title: 'reset with seq', name: 'reset', data: { seq: 3, ts: TS, reason: 'tool_call', round: 1 } },
    { title: 'reset replay_gap (no seq)', name: 'reset', data: { job_id: 'j1', reason: 'replay_gap', latest_seq: 40 } },
    { title: 'delta', name: 'delta', data: { job_id: 'j1', seq: 0, ts: TS, text: 'héllo 世界 🎉', round: 2 } },
    { title: 'delta with empty text', name: 'delta', data: { seq: 5, text: '' } },
    { title: 'ping', name: 'ping', data: { ts: TS, job_id: 'j1' } },
    { title: 'ping, empty', name: 'ping', data: {} },
    {
      title: 'done',
      name: 'done',
      data: {
        done: true,
        job_id: 'j1',
        visitor_id: 'v_8c1e2f9a',
        reply: '**hi**',
        references: [{ seq: 1, title: 'Guide', score: 0.8, snippet: '…' }],
        attachments: [{ url: 'https://cdn.example.com/a.png', name: 'a.png', type: 'image' }],
      },
    },
    { title: 'done that is an error (BailingHub)', name: 'done', data: { done: true, error: true, job_id: 'j1', reply: 'Sorry' } },
    { title: 'failed', name: 'failed', data: { done: true, error: true, job_id: 'j1', reply: 'Job expired.' } },
    { title: 'failed, bare', name: 'failed', data: {} },
    { title: 'timeout', name: 'timeout', data: { done: false, job_id: 'j1' } },
  ])('$title', ({ name, data }) => {
    // Only the fields the widget acts on come through; the rest are dropped unread.
    const kept: Record<string, string[]> = {
      open: ['job_id', 'status'],
      status: ['status'],
      phase: ['seq', 'name', 'round'],
      reset: ['seq', 'round'],
      delta: ['seq', 'text', 'round'],
      done: ['job_id', 'reply', 'error', 'references', 'attachments'],
      failed: ['reply', 'error'],
    };
    const expected = Object.fromEntries(Object.entries(data).filter(([key]) => (kept[name] ?? []).includes(key)));
    expect(parseStreamEvent(name, JSON.stringify(data))).toEqual({ ok: true, event: { ...expected, type: name } });
  });

  it.each([
    { title: 'delta ts as object', name: 'delta', data: '{"seq":1,"text":"a","ts":{}}' },
    { title: 'done attachment without url', name: 'done', data: '{"job_id":"j","reply":"x","attachments":[{"name":"a"}]}' },
    { title: 'done references not an array', name: 'done', data: '{"job_id":"j","reply":"x","references":"none"}' },
    { title: 'timeout done as string', name: 'timeout', data: '{"done":"false"}' },
  ])('an odd value in a field the widget does not use does not drop the event: $title', ({ name, data }) => {
    expect(parseStreamEvent(name, data).ok).toBe(true);
  });

  it('drops undeclared fields and treats null as absent', () => {
    const r = parseStreamEvent('reset', '{"seq":null,"reason":"retry","round":2,"type":"done","extra":{"x":1}}');
    expect(r).toEqual({ ok: true, event: { type: 'reset', round: 2 } });
  });
});

describe('parseStreamEvent: rejects', () => {
  it.each([
    { title: 'unknown name', name: 'message', data: '{}', error: 'unknown event "message"' },
    { title: 'inherited property name', name: 'constructor', data: '{}', error: 'unknown event "constructor"' },
    { title: '__proto__', name: '__proto__', data: '{}', error: 'unknown event "__proto__"' },
    { title: 'bad JSON', name: 'delta', data: '{"seq":1,', error: 'delta: data is not JSON' },
    { title: 'empty data', name: 'ping', data: '', error: 'ping: data is not JSON' },
    { title: 'JSON array', name: 'delta', data: '[1]', error: 'delta: expected a JSON object' },
    { title: 'JSON null', name: 'done', data: 'null', error: 'done: expected a JSON object' },
    { title: 'JSON string', name: 'open', data: '"open"', error: 'open: expected a JSON object' },
    { title: 'delta without seq', name: 'delta', data: '{"text":"a"}', error: 'delta: "seq" is missing (expected an integer ≥ 0)' },
    { title: 'delta without text', name: 'delta', data: '{"seq":1}', error: 'delta: "text" is missing (expected a string)' },
    { title: 'delta seq as string', name: 'delta', data: '{"seq":"3","text":"a"}', error: 'delta: "seq" must be an integer ≥ 0' },
    { title: 'delta seq negative', name: 'delta', data: '{"seq":-1,"text":"a"}', error: 'delta: "seq" must be an integer ≥ 0' },
    { title: 'delta seq fractional', name: 'delta', data: '{"seq":1.5,"text":"a"}', error: 'delta: "seq" must be an integer ≥ 0' },
    { title: 'delta text as number', name: 'delta', data: '{"seq":1,"text":42}', error: 'delta: "text" must be a string' },
    { title: 'phase unknown name', name: 'phase', data: '{"seq":1,"name":"thinking"}', error: 'phase: "name" must be "model" or "tool"' },
    { title: 'phase round as string', name: 'phase', data: '{"seq":1,"name":"tool","round":"2"}', error: 'phase: "round" must be an integer ≥ 0' },
    { title: 'reset seq as string', name: 'reset', data: '{"seq":"7","reason":"retry"}', error: 'reset: "seq" must be an integer ≥ 0' },
    { title: 'open without job_id', name: 'open', data: '{"ok":true,"status":"queued"}', error: 'open: "job_id" is missing (expected a non-empty string)' },
    { title: 'status without status', name: 'status', data: '{"job_id":"j"}', error: 'status: "status" is missing (expected a string)' },
    { title: 'done without reply', name: 'done', data: '{"done":true,"job_id":"j"}', error: 'done: "reply" is missing (expected a string)' },
    { title: 'done without job_id', name: 'done', data: '{"reply":"x"}', error: 'done: "job_id" is missing (expected a non-empty string)' },
    { title: 'done empty job_id', name: 'done', data: '{"job_id":"","reply":"x"}', error: 'done: "job_id" must be a non-empty string' },
    { title: 'done reply as object', name: 'done', data: '{"job_id":"j","reply":{"text":"x"}}', error: 'done: "reply" must be a string' },
    { title: 'failed reply as number', name: 'failed', data: '{"reply":500}', error: 'failed: "reply" must be a string' },
  ])('$title', ({ name, data, error }) => {
    expect(parseStreamEvent(name, data)).toEqual({ ok: false, error });
  });
});

describe('resolveApiBase', () => {
  it.each([
    { src: 'https://hub.example.com/widget.js', api: undefined, expected: 'https://hub.example.com' },
    { src: 'https://x.com/a/b/widget.js', api: null, expected: 'https://x.com/a/b' },
    { src: 'https://x.com/a/b/widget.js?v=3#x', api: '', expected: 'https://x.com/a/b' },
    { src: 'http://localhost:8787/widget.js', api: '   ', expected: 'http://localhost:8787' },
    { src: 'https://cdn.example.com/w/widget.js', api: 'https://api.example.com', expected: 'https://api.example.com' },
    { src: 'https://cdn.example.com/w/widget.js', api: 'https://api.example.com/bailing///', expected: 'https://api.example.com/bailing' },
    { src: 'https://cdn.example.com/widget.js', api: ' http://127.0.0.1:3000/ ', expected: 'http://127.0.0.1:3000' },
    { src: '', api: 'https://api.example.com/v1', expected: 'https://api.example.com/v1' },
  ])('$src + $api → $expected', ({ src, api, expected }) => {
    expect(resolveApiBase(src, api)).toBe(expected);
  });

  it.each([
    { src: 'https://x.com/widget.js', api: '/api', message: /data-api must be an absolute http\(s\) URL/ },
    { src: 'https://x.com/widget.js', api: 'javascript:alert(1)', message: /data-api must be an absolute http\(s\) URL/ },
    { src: 'https://x.com/widget.js', api: 'ftp://x.com', message: /data-api must be an absolute http\(s\) URL/ },
    { src: 'https://x.com/widget.js', api: 'https://x.com/api?key=1', message: /without query or fragment/ },
    { src: '', api: undefined, message: /cannot derive the API base .* set data-api/ },
    { src: 'file:///tmp/widget.js', api: undefined, message: /set data-api/ },
    { src: 'blob:https://x.com/1234', api: undefined, message: /set data-api/ },
  ])('$src + $api throws', ({ src, api, message }) => {
    expect(() => resolveApiBase(src, api)).toThrow(message);
  });
});

describe('client', () => {
  const BASE = 'https://hub.example.com';
  const body: CreateJobBody = {
    message: 'Where is my order?',
    visitor_id: 'v_8c1e2f9a',
    thread_id: 't1',
    context: { url: 'https://shop.example.com/orders', title: 'Orders' },
    client_capabilities: { renderers: ['bailing-form', 'bailing-chart'] },
  };

  it('createJob POSTs JSON to /chat/:entry and returns the validated response', async () => {
    const f = fakeFetch([json(200, { done: false, job_id: 'job_1', visitor_id: 'v_8c1e2f9a', extra: 'dropped' })]);
    const r = await createBailingClient({ baseUrl: BASE, entry: 'store_assistant', fetch: f }).createJob(body);
    expect(r).toEqual({ done: false, job_id: 'job_1', visitor_id: 'v_8c1e2f9a' });
    const [call] = f.calls;
    expect(call!.url).toBe(`${BASE}/chat/store_assistant`);
    expect(call!.init.method).toBe('POST');
    expect(call!.headers).toEqual({ 'content-type': 'application/json' });
    expect(JSON.parse(call!.init.body as string)).toEqual(body);
    expect(call!.init.credentials).toBe('omit');
  });

  it('createJob passes a synchronous answer through', async () => {
    const answer = { done: true, job_id: 'job_2', visitor_id: 'v', reply: 'Hi!', deduped: true };
    const r = await createBailingClient({ baseUrl: BASE, entry: 'e_1234', fetch: fakeFetch([json(200, answer)]) }).createJob(body);
    expect(r).toEqual(answer);
  });

  // The reference server checks who reads a stream as it checks /thread; the hub ignores query
  // keys it does not read, and its CORS allows no custom request header, so both go in the query.
  it.each([
    ['no visitor yet', undefined, undefined, ''],
    ['a visitor', 'v_12345678', undefined, '?visitor_id=v_12345678'],
    ['a visitor and a ticket', 't_user-42', 'eyJzdWIi.c2ln_-', '?visitor_id=t_user-42&ticket=eyJzdWIi.c2ln_-'],
    ['a ticket that needs escaping', 'v_12345678', 'a+b/c=&d', '?visitor_id=v_12345678&ticket=a%2Bb%2Fc%3D%26d'],
    ['an empty ticket', 'v_12345678', '', '?visitor_id=v_12345678'],
  ])('eventsUrl with %s', (_title, visitorId, ticket, query) => {
    const client = createBailingClient({ baseUrl: BASE, entry: 'e_1234', fetch: fakeFetch([]) });
    expect(client.eventsUrl('j_1', visitorId, ticket)).toBe(`${BASE}/chat/e_1234/events/j_1${query}`);
  });

  it('URL-encodes the entry key and job ids in paths', async () => {
    const f = fakeFetch([json(200, { ok: true })]);
    const client = createBailingClient({ baseUrl: BASE, entry: 'a b/../c', fetch: f });
    expect(client.eventsUrl('job/1?x')).toBe(`${BASE}/chat/a%20b%2F..%2Fc/events/job%2F1%3Fx`);
    expect(client.eventsUrl('job_1', 'v 1&x')).toBe(`${BASE}/chat/a%20b%2F..%2Fc/events/job_1?visitor_id=v+1%26x`);
    await client.rate('job/1', { rating: 'up', visitor_id: 'v' });
    expect(f.calls[0]!.url).toBe(`${BASE}/chat/a%20b%2F..%2Fc/rate/job%2F1`);
    expect(f.calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(f.calls[0]!.init.body as string)).toEqual({ rating: 'up', visitor_id: 'v' });
  });

  it('a 400 JSON error becomes a BailingHttpError naming method, URL, status and the server message', async () => {
    const f = fakeFetch([json(400, { error: 'message is required' })]);
    const err = await createBailingClient({ baseUrl: BASE, entry: 'store_assistant', fetch: f })
      .createJob(body)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BailingHttpError);
    expect(err).toMatchObject({
      name: 'BailingHttpError',
      status: 400,
      method: 'POST',
      url: `${BASE}/chat/store_assistant`,
      serverMessage: 'message is required',
      message: `POST ${BASE}/chat/store_assistant: HTTP 400: message is required`,
    });
  });

  it("a 429 carries the hub's reply text as the server message", async () => {
    const f = fakeFetch([json(429, { done: true, error: true, reply: 'Too many questions, wait a moment.' })]);
    const err = await createBailingClient({ baseUrl: BASE, entry: 'e_1234', fetch: f }).createJob(body).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 429, serverMessage: 'Too many questions, wait a moment.' });
  });

  it('a non-JSON error page still gives the status', async () => {
    const f = fakeFetch([new Response('<h1>Bad gateway</h1>', { status: 502 })]);
    const err = await createBailingClient({ baseUrl: BASE, entry: 'e_1234', fetch: f }).createJob(body).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, serverMessage: undefined, message: `POST ${BASE}/chat/e_1234: HTTP 502` });
  });

  it('a network failure is status 0 with the original error as cause', async () => {
    const cause = new TypeError('Failed to fetch');
    const err = await createBailingClient({ baseUrl: BASE, entry: 'e_1234', fetch: fakeFetch([cause]) })
      .createJob(body)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BailingHttpError);
    expect(err).toMatchObject({ status: 0, cause, message: `POST ${BASE}/chat/e_1234: network error` });
  });

  it('passes the abort signal; an aborted request is status 0 with the abort as cause', async () => {
    const controller = new AbortController();
    controller.abort();
    const f = fakeFetch([json(200, { done: false, job_id: 'j', visitor_id: 'v' })]);
    const client = createBailingClient({ baseUrl: BASE, entry: 'e_1234', fetch: f });
    const err = await client.createJob(body, controller.signal).catch((e: unknown) => e);
    expect(f.calls[0]!.init.signal).toBe(controller.signal);
    expect(err).toMatchObject({ status: 0, cause: { name: 'AbortError' } });
  });

  it.each([
    { title: 'missing job_id', value: { done: false, visitor_id: 'v' }, detail: 'create job response: "job_id" is missing' },
    { title: 'done as string', value: { done: 'no', job_id: 'j', visitor_id: 'v' }, detail: 'create job response: "done" must be a boolean' },
    { title: 'not an object', value: ['j'], detail: 'create job response: expected a JSON object' },
  ])('createJob rejects a 200 with $title', async ({ value, detail }) => {
    const err = await createBailingClient({ baseUrl: BASE, entry: 'e_1234', fetch: fakeFetch([json(200, value)]) })
      .createJob(body)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BailingHttpError);
    expect((err as Error).message).toContain(detail);
  });

  it('createJob rejects a 200 that is not JSON', async () => {
    const f = fakeFetch([new Response('OK', { status: 200 })]);
    const err = await createBailingClient({ baseUrl: BASE, entry: 'e_1234', fetch: f }).createJob(body).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 200, message: `POST ${BASE}/chat/e_1234: HTTP 200: create job response: expected a JSON object` });
  });

  it('getThread GETs /thread with the query and normalises the history', async () => {
    const f = fakeFetch([
      json(200, {
        visitor_id: 'v_8c1e2f9a',
        messages: [
          { r: 'u', t: 'Hi', j: 'job_1', ts: 1_780_000_000_000 },
          { r: 'a', t: 'Hello!', j: 'job_1', ts: '2026-07-20T08:00:00.000Z', atts: [{ url: 'https://cdn/x.png' }, { name: 'no url' }] },
          { r: 'system', t: 'dropped' },
          { r: 'a', t: 42 },
          null,
          { r: 'a', t: 'bad ts', ts: 'yesterday' },
        ],
      }),
    ]);
    const client = createBailingClient({ baseUrl: BASE, entry: 'store_assistant', fetch: f });
    const thread = await client.getThread({ visitor_id: 'v_8c1e2f9a', thread_id: 't 1', ticket: 'v1.abc.def' });
    expect(f.calls[0]!.url).toBe(`${BASE}/chat/store_assistant/thread?visitor_id=v_8c1e2f9a&thread_id=t+1&ticket=v1.abc.def`);
    expect(f.calls[0]!.init.method).toBe('GET');
    expect(f.calls[0]!.init.body).toBeUndefined();
    expect(thread).toEqual({
      visitor_id: 'v_8c1e2f9a',
      messages: [
        { r: 'u', t: 'Hi', j: 'job_1', ts: 1_780_000_000_000 },
        { r: 'a', t: 'Hello!', j: 'job_1', ts: Date.parse('2026-07-20T08:00:00.000Z'), atts: [{ type: 'image', url: 'https://cdn/x.png' }] },
        { r: 'a', t: 'bad ts', ts: 0 },
      ],
    });
  });

  it('getThread omits empty optional parameters', async () => {
    const f = fakeFetch([json(200, { messages: [] })]);
    const thread = await createBailingClient({ baseUrl: BASE, entry: 'e_1234', fetch: f }).getThread({ visitor_id: 'v1' });
    expect(f.calls[0]!.url).toBe(`${BASE}/chat/e_1234/thread?visitor_id=v1`);
    expect(thread).toEqual({ visitor_id: 'v1', messages: [] });
  });

  it('errors never carry the ticket from the query string', async () => {
    const f = fakeFetch([json(401, { error: 'ticket expired' })]);
    const err = (await createBailingClient({ baseUrl: BASE, entry: 'e_1234', fetch: f })
      .getThread({ visitor_id: 'v1', ticket: 'v1.SECRET.sig' })
      .catch((e: unknown) => e)) as BailingHttpError;
    expect(err.status).toBe(401);
    expect(err.message).toBe(`GET ${BASE}/chat/e_1234/thread: HTTP 401: ticket expired`);
    expect(JSON.stringify({ ...err, message: err.message })).not.toContain('SECRET');
  });

  it('getThread rejects a body without messages', async () => {
    const f = fakeFetch([json(200, { visitor_id: 'v1' })]);
    await expect(createBailingClient({ baseUrl: BASE, entry: 'e_1234', fetch: f }).getThread({ visitor_id: 'v1' })).rejects.toThrow(
      '"messages" must be an array',
    );
  });

  it('getConfig keeps well-typed fields and drops the rest', async () => {
    const f = fakeFetch([
      json(200, {
        enabled: true,
        title: 'Store assistant',
        color: '#7a5b3a',
        width: 400,
        height: '600',
        title_align: 'center',
        position: 'middle',
        ai_notice: true,
        resizable: false,
        offset_x: '12px',
        unknown_key: 'x',
      }),
    ]);
    const config = await createBailingClient({ baseUrl: BASE, entry: 'store_assistant', fetch: f }).getConfig();
    expect(f.calls[0]!.url).toBe(`${BASE}/chat/store_assistant/config`);
    // `ai_notice: true` (BailingHub's boolean) means "show the widget's own notice".
    expect(config).toEqual({ enabled: true, title: 'Store assistant', color: '#7a5b3a', width: 400, title_align: 'center', ai_notice: true, resizable: false });
  });

  it('getConfig passes enabled:false through', async () => {
    const f = fakeFetch([json(200, { enabled: false })]);
    expect(await createBailingClient({ baseUrl: BASE, entry: 'e_1234', fetch: f }).getConfig()).toEqual({ enabled: false });
  });

  it('getConfig 404 names the URL', async () => {
    const f = fakeFetch([json(404, { error: 'entry not found' })]);
    await expect(createBailingClient({ baseUrl: BASE, entry: 'e_1234', fetch: f }).getConfig()).rejects.toThrow(
      `GET ${BASE}/chat/e_1234/config: HTTP 404: entry not found`,
    );
  });
});
