import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { TEST_ENTRIES, createJob, getJson, postJson, startTestServer, streamJob } from '../test-support';
import { signTicket, verifyTicket } from './tickets';

const SECRET = TEST_ENTRIES.entries.ticket_demo.ticket_secret;
const OPTIONAL_SECRET = TEST_ENTRIES.entries.ticket_optional.ticket_secret;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('signTicket / verifyTicket', () => {
  const now = Date.now();
  const payload = { sub: 'user-42', exp: Math.floor(now / 1000) + 60, entry: 'ticket_demo' };

  it('verifies what it signed', () => {
    expect(verifyTicket(SECRET, signTicket(SECRET, payload), 'ticket_demo', now)).toEqual({ ok: true, payload });
  });

  it('rejects another secret, a changed payload, expiry, another entry and garbage', () => {
    const ticket = signTicket(SECRET, payload);
    expect(verifyTicket('other-secret', ticket, 'ticket_demo', now)).toEqual({ ok: false, reason: 'bad_signature' });
    const forged = `${Buffer.from(JSON.stringify({ ...payload, sub: 'admin' })).toString('base64url')}.${ticket.split('.')[1]}`;
    expect(verifyTicket(SECRET, forged, 'ticket_demo', now)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyTicket(SECRET, ticket, 'ticket_demo', (payload.exp + 1) * 1000)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyTicket(SECRET, ticket, 'other_entry', now)).toEqual({ ok: false, reason: 'wrong_entry' });
    expect(verifyTicket(SECRET, 'not-a-ticket', 'ticket_demo', now)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyTicket(SECRET, signTicket(SECRET, { ...payload, sub: 'has space' }), 'ticket_demo', now)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('ticket lifetime: at most 24 hours from now', () => {
  const now = Date.UTC(2030, 0, 1, 12);
  const seconds = Math.floor(now / 1000);
  const sign = (payload: Record<string, unknown>) => signTicket(SECRET, payload as never);
  it.each<[string, Record<string, unknown>, ReturnType<typeof verifyTicket>['ok'], string | undefined]>([
    ['a minute', { sub: 'u1', exp: seconds + 60, entry: 'ticket_demo' }, true, undefined],
    ['exactly 24 hours', { sub: 'u1', exp: seconds + 24 * 3600, entry: 'ticket_demo' }, true, undefined],
    ['24 hours and the 5 minutes of clock skew allowed', { sub: 'u1', exp: seconds + 24 * 3600 + 300, entry: 'ticket_demo' }, true, undefined],
    ['a second more than that', { sub: 'u1', exp: seconds + 24 * 3600 + 301, entry: 'ticket_demo' }, false, 'too_long_lived'],
    ['a year', { sub: 'u1', exp: seconds + 365 * 86400, entry: 'ticket_demo' }, false, 'too_long_lived'],
    ['no expiry at all', { sub: 'u1', entry: 'ticket_demo' }, false, 'no_expiry'],
    ['an expiry that is not a number', { sub: 'u1', exp: 'never', entry: 'ticket_demo' }, false, 'malformed'],
    ['a null expiry', { sub: 'u1', exp: null, entry: 'ticket_demo' }, false, 'malformed'],
  ])('%s', (_title, payload, ok, reason) => {
    const check = verifyTicket(SECRET, sign(payload), 'ticket_demo', now);
    expect(check.ok).toBe(ok);
    if (!check.ok) expect(check.reason).toBe(reason);
  });

  it('checks the signature before the lifetime: a forged long-lived ticket is a bad signature', () => {
    const forged = signTicket('another-secret', { sub: 'u1', exp: seconds + 365 * 86400, entry: 'ticket_demo' });
    expect(verifyTicket(SECRET, forged, 'ticket_demo', now)).toEqual({ ok: false, reason: 'bad_signature' });
  });
});

describe('tickets over HTTP', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const post = (body: unknown, entry = 'ticket_demo') => postJson(`${server.url}/chat/${entry}`, body);

  it('makes a valid ticket the visitor identity t_<sub>', async () => {
    const ticket = signTicket(SECRET, { sub: 'user-42', exp: inAnHour(), entry: 'ticket_demo' });
    const res = await post({ message: 'hello', ticket, visitor_id: 'visitor_ignored' });
    expect(res.status).toBe(200);
    expect(res.body.visitor_id).toBe('t_user-42');
    await streamJob(server.url, res.body, 'ticket_demo', undefined, { ticket });
    const thread = await getJson(`${server.url}/chat/ticket_demo/thread?ticket=${encodeURIComponent(ticket)}`);
    expect(thread.status).toBe(200);
    expect(thread.body.visitor_id).toBe('t_user-42');
    expect(thread.body.messages.map((m: { r: string }) => m.r)).toEqual(['u', 'a']);
  });

  it('refuses an expired ticket with 401, as the hub does', async () => {
    const ticket = signTicket(SECRET, { sub: 'user-42', exp: Math.floor(Date.now() / 1000) - 10, entry: 'ticket_demo' });
    const res = await post({ message: 'hello', ticket });
    expect(res).toMatchObject({ status: 401, body: { code: 'ticket_expired', error: expect.stringMatching(/expired/) } });
  });

  it('refuses a ticket valid for more than 24 hours, or for ever, with 401 and a sentence', async () => {
    const long = signTicket(SECRET, { sub: 'user-42', exp: Math.floor(Date.now() / 1000) + 48 * 3600, entry: 'ticket_demo' });
    expect(await post({ message: 'hello', ticket: long })).toMatchObject({
      status: 401,
      body: { code: 'ticket_lifetime', error: 'Your sign-in could not be accepted: it is valid for more than 24 hours. Please reload the page and sign in again.' },
    });
    const endless = signTicket(SECRET, { sub: 'user-42', entry: 'ticket_demo' } as never);
    expect(await post({ message: 'hello', ticket: endless })).toMatchObject({
      status: 401,
      body: { code: 'ticket_lifetime', error: 'Your sign-in could not be accepted: it has no expiry time. Please reload the page and sign in again.' },
    });
    const thread = await getJson(`${server.url}/chat/ticket_demo/thread?ticket=${encodeURIComponent(long)}`);
    expect(thread).toMatchObject({ status: 401, body: { code: 'ticket_lifetime' } });
  });

  it('refuses a bad signature and a ticket for another entry', async () => {
    const forged = signTicket('wrong-secret-456', { sub: 'user-42', exp: inAnHour(), entry: 'ticket_demo' });
    expect(await post({ message: 'hello', ticket: forged })).toMatchObject({ status: 401, body: { code: 'ticket_invalid' } });
    const elsewhere = signTicket(SECRET, { sub: 'user-42', exp: inAnHour(), entry: 'demo_assistant' });
    expect((await post({ message: 'hello', ticket: elsewhere })).status).toBe(401);
  });

  it('requires a ticket where the entry says so, also for history', async () => {
    expect(await post({ message: 'hello', visitor_id: 'visitor_12345' })).toMatchObject({ status: 401, body: { code: 'ticket_required' } });
    const thread = await getJson(`${server.url}/chat/ticket_demo/thread?visitor_id=visitor_12345`);
    expect(thread.status).toBe(401);
  });

  it('keeps ticket identities out of reach of a claimed visitor_id', async () => {
    const ticket = signTicket(OPTIONAL_SECRET, { sub: 'alice', exp: inAnHour(), entry: 'ticket_optional' });
    const own = await post({ message: 'hello', ticket }, 'ticket_optional');
    expect(own.body.visitor_id).toBe('t_alice');
    await streamJob(server.url, own.body, 'ticket_optional', undefined, { ticket });
    const spoof = await getJson(`${server.url}/chat/ticket_optional/thread?visitor_id=t_alice_x`);
    expect(spoof.status).toBe(403);
    const spoofPost = await post({ message: 'hello', visitor_id: 't_alice12' }, 'ticket_optional');
    expect(spoofPost.status).toBe(403);
    // Anonymous visitors still work on an entry with optional tickets.
    const anonymous = await createJob(server.url, { message: 'hello' }, 'ticket_optional');
    expect(anonymous.visitor_id).toMatch(/^v_/);
  });
});
