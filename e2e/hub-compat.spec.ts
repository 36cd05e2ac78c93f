// A site that swaps the BailingHub hub's own widget for this one: what the hub's widget left in
// localStorage, the hub's wire (a failed job listed as its visitor row only, hub-relative config
// images, its error sentences, its refusal of form responses) and what the page context reveals.
// The hub's shapes are reproduced with `page.route` where the reference server answers otherwise.
import type { Page, Route } from '@playwright/test';
import { HELLO_ANSWER } from '../examples/server/demo/demo-replies';
import {
  fillRefund,
  addScript,
  ask,
  assistantMessages,
  composer,
  expect,
  launcher,
  lastAssistant,
  loadWidget,
  sseEvent,
  storedHistory,
  storedIds,
  test,
  waitForAnswer,
} from './fixtures';
import { createJobBodies, showView, view } from './sandbox-helpers';

const ENTRY = 'demo_assistant';
const THREAD_URL = /\/chat\/demo_assistant\/thread\?/;
const isCreateJob = (route: Route) => route.request().method() === 'POST' && new URL(route.request().url()).pathname === `/chat/${ENTRY}`;

const userMessages = (page: Page) => page.locator('bailing-chat-widget .bc-msg-user');
/** Where errors are announced: the assertive region. */
const liveRegion = (page: Page) => page.locator('bailing-chat-widget .bc-sr[role="alert"]');
const widgetText = (page: Page) => page.locator('bailing-chat-widget').evaluate((host) => host.shadowRoot!.textContent ?? '');

/** A visitor id as the hub mints it (16 hex characters). */
const HUB_VISITOR = '3f9a1c2e7b4d8a60';
const REFS = [{ seq: 1, title: 'Shipping times', score: 0.87, snippet: 'Orders ship within two days.' }];
/** `bailing_chat_<entry>` as the hub's widget writes it: no `ts`, visitor rows and failures without job id. */
const HUB_HISTORY = [
  { r: 'u', t: 'Where is my order?' },
  { r: 'a', t: 'It ships **tomorrow**.', e: false, j: 'j_hub_0001', v: 'up', c: 'Clear, thanks', refs: REFS },
  { r: 'u', t: 'And the invoice?' },
  { r: 'a', t: '网络连接中断，请稍后重试。', e: true },
];

test("the hub widget's visitor and history carry over; the default thread until a new conversation", async ({ page, server }) => {
  const bodies = createJobBodies(page);
  await loadWidget(page, server.url, {
    before: `localStorage.setItem('bailing_visitor_${ENTRY}', '${HUB_VISITOR}'); localStorage.setItem('bailing_chat_${ENTRY}', ${JSON.stringify(JSON.stringify(HUB_HISTORY))})`,
  });
  const thread = page.waitForResponse(THREAD_URL);
  await launcher(page).click();

  await expect(userMessages(page)).toHaveText(['You: Where is my order?', 'You: And the invoice?']);
  await expect(assistantMessages(page)).toHaveCount(2);
  await expect(assistantMessages(page).first().locator('.bc-body strong')).toHaveText('tomorrow');
  await expect(assistantMessages(page).first()).not.toHaveClass(/bc-msg-error/);
  // The hub widget's failed answer is a failure here too, with Retry.
  const failure = assistantMessages(page).last();
  await expect(failure).toHaveClass(/bc-msg-error/);
  await expect(failure).toContainText('网络连接中断，请稍后重试。');
  await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();

  // The same visitor, in the default thread: no thread_id asked for, none stored.
  const url = new URL((await thread).url());
  expect(url.searchParams.get('visitor_id')).toBe(HUB_VISITOR);
  expect(url.searchParams.has('thread_id')).toBe(false);
  expect(await storedIds(page)).toEqual({ visitorId: HUB_VISITOR, threadId: '' });

  await ask(page, 'hello');
  await waitForAnswer(page);
  await expect(lastAssistant(page)).toContainText('Acme help assistant');
  expect(bodies).toHaveLength(1);
  expect(bodies[0]!.visitor_id).toBe(HUB_VISITOR);
  expect(bodies[0]).not.toHaveProperty('thread_id');

  // Written back with what the hub's widget needs: rating, comment, citations, both failure flags.
  const stored = await storedHistory(page);
  expect(stored.slice(0, 4)).toEqual([
    { r: 'u', t: 'Where is my order?', ts: 0 },
    { r: 'a', t: 'It ships **tomorrow**.', j: 'j_hub_0001', ts: 0, v: 'up', c: 'Clear, thanks', refs: REFS },
    { r: 'u', t: 'And the invoice?', ts: 0 },
    { r: 'a', t: '网络连接中断，请稍后重试。', ts: 0, err: true, e: true },
  ]);
  expect(stored.slice(4).map((item) => [item.r, item.t])).toEqual([['u', 'hello'], ['a', HELLO_ANSWER]]);

  // A new conversation mints a thread id, keeps it and sends it from then on.
  await page.getByRole('button', { name: 'New conversation' }).click();
  const { visitorId, threadId } = await storedIds(page);
  expect(visitorId).toBe(HUB_VISITOR);
  expect(threadId).toMatch(/^[A-Za-z0-9_-]{8,32}$/);
  await ask(page, 'hello again');
  await waitForAnswer(page);
  expect(bodies).toHaveLength(2);
  expect(bodies[1]!.thread_id).toBe(threadId);
  expect(bodies[1]!.visitor_id).toBe(HUB_VISITOR);
  // A reload stays in that thread.
  await loadWidget(page, server.url);
  const reloaded = page.waitForResponse(THREAD_URL);
  await launcher(page).click();
  expect(new URL((await reloaded).url()).searchParams.get('thread_id')).toBe(threadId);
  await expect(userMessages(page)).toHaveText(['You: hello again']);
});

