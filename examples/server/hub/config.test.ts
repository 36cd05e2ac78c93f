// GET /chat/:entry/config, and the server's other answers to any client: /healthz, 404 and 405.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { DEFAULT_APPEARANCE } from '../settings/entries';
import { getJson, postJson, startTestServer } from '../test-support';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /chat/:entry/config', () => {
  it('serves every appearance key, with defaults filled in', async () => {
    const res = await getJson(`${server.url}/chat/demo_assistant/config`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(DEFAULT_APPEARANCE).sort());
    expect(res.body).toMatchObject({ title: 'Acme Help', color: '#4f46e5', upload: true, position: 'right', enabled: true });
    // Server-only settings never leave the server.
    expect(res.body).not.toHaveProperty('allowed_origins');
  });

  it('answers 404 for an unknown entry', async () => {
    const res = await getJson(`${server.url}/chat/nosuchentry/config`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('unknown_entry');
  });

  it.each(['abc', 'Has_Upper', 'a'.repeat(33), 'dots.here'])('answers 400 for the entry key %j', async (key) => {
    const res = await getJson(`${server.url}/chat/${key}/config`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'bad_entry' });
    expect(res.body.error).toMatch(/entry key/);
  });

  it('tells the widget a disabled entry is off, and refuses its jobs', async () => {
    const config = await getJson(`${server.url}/chat/disabled_demo/config`);
    expect(config.status).toBe(200);
    expect(config.body.enabled).toBe(false);
    const job = await postJson(`${server.url}/chat/disabled_demo`, { message: 'hello' });
    expect(job.status).toBe(403);
    expect(job.body.code).toBe('entry_disabled');
  });

  it('does not hand out a ticket secret', async () => {
    const res = await getJson(`${server.url}/chat/ticket_demo/config`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('test-secret-123');
  });
});

describe('other routes', () => {
  it('GET /healthz', async () => {
    const res = await getJson(`${server.url}/healthz`);
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('answers unknown routes with 404 JSON', async () => {
    for (const path of ['/nope', '/chat/demo_assistant/nope', '/chat/demo_assistant/events', '/api']) {
      const res = await getJson(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body.code).toBe('not_found');
    }
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const res = await postJson(`${server.url}/chat/demo_assistant/config`, {});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    const del = await fetch(`${server.url}/chat/demo_assistant`, { method: 'DELETE' });
    expect(del.status).toBe(405);
    const health = await fetch(`${server.url}/healthz`, { method: 'POST' });
    expect(health.status).toBe(405);
  });
});
