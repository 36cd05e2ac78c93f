// A message typed while the browser is offline waits in the list ("Will send when online"),
// survives a reload, and is sent exactly once when the browser is back online, whether the
// online event, the visitor's "Send now", or both start it.
import type { Page } from '@playwright/test';
import { ask, composer, expect, launcher, lastAssistant, loadWidget, requestsReported, storedHistory, test, waitForAnswer } from './fixtures';

const QUEUED_KEY = 'bailing_chat_demo_assistant_queued';

function countPosts(page: Page) {
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/chat/demo_assistant' && posts.push(r.postDataJSON().message));
  return posts;
}

const queuedNote = (page: Page) => page.locator('bailing-chat-widget .bc-messages').getByText('Will send when online');

test('typed offline: it waits in the list, and is sent once when the online event and "Send now" both come', async ({ page, server }) => {
  const posts = countPosts(page);
  await loadWidget(page, server.url);
  await launcher(page).click();
  await page.context().setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await ask(page, 'where is my order?');
  await expect(queuedNote(page)).toBeVisible();
  await expect(page.locator('bailing-chat-widget .bc-msg-user').last()).toContainText('where is my order?');
  await expect(composer(page)).toHaveValue('');
  expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!)[0].t, QUEUED_KEY)).toBe('where is my order?');
  // A second message while one waits is refused, and its text stays in the box.
  await ask(page, 'and another');
  await expect(composer(page)).toHaveValue('and another');
  await composer(page).fill('');
  // "Send now" while still offline: it keeps waiting.
  await page.locator('bailing-chat-widget').getByRole('button', { name: 'Send now' }).click();
  await expect(queuedNote(page)).toBeVisible();
  expect(posts).toEqual([]);

  await page.context().setOffline(false);
  // The visitor presses "Send now" in the same moment as the browser says it is online.
  await page.evaluate(() => {
    const host = document.querySelector('bailing-chat-widget')!.shadowRoot!;
    const button = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Send now');
    window.dispatchEvent(new Event('online'));
    button?.click();
  });
  await waitForAnswer(page);
  await expect(queuedNote(page)).toHaveCount(0);
  await expect(lastAssistant(page)).not.toBeEmpty();
  await requestsReported(page);
  expect(posts).toEqual(['where is my order?']);
  expect((await storedHistory(page)).map((m) => [m.r, m.r === 'u' ? m.t : '']) ).toEqual([['u', 'where is my order?'], ['a', '']]);
  expect(await page.evaluate((key) => localStorage.getItem(key), QUEUED_KEY)).toBe('[]');
});

test('a message that waits survives a reload, and the page that opens online sends it once', async ({ page, server, context }) => {
  await loadWidget(page, server.url);
  await launcher(page).click();
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await ask(page, 'please call me back');
  await expect(queuedNote(page)).toBeVisible();
  // The tab is closed while offline; the visitor comes back later, online.
  await page.close();
  await context.setOffline(false);
  const next = await context.newPage();
  const posts = countPosts(next);
  await loadWidget(next, server.url);
  await launcher(next).click();
  await waitForAnswer(next);
  await expect(next.locator('bailing-chat-widget .bc-msg-user').last()).toContainText('please call me back');
  await expect(lastAssistant(next)).not.toBeEmpty();
  await requestsReported(next);
  expect(posts).toEqual(['please call me back']);
});

const unreachableNote = (page: Page) => page.locator('bailing-chat-widget .bc-messages').getByText("Can't reach the assistant; trying again shortly");

test('a network failure of the send (the browser still says online) keeps the message waiting, and "Send now" sends it', async ({ page, server }) => {
  const posts = countPosts(page);
  await loadWidget(page, server.url);
  await launcher(page).click();
  let fail = true;
  await page.route('**/chat/demo_assistant', (route) => (fail && route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()));
  await ask(page, 'is the shop open?');
  await expect(unreachableNote(page)).toBeVisible();
  await expect(composer(page)).toHaveValue('');
  fail = false;
  await page.locator('bailing-chat-widget').getByRole('button', { name: 'Send now' }).click();
  await waitForAnswer(page);
  await expect(unreachableNote(page)).toHaveCount(0);
  await expect(lastAssistant(page)).not.toBeEmpty();
  // The failed attempt and the one that was taken.
  expect(posts).toEqual(['is the shop open?', 'is the shop open?']);
  expect((await storedHistory(page)).filter((m) => m.r === 'u').map((m) => m.t)).toEqual(['is the shop open?']);
});

test('online, but the server does not answer: it says the assistant cannot be reached, and tries again by itself', async ({ page, server }) => {
  const posts = countPosts(page);
  let refused = 0;
  await page.route('**/chat/demo_assistant', (route) => (route.request().method() == 'POST' && refused++ == 0 ? route.abort('connectionrefused') : route.fallback()));
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'are you there?');
  const note = unreachableNote(page);
  await expect(note).toBeVisible();
  await expect(queuedNote(page)).toHaveCount(0);
  await expect(composer(page)).toHaveValue('');
  // Nobody presses "Send now": the retry sends it, once.
  await expect(note).toHaveCount(0, { timeout: 15_000 });
  await waitForAnswer(page);
  await expect(lastAssistant(page)).not.toBeEmpty();
  await requestsReported(page);
  expect(posts).toEqual(['are you there?', 'are you there?']);
  expect(refused).toBe(2);
});
