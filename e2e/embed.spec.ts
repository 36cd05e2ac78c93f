// The embed contract (DESIGN.md §5) as a host page sees it: script attributes, the preload
// object, the window.BailingChat API, and what the widget leaves alone on the host page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { signTicket } from '../examples/server/hub/tickets';
import { ROOT_DIR, ask, composer, expect, launcher, lastAssistant, loadWidget, nextFrame, panel, requestsReported, test, waitForAnswer, addScript } from './fixtures';

const ENTRIES = JSON.parse(readFileSync(join(ROOT_DIR, 'examples/server/entries.json'), 'utf8')).entries as Record<string, Record<string, unknown>>;

/** Every request the page makes, from now on. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

const chatRequests = (requests: Request[]) => requests.filter((r) => new URL(r.url()).pathname.startsWith('/chat'));

async function widgetCount(page: Page) {
  return page.locator('bailing-chat-widget').count();
}

/** Holds the config response until the returned function is called. */
async function holdConfig(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/chat/*/config', async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

type Messages = { type: string; text: string }[];

async function waitForConsole(messages: Messages, type: string, pattern: RegExp) {
  await expect.poll(() => messages.filter((m) => m.type === type && pattern.test(m.text)).map((m) => m.text), { message: `a console ${type} matching ${pattern}` }).not.toEqual([]);
  return messages.filter((m) => m.type === type && pattern.test(m.text));
}

// A negative check ("nothing happened") waits for the event after which it would have happened.
// Boot fails synchronously, in the same task as its console error: once that error is seen, a
// config fetch would have been made, and `requestsReported` waits until Playwright has reported it.

test.describe('data-entry validation', () => {
  const cases: { name: string; attrs: Record<string, string>; rule: RegExp }[] = [
    { name: 'missing', attrs: {}, rule: /needs data-entry="<entry key>" matching \^\[a-z0-9_-\]\{4,32\}\$ \(none given\)/ },
    { name: '"AB" (too short)', attrs: { 'data-entry': 'AB' }, rule: /data-entry must match \^\[a-z0-9_-\]\{4,32\}\$ \(got "AB"\)/ },
    { name: '"bad entry!"', attrs: { 'data-entry': 'bad entry!' }, rule: /data-entry must match \^\[a-z0-9_-\]\{4,32\}\$ \(got "bad entry!"\)/ },
    { name: '33 characters', attrs: { 'data-entry': 'a'.repeat(33) }, rule: /data-entry must match \^\[a-z0-9_-\]\{4,32\}\$/ },
  ];
  for (const { name, attrs, rule } of cases) {
    test(`${name}: console error naming the rule, nothing rendered, no request`, async ({ page, server, consoleMessages }) => {
      await page.goto(`${server.url}/e2e/blank.html`);
      const requests = recordRequests(page);
      await addScript(page, `${server.url}/widget.js`, attrs);
      const errors = await waitForConsole(consoleMessages, 'error', /BailingChat:/);
      expect(errors[0]!.text).toMatch(rule);
      expect(errors[0]!.text).toContain('nothing rendered');
      await requestsReported(page);
      expect(await widgetCount(page)).toBe(0);
      expect(chatRequests(requests).map((r) => r.url())).toEqual([]);
    });
  }

  test('a valid entry (control): renders and fetches its config', async ({ page, server, consoleMessages }) => {
    await page.goto(`${server.url}/e2e/blank.html`);
    const requests = recordRequests(page);
    await addScript(page, `${server.url}/widget.js`, { 'data-entry': 'demo_assistant' });
    await expect(launcher(page)).toBeVisible();
    expect(await widgetCount(page)).toBe(1);
    expect(chatRequests(requests).map((r) => new URL(r.url()).pathname)).toContain('/chat/demo_assistant/config');
    expect(consoleMessages.filter((m) => m.type === 'error')).toEqual([]);
  });
});

test.describe('entry config', () => {
  test('an unknown entry (404 config): console error, nothing rendered', async ({ page, server, consoleMessages }) => {
    await page.goto(`${server.url}/e2e/blank.html`);
    const config = page.waitForResponse((r) => r.url().endsWith('/chat/no_such_entry/config'));
    await addScript(page, `${server.url}/widget.js`, { 'data-entry': 'no_such_entry' });
    expect((await config).status()).toBe(404);
    const errors = await waitForConsole(consoleMessages, 'error', /BailingChat: could not load the chat config/);
    expect(errors[0]!.text).toContain('"no_such_entry"');
    expect(errors[0]!.text).toContain('nothing rendered');
    // The error is logged where the widget would otherwise have been mounted: the frame after it.
    await nextFrame(page);
    expect(await widgetCount(page)).toBe(0);
    // The API stays callable but does nothing.
    expect(await page.evaluate(() => (window as any).BailingChat.send('hello'))).toBe(false);
  });

  test('enabled:false (disabled_demo): nothing rendered, API calls are no-ops', async ({ page, server, consoleMessages }) => {
    expect(ENTRIES.disabled_demo!.enabled).toBe(false);
    await page.goto(`${server.url}/e2e/blank.html`);
    const requests = recordRequests(page);
    const config = page.waitForResponse((r) => r.url().endsWith('/chat/disabled_demo/config'));
    await addScript(page, `${server.url}/widget.js`, { 'data-entry': 'disabled_demo', 'data-open': '1' });
    expect((await config).status()).toBe(200);
    // Read and obeyed once `send` answers false (before that, calls are queued for the widget).
    await expect.poll(() => page.evaluate(() => (window as any).BailingChat.send('hello'))).toBe(false);
    await page.evaluate(() => {
      (window as any).BailingChat.open();
      (window as any).BailingChat.send('hello');
    });
    // A mount, or the queued sends' POSTs, would come in the frame after the calls at the latest.
    await nextFrame(page);
    await requestsReported(page);
    expect(await widgetCount(page)).toBe(0);
    expect(chatRequests(requests).map((r) => new URL(r.url()).pathname)).toEqual(['/chat/disabled_demo/config']);
    expect(consoleMessages.filter((m) => m.type === 'error')).toEqual([]);
  });
});

test.describe('data-api', () => {
  test('the script from another path (and origin) talks to data-api', async ({ page, server, consoleMessages }) => {
    // The host page is on "localhost", the hub on 127.0.0.1: a cross-origin embed, as in production.
    const hostOrigin = server.url.replace('127.0.0.1', 'localhost');
    // A new origin: keep the browser's own favicon request from logging a 404.
    await page.route(`${hostOrigin}/favicon.ico`, (route) => route.fulfill({ status: 204 }));
    await page.goto(`${hostOrigin}/e2e/blank.html`);
    const requests = recordRequests(page);
    await addScript(page, `${server.url}/dist/widget.js`, { 'data-entry': 'demo_assistant', 'data-api': server.url });
    await launcher(page).click();
    await ask(page, 'hello');
    await waitForAnswer(page);
    await expect(lastAssistant(page)).toContainText('Hi');
    const chat = chatRequests(requests).map((r) => r.url());
    expect(chat).toContain(`${server.url}/chat/demo_assistant/config`);
    expect(chat).toContain(`${server.url}/chat/demo_assistant`);
    expect(chat.every((url) => url.startsWith(`${server.url}/chat/demo_assistant`))).toBe(true);
    expect(consoleMessages.filter((m) => m.type === 'error')).toEqual([]);
  });

  test('control: without data-api the same script looks for the hub next to itself (/dist) and fails', async ({ page, server, consoleMessages }) => {
    await page.goto(`${server.url}/e2e/blank.html`);
    const config = page.waitForResponse((r) => r.url().includes('/config'));
    await addScript(page, `${server.url}/dist/widget.js`, { 'data-entry': 'demo_assistant' });
    expect((await config).url()).toBe(`${server.url}/dist/chat/demo_assistant/config`);
    await waitForConsole(consoleMessages, 'error', /could not load the chat config/);
    expect(await widgetCount(page)).toBe(0);
  });

  for (const value of ['ftp://x', 'not a url']) {
    test(`invalid data-api "${value}": a clear console error, nothing rendered`, async ({ page, server, consoleMessages }) => {
      await page.goto(`${server.url}/e2e/blank.html`);
      const requests = recordRequests(page);
      await addScript(page, `${server.url}/widget.js`, { 'data-entry': 'demo_assistant', 'data-api': value });
      const errors = await waitForConsole(consoleMessages, 'error', /BailingChat:/);
      expect(errors[0]!.text).toContain('data-api must be an absolute http(s) URL');
      expect(errors[0]!.text).toContain(`"${value}"`);
      await requestsReported(page);
      expect(await widgetCount(page)).toBe(0);
      expect(chatRequests(requests)).toEqual([]);
    });
  }
});

test.describe('script attributes', () => {
  test('data-open="1" opens the panel on load; without it the panel stays closed', async ({ page, server }) => {
    await loadWidget(page, server.url, { attrs: { 'data-open': '1' } });
    await expect(panel(page)).toBeVisible();
    await expect(composer(page)).toBeVisible();

    await loadWidget(page, server.url);
    await expect(launcher(page)).toBeVisible();
    await expect(panel(page)).toBeHidden();
  });

  test('data-ticket is passed through in the POST body and the /thread query', async ({ page, server }) => {
    const ticket = signTicket('demo-secret-change-me', { sub: 'user-42', exp: Math.floor(Date.now() / 1000) + 600, entry: 'ticket_demo' });
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await loadWidget(page, server.url, { attrs: { 'data-entry': 'ticket_demo', 'data-ticket': ticket } });
    const thread = page.waitForRequest((r) => r.url().includes('/chat/ticket_demo/thread'));
    await launcher(page).click();
    expect(new URL((await thread).url()).searchParams.get('ticket')).toBe(ticket);
    await ask(page, 'hello');
    await waitForAnswer(page);
    // ticket_demo requires a valid ticket: an answer proves the hub accepted it.
    await expect(lastAssistant(page)).toContainText('Hi');
    const post = requests.find((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/chat/ticket_demo');
    expect(post?.postDataJSON().ticket).toBe(ticket);
  });

  test('data-lang="zh-CN" shows Chinese strings', async ({ page, server }) => {
    await loadWidget(page, server.url, { attrs: { 'data-lang': 'zh-CN' } });
    await page.getByRole('button', { name: '打开聊天' }).click();
    await expect(page.getByRole('button', { name: '发送', exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: '消息' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);
    await expect(page.locator('bailing-chat-widget .bc-root')).toHaveAttribute('lang', 'zh-CN');
  });

  test('data-lang="en" (control) shows English strings', async ({ page, server }) => {
    await loadWidget(page, server.url, { attrs: { 'data-lang': 'en' } });
    await launcher(page).click();
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
  });

  test.describe('with a Chinese browser', () => {
    test.use({ locale: 'zh-CN' });
    test('navigator.language zh-CN gives Chinese strings; data-lang="en" overrides it', async ({ page, server }) => {
      expect(await page.evaluate(() => navigator.language)).toBe('zh-CN');
      await loadWidget(page, server.url);
      await page.getByRole('button', { name: '打开聊天' }).click();
      await expect(page.getByRole('button', { name: '发送', exact: true })).toBeVisible();

      await loadWidget(page, server.url, { attrs: { 'data-lang': 'en' } });
      await expect(launcher(page)).toBeVisible();
    });
  });

  test('data-theme="dark" sets data-mode=dark; "light" sets light even when the system is dark', async ({ page, server }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await loadWidget(page, server.url, { attrs: { 'data-theme': 'dark' } });
    const root = page.locator('bailing-chat-widget .bc-root');
    await expect(root).toHaveAttribute('data-mode', 'dark');
    await launcher(page).click();
    expect(await panel(page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(17, 24, 39)');

    await page.emulateMedia({ colorScheme: 'dark' });
    await loadWidget(page, server.url, { attrs: { 'data-theme': 'light' } });
    await expect(root).toHaveAttribute('data-mode', 'light');
    await launcher(page).click();
    expect(await panel(page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
  });

  test('data-theme="auto" follows prefers-color-scheme, live', async ({ page, server }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await loadWidget(page, server.url, { attrs: { 'data-theme': 'auto' } });
    const root = page.locator('bailing-chat-widget .bc-root');
    await expect(root).toHaveAttribute('data-mode', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(root).toHaveAttribute('data-mode', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(root).toHaveAttribute('data-mode', 'light');
  });

  test('no data-theme behaves as auto', async ({ page, server }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await loadWidget(page, server.url);
    await expect(page.locator('bailing-chat-widget .bc-root')).toHaveAttribute('data-mode', 'dark');
  });

  const SLOT = `document.body.insertAdjacentHTML('beforeend', '<div id="slot" style="height:520px;width:600px"></div>')`;

  test('data-container="#slot" renders the panel inline in that element, without a launcher', async ({ page, server }) => {
    await loadWidget(page, server.url, { attrs: { 'data-container': '#slot' }, before: SLOT });
    expect(await page.locator('#slot > bailing-chat-widget').count()).toBe(1);
    await expect(panel(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open chat' })).toHaveCount(0);
    const slot = (await page.locator('#slot').boundingBox())!;
    const box = (await panel(page).boundingBox())!;
    expect(box.x).toBeCloseTo(slot.x, 0);
    expect(box.y).toBeCloseTo(slot.y, 0);
    expect(box.width).toBeCloseTo(slot.width, 0);
    expect(await panel(page).evaluate((el) => getComputedStyle(el).position)).not.toBe('fixed');
    // Inline panels cannot be closed or maximized, but they work.
    await expect(page.locator('bailing-chat-widget .bc-close-btn')).toBeHidden();
    await ask(page, 'hello');
    await waitForAnswer(page);
    await expect(lastAssistant(page)).toContainText('Hi');
  });

  test('data-container that matches nothing: a warning and the floating launcher', async ({ page, server, consoleMessages }) => {
    await loadWidget(page, server.url, { attrs: { 'data-container': '#nowhere' }, before: SLOT });
    await expect(launcher(page)).toBeVisible();
    expect(await page.locator('#slot bailing-chat-widget').count()).toBe(0);
    const warnings = await waitForConsole(consoleMessages, 'warning', /data-container/);
    expect(warnings[0]!.text).toContain('"#nowhere" matches no element');
  });
});

test.describe('config from the hub', () => {
  test('title, greeting, AI notice, accent colour', async ({ page, server }) => {
    const entry = ENTRIES.demo_assistant!;
    await loadWidget(page, server.url);
    await launcher(page).click();
    await expect(page.locator('bailing-chat-widget .bc-header')).toContainText(entry.title as string);
    expect(entry.title).toBe('Acme Help');
    await expect(page.locator('bailing-chat-widget .bc-greeting')).toHaveText(entry.greeting as string);
    await expect(page.locator('bailing-chat-widget .bc-notice')).toHaveText(entry.ai_notice as string);
    await expect(page.locator('bailing-chat-widget .bc-powered')).toHaveText(entry.powered_by_text as string);
    const accent = await page.locator('bailing-chat-widget').evaluate((host) => getComputedStyle(host).getPropertyValue('--bailing-accent').trim());
    expect(accent).toBe('#4f46e5');
    expect(accent).toBe(entry.color);
    // The accent is used: the launcher and the send button are painted with it.
    const rgb = 'rgb(79, 70, 229)';
    expect(await page.locator('bailing-chat-widget .bc-launcher').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb);
    expect(await page.locator('bailing-chat-widget .bc-send').first().evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb);
  });

  for (const [entry, side] of [['demo_assistant', 'right'], ['store_assistant', 'right'], ['ticket_demo', 'left']] as const) {
    test(`${entry}: position, offsets, width and height reach the panel`, async ({ page, server }) => {
      expect(ENTRIES[entry]!.position).toBe(side);
      // What the hub serves (entries.json with its defaults filled in) is what the panel must show.
      const config = await (await page.request.get(`${server.url}/chat/${entry}/config`)).json();
      expect(config.position).toBe(side);
      const { width, height, offset_x: offsetX, offset_y: offsetY } = config as Record<string, number>;
      await loadWidget(page, server.url, { attrs: { 'data-entry': entry } });
      await expect(page.locator('bailing-chat-widget .bc-title')).toHaveText(config.title);
      const viewport = page.viewportSize()!;
      // Measured before any hover (the launcher grows a little under the pointer).
      const launcherBox = (await page.locator('bailing-chat-widget .bc-launcher').boundingBox())!;
      expect(launcherBox.width).toBe(56);
      expect(viewport.height - (launcherBox.y + launcherBox.height)).toBeCloseTo(offsetY, 0);
      if (side === 'right') expect(viewport.width - (launcherBox.x + launcherBox.width)).toBeCloseTo(offsetX, 0);
      else expect(launcherBox.x).toBeCloseTo(offsetX, 0);

      await page.evaluate(() => (window as any).BailingChat.open());
      await expect(panel(page)).toBeVisible();
      const box = (await panel(page).boundingBox())!;
      expect(box.width).toBeCloseTo(width, 0);
      expect(box.height).toBeCloseTo(height, 0);
      if (side === 'right') expect(viewport.width - (box.x + box.width)).toBeCloseTo(offsetX, 0);
      else expect(box.x).toBeCloseTo(offsetX, 0);
      // Above the launcher: its offset, its 56px and a gap.
      expect(viewport.height - (box.y + box.height)).toBeGreaterThan(offsetY + 56);
      const style = await panel(page).evaluate((el) => {
        const s = getComputedStyle(el);
        return { position: s.position, width: s.width, height: s.height };
      });
      expect(style).toEqual({ position: 'fixed', width: `${width}px`, height: `${height}px` });
      const align = await page.locator('bailing-chat-widget .bc-title').evaluate((el) => getComputedStyle(el).textAlign);
      expect(align === 'center').toBe(config.title_align === 'center');
    });
  }

  test('store_assistant differs from demo_assistant (the layout test compares real differences)', async ({ page, server }) => {
    const a = await (await page.request.get(`${server.url}/chat/demo_assistant/config`)).json();
    const b = await (await page.request.get(`${server.url}/chat/store_assistant/config`)).json();
    expect([a.width, a.height, a.title_align]).not.toEqual([b.width, b.height, b.title_align]);
  });
});

test.describe('preload', () => {
  test('window.BailingChat = {config, renderers} before an async script', async ({ page, server, consoleMessages }) => {
    await loadWidget(page, server.url, {
      async: true,
      before: `window.BailingChat = {
        config: { theme: 'dark', lang: 'zh-CN', open: true },
        renderers: [{
          type: 'bailing-chart',
          mount(ctx) {
            const el = document.createElement('p');
            el.className = 'preloaded-chart';
            el.textContent = 'chart with ' + ctx.payload.data.length + ' points';
            ctx.container.append(el);
            window.__preloadMounts = (window.__preloadMounts || 0) + 1;
          },
        }],
      };`,
    });
    const root = page.locator('bailing-chat-widget .bc-root');
    await expect(root).toHaveAttribute('data-mode', 'dark');
    await expect(root).toHaveAttribute('lang', 'zh-CN');
    await expect(panel(page)).toBeVisible();
    // The preload object is replaced by the API object.
    expect(await page.evaluate(() => (window as any).BailingChat.apiVersion)).toBe('1');
    await page.getByRole('textbox', { name: '消息' }).fill('chart');
    await page.getByRole('textbox', { name: '消息' }).press('Enter');
    await expect(page.getByRole('button', { name: '停止' })).toBeHidden({ timeout: 15_000 });
    await expect(page.locator('bailing-chat-widget .preloaded-chart')).toHaveText('chart with 7 points');
    expect(await page.evaluate(() => (window as any).__preloadMounts)).toBe(1);
    expect(consoleMessages.filter((m) => m.type === 'warning' && m.text.includes('preload'))).toEqual([]);
  });

  test('invalid preload pieces are warned about and skipped; the widget still works', async ({ page, server, consoleMessages }) => {
    await loadWidget(page, server.url, {
      async: true,
      before: `window.BailingChat = { colour: 'red', config: { theme: 42, wat: true, lang: 'zh-CN' }, renderers: { type: 'x' } };`,
    });
    const warnings = await waitForConsole(consoleMessages, 'warning', /preload/);
    const texts = warnings.map((m) => m.text).join('\n');
    expect(texts).toContain('unknown key "colour"');
    expect(texts).toContain('config.theme must be a string (got number)');
    expect(texts).toContain('unknown config key "wat"');
    expect(texts).toContain('"renderers" must be an array (got object)');
    // The valid piece is kept.
    await expect(page.locator('bailing-chat-widget .bc-root')).toHaveAttribute('lang', 'zh-CN');
    await page.getByRole('button', { name: '打开聊天' }).click();
    await page.getByRole('textbox', { name: '消息' }).fill('hello');
    await page.getByRole('textbox', { name: '消息' }).press('Enter');
    await expect(lastAssistant(page)).toContainText('Hi', { timeout: 15_000 });
  });

  test('config.entry in the preload names the entry when the script tag has none', async ({ page, server, consoleMessages }) => {
    await page.goto(`${server.url}/e2e/blank.html`);
    await page.evaluate(() => ((window as any).BailingChat = { config: { entry: 'store_assistant' } }));
    await addScript(page, `${server.url}/widget.js`, {});
    await expect(page.locator('bailing-chat-widget .bc-title')).toHaveText('Acme Store');
    expect(consoleMessages.filter((m) => m.type === 'error')).toEqual([]);
  });

  test('a preload that is not an object is warned about; the widget still works', async ({ page, server, consoleMessages }) => {
    await loadWidget(page, server.url, { before: `window.BailingChat = 'please';` });
    await waitForConsole(consoleMessages, 'warning', /preload must be an object/);
    await launcher(page).click();
    await ask(page, 'hello');
    await expect(lastAssistant(page)).toContainText('Hi', { timeout: 15_000 });
  });
});

test.describe('window.BailingChat', () => {
  const METHODS = ['close', 'newConversation', 'on', 'open', 'registerRenderer', 'registerTool', 'send', 'setContext', 'setTicket', 'toggle', 'widget'];

  test('frozen, versioned, exactly the documented members', async ({ page, server }) => {
    await loadWidget(page, server.url);
    const shape = await page.evaluate(() => {
      const api = (window as any).BailingChat;
      const members = Object.keys(api).sort();
      const original = api.open;
      try {
        api.open = () => 'hijacked';
      } catch {
        /* strict mode: a TypeError */
      }
      return {
        frozen: Object.isFrozen(api),
        apiVersion: api.apiVersion,
        rendererApiVersion: api.rendererApiVersion,
        members,
        functions: members.filter((k) => typeof api[k] === 'function'),
        stillOriginal: api.open === original,
      };
    });
    expect(shape.frozen).toBe(true);
    expect(shape.apiVersion).toBe('1');
    expect(shape.rendererApiVersion).toBe('1');
    // `state`: an AG-UI agent's shared state (undefined for a hub's entry), read-only.
    expect(shape.members).toEqual(['apiVersion', 'rendererApiVersion', 'state', ...METHODS].sort());
    expect(shape.functions).toEqual(METHODS);
    expect(shape.stillOriginal).toBe(true);
  });

  test('setContext({page_key, page_name}) is sent in the next POST', async ({ page, server }) => {
    await loadWidget(page, server.url);
    await page.evaluate(() => (window as any).BailingChat.setContext({ page_key: 'sku-1042', page_name: 'Trail Runner 2' }));
    const post = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/chat/demo_assistant');
    await launcher(page).click();
    await ask(page, 'hello');
    const body = (await post).postDataJSON();
    // The path, not the address: as the hub's widget sends it.
    expect(body.context).toEqual({ page_key: 'sku-1042', page_name: 'Trail Runner 2', url: '/e2e/blank.html', title: 'Test host' });
    expect(body.message).toBe('hello');
    await waitForAnswer(page);
  });

  test('setTicket and setContext before the config arrives are kept', async ({ page, server }) => {
    const ticket = signTicket('demo-secret-change-me', { sub: 'user-7', exp: Math.floor(Date.now() / 1000) + 600, entry: 'ticket_demo' });
    const release = await holdConfig(page);
    await loadWidget(page, server.url, { attrs: { 'data-entry': 'ticket_demo' }, waitForUi: false });
    await page.waitForFunction(() => (window as any).BailingChat?.apiVersion === '1');
    await page.evaluate((t) => {
      (window as any).BailingChat.setTicket(t);
      (window as any).BailingChat.setContext({ page_key: 'early' });
    }, ticket);
    release();
    const post = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/chat/ticket_demo');
    await launcher(page).click();
    await ask(page, 'hello');
    const body = (await post).postDataJSON();
    expect(body.ticket).toBe(ticket);
    expect(body.context.page_key).toBe('early');
    await waitForAnswer(page);
    await expect(lastAssistant(page)).toContainText('Hi');
  });

  test('invalid input to setContext, setTicket, on and send: warnings, never a throw', async ({ page, server, consoleMessages }) => {
    await loadWidget(page, server.url);
    const calls: [string, string][] = [
      ['setContext(null)', 'setContext expects an object'],
      ['setContext("home")', 'setContext expects an object'],
      ['setContext({ page_key: 5 })', 'setContext: page_key must be a string'],
      ['setContext({ page_key: "x".repeat(201) })', 'setContext: page_key is longer than 200'],
      ['setContext({ user: "me" })', 'setContext: unknown key "user"'],
      ['setTicket(42)', 'setTicket expects a non-empty string or null'],
      ['setTicket("")', 'setTicket expects a non-empty string or null'],
      ['on("typing", () => {})', 'on: unknown event "typing"'],
      ['on("open", "not a function")', 'on("open"): handler must be a function'],
      ['send("")', 'send expects a non-empty string'],
      ['send("   ")', 'send expects a non-empty string'],
      ['send(42)', 'send expects a non-empty string'],
    ];
    for (const [call, warning] of calls) {
      const before = consoleMessages.length;
      const outcome = await page.evaluate((code) => {
        try {
          const result = new Function(`return window.BailingChat.${code}`)();
          return { threw: false, result: typeof result === 'function' ? 'function' : result };
        } catch (error) {
          return { threw: true, result: String(error) };
        }
      }, call);
      expect(outcome.threw, call).toBe(false);
      if (call.startsWith('send')) expect(outcome.result, call).toBe(false);
      if (call.startsWith('on')) expect(outcome.result, call).toBe('function');
      await expect.poll(() => consoleMessages.slice(before).filter((m) => m.type === 'warning').map((m) => m.text).join('\n'), { message: call }).toContain(warning);
    }
    // Nothing was sent, and the widget still works.
    await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveCount(0);
    await launcher(page).click();
    await ask(page, 'hello');
    await waitForAnswer(page);
    await expect(lastAssistant(page)).toContainText('Hi');
  });

  test('open, close and toggle drive the panel and fire events; send opens and sends', async ({ page, server }) => {
    await loadWidget(page, server.url);
    await page.evaluate(() => {
      const w = window as any;
      w.__events = [];
      for (const name of ['open', 'close', 'message', 'done']) w.BailingChat.on(name, (detail: any) => w.__events.push(name === 'done' ? `done:${typeof detail.reply}` : name));
    });
    const api = (call: string) => page.evaluate((c) => new Function(`return window.BailingChat.${c}`)(), call);
    await api('open()');
    await expect(panel(page)).toBeVisible();
    await api('close()');
    await expect(panel(page)).toBeHidden();
    await api('toggle()');
    await expect(panel(page)).toBeVisible();
    await api('toggle()');
    await expect(panel(page)).toBeHidden();
    expect(await api('send("hello")')).toBe(true);
    await expect(panel(page)).toBeVisible();
    await expect(page.locator('bailing-chat-widget .bc-msg-user')).toContainText('hello');
    await waitForAnswer(page);
    await expect(lastAssistant(page)).toContainText('Hi');
    await expect.poll(() => page.evaluate(() => (window as any).__events)).toEqual(['open', 'close', 'open', 'close', 'open', 'message', 'message', 'done:string']);
  });

  test('calls made before the widget is up are queued', async ({ page, server }) => {
    const release = await holdConfig(page);
    await loadWidget(page, server.url, { waitForUi: false });
    await page.waitForFunction(() => (window as any).BailingChat?.apiVersion === '1');
    await page.evaluate(() => (window as any).BailingChat.open());
    expect(await widgetCount(page)).toBe(0);
    release();
    await expect(panel(page)).toBeVisible();
    await expect(composer(page)).toBeFocused();
  });

  test('widget.js loaded twice: a warning and one widget', async ({ page, server, consoleMessages }) => {
    await loadWidget(page, server.url);
    const api = await page.evaluate(() => (window as any).BailingChat);
    expect(api).toBeTruthy();
    const sameApi = await page.evaluateHandle(() => (window as any).BailingChat);
    const requests = recordRequests(page);
    await addScript(page, `${server.url}/widget.js`, { 'data-entry': 'demo_assistant' });
    await waitForConsole(consoleMessages, 'warning', /loaded twice/);
    // A second widget would start with a config fetch of its own, in the task that warned.
    await requestsReported(page);
    expect(chatRequests(requests).map((r) => new URL(r.url()).pathname).filter((path) => path.endsWith('/config'))).toEqual([]);
    expect(await widgetCount(page)).toBe(1);
    expect(await page.evaluate((first) => first === (window as any).BailingChat, sameApi)).toBe(true);
    await launcher(page).click();
    await expect(panel(page)).toHaveCount(1);
  });
});

