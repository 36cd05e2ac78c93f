// The split build (dist/split/, for hosts that serve a folder): a smaller widget.js that imports
// its optional modules from beside itself the first time each is needed, and only then.
import type { Page } from '@playwright/test';
import { addScript, ask, expect, fillRefund, lastAssistant, launcher, storedIds, test, waitForAnswer } from './fixtures';
import { frameOf, view } from './sandbox-helpers';

const FORM = 'bailing-chat-widget .bc-rich[data-type="bailing-form"]';
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The paths of every request the page makes to `baseUrl`'s origin, in order. */
function requestedPaths(page: Page, baseUrl: string): string[] {
  const origin = new URL(baseUrl).origin;
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin) paths.push(url.pathname);
  });
  return paths;
}

/**
 * Puts `/split/widget.js` on a host page. The folder is not the hub's root, so the page names the
 * hub with `data-api`, as a host that serves the files itself would.
 */
async function loadSplit(page: Page, baseUrl: string, attrs: Record<string, string> = {}) {
  await page.goto(`${baseUrl}/e2e/blank.html`);
  await addScript(page, `${baseUrl}/split/widget.js`, { 'data-entry': 'demo_assistant', 'data-api': baseUrl, ...attrs });
  await page.waitForFunction(() => !!document.querySelector('bailing-chat-widget')?.shadowRoot?.querySelector('.bc-panel'));
}

/** The markdown code: fetched when the visitor opens the panel or the first answer needs it, whichever comes first. */
const MARKDOWN = '/split/markdown.js';
/**
 * The modules fetched beside /split/widget.js, in order, but markdown.js: it is counted by the
 * tests of its own below.
 */
const modulesIn = (paths: string[]) => paths.filter((path) => path.startsWith('/split/') && path !== '/split/widget.js' && path !== MARKDOWN);
/** The demo entry takes uploads: its attachment controls come with the widget. */
const UPLOADER = '/split/uploader.js';
/** The actions and sources under a finished answer come with the first one. */
const EXTRAS = '/split/extras.js';
/** The same, in name order: modules wanted at about the same time (a form and an answer's footer) may come in either order. */
const modulesSet = (paths: string[]) => modulesIn(paths).sort();
const attachButton = (page: Page) => page.getByRole('button', { name: 'Attach a file' });

test('a form loads /split/renderers/bailing-form.js on first use, once, and works', async ({ page, server }) => {
  const paths = requestedPaths(page, server.url);
  await loadSplit(page, server.url);
  await launcher(page).click();
  await expect(page.getByRole('button', { name: 'Attach a file' })).toBeVisible();
  // Ready: an English page without a form fetched only the attachment controls of its entry.
  expect(modulesIn(paths)).toEqual([UPLOADER]);
  await ask(page, 'form');
  await waitForAnswer(page);
  await expect(page.locator(`${FORM} form`)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Answer actions' })).toBeVisible();
  expect(modulesIn(paths).sort()).toEqual([UPLOADER, EXTRAS, '/split/renderers/bailing-form.js'].sort());
  await fillRefund(page);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.locator(FORM)).toHaveAttribute('data-state', 'submitted');
  await waitForAnswer(page);
  await expect(lastAssistant(page)).toContainText('A-1042');
  // A second form in the same page reuses the module.
  await ask(page, 'another form please');
  await waitForAnswer(page);
  await expect(page.locator(`${FORM} form`)).toBeVisible();
  expect(modulesIn(paths).sort()).toEqual([UPLOADER, EXTRAS, '/split/renderers/bailing-form.js'].sort());
});

test('an entry without uploads fetches no attachment controls', async ({ page, server }) => {
  const paths = requestedPaths(page, server.url);
  await page.goto(`${server.url}/e2e/blank.html`);
  await addScript(page, `${server.url}/split/widget.js`, { 'data-entry': 'store_assistant', 'data-api': server.url });
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await expect(page.getByRole('group', { name: 'Answer actions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Attach a file' })).toHaveCount(0);
  expect(modulesIn(paths)).toEqual([EXTRAS]);
});

