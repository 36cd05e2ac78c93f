import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { chunkText } from '../agents/demo-agent';
import { CHART_ANSWER, DOCS_ANSWER, DOCS_REFERENCES, FAIL_PARTIAL, FAIL_REPLY, LONG_ANSWER, SEARCH_ANSWER, TIMEOUT_ANSWER, TOOL_PREAMBLE, WEATHER_ANSWER, filesAnswer } from '../demo/demo-replies';
import { INTERRUPTED_REPLY } from './job-runner';
import { signTicket } from './tickets';
import {
  createJob,
  deltaText,
  eventsUrl,
  getJson,
  postJson,
  readStream,
  startTestServer,
  stored,
  streamJob,
  TEST_ENTRIES,
  waitFor,
  type JobRef,
  type SseEvent,
} from '../test-support';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ deltaDelayMs: 1 });
});
afterAll(() => server.close());

const RESUMABLE = ['phase', 'delta', 'reset'];

/** As on the hub: `id:` on reset, phase and delta (= their seq), on nothing else; seqs increase. */
function expectIds(events: SseEvent[]): void {
  for (const e of events) {
    if (RESUMABLE.includes(e.event!)) expect(Number(e.id)).toBe(e.data.seq);
    else expect(e.id, `${e.event} carries no id`).toBeUndefined();
  }
  const seqs = stored(events).map((e) => Number(e.id));
  for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBeGreaterThan(seqs[i - 1]!);
}

/** Event names without the per-connection ones (open, status, ping). */
const storedNames = (events: SseEvent[]): string[] =>
  events.filter((e) => !['open', 'status', 'ping'].includes(e.event!)).map((e) => e.event!);

