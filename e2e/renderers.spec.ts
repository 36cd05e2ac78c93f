// Host renderers (DESIGN.md §7) in the built widget: when they mount, what they are given, what
// happens when a block or a renderer is bad, and that every mount is cleaned up exactly once.
// Replies are hand-made SSE streams (page.route), so any block can be tested; the create-job
// POST still goes to the reference server.
import type { Page, Request } from '@playwright/test';
import { REFUND_FORM, refundAnswer } from '../examples/server/demo/demo-replies';
import {
  ask,
  composer,
  expect,
  jobIdOf,
  launcher,
  lastAssistant,
  loadWidget,
  nextFrame,
  serverThread,
  sseEvent,
  sseReply,
  storedIds,
  test,
  waitForAnswer,
} from './fixtures';

const EVENTS = '**/chat/demo_assistant/events/**';

/** A fenced block of `type` around `source`. */
const fence = (type: string, source: string) => '```' + type + '\n' + source + '\n```';

/**
 * Answers the n-th job's stream with `replies[n]` (the reply as one delta, then `done`);
 * `null` lets the reference server answer. Returns the job ids in order.
 */
async function fakeReplies(page: Page, replies: (string | null)[]): Promise<string[]> {
  const jobs: string[] = [];
  await page.route(EVENTS, async (route, request) => {
    const jobId = jobIdOf(request.url());
    if (!jobs.includes(jobId)) jobs.push(jobId);
    const reply = replies[jobs.indexOf(jobId)];
    if (reply === null || reply === undefined) return route.continue();
    await route.fulfill({ status: 200, contentType: 'text/event-stream', body: sseReply(jobId, reply) });
  });
  return jobs;
}

/** The bodies of the create-job POSTs the page makes. */
function createJobBodies(page: Page): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/chat/demo_assistant') bodies.push(request.postDataJSON());
  });
  return bodies;
}

/**
 * One visitor turn. The stream may be faked, but the server's own job runs too: wait until it
 * has finished, or the next message in this thread would be refused as busy.
 */
async function turn(page: Page, baseUrl: string, text = 'hello') {
  await ask(page, text);
  await waitForAnswer(page);
  await expect.poll(async () => (await serverThread(page, baseUrl)).at(-1)?.r).toBe('a');
}

async function open(page: Page, baseUrl: string, options: Parameters<typeof loadWidget>[2] = {}) {
  await loadWidget(page, baseUrl, options);
  await launcher(page).click();
  await expect(composer(page)).toBeVisible();
}

/** Evaluates in the page with `window` as `any`, for the test's own globals. */
type W = Record<string, any>;

