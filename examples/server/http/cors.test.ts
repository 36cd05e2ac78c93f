import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { isOriginAllowed } from './cors';
import { getJson, postJson, startTestServer } from '../test-support';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('CORS on /chat routes', () => {
  it('reflects an allowed origin with Vary: Origin', async () => {
    const res = await getJson(`${server.url}/chat/strict_entry/config`, { Origin: 'https://shop.example.com' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it('reflects any origin for a "*" entry (never a literal *)', async () => {
    const res = await postJson(`${server.url}/chat/demo_assistant`, { message: 'hello' }, { Origin: 'https://anywhere.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://anywhere.example');
  });

  it('refuses an origin the entry does not list with a 403 the page can read: the origin, the entry and the key to change', async () => {
    const res = await getJson(`${server.url}/chat/strict_entry/config`, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: 'This website may not use this chat: its origin https://evil.example is not in the allowed_origins of entry "strict_entry".',
      code: 'origin_not_allowed',
    });
    // The grant covers the refusal only (its reason), never the entry's config.
    expect(res.headers.get('access-control-allow-origin')).toBe('https://evil.example');
    expect(res.body).not.toHaveProperty('title');
    const post = await postJson(`${server.url}/chat/strict_entry`, { message: 'hi' }, { Origin: 'https://evil.example' });
    expect(post.status).toBe(403);
  });

  it('allows requests without Origin and from the server itself', async () => {
    expect((await getJson(`${server.url}/chat/strict_entry/config`)).status).toBe(200);
    const self = await postJson(`${server.url}/chat/strict_entry`, { message: 'hello' }, { Origin: server.url });
    expect(self.status).toBe(200);
  });

  it('answers a preflight with 204 and the allowed headers', async () => {
    const res = await fetch(`${server.url}/chat/strict_entry/events/j_aaaaaaaaaaaaaaaaaaaa`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example.com',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'last-event-id',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type, Last-Event-ID');
    expect(res.headers.get('access-control-allow-methods')).toContain('GET');
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it('refuses a preflight from a foreign origin', async () => {
    const res = await fetch(`${server.url}/chat/strict_entry`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('origins', () => {
  it('allows listed origins, "*", no Origin and the server itself', () => {
    expect(isOriginAllowed('https://a.example', ['https://a.example'], undefined)).toBe(true);
    expect(isOriginAllowed('https://b.example', ['https://a.example'], undefined)).toBe(false);
    expect(isOriginAllowed('https://b.example', ['*'], undefined)).toBe(true);
    expect(isOriginAllowed(undefined, [], undefined)).toBe(true);
    expect(isOriginAllowed('http://127.0.0.1:8787', [], 'http://127.0.0.1:8787')).toBe(true);
    expect(isOriginAllowed('null', ['https://a.example'], undefined)).toBe(false);
  });
});