describe('GET /chat/:entry/events/:job_id', () => {
  it('streams a plain answer: open first, increasing seq, done.reply = the deltas', async () => {
    const job = await createJob(server.url, { message: 'How do I set up the widget?' });
    const stream = await streamJob(server.url, job);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
    expect(stream.retry).toBe(1000);
    expect(stream.ending).toBe('end');
    const [open, ...rest] = stream.events;
    expect(open).toEqual({
      event: 'open',
      id: undefined,
      data: { ok: true, job_id: job.job_id, status: expect.stringMatching(/^(queued|running)$/), protocol: 'bailing.chat.stream.v1', streaming: true },
    });
    expect(rest[0]).toEqual({ event: 'status', id: undefined, data: { job_id: job.job_id, status: expect.stringMatching(/^(queued|running)$/) } });
    // The first stored event is the hub's reset of the first model round.
    const first = rest.find((e) => e.id !== undefined)!;
    expect(first).toEqual({ event: 'reset', id: '1', data: { seq: 1, ts: expect.any(Number), reason: 'model_round', round: 1 } });
    expectIds(stream.events);
    const done = stream.events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.id).toBeUndefined();
    // No attachments or references in this reply: the keys are left out, as the hub leaves them.
    expect(done.data).toEqual({ done: true, job_id: job.job_id, visitor_id: job.visitor_id, reply: LONG_ANSWER });
    expect(stream.events.at(-2)).toEqual({ event: 'status', id: undefined, data: { job_id: job.job_id, status: 'done' } });
    expect(deltaText(stream.events)).toBe(done.data.reply);
    const deltas = stream.events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBe(chunkText(LONG_ANSWER).length);
    expect(deltas.every((d) => [...d.data.text].length <= 12 && d.data.round === 1 && typeof d.data.ts === 'number')).toBe(true);
  });

  it('sends the right headers', async () => {
    const job = await createJob(server.url, { message: 'hi' });
    const res = await fetch(eventsUrl(server.url, job), { headers: { Origin: 'https://host.example' } });
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('access-control-allow-origin')).toBe('https://host.example');
    await res.text();
  });

  it('runs a tool round: phases, a reset, and a reply of round 2 only', async () => {
    const job = await createJob(server.url, { message: 'What is the weather tomorrow?' });
    const { events } = await streamJob(server.url, job);
    const names = events
      .filter((e) => storedNames([e]).length === 1)
      .map((e) => (e.event === 'phase' ? `phase:${e.data.name}:${e.data.round}` : e.event));
    const compact = names.filter((n, i) => n !== 'delta' || names[i - 1] !== 'delta');
    expect(compact).toEqual(['reset', 'phase:model:1', 'delta', 'phase:tool:1', 'reset', 'phase:model:2', 'delta', 'done']);
    expectIds(events);
    const reset = events.filter((e) => e.event === 'reset')[1]!;
    expect(reset.data).toMatchObject({ reason: 'tool_round', round: 2 });
    const resetAt = events.indexOf(reset);
    expect(deltaText(events.slice(0, resetAt))).toBe(TOOL_PREAMBLE);
    expect(deltaText(events.slice(resetAt))).toBe(WEATHER_ANSWER);
    expect(events.slice(resetAt).filter((e) => e.event === 'delta').every((e) => e.data.round === 2)).toBe(true);
    expect(events.at(-1)!.data.reply).toBe(WEATHER_ANSWER);
  });

  it('answers "search" with the search result after its tool round', async () => {
    const job = await createJob(server.url, { message: 'search the docs for tickets' });
    const { events } = await streamJob(server.url, job);
    expect(events.at(-1)!.data.reply).toBe(SEARCH_ANSWER);
  });

  it('"chart": a bailing-chart block, then a block of a type nobody registers', async () => {
    const job = await createJob(server.url, { message: 'show me a chart', client_capabilities: { renderers: ['bailing-chart'] } });
    const { events } = await streamJob(server.url, job);
    const reply: string = events.at(-1)!.data.reply;
    expect(reply).toBe(CHART_ANSWER);
    const fences = [...reply.matchAll(/^```([a-z-]+)\n([\s\S]*?)\n```$/gm)];
    expect(fences.map((f) => f[1])).toEqual(['bailing-chart', 'bailing-timeline']);
    const chart = JSON.parse(fences[0]![2]!);
    expect(chart).toMatchObject({ kind: 'bar', title: 'Weekly signups' });
    expect(chart.data.map((d: { label: string }) => d.label)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(reply.trim().endsWith('week.')).toBe(true);
  });

  it('"slow": deltas arrive about 150 ms apart', async () => {
    const job = await createJob(server.url, { message: 'slow answer please' });
    const stream = await readStream(eventsUrl(server.url, job), {
      until: (events) => events.filter((e) => e.event === 'delta').length >= 4,
    });
    const times = stream.events.filter((e) => e.event === 'delta').map((e) => e.data.ts as number);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(120);
  });

  it('fails a job as the hub does: a few words, then done with error and a sentence; the job is failed', async () => {
    const job = await createJob(server.url, { message: 'please fail this time' });
    const { events, ending } = await streamJob(server.url, job);
    expect(ending).toBe('end');
    expect(deltaText(events)).toBe(FAIL_PARTIAL);
    const last = events.at(-1)!;
    expect(last).toEqual({ event: 'done', id: undefined, data: { done: true, error: true, job_id: job.job_id, visitor_id: job.visitor_id, reply: FAIL_REPLY } });
    expect(events.at(-2)!.data).toEqual({ job_id: job.job_id, status: 'failed' });
    expect(events.filter((e) => e.event === 'done')).toHaveLength(1);
    expect(events.some((e) => e.event === 'failed')).toBe(false);
    expect(server.store.getJob(job.job_id)).toMatchObject({ status: 'failed', reply: FAIL_REPLY });
  });

  it('replays after Last-Event-ID: each seq exactly once, text = reply', async () => {
    const job = await createJob(server.url, { message: 'Tell me everything, the long version' });
    const first = await streamJob(server.url, job);
    // Read a few events, then drop the connection.
    const partial = await readStream(eventsUrl(server.url, job), {
      until: (events) => events.filter((e) => e.event === 'delta').length >= 5,
    });
    expect(partial.ending).toBe('stopped');
    const lastSeen = Number(stored(partial.events).at(-1)!.id);
    const rest = await streamJob(server.url, job, 'demo_assistant', lastSeen);
    expect(rest.events[0]!.event).toBe('open');
    const union = [...stored(partial.events), ...stored(rest.events)];
    const seqs = union.map((e) => Number(e.id));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs).toEqual(stored(first.events).map((e) => Number(e.id)));
    expect(rest.events.at(-1)!.event).toBe('done');
    expect(deltaText(union)).toBe(rest.events.at(-1)!.data.reply);
  });

  it('resumes from ?cursor= as the hub does, which wins over Last-Event-ID', async () => {
    const job = await createJob(server.url, { message: 'hello' });
    const full = await streamJob(server.url, job);
    const ids = stored(full.events).map((e) => Number(e.id));
    const fromCursor = await readStream(eventsUrl(server.url, job, 'demo_assistant', { cursor: '4' }), { lastEventId: 2 });
    expect(stored(fromCursor.events).map((e) => Number(e.id))).toEqual(ids.filter((s) => s > 4));
    expect(fromCursor.events.at(-1)).toEqual(full.events.at(-1));
    const fromHeader = await streamJob(server.url, job, 'demo_assistant', 2);
    expect(stored(fromHeader.events).map((e) => Number(e.id))).toEqual(ids.filter((s) => s > 2));
  });

  it('accepts ?last_event_id= as well', async () => {
    const job = await createJob(server.url, { message: 'hello' });
    const full = await streamJob(server.url, job);
    const fromQuery = await readStream(eventsUrl(server.url, job, 'demo_assistant', { last_event_id: '3' }));
    expect(stored(fromQuery.events).map((e) => Number(e.id))).toEqual(stored(full.events).map((e) => Number(e.id)).filter((s) => s > 3));
  });

  it('sends the terminal event again to a client that already saw it', async () => {
    const job = await createJob(server.url, { message: 'hello' });
    const full = await streamJob(server.url, job);
    // `done` carries no id, so only a client that guessed its seq can be past it.
    const lastSeq = server.store.terminalEvent(job.job_id)!.seq;
    const again = await streamJob(server.url, job, 'demo_assistant', lastSeq);
    expect(again.ending).toBe('end');
    expect(storedNames(again.events)).toEqual(['done']);
    expect(again.events.at(-1)).toEqual(full.events.at(-1));
  });

  it('"drop": the first connection breaks mid-answer; a reconnect gets the rest exactly once', async () => {
    const job = await createJob(server.url, { message: 'drop the connection please' });
    const first = await streamJob(server.url, job);
    expect(first.ending).toBe('error');
    expect(first.events.some((e) => e.event === 'done' || e.event === 'failed' || e.event === 'timeout')).toBe(false);
    const firstDeltas = first.events.filter((e) => e.event === 'delta').length;
    const total = chunkText(LONG_ANSWER).length;
    expect(firstDeltas).toBeGreaterThan(0);
    expect(firstDeltas).toBeLessThanOrEqual(Math.floor(total / 2));

    const lastSeen = Number(stored(first.events).at(-1)!.id);
    const second = await streamJob(server.url, job, 'demo_assistant', lastSeen);
    expect(second.ending).toBe('end');
    const union = [...stored(first.events), ...stored(second.events)];
    const seqs = union.map((e) => Number(e.id));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(second.events.at(-1)!.data.reply).toBe(LONG_ANSWER);
    expect(deltaText(union)).toBe(LONG_ANSWER);
  });

  it('"timeout": the stream window ends first; the answer then appears in /thread', async () => {
    const job = await createJob(server.url, { message: 'timeout test' });
    const started = Date.now();
    const stream = await streamJob(server.url, job);
    const elapsed = Date.now() - started;
    expect(stream.ending).toBe('end');
    expect(stream.events.at(-1)).toEqual({ event: 'timeout', id: undefined, data: { done: false, job_id: job.job_id } });
    expect(stream.events.some((e) => e.event === 'done')).toBe(false);
    expect(elapsed).toBeGreaterThanOrEqual(1400);
    expect(elapsed).toBeLessThan(2900);

    const answer = await waitFor(async () => {
      const thread = await getJson(`${server.url}/chat/demo_assistant/thread?visitor_id=${job.visitor_id}`);
      return thread.body.messages.find((m: { r: string; j: string }) => m.r === 'a' && m.j === job.job_id);
    });
    expect(answer.t).toBe(TIMEOUT_ANSWER);
  });

  it('pings while waiting', async () => {
    const pinging = await startTestServer({ pingIntervalMs: 50, streamWindowMs: 400 });
    try {
      const job = await createJob(pinging.url, { message: 'slow please' });
      const stream = await streamJob(pinging.url, job);
      const pings = stream.events.filter((e) => e.event === 'ping');
      expect(pings.length).toBeGreaterThanOrEqual(3);
      expect(pings.every((p) => p.id === undefined && typeof p.data.ts === 'number' && p.data.job_id === job.job_id)).toBe(true);
      // streamWindowMs applies to ordinary jobs.
      expect(stream.events.at(-1)!.event).toBe('timeout');
    } finally {
      await pinging.close();
    }
  });

  it('refuses jobs of another entry and unknown jobs with 404', async () => {
    const job = await createJob(server.url, { message: 'hello', visitor_id: 'visitor_stream1' });
    expect((await getJson(eventsUrl(server.url, job, 'no_upload'))).status).toBe(404);
    expect((await getJson(eventsUrl(server.url, { ...job, job_id: 'j_aaaaaaaaaaaaaaaaaaaa' }))).status).toBe(404);
    expect((await getJson(eventsUrl(server.url, { ...job, job_id: 'not-a-job' }))).status).toBe(404);
    const right = await streamJob(server.url, job);
    expect(right.events.at(-1)!.event).toBe('done');
  });
});

