// The widget's languages in a real browser: Arabic mirrors the panel (checked by geometry), each
// message reads in its own direction, Spanish and Japanese (chosen by the page or by the browser's
// languages) come from their files beside widget.js (Chinese from inside it), a file that cannot
// be fetched (a hub serves widget.js alone) leaves English with a warning naming the file to
// serve, a host's overrides show, and axe finds nothing serious in RTL.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { addScript, expect, lastAssistant, loadWidget, ROOT_DIR, test, waitForAnswer } from './fixtures';

const AR = { openChat: 'فتح المحادثة', message: 'رسالة', send: 'إرسال', close: 'إغلاق', stop: 'إيقاف' };

const root = (page: Page) => page.locator('bailing-chat-widget .bc-root');
const box = async (locator: Locator) => (await locator.boundingBox())!;

/** The paths of the page's requests for language files, from now on. */
function languageRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.includes('/i18n/')) paths.push(path);
  });
  return paths;
}

/** The widget in `lang` (data-lang), opened, once its launcher carries that language's name. */
async function openIn(page: Page, baseUrl: string, lang: string, openChat: string, attrs: Record<string, string> = {}) {
  await loadWidget(page, baseUrl, { page: '/e2e/article.html', attrs: { 'data-lang': lang, ...attrs } });
  await page.getByRole('button', { name: openChat }).click();
}

async function askAndWait(page: Page, message: string, text: string, stop: string) {
  const input = page.getByRole('textbox', { name: message });
  await input.fill(text);
  await input.press('Enter');
  await expect(page.getByRole('button', { name: stop })).toBeHidden({ timeout: 15_000 });
  await expect(lastAssistant(page).locator('.bc-body')).not.toBeEmpty();
}

