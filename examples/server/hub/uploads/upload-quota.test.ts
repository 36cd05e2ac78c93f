import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AddressUploads, checkUploadQuota, DEFAULT_UPLOAD_QUOTA, type UploadQuota } from './upload-quota';
import { postJson, startTestServer, waitFor } from '../../test-support';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const QUOTA: UploadQuota = { windowMs: DAY, visitorFiles: 3, visitorBytes: 1000, entryFiles: 5, entryBytes: 5000, addressFiles: 100, addressBytes: 100_000 };
const none = { files: 0, bytes: 0, oldest: null };

describe('checkUploadQuota', () => {
  const T = 10 * DAY;
  it.each<[string, Parameters<typeof checkUploadQuota>[0], Parameters<typeof checkUploadQuota>[1], number, string | null, number?]>([
    ['nothing yet', none, none, 100, null],
    ['the visitor’s last file', { files: 2, bytes: 100, oldest: T - HOUR }, { files: 2, bytes: 100, oldest: T - HOUR }, 100, null],
    ['one file too many', { files: 3, bytes: 100, oldest: T - HOUR }, { files: 3, bytes: 100, oldest: T - HOUR }, 1, 'visitor', 23 * 3600],
    ['exactly the visitor’s bytes', { files: 1, bytes: 400, oldest: T - 1000 }, none, 600, null],
    ['one byte over', { files: 1, bytes: 400, oldest: T - 1000 }, none, 601, 'visitor', DAY / 1000 - 1],
    ['the entry is full', none, { files: 5, bytes: 10, oldest: T - 2 * HOUR }, 1, 'entry', 22 * 3600],
    ['the entry’s bytes', none, { files: 1, bytes: 4500, oldest: T - DAY + 500 }, 501, 'entry', 1],
  ])('%s', (_, visitor, entry, bytes, scope, retryAfter) => {
    const decision = checkUploadQuota(visitor, entry, bytes, QUOTA, T);
    if (scope === null) expect(decision).toEqual({ ok: true });
    else expect(decision).toEqual({ ok: false, scope, sentence: expect.any(String), retryAfterSeconds: retryAfter });
  });

  it('an address’s anonymous visitors together: refused past its share, after the visitor’s own limit and before the entry’s', () => {
    const address = { files: 100, bytes: 10, oldest: T - 3 * HOUR };
    expect(checkUploadQuota(none, none, 1, QUOTA, T, address)).toMatchObject({ ok: false, scope: 'address', retryAfterSeconds: 21 * 3600 });
    expect(checkUploadQuota(none, none, 1, QUOTA, T, { files: 99, bytes: 10, oldest: T })).toEqual({ ok: true });
    expect(checkUploadQuota(none, none, 6, QUOTA, T, { files: 1, bytes: 99_995, oldest: T })).toMatchObject({ scope: 'address' });
    expect(checkUploadQuota(none, none, 5, QUOTA, T, { files: 1, bytes: 99_995, oldest: T })).toEqual({ ok: true });
    expect(checkUploadQuota({ files: 3, bytes: 0, oldest: T }, none, 1, QUOTA, T, address)).toMatchObject({ scope: 'visitor' });
    expect(checkUploadQuota(none, { files: 5, bytes: 0, oldest: T }, 1, QUOTA, T, address)).toMatchObject({ scope: 'address' });
    expect(checkUploadQuota(none, none, 1, DEFAULT_UPLOAD_QUOTA, T, { files: 200, bytes: 0, oldest: T })).toMatchObject({
      sentence: 'Visitors from your network have reached the upload limit (200 files or 200 MB a day). Please try again later, or sign in.',
    });
  });

  it('says what the limit is', () => {
    const decision = checkUploadQuota({ files: 20, bytes: 0, oldest: 0 }, none, 1, DEFAULT_UPLOAD_QUOTA, 1000);
    expect(decision).toMatchObject({ sentence: 'You have reached the upload limit (20 files or 60 MB a day). Please try again later.' });
  });
});

describe('AddressUploads', () => {
  it('counts an address’s uploads in the window and forgets them as it moves on', () => {
    const ledger = new AddressUploads(DAY);
    expect(ledger.usage('a', 0)).toEqual(none);
    ledger.record('a', 10, 1000);
    ledger.record('a', 5, 2000);
    ledger.record('b', 7, 2000);
    expect(ledger.usage('a', 3000)).toEqual({ files: 2, bytes: 15, oldest: 1000 });
    expect(ledger.usage('a', 1000 + DAY)).toEqual({ files: 1, bytes: 5, oldest: 2000 });
    expect(ledger.usage('a', 2000 + DAY)).toEqual(none);
    expect(ledger.usage('b', 3000)).toEqual({ files: 1, bytes: 7, oldest: 2000 });
  });

  it('keeps at most its number of addresses: those with nothing left go first, then the longest-standing', () => {
    const ledger = new AddressUploads(DAY, 2);
    ledger.record('old', 1, 0);
    ledger.record('kept', 1, DAY);
    ledger.record('new', 1, DAY + 1);
    expect([ledger.usage('old', DAY + 1).files, ledger.usage('kept', DAY + 1).files, ledger.usage('new', DAY + 1).files]).toEqual([0, 1, 1]);
    ledger.record('newer', 1, DAY + 2);
    expect([ledger.usage('kept', DAY + 2).files, ledger.usage('new', DAY + 2).files, ledger.usage('newer', DAY + 2).files]).toEqual([0, 1, 1]);
  });
});