describe('who may read a stream: the visitor and ticket checks of /thread', () => {
  const SECRET = TEST_ENTRIES.entries.ticket_demo.ticket_secret;
  const ticketFor = (sub: string, entry = 'ticket_demo', secret = SECRET) =>
    signTicket(secret, { sub, exp: Math.floor(Date.now() / 1000) + 600, entry });
  const unknownJob = { error: 'This answer does not exist.', code: 'unknown_job' };

  it('asks for the visitor id, as /thread does', async () => {
    const job = await createJob(server.url, { message: 'hello', visitor_id: 'visitor_owner9' });
    const res = await getJson(`${server.url}/chat/demo_assistant/events/${job.job_id}`);
    expect(res).toMatchObject({ status: 400, body: { error: '"visitor_id" is required.', code: 'missing_field' } });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('answers another visitor exactly as for a job that does not exist', async () => {
    const job = await createJob(server.url, { message: 'hello', visitor_id: 'visitor_owner9' });
    const wrong = await getJson(eventsUrl(server.url, { ...job, visitor_id: 'visitor_other9' }));
    const missing = await getJson(eventsUrl(server.url, { job_id: 'j_aaaaaaaaaaaaaaaaaaaa', visitor_id: 'visitor_other9' }));
    expect(wrong).toMatchObject({ status: 404, body: unknownJob });
    expect(missing).toMatchObject({ status: 404, body: unknownJob });
    expect(await streamJob(server.url, job)).toMatchObject({ status: 200 });
  });

  it('refuses a malformed visitor id and a claimed ticket identity', async () => {
    const job = await createJob(server.url, { message: 'hello' }, 'ticket_optional');
    const bad = await getJson(eventsUrl(server.url, { ...job, visitor_id: 'short' }, 'ticket_optional'));
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid_field' } });
    const reserved = await getJson(eventsUrl(server.url, { ...job, visitor_id: 't_someone1' }, 'ticket_optional'));
    expect(reserved).toMatchObject({ status: 403, body: { code: 'visitor_reserved' } });
  });

  it('on an entry that requires a ticket: none is 401, a bad one is 401, another person is 404', async () => {
    const ticket = ticketFor('user-1');
    const res = await postJson(`${server.url}/chat/ticket_demo`, { message: 'hello', ticket });
    expect(res.status).toBe(200);
    const job = res.body as JobRef;
    expect(job.visitor_id).toBe('t_user-1');

    const noTicket = await getJson(eventsUrl(server.url, job, 'ticket_demo'));
    expect(noTicket).toMatchObject({ status: 401, body: { error: 'Please sign in to use this chat.', code: 'ticket_required' } });
    const forged = await getJson(eventsUrl(server.url, job, 'ticket_demo', { ticket: ticketFor('user-1', 'ticket_demo', 'another-secret-of-32-characters!!') }));
    expect(forged).toMatchObject({ status: 401, body: { code: 'ticket_invalid' } });
    const elsewhere = await getJson(eventsUrl(server.url, job, 'ticket_demo', { ticket: ticketFor('user-1', 'demo_assistant') }));
    expect(elsewhere).toMatchObject({ status: 401, body: { code: 'ticket_invalid' } });
    const someoneElse = await getJson(eventsUrl(server.url, job, 'ticket_demo', { ticket: ticketFor('user-2') }));
    expect(someoneElse).toMatchObject({ status: 404, body: unknownJob });

    const own = await streamJob(server.url, job, 'ticket_demo', undefined, { ticket });
    expect(own.status).toBe(200);
    expect(own.events.at(-1)).toMatchObject({ event: 'done', data: { visitor_id: 't_user-1' } });
  });
});

describe('done: references and attachments, as the hub sends them', () => {
  it('"docs": [n] markers in the reply and done.references {seq, title, score, snippet}', async () => {
    const job = await createJob(server.url, { message: 'show me the docs' });
    const { events } = await streamJob(server.url, job);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data).toEqual({ done: true, job_id: job.job_id, visitor_id: job.visitor_id, reply: DOCS_ANSWER, references: DOCS_REFERENCES });
    for (const ref of done.data.references) {
      expect(Object.keys(ref).sort()).toEqual(['score', 'seq', 'snippet', 'title']);
      expect(done.data.reply).toContain(`[${ref.seq}]`);
    }
    expect(server.store.getJob(job.job_id)!.references).toEqual(DOCS_REFERENCES);
  });

  it('"files": a document link in the reply, done.attachments has the file, and the server serves it', async () => {
    const job = await createJob(server.url, { message: 'any files for me?' });
    const { events } = await streamJob(server.url, job);
    const done = events.at(-1)!;
    const url = `${server.url}/files/acme-setup.pdf`;
    expect(done.data).toEqual({ done: true, job_id: job.job_id, visitor_id: job.visitor_id, reply: filesAnswer(url), attachments: [{ type: 'file', url, name: 'Setup guide' }] });
    expect(done.data).not.toHaveProperty('references');
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
  });

  it('names the uploads a message carries (the widget writes them into the text), with their sizes', async () => {
    const visitor = 'visitor_sends1';
    const png = await postJson(`${server.url}/chat/demo_assistant/upload`, { filename: 'cat.png', mime: 'image/png', data_base64: Buffer.alloc(12 * 1024, 7).toString('base64'), visitor_id: visitor });
    const pdf = await postJson(`${server.url}/chat/demo_assistant/upload`, { filename: 'order_1042.pdf', mime: 'application/pdf', data_base64: Buffer.alloc(300, 7).toString('base64'), visitor_id: visitor });
    const voice = await postJson(`${server.url}/chat/demo_assistant/upload`, { filename: 'note.webm', mime: 'audio/webm;codecs=opus', data_base64: Buffer.alloc(2 * 1024 * 1024, 7).toString('base64'), visitor_id: visitor });
    const message = `What is this?\n\n![${png.body.name}](${png.body.url})\n\n[文件：${pdf.body.name}](${pdf.body.url})\n\n[语音：${voice.body.name}](${voice.body.url})`;
    const job = await createJob(server.url, { message, visitor_id: visitor });
    const done = (await streamJob(server.url, job)).events.at(-1)!;
    expect(done.data.reply).toBe(
      'I got your image **cat.png** (12 KB), your file **order\\_1042.pdf** (300 bytes) and your voice recording **note.webm** (2 MB). You wrote: “What is this?”. This demo does not read file contents, but a real assistant could pass the link on to a tool.',
    );
    // The reply names the files; it does not attach them again.
    expect(done.data).not.toHaveProperty('attachments');
    // Another visitor's message linking the same upload learns nothing of its size.
    const other = await createJob(server.url, { message: `![x](${png.body.url})`, visitor_id: 'visitor_sends2' });
    expect((await streamJob(server.url, other)).events.at(-1)!.data.reply).toMatch(/^I got your image \*\*x\*\*\. This demo/);
  });
});

describe('persistence across restarts', () => {
  it('replays a finished job from the database file after a restart', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'chat-db-')), 'chat.sqlite');
    const first = await startTestServer({ dbPath });
    const job = await createJob(first.url, { message: 'hello' });
    const before = await streamJob(first.url, job);
    await first.close();

    const second = await startTestServer({ dbPath });
    try {
      const after = await streamJob(second.url, job, 'demo_assistant', 2);
      expect(stored(after.events)).toEqual(stored(before.events).filter((e) => Number(e.id) > 2));
    } finally {
      await second.close();
    }
  });

  it('fails a job cut short by close(), so its clients stop waiting', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'chat-db-')), 'chat.sqlite');
    const first = await startTestServer({ dbPath });
    const job = await createJob(first.url, { message: 'slow please' });
    const reading = streamJob(first.url, job);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await first.close();
    const cut = await reading;
    expect(cut.events.some((e) => e.event === 'done')).toBe(false);

    const second = await startTestServer({ dbPath });
    try {
      const replay = await streamJob(second.url, job);
      expect(replay.events.at(-1)!).toMatchObject({ event: 'done', data: { error: true, reply: INTERRUPTED_REPLY } });
      // The thread is free again.
      const next = await createJob(second.url, { message: 'hello', visitor_id: job.visitor_id });
      expect(next.job_id).toMatch(/^j_/);
    } finally {
      await second.close();
    }
  });

  it('fails a job still waiting behind another when the server closes; it never starts', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'chat-db-')), 'chat.sqlite');
    const first = await startTestServer({ dbPath });
    const running = await createJob(first.url, { message: 'slow please', visitor_id: 'visitor_closeq1' });
    const waiting = await createJob(first.url, { message: 'hello', visitor_id: 'visitor_closeq1' });
    const seen = await readStream(eventsUrl(first.url, waiting), { until: (events) => events.some((e) => e.event === 'status') });
    expect(seen.events.find((e) => e.event === 'status')!.data.status).toBe('queued');
    await first.close();

    const second = await startTestServer({ dbPath });
    try {
      const replay = await streamJob(second.url, waiting);
      expect(storedNames(replay.events)).toEqual(['done']);
      expect(replay.events.at(-1)!.data).toMatchObject({ error: true, reply: INTERRUPTED_REPLY });
      expect(second.store.getJob(waiting.job_id)!.status).toBe('failed');
    } finally {
      await second.close();
    }
  });
});