test("a stored thread id of the hub's widget is cleaned as the hub cleans it", async ({ page, server }) => {
  const bodies = createJobBodies(page);
  await loadWidget(page, server.url, { before: `localStorage.setItem('bailing_thread_${ENTRY}', 'tHub 1234:5678/abcd')` });
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  expect(bodies[0]!.thread_id).toBe('tHub12345678abcd');
});

test('a failed job ends as a failure stored with both flags, showing the hub\'s sentence', async ({ page, server }) => {
  const reply = '抱歉，本次处理失败，请稍后再试。';
  await page.route('**/chat/demo_assistant/events/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body: sseEvent('reset', { seq: 1, reason: 'model_round', round: 1 }, 1) + sseEvent('done', { done: true, error: true, job_id: 'x', reply }),
    }),
  );
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'hello');
  await expect(lastAssistant(page)).toHaveClass(/bc-msg-error/);
  await expect(lastAssistant(page)).toContainText(reply);
  await expect(liveRegion(page)).toHaveText('The answer failed');
  const stored = await storedHistory(page);
  expect(stored.at(-1)).toMatchObject({ r: 'a', t: reply, err: true, e: true });
  expect(stored.at(-1)!.j).toBe(stored.at(-2)!.j);
});

test('on another device, a visitor row the hub left unanswered mid-thread is a failure with Retry', async ({ page, server }) => {
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await ask(page, "What's the weather like?");
  await waitForAnswer(page);
  const bodies = createJobBodies(page);

  // Another device: no local history. The hub lists the first job as its visitor row only,
  // as it lists a failed job.
  await page.evaluate((entry) => localStorage.removeItem(`bailing_chat_${entry}`), ENTRY);
  await page.route(THREAD_URL, async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    const firstAnswer = json.messages.findIndex((m: { r: string }) => m.r === 'a');
    json.messages.splice(firstAnswer, 1);
    await route.fulfill({ response, json });
  });
  await loadWidget(page, server.url);
  await launcher(page).click();

  await expect(userMessages(page)).toHaveText(['You: hello', "You: What's the weather like?"]);
  await expect(assistantMessages(page)).toHaveCount(2);
  const failure = assistantMessages(page).first();
  await expect(failure).toHaveClass(/bc-msg-error/);
  await expect(failure).toContainText('The answer could not be loaded. Please try again.');
  await expect(lastAssistant(page)).toContainText('demo weather tool');
  await expect(lastAssistant(page)).not.toHaveClass(/bc-msg-error/);
  // Not followed as if it were still running: nothing streams.
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();

  // Retry asks that question again, as a new turn at the end.
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(userMessages(page)).toHaveText(['You: hello', "You: What's the weather like?", 'You: hello']);
  await waitForAnswer(page);
  await expect(lastAssistant(page)).toContainText('Acme help assistant');
  expect(bodies).toHaveLength(1);
  expect(bodies[0]!.message).toBe('hello');
});

