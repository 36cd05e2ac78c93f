// `a2ui` responses against the reference server: the surface is reloaded from the stored source
// reply (the demo's table booking), the action must be one of its buttons, the agent reads one
// canonical sentence, and the demo agent answers with what was chosen. What the client sends is
// checked against the A2UI specification's own client_to_server.json.
import { Validator } from '@cfworker/json-schema';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { demoSurfaceAnswer } from '../demo/demo-a2ui';
import { createJob, getJson, postJson, startTestServer, streamJob } from '../test-support';
import { DEFAULT_THREAD_ID } from '../settings/limits';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const post = (body: unknown) => postJson(`${server.url}/chat/demo_assistant`, body);
const thread = (visitor: string) => getJson(`${server.url}/chat/demo_assistant/thread?visitor_id=${visitor}`);
const clientSchema = new Validator(JSON.parse(readFileSync('renderers/a2ui/fixtures/spec-v0_9/json/client_to_server.json', 'utf8')), '2020-12', false);

async function bookingSource(visitor: string): Promise<string> {
  const job = await createJob(server.url, { message: 'I want to make a reservation', visitor_id: visitor });
  const stream = await streamJob(server.url, job);
  expect(stream.events.at(-1)).toMatchObject({ event: 'done', data: { reply: demoSurfaceAnswer('booking') } });
  return job.job_id;
}

const action = (over: Record<string, unknown> = {}) => ({
  version: 'v0.9',
  action: { name: 'book_table', surfaceId: 'table-booking', sourceComponentId: 'book', timestamp: '2026-01-16T14:30:00.000Z', context: { name: 'Ada', date: '2026-02-14', guests: 4, time: ['20:00'], seating: ['terrace'], notes: '' }, ...over },
});
const respond = (source: string, a2ui: unknown[]) => ({ type: 'a2ui', version: 1, source_job_id: source, action: 'book_table', a2ui });

describe('a2ui interaction responses', () => {
  it('an action of a button of the answered surface: the agent reads the canonical sentence and answers with what was chosen; history shows the action, not the values', async () => {
    const visitor = 'visitor_a2ui_ok';
    const source = await bookingSource(visitor);
    expect(clientSchema.validate(action()).valid).toBe(true);
    const res = await post({ interaction_response: respond(source, [action()]), visitor_id: visitor });
    expect(res.status).toBe(200);
    const stream = await streamJob(server.url, res.body);
    expect(stream.events.at(-1)).toMatchObject({ event: 'done', data: { reply: 'Booked: a table for 4 on the terrace on 2026-02-14 at 20:00, under the name Ada. See you at Luigi’s!' } });
    const jobs = server.store.recentThreadJobs('demo_assistant', visitor, DEFAULT_THREAD_ID, 50);
    expect(jobs.at(-1)!.userText).toBe('User performed action "book_table" on surface "table-booking" (component: book). Context: {"name":"Ada","date":"2026-02-14","guests":4,"time":["20:00"],"seating":["terrace"],"notes":""}');
    const history = (await thread(visitor)).body.messages as { r: string; t: string; interaction?: object }[];
    expect(history.find((m) => m.interaction)).toMatchObject({ r: 'u', t: 'Chose “book_table”', interaction: { type: 'a2ui', version: 1, source_job_id: source, action: 'book_table' } });
    expect(JSON.stringify(history.filter((m) => m.r === 'u'))).not.toContain('Ada');
  });

  it('errors the client met go to the agent with the action, or alone', async () => {
    const visitor = 'visitor_a2ui_err';
    const source = await bookingSource(visitor);
    const error = { version: 'v0.9', error: { code: 'VALIDATION_FAILED', surfaceId: 'table-booking', path: '/components/x/component', message: '"Map" is not a component of the basic catalog.' } };
    expect(clientSchema.validate(error).valid).toBe(true);
    const res = await post({ interaction_response: { ...respond(source, [error]), action: 'error' }, visitor_id: visitor });
    expect(res.status).toBe(200);
    await streamJob(server.url, res.body);
    const jobs = server.store.recentThreadJobs('demo_assistant', visitor, DEFAULT_THREAD_ID, 50);
    expect(jobs.at(-1)!.userText).toBe('The A2UI client reported an error on surface "table-booking": VALIDATION_FAILED at /components/x/component: "Map" is not a component of the basic catalog.');
  });

  it.each<[string, unknown[], number, string]>([
    ['a button the surface does not have', [action({ sourceComponentId: 'nope' })], 404, 'unknown_action'],
    ['another action name for that button', [action({ name: 'refund_everything' })], 404, 'unknown_action'],
    ['another surface', [action({ surfaceId: 'other' })], 404, 'unknown_action'],
    ['no messages', [], 400, 'invalid_field'],
    ['two actions', [action(), action()], 400, 'invalid_field'],
    ['a v0.8 message', [{ version: 'v0.8', userAction: {} }], 400, 'invalid_field'],
    ['an action without context', [{ version: 'v0.9', action: { name: 'book_table', surfaceId: 'table-booking', sourceComponentId: 'book' } }], 400, 'invalid_field'],
  ])('refuses %s', async (_, a2ui, status, code) => {
    const visitor = `visitor_a2ui_${code}_${a2ui.length}_${status}_${Math.random().toString(36).slice(2, 8)}`;
    const source = await bookingSource(visitor);
    const res = await post({ interaction_response: respond(source, a2ui), visitor_id: visitor });
    expect(res).toMatchObject({ status, body: { code } });
  });
});