test.describe('the host page is left alone', () => {
  test('no globals besides BailingChat, no styles or links added, no change to body styles', async ({ page, server }) => {
    await page.goto(`${server.url}/e2e/blank.html`);
    const snapshot = () =>
      page.evaluate(() => {
        const computed = (el: Element) => {
          const s = getComputedStyle(el);
          const out: Record<string, string> = {};
          for (let i = 0; i < s.length; i++) out[s[i]!] = s.getPropertyValue(s[i]!);
          return out;
        };
        return {
          globals: Object.keys(window),
          styles: document.querySelectorAll('style, link').length,
          sheets: document.styleSheets.length,
          adopted: document.adoptedStyleSheets.length,
          headChildren: document.head.children.length,
          body: computed(document.body),
          html: computed(document.documentElement),
          bodyAttrs: document.body.getAttributeNames(),
          htmlAttrs: document.documentElement.getAttributeNames(),
        };
      });
    const before = await snapshot();
    await addScript(page, `${server.url}/widget.js`, { 'data-entry': 'demo_assistant' });
    await launcher(page).click();
    await ask(page, 'markdown please');
    await waitForAnswer(page);
    await page.getByRole('button', { name: 'Maximize' }).click();
    await page.keyboard.press('Escape');
    const after = await snapshot();
    expect(after.globals.filter((k) => !before.globals.includes(k))).toEqual(['BailingChat']);
    expect(after.styles).toBe(before.styles);
    expect(after.sheets).toBe(before.sheets);
    expect(after.adopted).toBe(before.adopted);
    expect(after.headChildren).toBe(before.headChildren);
    expect(after.body).toEqual(before.body);
    expect(after.html).toEqual(before.html);
    expect(after.bodyAttrs).toEqual(before.bodyAttrs);
    expect(after.htmlAttrs).toEqual(before.htmlAttrs);
    // What was added: our script tag to the body, and the widget's host element after the body
    // (out of reach of a transform on it), nothing else.
    const added = await page.evaluate(() => [...document.body.children].slice(-1).map((el) => el.tagName.toLowerCase()));
    expect(added).toEqual(['script']);
    expect(await page.evaluate(() => document.body.children.length)).toBe(2);
    expect(await page.evaluate(() => [...document.documentElement.children].map((el) => el.localName))).toEqual(['head', 'body', 'bailing-chat-widget']);
  });

  test('control: the snapshot sees a global and a style the page adds itself', async ({ page, server }) => {
    // Proves the checks above can fail: the same measures catch a leak.
    await page.goto(`${server.url}/e2e/blank.html`);
    const measure = () => page.evaluate(() => ({ globals: Object.keys(window), styles: document.querySelectorAll('style, link').length, margin: getComputedStyle(document.body).margin }));
    const before = await measure();
    await page.evaluate(() => {
      (window as any).leaked = 1;
      const style = document.createElement('style');
      style.textContent = 'body { margin: 0 }';
      document.head.append(style);
    });
    const after = await measure();
    expect(after.globals.filter((k) => !before.globals.includes(k))).toEqual(['leaked']);
    expect(after.styles).toBe(before.styles + 1);
    expect(after.margin).not.toBe(before.margin);
  });
});