test.describe('config images', () => {
  /** The page on "localhost", the hub on 127.0.0.1: a page-relative path would miss the hub. */
  async function embedWithConfig(page: Page, hubUrl: string, extra: Record<string, unknown>) {
    await page.route('**/chat/demo_assistant/config', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), ...extra } });
    });
    await page.goto(`${hubUrl.replace('127.0.0.1', 'localhost')}/e2e/blank.html`);
    await addScript(page, `${hubUrl}/widget.js`, { 'data-entry': ENTRY });
    await expect(launcher(page)).toBeVisible();
  }

  test('hub-relative avatar and launcher icon paths load from the hub', async ({ page, server }) => {
    const loaded: string[] = [];
    page.on('response', (response) => new URL(response.url()).pathname.endsWith('.svg') && response.ok() && loaded.push(response.url()));
    await embedWithConfig(page, server.url, { avatar: '/e2e/hub-avatar.svg', launcher_icon: '/e2e/hub-avatar.svg?icon' });
    const icon = page.locator('bailing-chat-widget .bc-launcher img');
    await expect(icon).toHaveAttribute('src', `${server.url}/e2e/hub-avatar.svg?icon`);
    await launcher(page).click();
    const avatar = page.locator('bailing-chat-widget .bc-avatar');
    await expect(avatar).toBeVisible();
    await expect(avatar).toHaveAttribute('src', `${server.url}/e2e/hub-avatar.svg`);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(32);
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(32);
    expect(loaded.sort()).toEqual([`${server.url}/e2e/hub-avatar.svg`, `${server.url}/e2e/hub-avatar.svg?icon`]);
  });

  test('protocol-relative, http and javascript: images are refused with a warning naming the field', async ({ page, server, consoleMessages }) => {
    const elsewhere: string[] = [];
    page.on('request', (request) => !request.url().startsWith(server.url.replace('127.0.0.1', 'localhost')) && !request.url().startsWith(server.url) && elsewhere.push(request.url()));
    await embedWithConfig(page, server.url, { avatar: '//evil.example/a.png', launcher_icon: 'javascript:alert(1)' });
    await launcher(page).click();
    await expect(page.locator('bailing-chat-widget .bc-avatar')).toBeHidden();
    await expect(page.locator('bailing-chat-widget .bc-launcher img')).toHaveCount(0);
    const warnings = consoleMessages.filter((m) => m.type === 'warning').map((m) => m.text);
    expect(warnings.some((w) => w.includes('avatar') && w.includes('//evil.example/a.png'))).toBe(true);
    expect(warnings.some((w) => w.includes('launcher_icon') && w.includes('javascript:alert(1)'))).toBe(true);
    expect(elsewhere).toEqual([]);
  });
});

test('the page context sends path, redacted query and hash, never the address as it is', async ({ page, server }) => {
  const bodies = createJobBodies(page);
  await loadWidget(page, server.url, {
    page: '/e2e/blank.html?token=SECRET-T0KEN&email=ada%40example.com&tab=orders&u=bob%40example.org#access_token=SECRET-AT&state=s1',
  });
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  expect(bodies[0]!.context).toEqual({ url: '/e2e/blank.html?token=&email=&tab=orders&u=#access_token=&state=s1', title: 'Test host' });
  const sent = JSON.stringify(bodies[0]);
  for (const secret of ['SECRET', 'example.com', 'example.org', '127.0.0.1']) expect(sent).not.toContain(secret);
});

test.describe("the hub's error sentences show in the turn", () => {
  // [status, body as the hub sends it on POST /chat/:entry, what the visitor reads]
  const cases: [number, object, string][] = [
    [429, { done: true, error: true, reply: '提问太频繁了，请稍候片刻再试。' }, '提问太频繁了，请稍候片刻再试。'],
    [503, { done: true, error: true, reply: '服务暂停中，请稍后再试。' }, '服务暂停中，请稍后再试。'],
    [403, { error: '该站点未被允许嵌入此聊天入口' }, '该站点未被允许嵌入此聊天入口'],
    [401, { error: '身份票据无效或已过期，请刷新页面重新登录' }, '身份票据无效或已过期，请刷新页面重新登录'],
    [404, { error: '聊天入口不存在或已停用' }, '聊天入口不存在或已停用'],
    [400, { error: 'message 必填' }, 'message 必填'],
    // A machine code is not a sentence: the widget's own words.
    [403, { error: 'origin_not_allowed' }, 'Not sent. Your message is back in the box below.'],
  ];
  for (const [status, body, shown] of cases) {
    test(`${status} ${JSON.stringify(body)}`, async ({ page, server }) => {
      await page.route('**/chat/demo_assistant', (route) => (isCreateJob(route) ? route.fulfill({ status, json: body }) : route.continue()));
      await loadWidget(page, server.url);
      await launcher(page).click();
      await ask(page, 'Where is my order?');
      await expect(lastAssistant(page)).toHaveClass(/bc-msg-error/);
      await expect(lastAssistant(page).locator('.bc-body')).toHaveText(shown);
      await expect(liveRegion(page)).toHaveText(shown);
      // The typed text is back in the box; nothing was kept as sent.
      await expect(composer(page)).toHaveValue('Where is my order?');
      await expect(userMessages(page)).toHaveCount(0);
      expect(await storedHistory(page)).toEqual([]);
    });
  }
});