test.describe('Arabic (desktop)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the panel mirrors: the close button and the send button at the inline end (left), the launcher on the owner\'s side', async ({ page, server }) => {
    const fetched = languageRequests(page);
    await openIn(page, server.url, 'ar', AR.openChat);
    await expect(root(page)).toHaveAttribute('dir', 'rtl');
    // The launcher was named in Arabic, so the table was read: from its file beside widget.js.
    expect(fetched).toEqual(['/i18n/ar.js']);
    await expect(root(page)).toHaveAttribute('lang', 'ar');
    // An Arabic message first, then the demo's English answer: "hello" is in it.
    await askAndWait(page, AR.message, 'مرحبا، hello', AR.stop);

    const panelBox = await box(page.locator('bailing-chat-widget .bc-panel'));
    const title = await box(page.locator('bailing-chat-widget .bc-title'));
    const close = await box(page.getByRole('button', { name: AR.close, exact: true }));
    // The header reads right to left: the title at the right, its buttons after it, on the left.
    expect(close.x + close.width).toBeLessThanOrEqual(title.x + 1);
    expect(title.x + title.width).toBeGreaterThan(panelBox.x + panelBox.width - 60);
    const input = await box(page.getByRole('textbox', { name: AR.message }));
    const send = await box(page.getByRole('button', { name: AR.send }));
    expect(send.x + send.width).toBeLessThanOrEqual(input.x + 1);
    expect(send.x - panelBox.x).toBeLessThan(30);
    // The visitor's bubble sits at the inline end (left), the answer at the start (right).
    const user = await box(page.locator('bailing-chat-widget .bc-msg-user').last());
    const answer = await box(lastAssistant(page));
    expect(user.x - panelBox.x).toBeLessThan(30);
    expect(panelBox.x + panelBox.width - (answer.x + answer.width)).toBeLessThan(30);
    // The send arrow points left.
    expect(await page.locator('bailing-chat-widget .bc-send svg').first().evaluate((svg) => getComputedStyle(svg).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    // The owner's side (the demo entry's launcher is at the right) stays.
    await page.getByRole('button', { name: AR.close, exact: true }).click();
    const launcherBox = await box(page.getByRole('button', { name: AR.openChat }));
    expect(launcherBox.x).toBeGreaterThan(1280 - 120);
  });

  test('each message reads in its own direction: an English answer left to right in the Arabic panel', async ({ page, server }) => {
    await openIn(page, server.url, 'ar', AR.openChat);
    await askAndWait(page, AR.message, 'hello there', AR.stop);
    const direction = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).direction);
    const userText = page.locator('bailing-chat-widget .bc-msg-user [dir="auto"]').last();
    await expect(userText).toHaveText('hello there');
    expect(await direction(userText)).toBe('ltr');
    expect(await direction(lastAssistant(page).locator('.bc-body'))).toBe('ltr');
    // The bubble itself keeps the widget's direction (its side and its corner).
    expect(await direction(page.locator('bailing-chat-widget .bc-msg-user').last())).toBe('rtl');
    // The entry's own notice is English: it reads left to right too; the composer stays right to left.
    await expect(page.locator('bailing-chat-widget .bc-notice')).toHaveText('Answers are generated by AI and may be inaccurate.');
    expect(await direction(page.locator('bailing-chat-widget .bc-notice'))).toBe('ltr');
    expect(await direction(page.getByRole('textbox', { name: AR.message }))).toBe('rtl');
    await askAndWait(page, AR.message, 'مرحبا hello', AR.stop);
    expect(await direction(page.locator('bailing-chat-widget .bc-msg-user [dir="auto"]').last())).toBe('rtl');
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`axe: no serious or critical violations in the Arabic panel with an answer, ${theme}`, async ({ page, server }) => {
      await page.emulateMedia({ colorScheme: theme });
      await openIn(page, server.url, 'ar', AR.openChat, { 'data-theme': theme });
      await askAndWait(page, AR.message, 'markdown please', AR.stop);
      await expect(root(page)).toHaveAttribute('data-mode', theme);
      const results = await new AxeBuilder({ page }).include('bailing-chat-widget').analyze();
      expect(results.passes.length).toBeGreaterThan(0);
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  test('screenshot: the Arabic panel after an answer, desktop', async ({ page, server }) => {
    await openIn(page, server.url, 'ar', AR.openChat);
    await askAndWait(page, AR.message, 'مرحبا، أحتاج مساعدة: hello', AR.stop);
    await askAndWait(page, AR.message, 'docs', AR.stop);
    mkdirSync(`${ROOT_DIR}shots`, { recursive: true });
    await page.screenshot({ path: `${ROOT_DIR}shots/ar-desktop.png` });
  });
});

test.describe('Arabic (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('screenshot: the Arabic panel after an answer, phone; full screen, send at the left', async ({ page, server }) => {
    await openIn(page, server.url, 'ar', AR.openChat);
    await askAndWait(page, AR.message, 'مرحبا، أحتاج مساعدة: hello', AR.stop);
    const input = await box(page.getByRole('textbox', { name: AR.message }));
    const send = await box(page.getByRole('button', { name: AR.send }));
    expect(send.x + send.width).toBeLessThanOrEqual(input.x + 1);
    mkdirSync(`${ROOT_DIR}shots`, { recursive: true });
    await page.screenshot({ path: `${ROOT_DIR}shots/ar-phone.png` });
  });
});