test('a renderer mounts on done only, with a frozen context of exactly the documented keys', async ({ page, server }) => {
  const bodies = createJobBodies(page);
  const source = JSON.stringify({ title: 'Order #1042', items: 3 });
  const reply = `Here is your order:\n\n${fence('test-card', source)}\n\nAnything else?`;

  let releaseDone!: () => void;
  const doneGate = new Promise<void>((resolve) => (releaseDone = resolve));
  let connections = 0;
  await page.route(EVENTS, async (route, request) => {
    const jobId = jobIdOf(request.url());
    if (++connections === 1) {
      // The baseline turn, before the renderer is registered.
      return route.fulfill({ status: 200, contentType: 'text/event-stream', body: sseReply(jobId, 'Baseline.') });
    }
    if (connections === 2) {
      // The whole block arrives, closed, but the stream ends before `done`.
      return route.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        body: sseEvent('open', { ok: true, job_id: jobId, status: 'running', streaming: true }) + sseEvent('delta', { seq: 1, text: reply, round: 1 }, 1),
      });
    }
    await doneGate;
    await route.fulfill({ status: 200, contentType: 'text/event-stream', body: sseEvent('done', { done: true, job_id: jobId, reply }, 2) });
  });

  await open(page, server.url, { attrs: { 'data-ticket': 'v1.TICKET-SECRET-4242.sig' } });
  await turn(page, server.url);
  const baseline = (bodies[0]!.client_capabilities as { renderers: string[] }).renderers;
  for (const type of baseline) expect(type, 'only built-in renderers before the host registers any').toMatch(/^(bailing-|a2ui)/);

  await page.evaluate(() => {
    const w = window as unknown as W;
    w.__contexts = [];
    w.BailingChat.registerRenderer({
      type: 'test-card',
      version: 3,
      mount(ctx: W) {
        const seen: W = {};
        for (const key of Object.keys(ctx)) if (key !== 'container' && key !== 'signal' && key !== 'respond') seen[key] = ctx[key];
        w.__contexts.push({
          keys: Object.keys(ctx).sort(),
          frozen: Object.isFrozen(ctx) && Object.isFrozen(ctx.theme) && Object.isFrozen(ctx.message),
          inPlaceholder: ctx.container.matches('.bc-rich[data-type="test-card"]'),
          signal: ctx.signal instanceof AbortSignal && !ctx.signal.aborted,
          respond: typeof ctx.respond,
          json: JSON.stringify(seen),
          seen,
        });
        const card = document.createElement('p');
        card.className = 'test-card';
        card.textContent = `${ctx.payload.title}: ${ctx.payload.items} items`;
        ctx.container.append(card);
      },
    });
    const off = w.BailingChat.registerRenderer({ type: 'test-unused', mount() {} });
    off();
  });

  await ask(page, 'hello');
  const answer = lastAssistant(page);
  // Streaming: the block is on screen as code, and nothing is mounted.
  await expect(answer.locator('pre code')).toContainText('"title":"Order #1042"');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  // The widget has dealt with the whole stream once it reconnects for the rest (held until
  // `releaseDone`): a mount on the block or on the stream's end would have happened by then.
  await expect.poll(() => connections).toBe(3);
  expect(await page.evaluate(() => (window as unknown as W).__contexts.length)).toBe(0);
  await expect(answer.locator('.test-card')).toHaveCount(0);

  releaseDone();
  await waitForAnswer(page);
  await expect(answer.locator('.bc-rich .test-card')).toHaveText('Order #1042: 3 items');
  await expect(answer.locator('pre code')).toHaveCount(0);
  await expect(answer).toContainText('Anything else?');

  const contexts = await page.evaluate(() => (window as unknown as W).__contexts);
  expect(contexts).toHaveLength(1);
  const ctx = contexts[0];
  expect(ctx.keys).toEqual(['container', 'message', 'payload', 'respond', 'signal', 'source', 'theme', 'type', 'version']);
  expect(ctx.frozen).toBe(true);
  expect(ctx.inPlaceholder).toBe(true);
  expect(ctx.signal).toBe(true);
  expect(ctx.respond).toBe('function');
  const jobId = (await serverThread(page, server.url)).filter((item) => item.r === 'u').at(-1)!.j;
  expect(ctx.seen).toEqual({
    payload: { title: 'Order #1042', items: 3 },
    source,
    type: 'test-card',
    version: 3,
    theme: { accent: '#4f46e5', mode: 'light' },
    message: { jobId, responses: [], restored: false },
  });
  // Nothing that identifies the visitor reaches the renderer.
  const { visitorId, threadId } = await storedIds(page);
  for (const secret of ['TICKET-SECRET-4242', visitorId, threadId, 'ticket', 'visitor', 'thread'].filter(Boolean)) expect(ctx.json).not.toContain(secret);

  // Advertised: exactly the registered types, the unregistered one not.
  expect(bodies).toHaveLength(2);
  expect((bodies[1]!.client_capabilities as { renderers: string[] }).renderers).toEqual([...baseline, 'test-card'].sort());
});