test('a form response the hub refuses shows its sentence in the form, keeps the values and claims nothing was put back', async ({ page, server }) => {
  const refused: Record<string, unknown>[] = [];
  await page.route('**/chat/demo_assistant', (route) => {
    const body = route.request().postDataJSON();
    if (!isCreateJob(route) || !body?.interaction_response) return route.continue();
    refused.push(body);
    // v0.3.4 reads no interaction_response: a request without `message` is refused.
    return route.fulfill({ status: 400, json: { error: 'message 必填' } });
  });
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'I need a refund form');
  await waitForAnswer(page);
  const form = page.locator('bailing-chat-widget .bc-rich[data-type="bailing-form"]');
  await expect(form.locator('form')).toBeVisible();
  await fillRefund(page);
  await composer(page).fill('a draft of my next question');
  const assistantCount = await assistantMessages(page).count();
  await page.getByRole('button', { name: 'Send request' }).click();

  await expect(form.getByRole('status')).toHaveText('message 必填');
  await expect(form).toHaveAttribute('data-state', 'open');
  await expect(page.getByLabel('Order number')).toHaveValue('A-1042');
  await expect(page.getByLabel('Order number')).toBeEnabled();
  await expect(page.getByLabel('Reason for the refund')).toHaveValue('It arrived broken.');
  await expect(page.getByRole('radio', { name: 'Account balance' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'I agree to the refund terms' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Send request' })).toBeEnabled();
  // The contract is kept: a response, no message.
  expect(refused).toHaveLength(1);
  expect(refused[0]).not.toHaveProperty('message');
  expect(refused[0]!.interaction_response).toMatchObject({ type: 'bailing-form', action: 'submit', values: { order: 'A-1042' } });
  // No claim that something went back in the box, and the box is as the visitor left it.
  await expect(composer(page)).toHaveValue('a draft of my next question');
  expect(await widgetText(page)).not.toMatch(/back in the box/i);
  await expect(assistantMessages(page)).toHaveCount(assistantCount);
  await expect(userMessages(page)).toHaveText(['You: I need a refund form']);
  // Editing a field leaves the sentence in place.
  await page.getByLabel('Order number').fill('A-1043');
  await expect(form.getByRole('status')).toHaveText('message 必填');
});

test("a view's send the hub refuses shows its sentence; the composer is untouched", async ({ page, server }) => {
  await showView(page, server.url, {
    title: 'Sender',
    html: '<button id="go">Send</button><output id="out"></output>',
    jsFunctions: "function go() { agent.send({ text: 'Explain 12 × 7' }).then(() => out.textContent += 'sent;', (e) => out.textContent += 'refused: ' + e.message + ';') }",
    jsExpressions: ['document.getElementById("go").onclick = go'],
  });
  await page.route('**/chat/demo_assistant', (route) =>
    isCreateJob(route) ? route.fulfill({ status: 429, json: { done: true, error: true, reply: '提问太频繁了，请稍候片刻再试。' } }) : route.continue(),
  );
  await composer(page).fill('my draft');
  await view(page).locator('#go').click();
  await expect(lastAssistant(page)).toHaveClass(/bc-msg-error/);
  await expect(lastAssistant(page).locator('.bc-body')).toHaveText('提问太频繁了，请稍候片刻再试。');
  await expect(liveRegion(page)).toHaveText('提问太频繁了，请稍候片刻再试。');
  await expect(composer(page)).toHaveValue('my draft');
  expect(await widgetText(page)).not.toMatch(/back in the box/i);
  await expect(userMessages(page)).toHaveText(['You: hello']);
});