test('data-lang="zh-CN" loads /split/i18n/zh-CN.js and shows the Chinese texts', async ({ page, server }) => {
  const paths = requestedPaths(page, server.url);
  await loadSplit(page, server.url, { 'data-lang': 'zh-CN' });
  await page.getByRole('button', { name: '打开聊天' }).click();
  await expect(page.getByRole('button', { name: '发送', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '消息' })).toHaveAttribute('placeholder', '输入消息…');
  await expect(page.getByRole('button', { name: '添加附件' })).toBeVisible();
  expect(modulesIn(paths).sort()).toEqual(['/split/i18n/zh-CN.js', UPLOADER].sort());
});

test('a generated view loads /split/renderers/sandbox.js and its buttons work', async ({ page, server }) => {
  const paths = requestedPaths(page, server.url);
  await loadSplit(page, server.url, { 'data-sandbox': '1' });
  await launcher(page).click();
  await ask(page, 'calculator');
  await waitForAnswer(page);
  await expect(frameOf(page)).toHaveAttribute('title', 'Calculator');
  const calc = view(page);
  for (const key of ['6', '×', '7', '=']) await calc.getByRole('button', { name: key, exact: true }).click();
  await expect(calc.locator('#display')).toHaveText('42');
  await expect(page.getByRole('group', { name: 'Answer actions' })).toBeVisible();
  expect(modulesIn(paths).sort()).toEqual([UPLOADER, EXTRAS, '/split/renderers/sandbox.js'].sort());
});