test('bad blocks and failing renderers fall back to the source as code', async ({ page, server, consoleMessages }) => {
  const blocks = {
    unknown: fence('test-nobody', '{"a": 1}'),
    invalid: fence('test-card', '{"html": "<img src=x onerror=\'window.__pwned=1\'>"'),
    scalar: fence('test-card', '42'),
    oversized: fence('test-small', '{"t":"éééééééééééé"}'),
    fits: fence('test-small', '{"t":"eeeeeeeeeeee"}'),
    throws: fence('test-throws', '{"x": 1}'),
    rejects: fence('test-rejects', '{"y": 2}'),
  };
  await fakeReplies(page, [Object.values(blocks).join('\n\nNext:\n\n')]);
  await open(page, server.url);
  await page.evaluate(() => {
    const w = window as unknown as W;
    const show = (ctx: W) => {
      const p = document.createElement('p');
      p.className = 'mounted';
      p.textContent = `${ctx.type} ${JSON.stringify(ctx.payload)}`;
      ctx.container.append(p);
    };
    w.BailingChat.registerRenderer({ type: 'test-card', mount: show });
    // 20 characters, but 32 bytes of UTF-8 once the é's are counted.
    w.BailingChat.registerRenderer({ type: 'test-small', maxPayloadBytes: 24, mount: show });
    w.BailingChat.registerRenderer({
      type: 'test-throws',
      mount(ctx: W) {
        ctx.container.append('half-drawn');
        throw new Error('cannot draw this');
      },
    });
    w.BailingChat.registerRenderer({ type: 'test-rejects', mount: async () => Promise.reject(new Error('no data for this')) });
  });
  await turn(page, server.url);

  const answer = lastAssistant(page);
  const code = (type: string) => answer.locator(`.bc-rich pre code[data-language="${type}"]`);
  // Unregistered: an ordinary code block, never a mount.
  await expect(answer.locator('pre code.language-test-nobody')).toHaveText('{"a": 1}');
  await expect(code('test-card')).toHaveText(['{"html": "<img src=x onerror=\'window.__pwned=1\'>"', '42']);
  await expect(code('test-small')).toHaveText('{"t":"éééééééééééé"}');
  await expect(answer.locator('.mounted')).toHaveText(['test-small {"t":"eeeeeeeeeeee"}']);
  await expect(code('test-throws')).toHaveText('{"x": 1}');
  await expect(answer).not.toContainText('half-drawn');
  await expect(code('test-rejects')).toHaveText('{"y": 2}');
  // The block's text stayed text.
  await expect(answer.locator('img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as W).__pwned)).toBeUndefined();

  const warnings = consoleMessages.filter((m) => m.type === 'warning').map((m) => m.text).join('\n');
  expect(warnings).toContain('payload is not valid JSON');
  expect(warnings).toContain('payload must be a JSON object or array (got number)');
  expect(warnings).toContain('payload exceeds 24 bytes');
  expect(warnings).toContain('cannot draw this');
  expect(warnings).toContain('no data for this');
});

test('every mount is cleaned up exactly once: new conversation, unregister, replacement', async ({ page, server }) => {
  await fakeReplies(page, [
    `Two:\n\n${fence('test-count', '{"n": 1}')}\n\n${fence('test-count', '{"n": 2}')}`,
    `One more:\n\n${fence('test-count', '{"n": 3}')}`,
    `After the restart:\n\n${fence('test-count', '{"n": 4}')}\n\n${fence('test-swap', '{"n": 5}')}`,
  ]);
  await open(page, server.url);
  await page.evaluate(() => {
    const w = window as unknown as W;
    w.__mounts = [];
    w.__counter = {
      type: 'test-count',
      mount(ctx: W) {
        const record = { n: ctx.payload.n, cleanups: 0, signal: ctx.signal };
        w.__mounts.push(record);
        const p = document.createElement('p');
        p.className = 'count';
        p.textContent = `count ${ctx.payload.n}`;
        ctx.container.append(p);
        return { destroy: () => record.cleanups++ };
      },
    };
    w.__offCount = w.BailingChat.registerRenderer(w.__counter);
  });
  const mounts = () =>
    page.evaluate(() => (window as unknown as W).__mounts.map((m: W) => ({ n: m.n, cleanups: m.cleanups, aborted: m.signal.aborted })));

  await turn(page, server.url);
  await turn(page, server.url);
  await expect(page.locator('bailing-chat-widget .count')).toHaveText(['count 1', 'count 2', 'count 3']);
  expect(await mounts()).toEqual([
    { n: 1, cleanups: 0, aborted: false },
    { n: 2, cleanups: 0, aborted: false },
    { n: 3, cleanups: 0, aborted: false },
  ]);

  await page.getByRole('button', { name: 'New conversation' }).click();
  await expect(page.locator('bailing-chat-widget .count')).toHaveCount(0);
  expect(await mounts()).toEqual([
    { n: 1, cleanups: 1, aborted: true },
    { n: 2, cleanups: 1, aborted: true },
    { n: 3, cleanups: 1, aborted: true },
  ]);

  // A replacement for test-swap, and unregistering test-count.
  await page.evaluate(() => {
    const w = window as unknown as W;
    w.__swaps = [];
    const swap = (name: string) => ({
      type: 'test-swap',
      mount(ctx: W) {
        const record = { name, cleanups: 0 };
        w.__swaps.push(record);
        const p = document.createElement('p');
        p.className = 'swap';
        p.textContent = `drawn by ${name}`;
        ctx.container.append(p);
        return () => record.cleanups++;
      },
    });
    w.__swap = swap;
    w.__offA = w.BailingChat.registerRenderer(swap('A'));
  });
  await turn(page, server.url);
  const answer = lastAssistant(page);
  await expect(answer.locator('.count')).toHaveText('count 4');
  await expect(answer.locator('.swap')).toHaveText('drawn by A');

  await page.evaluate(() => (window as unknown as W).__offCount());
  await expect(answer.locator('.count')).toHaveCount(0);
  await expect(answer.locator('pre code[data-language="test-count"]')).toHaveText('{"n": 4}');
  expect((await mounts()).at(-1)).toEqual({ n: 4, cleanups: 1, aborted: true });
  // Unregistering twice changes nothing.
  await page.evaluate(() => (window as unknown as W).__offCount());
  expect((await mounts()).at(-1)).toEqual({ n: 4, cleanups: 1, aborted: true });
  expect(await mounts()).toHaveLength(4);

  // Registering test-swap again replaces A in the same block.
  await page.evaluate(() => {
    const w = window as unknown as W;
    w.__offB = w.BailingChat.registerRenderer(w.__swap('B'));
  });
  await expect(answer.locator('.swap')).toHaveText('drawn by B');
  await expect(answer.locator('.swap')).toHaveCount(1);
  const swaps = () => page.evaluate(() => (window as unknown as W).__swaps);
  expect(await swaps()).toEqual([{ name: 'A', cleanups: 1 }, { name: 'B', cleanups: 0 }]);
  // A's unregister no longer owns the type.
  await page.evaluate(() => (window as unknown as W).__offA());
  await expect(answer.locator('.swap')).toHaveText('drawn by B');
  await page.evaluate(() => (window as unknown as W).__offB());
  await expect(answer.locator('pre code[data-language="test-swap"]')).toHaveText('{"n": 5}');
  expect(await swaps()).toEqual([{ name: 'A', cleanups: 1 }, { name: 'B', cleanups: 1 }]);

  // The count block registered again mounts afresh.
  await page.evaluate(() => {
    const w = window as unknown as W;
    w.BailingChat.registerRenderer(w.__counter);
  });
  await expect(answer.locator('.count')).toHaveText('count 4');
  expect(await mounts()).toHaveLength(5);
});

test('a mount that resolves after its message is gone is destroyed at once', async ({ page, server }) => {
  await fakeReplies(page, [`Loading:\n\n${fence('test-late', '{"slow": true}')}`]);
  await open(page, server.url);
  await page.evaluate(() => {
    const w = window as unknown as W;
    w.__late = { calls: 0, cleanups: 0, aborted: null };
    w.BailingChat.registerRenderer({
      type: 'test-late',
      mount(ctx: W) {
        w.__late.calls++;
        w.__lateSignal = ctx.signal;
        return new Promise((resolve) => {
          w.__resolveLate = () => resolve(() => w.__late.cleanups++);
        });
      },
    });
  });
  await turn(page, server.url);
  await expect.poll(() => page.evaluate(() => (window as unknown as W).__late.calls)).toBe(1);

  await page.getByRole('button', { name: 'New conversation' }).click();
  await expect(lastAssistant(page)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as W).__lateSignal.aborted)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as W).__late.cleanups)).toBe(0);

  await page.evaluate(() => (window as unknown as W).__resolveLate());
  await expect.poll(() => page.evaluate(() => (window as unknown as W).__late.cleanups)).toBe(1);
  // A second cleanup or mount would follow in the same promise callbacks, or on a frame.
  await nextFrame(page);
  expect(await page.evaluate(() => (window as unknown as W).__late)).toEqual({ calls: 1, cleanups: 1, aborted: null });
});