describe('upload quotas, counted in SQLite', () => {
  it('refuses a visitor’s file past their count or bytes, and an entry’s past its own, with 429 until the window moves on', async () => {
    let now = Date.UTC(2026, 11, 1, 9, 0, 0);
    const server = await startTestServer({ now: () => now, uploads: { quota: QUOTA } });
    try {
      const upload = (visitor: string, bytes: number) =>
        postJson(`${server.url}/chat/demo_assistant/upload`, { filename: 'n.txt', mime: 'text/plain', data_base64: Buffer.alloc(bytes, 65).toString('base64'), visitor_id: visitor });

      const statuses = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await upload('visitor_quota_a', 10)).status);
        now += HOUR;
      }
      expect(statuses).toEqual([200, 200, 200]);
      const fourth = await upload('visitor_quota_a', 10);
      expect(fourth.status).toBe(429);
      // Not the create-job shape: the hub's upload route answers its 429 with `{error}`.
      expect(fourth.body).toEqual({ error: 'You have reached the upload limit (3 files or 1 KB a day). Please try again later.', code: 'upload_quota_visitor' });
      // The first file leaves the window 21 hours from now.
      expect(fourth.headers.get('retry-after')).toBe(String(21 * 3600));

      expect((await upload('visitor_quota_b', 900)).status).toBe(200);
      const over = await upload('visitor_quota_b', 101);
      expect(over).toMatchObject({ status: 429, body: { code: 'upload_quota_visitor' } });
      expect((await upload('visitor_quota_b', 100)).status).toBe(200);

      // Five files in the entry now: a visitor who has sent nothing meets the entry's limit.
      const fresh = await upload('visitor_quota_c', 10);
      expect(fresh).toMatchObject({ status: 429, body: { code: 'upload_quota_entry', error: 'This chat cannot take more files right now. Please try again later.' } });

      // A day after the first upload, it no longer counts.
      now = Date.UTC(2026, 11, 2, 9, 0, 1);
      expect((await upload('visitor_quota_a', 10)).status).toBe(200);
      expect((await upload('visitor_quota_a', 10)).status).toBe(429);
      // The refusals stored nothing.
      expect(server.store.uploadUsage('demo_assistant', null, 0).files).toBe(6);
    } finally {
      await server.close();
    }
  });
});

describe('upload retention', () => {
  const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  const upload = (base: string, visitor: string) =>
    postJson(`${base}/chat/demo_assistant/upload`, { filename: 'a.png', mime: 'image/png', data_base64: PNG, visitor_id: visitor });
  const statusOf = async (url: string) => (await fetch(url)).status;

  it('deletes uploads older than the retention at start-up (default 30 days), keeping newer ones', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'chat-db-')), 'chat.sqlite');
    let now = Date.UTC(2026, 10, 1);
    const first = await startTestServer({ dbPath, now: () => now });
    const old = await upload(first.url, 'visitor_keep01');
    now += 2 * DAY;
    const newer = await upload(first.url, 'visitor_keep01');
    await first.close();

    now = Date.UTC(2026, 10, 1) + 30 * DAY + 1000;
    const second = await startTestServer({ dbPath, now: () => now });
    try {
      const moved = (url: string) => url.replace(/^http:\/\/[^/]+/, second.url);
      expect(await statusOf(moved(old.body.url))).toBe(404);
      expect(await statusOf(moved(newer.body.url))).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('sweeps periodically with the configured retention', async () => {
    let now = Date.UTC(2026, 10, 1);
    const server = await startTestServer({ now: () => now, uploads: { retentionMs: HOUR, sweepIntervalMs: 20 } });
    try {
      const res = await upload(server.url, 'visitor_sweep1');
      expect(await statusOf(res.body.url)).toBe(200);
      now += HOUR - 1;
      const later = await upload(server.url, 'visitor_sweep1');
      now += 2;
      // The next sweep after the clock moved past the first upload's hour deletes it, and only it.
      await waitFor(async () => ((await statusOf(res.body.url)) === 404 ? true : undefined));
      expect(await statusOf(later.body.url)).toBe(200);
    } finally {
      await server.close();
    }
  });
});