test('a module that cannot be fetched: the form shows as code, with a warning, and the chat goes on', async ({ page, server, consoleMessages }) => {
  await page.route('**/split/renderers/bailing-form.js', (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' }));
  await loadSplit(page, server.url);
  await launcher(page).click();
  await ask(page, 'form');
  await waitForAnswer(page);
  await expect(page.locator('bailing-chat-widget pre code[data-language="bailing-form"]')).toContainText('"form_id"');
  await expect(page.locator(`${FORM} form`)).toHaveCount(0);
  await expect.poll(() => consoleMessages.some((m) => m.type === 'warning' && /bailing-form/.test(m.text))).toBe(true);
  await ask(page, 'hello');
  await waitForAnswer(page);
  await expect(lastAssistant(page)).toContainText('Acme help assistant');
});

test('/split/markdown.js is not fetched while the page loads: the network goes idle without it; opening the chat fetches it', async ({ page, server }) => {
  const paths = requestedPaths(page, server.url);
  await loadSplit(page, server.url);
  await expect(launcher(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(paths).toContain('/chat/demo_assistant/config');
  expect(paths).not.toContain(MARKDOWN);
  const fetched = page.waitForRequest((request) => request.url().endsWith(MARKDOWN));
  await launcher(page).click();
  await fetched;
});

test('/split/markdown.js on a page view alone: fetched once the page has settled, with nothing touched, and only once', async ({ page, server }) => {
  const paths = requestedPaths(page, server.url);
  await loadSplit(page, server.url);
  await expect(launcher(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(paths).not.toContain(MARKDOWN);
  await page.waitForRequest((request) => request.url().endsWith(MARKDOWN), { timeout: 15_000 });
  // Opening the chat and asking fetch it no more.
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await expect(lastAssistant(page).locator('strong')).toHaveText('Acme help assistant');
  expect(paths.filter((path) => path === MARKDOWN)).toHaveLength(1);
});

test('/split/markdown.js is fetched once, before the first answer shows, and renders every answer', async ({ page, server }) => {
  const paths = requestedPaths(page, server.url);
  await loadSplit(page, server.url);
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await expect(lastAssistant(page).locator('strong')).toHaveText('Acme help assistant');
  await ask(page, 'weather');
  await waitForAnswer(page);
  await expect(lastAssistant(page).locator('li strong').first()).toHaveText('Now:');
  expect(paths.filter((path) => path === MARKDOWN)).toHaveLength(1);
});

test("a message sent before the markdown code was wanted leaves first: its request goes before /split/markdown.js", async ({ page, server }) => {
  const paths = requestedPaths(page, server.url);
  await page.goto(`${server.url}/e2e/blank.html`);
  // Inline: in view from the start, the markdown code waits for the visitor to turn to the composer.
  await page.evaluate(() => document.body.append(Object.assign(document.createElement('div'), { id: 'chat' })));
  await addScript(page, `${server.url}/split/widget.js`, { 'data-entry': 'demo_assistant', 'data-api': server.url, 'data-container': '#chat' });
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  const fetched = page.waitForRequest((request) => request.url().endsWith(MARKDOWN));
  await page.evaluate(() => (window as unknown as { BailingChat: { send(text: string): boolean } }).BailingChat.send('hello'));
  await fetched;
  const order = paths.filter((path) => path === MARKDOWN || path === '/chat/demo_assistant');
  expect(order).toEqual(['/chat/demo_assistant', MARKDOWN]);
  await waitForAnswer(page);
  await expect(lastAssistant(page).locator('strong')).toHaveText('Acme help assistant');
});

test('/split/markdown.js that cannot be fetched: answers show as their text, with a warning, and the chat goes on', async ({ page, server, consoleMessages }) => {
  let refused = 0;
  await page.route('**/split/markdown.js', (route) => (refused++, route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' })));
  await loadSplit(page, server.url);
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  // The detector: the text as the model wrote it, stars and all, in one paragraph that keeps its lines.
  await expect(lastAssistant(page)).toContainText("I'm the **Acme help assistant**.");
  await expect(lastAssistant(page).locator('strong')).toHaveCount(0);
  await expect(lastAssistant(page).locator('p')).toHaveCSS('white-space', 'pre-wrap');
  await expect.poll(() => consoleMessages.some((m) => m.type === 'warning' && /markdown\.js/.test(m.text))).toBe(true);
  await ask(page, 'weather');
  await waitForAnswer(page);
  await expect(lastAssistant(page)).toContainText('- **Now:** 18 °C');
  expect(refused).toBe(1);
});

test("/split/uploader.js carries the upload: its styles, the hub's wire, and a refusal in the hub's own words", async ({ page, server }) => {
  const paths = requestedPaths(page, server.url);
  await loadSplit(page, server.url);
  await launcher(page).click();
  await expect(attachButton(page)).toBeVisible();
  expect(modulesIn(paths)).toEqual(['/split/uploader.js']);
  // Its sheet is adopted: the composer's icon buttons are 32px wide (the header's, from the core, 34px).
  await expect(attachButton(page)).toHaveCSS('width', '32px');

  const HUB_415 = '仅支持图片、常见音频、PDF / Office / CSV / TSV / TXT / Markdown / JSON / 日志等文件';
  await page.route('**/chat/demo_assistant/upload', (route) => route.fulfill({ status: 415, contentType: 'application/json', body: JSON.stringify({ error: HUB_415 }) }), { times: 1 });
  const files = page.locator('bailing-chat-widget input[type=file]');
  const chip = (name: string) => page.locator('bailing-chat-widget .bc-chip').filter({ hasText: name });
  await files.setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(chip('scan.png')).toContainText(HUB_415);
  await expect(chip('scan.png')).toHaveClass(/bc-chip-err/);
  await expect(chip('scan.png')).toHaveCSS('display', 'flex');

  const upload = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/chat/demo_assistant/upload');
  await files.setInputFiles({ name: 'fine.png', mimeType: 'image/png', buffer: PNG_1PX });
  const { visitorId } = await storedIds(page);
  expect((await upload).postDataJSON()).toEqual({ filename: 'fine.png', mime: 'image/png', data_base64: PNG_1PX.toString('base64'), visitor_id: visitorId });
  await expect(page.locator('bailing-chat-widget [aria-live]')).toHaveText('Attached fine.png');
  await ask(page, 'what is this?');
  await waitForAnswer(page);
  await expect(page.locator('bailing-chat-widget .bc-msg-user img')).toHaveCount(1);
  expect(modulesSet(paths)).toEqual(['/split/extras.js', '/split/uploader.js']);
});