/**
 * The host's own renderer for the demo's `bailing-form` blocks (a host may replace any type, the
 * built-in form included; the reference server accepts responses of that type only), preloaded so
 * it also mounts restored history on open. It answers the refund form with its own button.
 */
const FORM_PRELOAD = `window.BailingChat = { renderers: [{
  type: 'bailing-form',
  version: 1,
  mount(ctx) {
    window.__formContexts = (window.__formContexts || []).concat([{ jobId: ctx.message.jobId, responses: ctx.message.responses, restored: ctx.message.restored }]);
    window.__responded = window.__responded || [];
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Submit the form';
    button.addEventListener('click', () => {
      // A renderer trying to answer for another renderer, version and message.
      ctx.respond(
        { action: 'submit', form_id: ctx.payload.form_id, submission_id: 'abcdefgh12',
          values: { order: 'A-1042', reason: 'Parcel 7731 arrived crushed.', method: 'balance', terms: true },
          type: 'bailing-chart', version: 9, source_job_id: 'j_forgedforgedforged0' },
        { displayText: 'Form sent' },
      ).then(() => window.__responded.push('ok'), (error) => window.__responded.push('error: ' + error.message));
    });
    ctx.container.append(button);
  },
}] };`;

test('respond() sends the next turn; the widget fills type, version and source job', async ({ page, server }) => {
  const bodies = createJobBodies(page);
  // The reference server's own reply, so that it is the same after a reload.
  await open(page, server.url, { before: FORM_PRELOAD });
  await turn(page, server.url, 'I need a refund');
  const jobs = [(await serverThread(page, server.url)).at(-1)!.j];
  await expect(page.getByRole('button', { name: 'Submit the form' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Submit the form' }).click();

  await expect(page.locator('bailing-chat-widget .bc-msg-user').last()).toHaveText('You: Form sent');
  await waitForAnswer(page);
  const values = { order: 'A-1042', reason: 'Parcel 7731 arrived crushed.', method: 'balance', terms: true };
  await expect(lastAssistant(page)).toContainText('refund request for order A-1042 recorded');
  expect(await page.evaluate(() => (window as unknown as W).__responded)).toEqual(['ok']);

  expect(bodies).toHaveLength(2);
  const second = bodies[1]!;
  expect(second.message).toBeUndefined();
  expect(second.interaction_response).toEqual({
    action: 'submit',
    form_id: REFUND_FORM.form_id,
    submission_id: 'abcdefgh12',
    values,
    type: 'bailing-form',
    version: 1,
    source_job_id: jobs[0],
  });
  expect(second.thread_id).toBe(bodies[0]!.thread_id);
  // The server took it as an answer to that message, in the same thread.
  const summary = { type: 'bailing-form', version: 1, source_job_id: jobs[0], form_id: REFUND_FORM.form_id, submission_id: 'abcdefgh12', action: 'submit' };
  const thread = await serverThread(page, server.url);
  expect(thread.at(-2)).toMatchObject({ r: 'u', interaction: summary });
  expect(thread.at(-1)).toMatchObject({ r: 'a', t: refundAnswer(values) });

  expect(await page.evaluate(() => (window as unknown as W).__formContexts[0].restored)).toBe(false);
  // After a reload the form is mounted again, from the history (restored), and learns what was sent, but never the values.
  await loadWidget(page, server.url, { before: FORM_PRELOAD });
  await launcher(page).click();
  await expect(page.getByRole('button', { name: 'Submit the form' })).toBeVisible();
  await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveCount(2);
  await page.waitForLoadState('networkidle');
  const contexts = await page.evaluate(() => (window as unknown as W).__formContexts);
  expect(contexts.at(-1)).toEqual({ jobId: jobs[0], responses: [summary], restored: true });
  expect(JSON.stringify(contexts)).not.toContain('Parcel 7731');
  await expect(page.locator('bailing-chat-widget .bc-msg-user').last()).not.toContainText('Parcel 7731');
});

test('a response of a type the reference server does not accept shows its sentence to the renderer', async ({ page, server }) => {
  await open(page, server.url, { before: FORM_PRELOAD.replace("type: 'bailing-form',\n  version: 1,", "type: 'bailing-chart',\n  version: 2,") });
  await turn(page, server.url, 'Show me a chart');
  await page.getByRole('button', { name: 'Submit the form' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as W).__responded))
    .toEqual(['error: This server accepts only "bailing-form" and "a2ui" responses in "interaction_response" (got "bailing-chart").']);
  // Nothing was stored: the thread still ends with the chart answer.
  const thread = await serverThread(page, server.url);
  expect(thread.map((item) => item.r)).toEqual(['u', 'a']);
});

test('renderers preloaded before an async widget script are registered; bad entries only warn', async ({ page, server, consoleMessages }) => {
  const bodies = createJobBodies(page);
  await fakeReplies(page, [`Preloaded:\n\n${fence('test-pre', '{"ok": true}')}\n\n${fence('test-bad', '{"ok": false}')}`]);
  await open(page, server.url, {
    async: true,
    before: `window.BailingChat = { renderers: [
      { type: 'test-pre', mount(ctx) { const p = document.createElement('p'); p.className = 'pre'; p.textContent = 'preloaded ' + ctx.payload.ok; ctx.container.append(p); } },
      { type: 'Test Bad!', mount() { window.__badMounted = true; } },
      'not a definition',
      { type: 'test-bad' },
    ] };`,
  });
  const warnings = consoleMessages.filter((m) => m.type === 'warning').map((m) => m.text);
  expect(warnings.some((w) => w.includes('"type" must match') && w.includes('"Test Bad!"'))).toBe(true);
  expect(warnings.some((w) => w.includes('the definition must be an object'))).toBe(true);
  expect(warnings.some((w) => w.includes('"mount" must be a function'))).toBe(true);

  await turn(page, server.url);
  const answer = lastAssistant(page);
  await expect(answer.locator('.pre')).toHaveText('preloaded true');
  await expect(answer.locator('pre code.language-test-bad')).toHaveText('{"ok": false}');
  expect(await page.evaluate(() => (window as unknown as W).__badMounted)).toBeUndefined();
  const advertised = (bodies[0]!.client_capabilities as { renderers: string[] }).renderers;
  expect(advertised).toContain('test-pre');
  expect(advertised).not.toContain('test-bad');
  expect(advertised.filter((type) => !/^(bailing-|a2ui)/.test(type))).toEqual(['test-pre']);
});

test('registerRenderer rejects a bad definition with a warning naming the field', async ({ page, server, consoleMessages }) => {
  const bodies = createJobBodies(page);
  await fakeReplies(page, [`Blocks:\n\n${fence('test-nomount', '{"a": 1}')}\n\n${fence('test-big', '{"b": 2}')}`]);
  await open(page, server.url);
  const results = await page.evaluate(() => {
    const api = (window as unknown as W).BailingChat;
    const attempts: [string, unknown][] = [
      ['mount', { type: 'test-nomount', mount: 'draw()' }],
      ['type', { type: 'BadType', mount() {} }],
      ['maxPayloadBytes', { type: 'test-big', maxPayloadBytes: 10_000_000, mount() {} }],
      ['version', { type: 'test-big', version: 0, mount() {} }],
      ['contentType', { type: 'test-big', contentType: 'text/html', mount() {} }],
    ];
    return attempts.map(([field, definition]) => {
      const off = api.registerRenderer(definition);
      let threw = false;
      try {
        off();
        off();
      } catch {
        threw = true;
      }
      return { field, returned: typeof off, threw };
    });
  });
  const warnings = consoleMessages.filter((m) => m.type === 'warning').map((m) => m.text);
  for (const { field, returned, threw } of results) {
    expect(returned).toBe('function');
    expect(threw).toBe(false);
    expect(warnings.some((w) => w.startsWith('BailingChat:') && w.includes(`"${field}"`)), `a warning names "${field}"`).toBe(true);
  }

  await turn(page, server.url);
  const advertised = (bodies[0]!.client_capabilities as { renderers: string[] }).renderers;
  expect(advertised.filter((type) => !/^(bailing-|a2ui)/.test(type))).toEqual([]);
  const answer = lastAssistant(page);
  await expect(answer.locator('pre code.language-test-nomount')).toHaveText('{"a": 1}');
  await expect(answer.locator('pre code.language-test-big')).toHaveText('{"b": 2}');
  await expect(answer.locator('.bc-rich')).toHaveCount(0);
});
