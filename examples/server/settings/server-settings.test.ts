import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './entries';
import { readServerSettings } from './server-settings';
import { createJob, startTestServer } from '../test-support';

const ROOT = '/srv/bailing';

describe('readServerSettings', () => {
  it('has the documented defaults', () => {
    expect(readServerSettings({}, ROOT)).toEqual({
      port: 8787,
      host: '127.0.0.1',
      dbPath: '/srv/bailing/data/chat.sqlite',
      configPath: '/srv/bailing/examples/server/entries.json',
      demo: false,
      connections: { headersTimeoutMs: 20_000, requestTimeoutMs: 120_000, maxConnections: 1000, maxConnectionsPerIp: 64 },
    });
  });

  it.each([
    [{ PORT: '0' }, { port: 0 }],
    [{ PORT: '9000', HOST: '0.0.0.0' }, { port: 9000, host: '0.0.0.0' }],
    [{ BAILING_CONFIG: 'my/entries.json' }, { configPath: '/srv/bailing/my/entries.json' }],
    [{ BAILING_CONFIG: '/etc/bailing/entries.json' }, { configPath: '/etc/bailing/entries.json' }],
    [{ BAILING_PUBLIC_ORIGIN: 'https://chat.example.com/' }, { publicOrigin: 'https://chat.example.com' }],
    [{ BAILING_DB: ':memory:' }, { dbPath: ':memory:' }],
    [{ BAILING_DB: 'tmp/test.sqlite' }, { dbPath: '/srv/bailing/tmp/test.sqlite' }],
    [{ BAILING_DB: '/var/lib/bailing/chat.sqlite' }, { dbPath: '/var/lib/bailing/chat.sqlite' }],
    [
      { BAILING_HEADERS_TIMEOUT_MS: '5000', BAILING_REQUEST_TIMEOUT_MS: ' 60000 ', BAILING_MAX_CONNECTIONS: '200', BAILING_MAX_CONNECTIONS_PER_IP: '' },
      { connections: { headersTimeoutMs: 5000, requestTimeoutMs: 60_000, maxConnections: 200, maxConnectionsPerIp: 64 } },
    ],
  ])('reads %j', (env, expected) => {
    expect(readServerSettings(env, ROOT)).toMatchObject(expected);
  });

  it.each<[string, Record<string, string>, string[], boolean]>([
    ['nothing', {}, [], false],
    ['BAILING_DEMO=1', { BAILING_DEMO: '1' }, [], true],
    ['BAILING_DEMO=0', { BAILING_DEMO: '0' }, [], false],
    ['an empty BAILING_DEMO', { BAILING_DEMO: '' }, [], false],
    ['--demo', {}, ['--demo'], true],
  ])('demo mode with %s', (_title, env, argv, demo) => {
    expect(readServerSettings(env, ROOT, argv).demo).toBe(demo);
  });

  it('npm start runs the demo as shipped, so it passes --demo', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as { scripts: Record<string, string> };
    const argv = pkg.scripts.start!.split('&&').at(-1)!.trim().split(/\s+/).slice(2);
    expect(pkg.scripts.start).toMatch(/node dist\/server\/main\.js/);
    expect(readServerSettings({}, ROOT, argv).demo).toBe(true);
  });

  it.each([
    [{ BAILING_DEMO: 'yes' }, [], /BAILING_DEMO must be 1 or 0, got "yes"/],
    [{}, ['--dmeo'], /unknown argument "--dmeo" \(the server takes only --demo\)/],
  ])('refuses %j %j', (env, argv, message) => {
    expect(() => readServerSettings(env, ROOT, argv)).toThrow(ConfigError);
    expect(() => readServerSettings(env, ROOT, argv)).toThrow(message);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be an integer from 0 to 65535, got "eighty"/],
    [{ PORT: '70000' }, /PORT must be an integer/],
    [{ BAILING_PUBLIC_ORIGIN: 'chat.example.com' }, /BAILING_PUBLIC_ORIGIN must be an absolute http\(s\) origin like "https:\/\/chat.example.com"/],
    [{ BAILING_PUBLIC_ORIGIN: 'https://chat.example.com/widget' }, /no path, query or fragment/],
    [{ BAILING_HEADERS_TIMEOUT_MS: '0' }, /BAILING_HEADERS_TIMEOUT_MS must be a whole number of at least 1, got "0"/],
    [{ BAILING_REQUEST_TIMEOUT_MS: '2m' }, /BAILING_REQUEST_TIMEOUT_MS must be a whole number of at least 1, got "2m"/],
    [{ BAILING_MAX_CONNECTIONS: '-5' }, /BAILING_MAX_CONNECTIONS must be a whole number/],
    [{ BAILING_MAX_CONNECTIONS_PER_IP: '1.5' }, /BAILING_MAX_CONNECTIONS_PER_IP must be a whole number/],
    [{ BAILING_REQUEST_TIMEOUT_MS: '10000' }, /BAILING_HEADERS_TIMEOUT_MS \(20000\) must not be longer than BAILING_REQUEST_TIMEOUT_MS \(10000\)/],
  ])('refuses %j with a sentence', (env, message) => {
    expect(() => readServerSettings(env, ROOT)).toThrow(ConfigError);
    expect(() => readServerSettings(env, ROOT)).toThrow(message);
  });
});

describe('BAILING_DB=:memory:', () => {
  it('is a database in memory: no file is written, and nothing outlives the server', async () => {
    const root = mkdtempSync(join(tmpdir(), 'memory-root-'));
    const { dbPath } = readServerSettings({ BAILING_DB: ':memory:' }, root);
    const first = await startTestServer({ dbPath, rootDir: root });
    let jobId: string;
    try {
      jobId = (await createJob(first.url, { message: 'hello' })).job_id;
      expect(first.store.getJob(jobId)).toBeDefined();
    } finally {
      await first.close();
    }
    expect(readdirSync(root)).toEqual([]);
    expect(existsSync(join(process.cwd(), ':memory:'))).toBe(false);
    const second = await startTestServer({ dbPath, rootDir: root });
    try {
      expect(second.store.getJob(jobId)).toBeUndefined();
    } finally {
      await second.close();
    }
  });
});
