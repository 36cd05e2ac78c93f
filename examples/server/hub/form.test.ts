// `bailing-form` v1 responses against the reference server: the form is reloaded from the stored
// source reply, values are validated with the shared module, submissions are deduplicated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateForm } from '../../../renderers/bailing-form/schema';
import type { RunningServer } from '../app';
import { FORM_ANSWER, FORM_CANCELLED_ANSWER, REFUND_FORM } from '../demo/demo-replies';
import { formBlocks } from './form-response';
import { newJobId } from '../storage/ids';
import { createJob, getJson, postJson, startTestServer, streamJob } from '../test-support';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const post = (body: unknown) => postJson(`${server.url}/chat/demo_assistant`, body);
const thread = (visitor: string) => getJson(`${server.url}/chat/demo_assistant/thread?visitor_id=${visitor}`);

const VALUES = { order: 'A-1042', reason: 'The box arrived damaged.\nThe lid is cracked.', method: 'balance', date: '2030-05-01', terms: true };

/** Asks the demo agent for its refund form and waits for the finished reply. */
async function formSource(visitor: string, threadId = 'default'): Promise<string> {
  const job = await createJob(server.url, { message: 'I need a refund', visitor_id: visitor, ...(threadId === 'default' ? {} : { thread_id: threadId }) });
  const stream = await streamJob(server.url, job);
  expect(stream.events.at(-1)).toMatchObject({ event: 'done', data: { reply: FORM_ANSWER } });
  return job.job_id;
}

/** A finished job whose reply is `reply`, written straight to the store. */
function storedSource(visitor: string, threadId: string, reply: string, finished = true): string {
  const id = newJobId();
  const job = server.store.createJob({
    id,
    entry: 'demo_assistant',
    visitorId: visitor,
    threadId,
    userText: 'a form please',
    createdAt: Date.now(),
    capabilities: ['bailing-form'],
    interaction: null,
    context: null,
  }, undefined, 1);
  expect(job).not.toBe('full');
  if (finished) {
    server.store.appendEvent(id, 'done', () => ({ done: true, job_id: id, visitor_id: visitor, reply }), {
      status: 'done',
      reply,
      error: null,
      at: Date.now(),
    });
  }
  return id;
}

function response(sourceJobId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'bailing-form',
    version: 1,
    source_job_id: sourceJobId,
    form_id: 'refund_request',
    submission_id: 'sub_00000001',
    action: 'submit',
    values: VALUES,
    ...extra,
  };
}

const fence = (form: unknown): string => `Please fill in:\n\n\`\`\`bailing-form\n${JSON.stringify(form)}\n\`\`\`\n`;

describe('the demo form', () => {
  it('is a valid bailing-form v1, sent for "form", "refund" and "booking"', async () => {
    expect(validateForm(REFUND_FORM)).toMatchObject({ ok: true });
    expect(formBlocks(FORM_ANSWER)).toHaveLength(1);
    expect(validateForm(formBlocks(FORM_ANSWER)[0])).toMatchObject({ ok: true });
    for (const message of ['Show me a form', 'booking for two']) {
      const job = await createJob(server.url, { message, visitor_id: 'visitor_demoform', thread_id: `t_${message.length}_demo` });
      expect((await streamJob(server.url, job)).events.at(-1)!.data.reply).toBe(FORM_ANSWER);
    }
  });
});

