// The visitor's side of a conversation: the composer's keys, the Send/Stop swap, starting over,
// and the host page's view of a turn through `BailingChat.on` and `BailingChat.send`.
import type { Request } from '@playwright/test';
import { FAIL_REPLY, HELLO_ANSWER } from '../examples/server/demo/demo-replies';
import {
  afterResponse,
  ask,
  assistantMessages,
  composer,
  expect,
  launcher,
  lastAssistant,
  loadWidget,
  panel,
  requestsReported,
  serverThread,
  storedHistory,
  storedIds,
  test,
  waitForAnswer,
} from './fixtures';

const GREETING = /Hi! I'm the Acme help assistant/;
const isCreateJob = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/chat/demo_assistant';

test('Enter sends, Shift+Enter adds a line; while streaming Stop replaces Send and Enter sends nothing', async ({ page, server }) => {
  const posts: Request[] = [];
  page.on('request', (request) => isCreateJob(request) && posts.push(request));
  await loadWidget(page, server.url);
  await launcher(page).click();
  const input = composer(page);
  const send = page.getByRole('button', { name: 'Send' });
  const stop = page.getByRole('button', { name: 'Stop' });

  await input.pressSequentially('Two lines:');
  await input.press('Shift+Enter');
  await input.pressSequentially('hello again');
  await expect(input).toHaveValue('Two lines:\nhello again');
  // The keydown handler decides at once: a send would have emptied the box, added the bubble and
  // made its POST before press() returned; the requests made until now have all been reported.
  await requestsReported(page);
  expect(posts).toHaveLength(0);
  await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveCount(0);

  // A slow answer leaves time to look at the composer while it streams.
  await input.fill('Tell me slowly');
  await expect(send).toBeVisible();
  await expect(stop).toBeHidden();
  await input.press('Enter');
  await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveText(['You: Tell me slowly']);
  await expect(input).toHaveValue('');
  await expect(stop).toBeVisible();
  await expect(send).toBeHidden();
  await expect(lastAssistant(page).locator('.bc-body')).toContainText('step by step');

  // The next question can be typed meanwhile, but Enter does not start a second job.
  await input.pressSequentially('And then?');
  await input.press('Enter');
  await expect(input).toHaveValue('And then?');
  await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveCount(1);
  // A second job would have been asked for before the first answer ended: wait for that end,
  // and for every request made until then, before counting.
  await waitForAnswer(page);
  await requestsReported(page);
  expect(posts).toHaveLength(1);
  expect(posts[0]!.postDataJSON()).toMatchObject({ message: 'Tell me slowly' });
  await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveCount(1);

  // Once the answer is done, the same Enter sends what was typed.
  await expect(send).toBeVisible();
  await input.press('Enter');
  await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveText(['You: Tell me slowly', 'You: And then?']);
  expect(posts).toHaveLength(2);
  await waitForAnswer(page);
});

