// History across page loads: local history shows at once, the server's /thread is merged in by
// job id, a cleared local copy is rebuilt from the server, and rich blocks mount again.
import type { Page, Request, Route } from '@playwright/test';
import { HELLO_ANSWER, SLOW_ANSWER, WEATHER_ANSWER } from '../examples/server/demo/demo-replies';
import {
  afterResponse,
  ask,
  assistantMessages,
  expect,
  launcher,
  lastAssistant,
  loadWidget,
  serverThread,
  storedHistory,
  storedIds,
  test,
  waitForAnswer,
} from './fixtures';

const THREAD_URL = /\/chat\/demo_assistant\/thread\?/;

const userMessages = (page: Page) => page.locator('bailing-chat-widget .bc-msg-user');

/** Two finished turns in a fresh conversation. */
async function twoTurns(page: Page, baseUrl: string) {
  await loadWidget(page, baseUrl);
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await ask(page, "What's the weather like?");
  await waitForAnswer(page);
  await expect(lastAssistant(page)).toContainText('demo weather tool');
}

/** Holds every /thread request until `release` is called. */
async function holdThread(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held: Route[] = [];
  await page.route(THREAD_URL, async (route) => {
    held.push(route);
    await gate;
    await route.continue();
  });
  return { release, held };
}

test('after a reload, local history shows at once and the server thread is merged in by job id', async ({ page, server }) => {
  await twoTurns(page, server.url);
  const local = await storedHistory(page);
  expect(local.map((item) => [item.r, item.t])).toEqual([
    ['u', 'hello'],
    ['a', HELLO_ANSWER],
    ['u', "What's the weather like?"],
    ['a', WEATHER_ANSWER],
  ]);
  for (const item of local) {
    // The weather answer's tool leaves its mark (w: a step line under it).
    expect(Object.keys(item).sort()).toEqual(item.t == WEATHER_ANSWER ? ['j', 'r', 't', 'ts', 'w'] : ['j', 'r', 't', 'ts']);
    expect(item.j).toMatch(/^j_/);
    expect(item.ts).toBeGreaterThan(Date.now() - 60_000);
  }
  expect(local[0]!.j).toBe(local[1]!.j);
  expect(local[2]!.j).toBe(local[3]!.j);
  const server1 = await serverThread(page, server.url);
  expect(server1.map((item) => [item.r, item.j])).toEqual(local.map((item) => [item.r, item.j]));

  // The tab closed before the last answer was kept locally: only the server has it.
  await page.evaluate((items) => localStorage.setItem('bailing_chat_demo_assistant', JSON.stringify(items)), local.slice(0, 3));

  const { release, held } = await holdThread(page);
  await loadWidget(page, server.url);
  await launcher(page).click();
  // Shown from localStorage while /thread has not answered yet.
  await expect(userMessages(page)).toHaveText(['You: hello', "You: What's the weather like?"]);
  await expect(assistantMessages(page)).toHaveCount(1);
  await expect(assistantMessages(page).first().locator('.bc-body strong').first()).toHaveText('Acme help assistant');
  // The /thread request leaves right after the local render; the route sees it a moment later.
  await expect.poll(() => held.length).toBe(1);

  const answered = page.waitForResponse(THREAD_URL);
  release();
  const response = await answered;
  await expect(assistantMessages(page)).toHaveCount(2);
  await expect(lastAssistant(page)).toContainText('demo weather tool');
  await expect(userMessages(page)).toHaveCount(2);
  // Merged without duplicates, and kept: counted again once the merge has surely run.
  await afterResponse(page, response);
  await expect(assistantMessages(page)).toHaveCount(2);
  await expect(userMessages(page)).toHaveCount(2);
  const merged = await storedHistory(page);
  expect(merged.map((item) => [item.r, item.j, item.t])).toEqual(local.map((item) => [item.r, item.j, item.t]));
});

test('with the local copy gone, the history is restored from the server', async ({ page, server }) => {
  await twoTurns(page, server.url);
  const ids = await storedIds(page);
  const before = await storedHistory(page);
  await page.evaluate(() => localStorage.removeItem('bailing_chat_demo_assistant'));

  const thread = page.waitForResponse(THREAD_URL);
  await loadWidget(page, server.url);
  await launcher(page).click();
  const response = await thread;
  const url = new URL(response.url());
  expect(url.searchParams.get('visitor_id')).toBe(ids.visitorId);
  // The default thread: asked for without a thread id.
  expect(ids.threadId).toBe('');
  expect(url.searchParams.has('thread_id')).toBe(false);

  await expect(userMessages(page)).toHaveText(['You: hello', "You: What's the weather like?"]);
  await expect(assistantMessages(page)).toHaveCount(2);
  await expect(assistantMessages(page).first()).toContainText("I'm the Acme help assistant");
  // Rendered as markdown again, not as source.
  await expect(lastAssistant(page).locator('.bc-body li')).toHaveCount(4);
  await expect(lastAssistant(page).locator('.bc-body strong').first()).toHaveText('Now:');
  expect(await storedIds(page)).toEqual(ids);
  const restored = await storedHistory(page);
  expect(restored.map((item) => [item.r, item.j, item.t])).toEqual(before.map((item) => [item.r, item.j, item.t]));
});

