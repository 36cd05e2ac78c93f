import { describe, expect, it } from 'vitest';
import { ConfigError } from '../settings/entries';
import { listenOrigin, parsePublicOrigin } from './public-origin';
import { TEST_ENTRIES, rawRequest, startTestServer, streamJob, waitFor } from '../test-support';

describe('parsePublicOrigin', () => {
  it.each([
    ['https://chat.example.com', 'https://chat.example.com'],
    ['https://chat.example.com/', 'https://chat.example.com'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['HTTPS://Chat.Example.COM:8443', 'https://chat.example.com:8443'],
    ['https://chat.example.com:443', 'https://chat.example.com'],
    ['http://[::1]:8787', 'http://[::1]:8787'],
  ])('accepts %s as %s', (value, origin) => {
    expect(parsePublicOrigin(value)).toBe(origin);
  });

  it.each([
    '',
    'chat.example.com',
    '//chat.example.com',
    'ftp://chat.example.com',
    'javascript:alert(1)',
    'https://chat.example.com/chat',
    'https://chat.example.com?x=1',
    'https://chat.example.com#top',
    'https://user:pass@chat.example.com',
    'https://',
    ' https://chat.example.com',
  ])('refuses %j with a sentence naming the setting', (value) => {
    expect(() => parsePublicOrigin(value)).toThrow(ConfigError);
    expect(() => parsePublicOrigin(value)).toThrow(/BAILING_PUBLIC_ORIGIN must be an absolute http\(s\) origin/);
  });

  it.each([
    ['127.0.0.1', 8787, 'http://127.0.0.1:8787'],
    ['0.0.0.0', 80, 'http://127.0.0.1:80'],
    ['::', 9000, 'http://127.0.0.1:9000'],
    ['::1', 9000, 'http://[::1]:9000'],
    ['chat.internal', 8787, 'http://chat.internal:8787'],
  ])('defaults to the listen address: %s port %i is %s', (host, port, origin) => {
    expect(listenOrigin(host, port)).toBe(origin);
  });
});

describe('absolute URLs and same-origin checks never follow the Host header', () => {
  const upload = { filename: 'a.txt', mime: 'text/plain', data_base64: Buffer.from('hello').toString('base64'), visitor_id: 'visitor_origin1' };

  it('upload links and demo file links are on the configured origin, whatever Host says', async () => {
    const server = await startTestServer({ publicOrigin: 'https://chat.example.com' });
    try {
      const res = await rawRequest(server.url, { method: 'POST', path: '/chat/demo_assistant/upload', headers: { Host: 'evil.example' }, body: upload });
      expect(res.status).toBe(200);
      expect(res.body.url).toMatch(/^https:\/\/chat\.example\.com\/uploads\/u_[A-Za-z0-9_-]{24}$/);

      const job = await rawRequest(server.url, { method: 'POST', path: '/chat/demo_assistant', headers: { Host: 'evil.example' }, body: { message: 'any files?', visitor_id: 'visitor_origin1' } });
      expect(job.status).toBe(200);
      const done = (await streamJob(server.url, job.body)).events.at(-1)!;
      expect(done.data.attachments).toEqual([{ type: 'file', url: 'https://chat.example.com/files/acme-setup.pdf', name: 'Setup guide' }]);
      expect(JSON.stringify(done.data)).not.toContain('evil.example');
    } finally {
      await server.close();
    }
  });

  it('without a configured origin, links are on the listen address, not on Host', async () => {
    const server = await startTestServer();
    try {
      const res = await rawRequest(server.url, { method: 'POST', path: '/chat/demo_assistant/upload', headers: { Host: 'evil.example:8080' }, body: upload });
      expect(res.status).toBe(200);
      expect(res.body.url.startsWith(`${server.url}/uploads/`)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('an Origin that equals the Host header is not "the server itself"', async () => {
    expect(TEST_ENTRIES.entries.strict_entry.allowed_origins).toEqual(['https://shop.example.com']);
    const server = await startTestServer({ publicOrigin: 'https://chat.example.com' });
    try {
      const spoofed = await rawRequest(server.url, {
        method: 'POST',
        path: '/chat/strict_entry',
        headers: { Host: 'evil.example', Origin: 'http://evil.example' },
        body: { message: 'hello' },
      });
      expect(spoofed).toMatchObject({ status: 403, body: { code: 'origin_not_allowed' } });
      // The listen address is not the public origin either once one is configured.
      const listen = await rawRequest(server.url, { method: 'POST', path: '/chat/strict_entry', headers: { Origin: server.url }, body: { message: 'hello' } });
      expect(listen.status).toBe(403);
      const self = await rawRequest(server.url, {
        method: 'POST',
        path: '/chat/strict_entry',
        headers: { Host: 'evil.example', Origin: 'https://chat.example.com' },
        body: { message: 'hello' },
      });
      expect(self.status).toBe(200);
      await waitFor(() => (server.store.getJob(self.body.job_id)?.status === 'done' ? true : undefined));
    } finally {
      await server.close();
    }
  });

  it('refuses to start with an origin that is not one', async () => {
    await expect(startTestServer({ publicOrigin: 'chat.example.com' })).rejects.toThrow(/BAILING_PUBLIC_ORIGIN must be an absolute http\(s\) origin/);
  });
});