describe('POST /chat/:entry with a bailing-form response', () => {
  it('submits: the agent gets the canonical message and answers with the values', async () => {
    const visitor = 'visitor_submit01';
    const source = await formSource(visitor);
    const res = await post({ interaction_response: response(source), visitor_id: visitor });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ done: false, job_id: expect.any(String), visitor_id: visitor });
    const job = server.store.getJob(res.body.job_id)!;
    expect(job.userText).toBe(
      [
        'Form "Refund request" (refund_request) submitted:',
        '- Order number: A-1042',
        '- Reason for the refund: The box arrived damaged.',
        '  The lid is cracked.',
        '- Refund method: Account balance',
        '- Preferred refund date: 2030-05-01',
        '- I agree to the refund terms: Yes',
      ].join('\n'),
    );
    const answer = await streamJob(server.url, res.body);
    expect(answer.events.at(-1)!.event).toBe('done');
    const reply = answer.events.at(-1)!.data.reply as string;
    expect(reply).toContain('Thanks — refund request for order **A-1042** recorded: method Account balance');
    expect(reply).toContain('2030-05-01');
  });

  it('marks optional fields left empty as not answered', async () => {
    const visitor = 'visitor_submit02';
    const source = await formSource(visitor);
    const values = { order: 'B-7', reason: 'Wrong size', method: 'original', date: '', terms: true };
    const res = await post({ interaction_response: response(source, { values }), visitor_id: visitor });
    expect(res.status).toBe(200);
    expect(server.store.getJob(res.body.job_id)!.userText).toContain('- Preferred refund date: (not answered)\n- I agree');
    const reply = (await streamJob(server.url, res.body)).events.at(-1)!.data.reply as string;
    expect(reply).toContain('method Original payment method, paid **as soon as possible**');
  });

  it('cancels', async () => {
    const visitor = 'visitor_cancel01';
    const source = await formSource(visitor);
    const res = await post({ interaction_response: response(source, { action: 'cancel', values: undefined }), visitor_id: visitor });
    expect(res.status).toBe(200);
    expect(server.store.getJob(res.body.job_id)!.userText).toBe('Form "Refund request" (refund_request) cancelled.');
    const answer = await streamJob(server.url, res.body);
    expect(answer.events.at(-1)!.data.reply).toBe(FORM_CANCELLED_ANSWER);
    expect(FORM_CANCELLED_ANSWER).toMatch(/^No problem — the form was cancelled\./);

    // An empty values object is a cancel too; this form is answered already.
    const again = await post({ interaction_response: response(source, { action: 'cancel', values: {}, submission_id: 'sub_cancel02' }), visitor_id: visitor });
    expect(again).toMatchObject({ status: 409, body: { code: 'already_responded' } });
    const withValues = await post({ interaction_response: response(source, { action: 'cancel', submission_id: 'sub_cancel03' }), visitor_id: visitor });
    expect(withValues).toMatchObject({ status: 400, body: { code: 'invalid_field', error: expect.stringMatching(/values.*absent or empty/) } });
  });

  it('answers a replay with the same job, deduped, and starts nothing new', async () => {
    const visitor = 'visitor_replay01';
    const source = await formSource(visitor);
    const first = await post({ interaction_response: response(source), visitor_id: visitor });
    expect(first.status).toBe(200);
    const jobs = server.store.countJobs();
    // At once (the first answer still running) and after it finished; key order does not matter.
    const reordered = { terms: true, date: '2030-05-01', method: 'balance', reason: VALUES.reason, order: 'A-1042' };
    const second = await post({ interaction_response: response(source, { values: reordered }), visitor_id: visitor });
    expect(second).toEqual(expect.objectContaining({ status: 200, body: { done: false, job_id: first.body.job_id, visitor_id: visitor, deduped: true } }));
    await streamJob(server.url, first.body);
    const third = await post({ interaction_response: response(source), visitor_id: visitor });
    expect(third).toMatchObject({ status: 200, body: { job_id: first.body.job_id, deduped: true } });
    expect(server.store.countJobs()).toBe(jobs);
  });

  it('answers 409 for the same submission_id with other content', async () => {
    const visitor = 'visitor_replay02';
    const source = await formSource(visitor);
    expect((await post({ interaction_response: response(source), visitor_id: visitor })).status).toBe(200);
    const jobs = server.store.countJobs();
    const changed = await post({ interaction_response: response(source, { values: { ...VALUES, method: 'original' } }), visitor_id: visitor });
    expect(changed).toMatchObject({ status: 409, body: { code: 'submission_conflict' } });
    const cancelled = await post({ interaction_response: response(source, { action: 'cancel', values: {} }), visitor_id: visitor });
    expect(cancelled).toMatchObject({ status: 409, body: { code: 'submission_conflict' } });
    expect(server.store.countJobs()).toBe(jobs);
  });

  it('answers 409 for a second submission of an answered form', async () => {
    const visitor = 'visitor_twice01';
    const source = await formSource(visitor);
    const first = await post({ interaction_response: response(source), visitor_id: visitor });
    await streamJob(server.url, first.body);
    const second = await post({ interaction_response: response(source, { submission_id: 'sub_00000002' }), visitor_id: visitor });
    expect(second).toMatchObject({ status: 409, body: { code: 'already_responded' } });
  });

  it('answers 404 for a form the source reply does not have', async () => {
    const visitor = 'visitor_noform01';
    const source = await formSource(visitor);
    const res = await post({ interaction_response: response(source, { form_id: 'contact' }), visitor_id: visitor });
    expect(res).toMatchObject({ status: 404, body: { code: 'unknown_form' } });
    // A form only in an unclosed fence, or indented code, was never mounted.
    const form = { ...REFUND_FORM, form_id: 'open_form' };
    const open = storedSource(visitor, 'thread_open1', `Here:\n\n\`\`\`bailing-form\n${JSON.stringify(form)}\n`);
    const openRes = await post({ interaction_response: response(open, { form_id: 'open_form' }), visitor_id: visitor, thread_id: 'thread_open1' });
    expect(openRes).toMatchObject({ status: 404, body: { code: 'unknown_form' } });
  });

  it('finds a form inside a list item', async () => {
    const visitor = 'visitor_nested01';
    const reply = `1. First step\n2. Fill in:\n\n   \`\`\`bailing-form\n   ${JSON.stringify(REFUND_FORM)}\n   \`\`\`\n`;
    const source = storedSource(visitor, 'thread_nest1', reply);
    const res = await post({ interaction_response: response(source), visitor_id: visitor, thread_id: 'thread_nest1' });
    expect(res.status).toBe(200);
  });

  it('answers 409 for a form that fails validation in the stored reply', async () => {
    const visitor = 'visitor_badform1';
    const bad = { ...REFUND_FORM, form_id: 'bad_form', title: 'Your password' };
    const source = storedSource(visitor, 'thread_bad1', fence(bad));
    const res = await post({ interaction_response: response(source, { form_id: 'bad_form' }), visitor_id: visitor, thread_id: 'thread_bad1' });
    expect(res).toMatchObject({ status: 409, body: { code: 'invalid_form', error: expect.stringContaining('title') } });
    const twice = storedSource(visitor, 'thread_bad2', fence(REFUND_FORM) + '\n' + fence(REFUND_FORM));
    const dup = await post({ interaction_response: response(twice), visitor_id: visitor, thread_id: 'thread_bad2' });
    expect(dup).toMatchObject({ status: 409, body: { code: 'invalid_form' } });
  });

  it('checks the source job: another visitor 404, another thread 409, unfinished 409', async () => {
    const source = await formSource('visitor_owner001');
    const foreign = await post({ interaction_response: response(source), visitor_id: 'visitor_other001' });
    expect(foreign).toMatchObject({ status: 404, body: { code: 'unknown_source_job' } });
    const otherThread = await post({ interaction_response: response(source), visitor_id: 'visitor_owner001', thread_id: 'thread_elsewhere' });
    expect(otherThread).toMatchObject({ status: 409, body: { code: 'wrong_thread' } });
    const unfinished = storedSource('visitor_owner002', 'thread_unfin1', '', false);
    const res = await post({ interaction_response: response(unfinished), visitor_id: 'visitor_owner002', thread_id: 'thread_unfin1' });
    expect(res).toMatchObject({ status: 409, body: { code: 'source_not_finished' } });
    const otherEntry = await postJson(`${server.url}/chat/no_upload`, { interaction_response: response(source), visitor_id: 'visitor_owner001' });
    expect(otherEntry).toMatchObject({ status: 404, body: { code: 'unknown_source_job' } });
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['a wrong type', { ...VALUES, order: 1042 }, /order/],
    ['a missing required value', { ...VALUES, reason: undefined }, /reason: required/],
    ['a blank required text', { ...VALUES, order: '   ' }, /order: required/],
    ['an unchecked required boolean', { ...VALUES, terms: false }, /terms: must be checked/],
    ['an unknown option', { ...VALUES, method: 'cash' }, /method: value is not one of the options/],
    ['a value over maxLength', { ...VALUES, order: 'x'.repeat(41) }, /order: longer than 40/],
    ['an impossible date', { ...VALUES, date: '2030-02-30' }, /date: not a real YYYY-MM-DD date/],
    ['an unknown field', { ...VALUES, card: '4111' }, /card/],
  ])('answers 400 invalid_values for %s', async (_, values, reason) => {
    const visitor = 'visitor_values01';
    const suffix = Math.random().toString(36).slice(2, 10);
    const threadId = `thread_v_${suffix}`;
    const source = await formSource(visitor, threadId);
    const jobs = server.store.countJobs();
    const res = await post({ interaction_response: response(source, { values, submission_id: `sub_fixed_${suffix}` }), visitor_id: visitor, thread_id: threadId });
    expect(res).toMatchObject({ status: 400, body: { code: 'invalid_values' } });
    expect(res.body.error).toMatch(reason);
    expect(server.store.countJobs()).toBe(jobs);
    // A rejected submission does not use up its id: the corrected one goes through.
    const fixed = await post({ interaction_response: response(source, { submission_id: `sub_fixed_${suffix}` }), visitor_id: visitor, thread_id: threadId });
    expect(fixed.status).toBe(200);
  });

  it.each<[string, Record<string, unknown>, string, RegExp]>([
    ['an unknown key', { schema: { order: {} } }, 'unknown_field', /Unknown field "schema" in the interaction_response/],
    ['version 2', { version: 2 }, 'invalid_field', /"interaction_response.version" must be 1/],
    ['a bad form_id', { form_id: 'Refund Info' }, 'invalid_field', /"interaction_response.form_id"/],
    ['a short submission_id', { submission_id: 'short' }, 'invalid_field', /"interaction_response.submission_id"/],
    ['a bad action', { action: 'approve' }, 'invalid_field', /"interaction_response.action" must be "submit" or "cancel"/],
    ['values missing on submit', { values: undefined }, 'missing_field', /"interaction_response.values" is required/],
    ['values not an object', { values: ['A-1042'] }, 'invalid_field', /"interaction_response.values" must be an object/],
  ])('answers 400 for %s', async (_, extra, code, message) => {
    const visitor = 'visitor_shape001';
    const source = await formSource(visitor, 'thread_shape1');
    const res = await post({ interaction_response: response(source, extra), visitor_id: visitor, thread_id: 'thread_shape1' });
    expect(res).toMatchObject({ status: 400, body: { code } });
    expect(res.body.error).toMatch(message);
  });

  it('answers 400 for a message together with a response', async () => {
    const visitor = 'visitor_both0001';
    const source = await formSource(visitor);
    const res = await post({ message: 'hi', interaction_response: response(source), visitor_id: visitor });
    expect(res).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
  });
});