test('an Arabic message in the English widget reads right to left', async ({ page, server }) => {
  await openIn(page, server.url, 'en', 'Open chat');
  await expect(root(page)).toHaveAttribute('dir', 'ltr');
  await askAndWait(page, 'Message', 'مرحبا hello', 'Stop');
  expect(await page.locator('bailing-chat-widget .bc-msg-user [dir="auto"]').last().evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
});

test.describe('Spanish from the browser\'s languages', () => {
  test.use({ locale: 'es-MX' });

  test('es-MX gets the Spanish texts, from their file beside widget.js', async ({ page, server }) => {
    const fetched = languageRequests(page);
    await loadWidget(page, server.url);
    await page.getByRole('button', { name: 'Abrir el chat' }).click();
    expect(fetched).toEqual(['/i18n/es.js']);
    await expect(page.getByRole('textbox', { name: 'Mensaje' })).toHaveAttribute('placeholder', 'Escribe tu mensaje…');
    await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible();
    await expect(root(page)).toHaveAttribute('lang', 'es');
    await expect(root(page)).toHaveAttribute('dir', 'ltr');
  });
});

test('Japanese by data-lang, a form in Japanese with its numbers', async ({ page, server }) => {
  await openIn(page, server.url, 'ja', 'チャットを開く');
  await expect(page.getByRole('textbox', { name: 'メッセージ' })).toHaveAttribute('placeholder', 'メッセージを入力…');
  await expect(page.getByRole('button', { name: '新しい会話' })).toBeVisible();
  await askAndWait(page, 'メッセージ', 'form', '停止');
  const form = lastAssistant(page).locator('form.bf');
  await expect(form).toBeVisible();
  // Sent empty: the summary counts the fields to correct in Japanese.
  await form.locator('button[type="submit"]').click();
  await expect(form.locator('.bf-summary')).toHaveText(/^下に示した \d+ 件の項目を修正してください。$|^下に示した項目を修正してください。$/);
  await expect(form.locator('.bf-error:not([hidden])').first()).toHaveText(/必須|選んで|選択/);
});

test("a host's override shows; unknown keys, non-strings and a dropped {slot} are warned about and ignored", async ({ page, server, consoleMessages }) => {
  await loadWidget(page, server.url, {
    attrs: { 'data-lang': 'es' },
    before: `window.BailingChat = { strings: { es: { send: 'Mandar', sned: 'x', close: 3, tooLong: 'Muy largo' }, en: { send: 'Go' } } }`,
  });
  await page.getByRole('button', { name: 'Abrir el chat' }).click();
  await expect(page.getByRole('button', { name: 'Mandar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar', exact: true })).toBeVisible();
  const warnings = consoleMessages.filter((m) => m.type == 'warning').map((m) => m.text);
  expect(warnings).toEqual(expect.arrayContaining([
    'BailingChat: window.BailingChat preload: strings["es"]: unknown key "sned" ignored',
    'BailingChat: window.BailingChat preload: strings["es"].close must be a string (got number); ignored',
    expect.stringMatching(/^BailingChat: window\.BailingChat preload: strings\["es"\]\.tooLong must keep \{n\} /),
  ]));
});

test('Chinese comes from inside widget.js: nothing is fetched for it', async ({ page, server }) => {
  const fetched = languageRequests(page);
  await loadWidget(page, server.url, { attrs: { 'data-lang': 'zh-CN' } });
  await page.getByRole('button', { name: '打开聊天' }).click();
  await expect(page.getByRole('button', { name: '发送' })).toBeVisible();
  expect(fetched).toEqual([]);
});

test('a language file a hub does not serve leaves English, with a warning naming the file; the preload\'s strings still apply', async ({ page, server, consoleMessages }) => {
  let asked = 0;
  // A BailingHub hub serves /widget.js alone: everything beside it is 404.
  await page.route('**/i18n/ja.js', (route) => (asked++, route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' })));
  await loadWidget(page, server.url, { attrs: { 'data-lang': 'ja' }, before: `window.BailingChat = { strings: { ja: { send: '送信' } } }` });
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(page.getByRole('button', { name: '送信' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  expect(asked).toBe(1);
  expect(consoleMessages.filter((m) => m.type == 'warning').map((m) => m.text)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^BailingChat: could not load the ja texts \(.*\/i18n\/ja\.js.*\); using English\. Serve i18n\/ja\.js beside widget\.js, or give the texts in the preload's strings$/)]),
  );
});

test("the split build's language file that cannot be fetched leaves English, with a warning", async ({ page, server, consoleMessages }) => {
  let asked = 0;
  await page.route('**/split/i18n/ja.js', (route) => (asked++, route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' })));
  await page.goto(`${server.url}/e2e/blank.html`);
  await addScript(page, `${server.url}/split/widget.js`, { 'data-entry': 'demo_assistant', 'data-api': server.url, 'data-lang': 'ja' });
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  expect(asked).toBe(1);
  expect(consoleMessages.filter((m) => m.type == 'warning').map((m) => m.text)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^BailingChat: could not load the ja texts \(.*\/split\/i18n\/ja\.js.*\); using English\. Serve i18n\/ja\.js /)]),
  );
});

test('the split build fetches its language file from beside itself, with the English table to read it', async ({ page, server }) => {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  await page.goto(`${server.url}/e2e/blank.html`);
  await addScript(page, `${server.url}/split/widget.js`, { 'data-entry': 'demo_assistant', 'data-api': server.url, 'data-lang': 'ar' });
  await page.getByRole('button', { name: AR.openChat }).click();
  await expect(root(page)).toHaveAttribute('dir', 'rtl');
  expect(paths).toEqual(expect.arrayContaining(['/split/i18n/ar.js', '/split/i18n/english.js']));
});