test('New conversation clears the list, starts a new thread and shows the greeting again', async ({ page, server }) => {
  await loadWidget(page, server.url);
  await launcher(page).click();
  await expect(panel(page).getByText(GREETING)).toBeVisible();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await expect(lastAssistant(page)).toContainText("I'm the Acme help assistant");
  const before = await storedIds(page);
  // The first conversation is the hub's default thread: no thread id until a new one starts.
  expect(before.threadId).toBe('');
  expect(await serverThread(page, server.url)).toHaveLength(2);

  await page.getByRole('button', { name: 'New conversation' }).click();
  await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveCount(0);
  await expect(assistantMessages(page)).toHaveCount(0);
  await expect(panel(page).getByText(GREETING)).toBeVisible();
  await expect(composer(page)).toBeFocused();
  const after = await storedIds(page);
  expect(after.threadId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  expect(after.threadId).not.toBe(before.threadId);
  expect(after.visitorId).toBe(before.visitorId);
  expect(await storedHistory(page)).toEqual([]);
  expect(await serverThread(page, server.url)).toEqual([]);

  // After a reload the old thread stays out of sight: neither local nor server history has it.
  await loadWidget(page, server.url);
  const thread = page.waitForResponse((response) => response.url().includes('/chat/demo_assistant/thread'));
  await launcher(page).click();
  const response = await thread;
  expect(new URL(response.url()).searchParams.get('thread_id')).toBe(after.threadId);
  await expect(panel(page).getByText(GREETING)).toBeVisible();
  // The server's thread has been read and merged (or found empty) by now.
  await afterResponse(page, response);
  await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveCount(0);
  await expect(assistantMessages(page)).toHaveCount(0);

  // The new thread works as usual.
  await ask(page, 'hi');
  await waitForAnswer(page);
  const fresh = await serverThread(page, server.url);
  expect(fresh.map((item) => [item.r, item.t])).toEqual([['u', 'hi'], ['a', HELLO_ANSWER]]);
});

test('New conversation can be undone for ten seconds: the list, the thread and its history come back, and the next question continues it', async ({ page, server }) => {
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  const before = await storedIds(page);
  await page.getByRole('button', { name: 'New conversation' }).click();
  const bar = panel(page).locator('.bc-undo');
  await expect(bar).toContainText('Conversation cleared');
  await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveCount(0);
  expect((await storedIds(page)).threadId).not.toBe(before.threadId);
  await bar.getByRole('button', { name: 'Undo' }).click();
  await expect(bar).toHaveCount(0);
  await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveText(['You: hello']);
  await expect(lastAssistant(page)).toContainText("I'm the Acme help assistant");
  expect(await storedIds(page)).toEqual(before);
  expect((await storedHistory(page)).map((item: { r: string }) => item.r)).toEqual(['u', 'a']);
  await ask(page, 'and then?');
  await waitForAnswer(page);
  expect((await serverThread(page, server.url)).map((item) => item.r)).toEqual(['u', 'a', 'u', 'a']);
});

test('BailingChat.on handlers see a turn in order; BailingChat.send opens the panel and sends', async ({ page, server }) => {
  await loadWidget(page, server.url);
  await page.evaluate(() => {
    const log: unknown[] = [];
    (window as unknown as { __events: unknown[] }).__events = log;
    const api = (window as unknown as { BailingChat: { on(name: string, handler: (detail: unknown) => void): () => void } }).BailingChat;
    for (const name of ['open', 'close', 'message', 'done', 'error']) api.on(name, (detail) => log.push({ name, detail }));
  });
  const events = () => page.evaluate(() => (window as unknown as { __events: { name: string; detail: Record<string, unknown> }[] }).__events);

  await expect(panel(page)).toBeHidden();
  const sent = await page.evaluate(() => (window as unknown as { BailingChat: { send(text: string): boolean } }).BailingChat.send('hello'));
  expect(sent).toBe(true);
  await expect(panel(page)).toBeVisible();
  await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveText(['You: hello']);
  await waitForAnswer(page);
  await expect(lastAssistant(page)).toContainText("I'm the Acme help assistant");

  await page.evaluate(() => (window as unknown as { BailingChat: { send(text: string): boolean } }).BailingChat.send('this should fail'));
  await expect(lastAssistant(page)).toContainText(FAIL_REPLY);
  await page.evaluate(() => (window as unknown as { BailingChat: { close(): void } }).BailingChat.close());
  await expect(panel(page)).toBeHidden();

  const log = await events();
  expect(log.map((e) => (e.name === 'message' ? `message:${e.detail.role}` : e.name))).toEqual([
    'open',
    'message:user',
    'message:assistant',
    'done',
    'message:user',
    'error',
    'close',
  ]);
  const jobId = log[1]!.detail.jobId as string;
  expect(jobId).toMatch(/^j_/);
  expect(log[1]!.detail).toEqual({ role: 'user', text: 'hello', jobId });
  expect(log[2]!.detail).toEqual({ role: 'assistant', text: HELLO_ANSWER, jobId });
  expect(log[3]!.detail).toEqual({ jobId, reply: HELLO_ANSWER });
  const failedJob = log[4]!.detail.jobId as string;
  expect(failedJob).not.toBe(jobId);
  expect(log[5]!.detail).toEqual({ message: FAIL_REPLY, jobId: failedJob });

  // An unsubscribed handler hears nothing more.
  await page.evaluate(() => {
    const api = (window as unknown as { BailingChat: { on(name: string, handler: () => void): () => void; open(): void } }).BailingChat;
    const w = window as unknown as { __late: number };
    w.__late = 0;
    const off = api.on('open', () => w.__late++);
    off();
    off();
    api.open();
  });
  await expect(panel(page)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __late: number }).__late)).toBe(0);
  expect((await events()).at(-1)!.name).toBe('open');
});

test('a sent message leaves the composer one line high again', async ({ page, server }) => {
  await loadWidget(page, server.url);
  await launcher(page).click();
  const input = composer(page);
  const height = async () => (await input.boundingBox())!.height;
  const oneLine = await height();
  await input.pressSequentially('first line');
  for (let i = 0; i < 3; i++) {
    await input.press('Shift+Enter');
    await input.pressSequentially(`line ${i + 2}`);
  }
  expect(await height()).toBeGreaterThan(oneLine + 20);
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect.poll(height).toBe(oneLine);
});