test('a chart in restored history is mounted again by the host renderer', async ({ page, server }) => {
  const counts = () =>
    page.evaluate(() => {
      const w = window as unknown as { __demoChartMounts?: number; __demoChartDestroys?: number };
      return { mounts: w.__demoChartMounts ?? 0, destroys: w.__demoChartDestroys ?? 0 };
    });
  // The demo page draws `bailing-chart` with ECharts (dist/renderers/echarts.js); its
  // charts-demo-counts.js counts the ECharts instances created and disposed.
  const chart = () => lastAssistant(page).locator('.bc-rich[data-type="bailing-chart"] figure.bc-chart');

  await page.goto(`${server.url}/`);
  await launcher(page).click();
  await ask(page, 'Show me a chart of signups');
  await waitForAnswer(page);
  await expect(chart().locator('canvas')).toHaveCount(1);
  await expect(chart().locator('tbody tr')).toHaveCount(7);
  await expect(chart().locator('[role="img"]')).toHaveAttribute('aria-label', /Weekly signups\. Signups, 7 points: Mon 12 signups, Tue 19 signups/);
  expect(await counts()).toEqual({ mounts: 1, destroys: 0 });

  const thread = page.waitForResponse(THREAD_URL);
  await page.reload();
  await launcher(page).click();
  const response = await thread;
  await expect(chart().locator('canvas')).toHaveCount(1);
  await expect(chart().locator('tbody tr')).toHaveCount(7);
  await expect(lastAssistant(page).locator('figcaption')).toHaveText('Weekly signups');
  // The timeline type has no renderer on this page: its block is shown as code.
  await expect(lastAssistant(page).locator('pre code.language-bailing-timeline')).toContainText('"label": "Public launch"');
  // A second chart would come from the merge of the server's thread: counted after it.
  await afterResponse(page, response);
  const { mounts, destroys } = await counts();
  expect(mounts - destroys).toBe(1);
  await expect(chart()).toHaveCount(1);
});

test('an answer still coming when the page was reloaded shows up without another reload', async ({ page, server }) => {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/chat/demo_assistant') posts.push(request);
  });
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'Explain it slowly');
  await expect(lastAssistant(page).locator('.bc-body')).toContainText('step by step');

  // The visitor reloads while the answer is still streaming.
  await loadWidget(page, server.url);
  await launcher(page).click();
  await expect(userMessages(page)).toHaveText(['You: Explain it slowly']);
  const answer = lastAssistant(page);
  await expect(answer.locator('.bc-body')).toContainText("That's all there is to it!", { timeout: 15_000 });
  await expect(answer.locator('.bc-body strong')).toHaveText('Widget');
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect(assistantMessages(page)).toHaveCount(1);
  // Picked up again, never asked again.
  expect(posts).toHaveLength(1);
  const stored = await storedHistory(page);
  expect(stored.map((item) => [item.r, item.t])).toEqual([['u', 'Explain it slowly'], ['a', SLOW_ANSWER]]);
});

test('a new visitor asks the hub for no thread; once they have written, the next page does', async ({ page, server }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path == '/chat/demo_assistant/thread' || (path == '/chat/demo_assistant' && request.method() == 'POST')) asked.push(path.endsWith('thread') ? 'thread' : 'message');
  });
  await loadWidget(page, server.url);
  await launcher(page).click();
  // Requests leave in the order they are made: a /thread asked for when the panel showed would
  // be seen before the message's POST.
  const sent = page.waitForRequest((request) => request.method() == 'POST' && new URL(request.url()).pathname == '/chat/demo_assistant');
  await ask(page, 'hello');
  await sent;
  await waitForAnswer(page);
  expect(asked).toEqual(['message']);

  // The hub now has a thread under this visitor's id: the next page reads it.
  const thread = page.waitForResponse(THREAD_URL);
  await loadWidget(page, server.url);
  await launcher(page).click();
  await thread;
  await expect(userMessages(page)).toHaveText(['You: hello']);
  expect(asked).toEqual(['message', 'thread']);
});

/** The visitor's rows' texts (without the name read out before them). */
const questions = (page: Page) => page.locator('bailing-chat-widget .bc-msg-user > div');