describe('history of a form response', () => {
  it('shows the interaction summary and a label, never the values', async () => {
    const visitor = 'visitor_history1';
    const source = await formSource(visitor);
    const submitted = await post({ interaction_response: response(source), visitor_id: visitor });
    await streamJob(server.url, submitted.body);
    const cancelSource = await formSource(visitor);
    const cancelled = await post({ interaction_response: response(cancelSource, { action: 'cancel', values: {}, submission_id: 'sub_hist_cancel' }), visitor_id: visitor });
    await streamJob(server.url, cancelled.body);

    const messages = (await thread(visitor)).body.messages as { r: string; j: string; t: string; interaction?: unknown }[];
    const userTurn = (jobId: string) => messages.find((m) => m.r === 'u' && m.j === jobId)!;
    expect(userTurn(submitted.body.job_id)).toEqual({
      r: 'u',
      t: 'Form submitted',
      j: submitted.body.job_id,
      ts: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      interaction: { type: 'bailing-form', version: 1, source_job_id: source, form_id: 'refund_request', submission_id: 'sub_00000001', action: 'submit' },
    });
    expect(userTurn(cancelled.body.job_id)).toMatchObject({
      t: 'Form cancelled',
      interaction: { source_job_id: cancelSource, form_id: 'refund_request', submission_id: 'sub_hist_cancel', action: 'cancel' },
    });
    const userText = JSON.stringify(messages.filter((m) => m.r === 'u'));
    for (const secret of ['A-1042', 'damaged', 'balance', '2030-05-01']) expect(userText).not.toContain(secret);
  });
});
