// A site owner's first embed, when it goes wrong: each mistake leaves one console error that says
// what is wrong and what to change (docs/troubleshooting.md lists the same cases). The page is on
// one origin and the chat server on another, as on a real site.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer } from '../examples/server/app';
import { ROOT_DIR, addScript, expect, launcher, nextFrame, test } from './fixtures';

type Messages = { type: string; text: string }[];

/** The widget's console errors, once there is one. */
async function widgetErrors(messages: Messages) {
  const errors = () => messages.filter((m) => m.type === 'error' && m.text.startsWith('BailingChat:')).map((m) => m.text);
  await expect.poll(errors, { message: 'a BailingChat console error' }).not.toEqual([]);
  return errors();
}

const listen = (server: Server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

// The owner's own chat server: one entry that allows a shop's origin only, one turned off.
let chat: Awaited<ReturnType<typeof startServer>>;
test.beforeAll(async () => {
  chat = await startServer({
    port: 0,
    host: '127.0.0.1',
    dbPath: ':memory:',
    rootDir: ROOT_DIR,
    config: {
      entries: {
        my_site: { title: 'My site', allowed_origins: ['https://shop.example.com'] },
        turned_off: { enabled: false, allowed_origins: ['*'] },
      },
    },
    deltaDelayMs: 3,
    log: () => undefined,
  });
});
test.afterAll(() => chat.close());

/** A page of the test server's, on another origin than the chat server's (a second port). */
async function openHostPage(page: import('@playwright/test').Page, url: string) {
  await page.goto(`${url}/e2e/blank.html`);
  expect(new URL(page.url()).origin).not.toBe(new URL(chat.url).origin);
}

test('an origin the entry does not allow: the server\'s reason, naming the origin, the entry and allowed_origins', async ({ page, server, consoleMessages }) => {
  await openHostPage(page, server.url);
  const config = page.waitForResponse(`${chat.url}/chat/my_site/config`);
  await addScript(page, `${chat.url}/widget.js`, { 'data-entry': 'my_site' });
  expect((await config).status()).toBe(403);
  const [error, ...more] = await widgetErrors(consoleMessages);
  expect(error).toBe(
    `BailingChat: could not load the chat config for "my_site" from ${chat.url}: GET ${chat.url}/chat/my_site/config: HTTP 403: ` +
      `This website may not use this chat: its origin ${server.url} is not in the allowed_origins of entry "my_site"; nothing rendered`,
  );
  expect(more).toEqual([]);
  await nextFrame(page);
  await expect(page.locator('bailing-chat-widget')).toHaveCount(0);
});

test('control: with the page\'s origin in allowed_origins the same tag works', async ({ page, server, consoleMessages }) => {
  const allowing = await startServer({
    port: 0,
    host: '127.0.0.1',
    dbPath: ':memory:',
    rootDir: ROOT_DIR,
    config: { entries: { my_site: { title: 'My site', allowed_origins: [server.url] } } },
    log: () => undefined,
  });
  try {
    await openHostPage(page, server.url);
    await addScript(page, `${allowing.url}/widget.js`, { 'data-entry': 'my_site' });
    await expect(launcher(page)).toBeVisible();
    expect(consoleMessages.filter((m) => m.type === 'error')).toEqual([]);
  } finally {
    await allowing.close();
  }
});

test('a hub whose 403 carries no CORS headers: the widget works out that the server answered, and says to allow the origin', async ({ page, server, consoleMessages }) => {
  // As a hub that refuses an origin without any CORS grant: the browser shows the page only a
  // network error, so the widget probes the URL (no-cors) to tell "refused" from "not there".
  const requests: string[] = [];
  const hub = createServer((req, res) => {
    requests.push(`${req.method} ${req.url} ${req.headers['sec-fetch-mode']}`);
    res.writeHead(403, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: 'origin not allowed' }));
  });
  const hubUrl = await listen(hub);
  try {
    await openHostPage(page, server.url);
    await addScript(page, `${server.url}/widget.js`, { 'data-entry': 'my_site', 'data-api': hubUrl });
    const [error] = await widgetErrors(consoleMessages);
    expect(error).toBe(
      `BailingChat: could not load the chat config for "my_site" from ${hubUrl}: GET ${hubUrl}/chat/my_site/config: network error: ` +
        `it answered, but not to this page (CORS): add ${server.url} to the entry's allowed origins, or check data-api; nothing rendered`,
    );
    expect(requests).toEqual(['GET /chat/my_site/config cors', 'GET /chat/my_site/config no-cors']);
  } finally {
    await close(hub);
  }
});

test('a data-api where nothing listens: no answer, check the server and data-api', async ({ page, server, consoleMessages }) => {
  // A port that was free a moment ago and is closed again.
  const gone = createServer();
  const goneUrl = await listen(gone);
  await close(gone);
  await openHostPage(page, server.url);
  await addScript(page, `${server.url}/widget.js`, { 'data-entry': 'my_site', 'data-api': goneUrl });
  const [error] = await widgetErrors(consoleMessages);
  expect(error).toBe(
    `BailingChat: could not load the chat config for "my_site" from ${goneUrl}: GET ${goneUrl}/chat/my_site/config: network error: ` +
      'no answer; is the server up and data-api right?; nothing rendered',
  );
});

test('a data-api that is a web server, not the chat server: its 404, and check data-api', async ({ page, server, consoleMessages }) => {
  // The page's own site: a data-api left pointing at it answers 404 pages, with CORS or without.
  await openHostPage(page, server.url);
  await addScript(page, `${server.url}/widget.js`, { 'data-entry': 'my_site', 'data-api': `${server.url}/pages` });
  const [error] = await widgetErrors(consoleMessages);
  expect(error).toBe(
    `BailingChat: could not load the chat config for "my_site" from ${server.url}/pages: GET ${server.url}/pages/chat/my_site/config: HTTP 404: Not found; ` +
      "check data-api (the chat server's URL) and data-entry; nothing rendered",
  );
});

test('an entry turned off: a warning that says so, and nothing on the page', async ({ page, server, consoleMessages }) => {
  await openHostPage(page, server.url);
  const config = page.waitForResponse(`${chat.url}/chat/turned_off/config`);
  await addScript(page, `${chat.url}/widget.js`, { 'data-entry': 'turned_off' });
  expect((await config).status()).toBe(200);
  await expect
    .poll(() => consoleMessages.filter((m) => m.type === 'warning').map((m) => m.text))
    .toEqual(['BailingChat: entry "turned_off" is turned off (enabled: false); nothing rendered']);
  await nextFrame(page);
  await expect(page.locator('bailing-chat-widget')).toHaveCount(0);
  expect(consoleMessages.filter((m) => m.type === 'error' && m.text.startsWith('BailingChat'))).toEqual([]);
});