/** A stored thread of `turns` questions and answers, oldest first, as the page keeps it. */
const longThread = (turns: number) =>
  Array.from({ length: turns }, (_, i) => [
    { r: 'u', t: `Question ${i}`, j: `j_long${i}`, ts: 1_700_000_000_000 + i * 2000 },
    { r: 'a', t: `Answer ${i}: ${'a paragraph of the answer that fills its line. '.repeat(i % 5 ? 2 : 30)}\n\n- one\n- two`, j: `j_long${i}`, ts: 1_700_000_001_000 + i * 2000 },
  ]).flat();

/**
 * Opens the chat; resolves the rows on screen when the list first shows some (the first task that
 * drew rows), after running `then` there (before any later task can draw more).
 */
async function openCounting(page: Page, then = '') {
  return page.evaluate(async (then) => {
    const root = document.querySelector('bailing-chat-widget')!.shadowRoot!;
    const rows = () => [...root.querySelectorAll('.bc-msg:not(.bc-greeting)')].map((el) => el.querySelector('.bc-body, div')?.textContent?.split(':')[0] ?? '');
    const first = new Promise<string[]>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!rows().length) return;
        observer.disconnect();
        const shown = rows();
        new Function(then)();
        resolve(shown);
      });
      observer.observe(root, { childList: true, subtree: true });
    });
    (window as unknown as { BailingChat: { open(): void } }).BailingChat.open();
    return first;
  }, then);
}

test('a 200-row thread shows its end at once and its older rows above it, in order', async ({ page, server }) => {
  const thread = longThread(100);
  await loadWidget(page, server.url, { before: `localStorage.setItem('bailing_chat_demo_assistant', ${JSON.stringify(JSON.stringify(thread))})` });
  const first = await openCounting(page);
  // The first task drew the newest rows only: the end of the thread, whole turns.
  expect(first.length).toBeGreaterThan(0);
  expect(first.length).toBeLessThan(thread.length);
  expect(first.at(-1)).toBe('Answer 99');
  expect(first[0]).toMatch(/^Question \d+$/);
  const rows = page.locator('bailing-chat-widget .bc-msg:not(.bc-greeting)');
  await expect(rows).toHaveCount(thread.length);
  await expect(questions(page)).toHaveText(thread.filter((item) => item.r == 'u').map((item) => item.t));
  await expect(assistantMessages(page).first()).toContainText('Answer 0:');
  // Still at the end, where the visitor was.
  const list = page.locator('bailing-chat-widget .bc-messages');
  await expect.poll(() => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(2);
  await expect(list.getByText('Answer 99:')).toBeInViewport();
});

test('a message sent while a long thread is still being drawn goes after it, and New conversation ends the drawing', async ({ page, server }) => {
  // 198 rows: with the new turn's two, as many as a thread keeps (KEPT_ROWS).
  const thread = longThread(99);
  await loadWidget(page, server.url, { before: `localStorage.setItem('bailing_chat_demo_assistant', ${JSON.stringify(JSON.stringify(thread))})` });
  const first = await openCounting(page, "BailingChat.send('hello')");
  expect(first.length).toBeLessThan(thread.length);
  await waitForAnswer(page);
  await expect(page.locator('bailing-chat-widget .bc-msg:not(.bc-greeting)')).toHaveCount(thread.length + 2);
  await expect(questions(page)).toHaveText([...thread.filter((item) => item.r == 'u').map((item) => item.t), 'hello']);
  await expect(lastAssistant(page)).toContainText(HELLO_ANSWER.slice(0, 20));

  // A new conversation while the thread's older rows are still to come: none of them comes after it.
  await loadWidget(page, server.url);
  expect(await storedHistory(page)).toHaveLength(thread.length + 2);
  const again = await openCounting(page, 'BailingChat.newConversation()');
  expect(again.length).toBeLessThan(thread.length + 2);
  // The older rows' slice was asked for an idle moment (or 300 ms) before this idle callback.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 300 })));
  await expect(page.locator('bailing-chat-widget .bc-msg:not(.bc-greeting)')).toHaveCount(0);
});

test('a page that opens the chat and sends in the same task keeps the visitor\'s row, below the thread', async ({ page, server }) => {
  // A thread with answers: its first paint waits for the markdown code, after the send.
  const thread = longThread(3);
  await loadWidget(page, server.url, { before: `localStorage.setItem('bailing_chat_demo_assistant', ${JSON.stringify(JSON.stringify(thread))})` });
  await page.evaluate(() => {
    const chat = (window as unknown as { BailingChat: { open(): void; send(text: string): void } }).BailingChat;
    chat.open();
    chat.send('hello');
  });
  await waitForAnswer(page);
  await expect(lastAssistant(page)).toContainText(HELLO_ANSWER.slice(0, 20));
  await expect(questions(page)).toHaveText(['Question 0', 'Question 1', 'Question 2', 'hello']);
  await expect(page.locator('bailing-chat-widget .bc-msg:not(.bc-greeting)')).toHaveCount(8);
});
