// dist/widget.js alone, as the real BailingHub hub serves it: that hub answers `GET /widget.js` and
// its `/chat/…` routes, and nothing else. Every other request to the widget's origin answers 404
// here, so a module fetched from beside widget.js would fail (a form shown as code, English on a
// Chinese page); each test asserts that none was asked for, and that the feature works.
import type { Page } from '@playwright/test';
import { ask, expect, fillRefund, lastAssistant, launcher, loadWidget, test, waitForAnswer } from './fixtures';
import { frameOf, view } from './sandbox-helpers';

const HOST_PAGE = '/e2e/blank.html';
const FORM = 'bailing-chat-widget .bc-rich[data-type="bailing-form"]';

/** True for what the real hub serves (and the test's own host page). */
const servedByTheHub = (path: string) => path === HOST_PAGE || path === '/widget.js' || path.startsWith('/chat/');

/**
 * Makes the reference server look like the real hub to `page`, and records every request the page
 * and its frames make: `paths` (to the widget's origin) and `refused` (of those, answered 404).
 */
async function asTheHub(page: Page, baseUrl: string) {
  const origin = new URL(baseUrl).origin;
  const paths: string[] = [];
  const refused: string[] = [];
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin) paths.push(url.pathname);
    else if (url.protocol === 'http:' || url.protocol === 'https:') elsewhere.push(request.url());
  });
  await page.route(
    (url) => url.origin === origin,
    (route, request) => {
      const path = new URL(request.url()).pathname;
      if (servedByTheHub(path)) return route.continue();
      refused.push(path);
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
    },
  );
  return { paths, refused, elsewhere };
}

type Recorded = Awaited<ReturnType<typeof asTheHub>>;

function expectOnlyWidgetAndChat(recorded: Recorded) {
  expect(recorded.refused, 'requests the real hub would answer 404').toEqual([]);
  expect(recorded.paths.filter((path) => !servedByTheHub(path))).toEqual([]);
  expect(recorded.paths.filter((path) => path === '/widget.js')).toHaveLength(1);
  expect(recorded.elsewhere, 'requests to other origins').toEqual([]);
}

test('the control: a request beside widget.js is refused and recorded', async ({ page, server }) => {
  const recorded = await asTheHub(page, server.url);
  await page.goto(`${server.url}${HOST_PAGE}`);
  const status = await page.evaluate(async () => (await fetch('/renderers/echarts.js')).status);
  expect(status).toBe(404);
  expect(recorded.refused).toEqual(['/renderers/echarts.js']);
});

test('a form ("form") mounts, is submitted and becomes a receipt; the answer uses the values', async ({ page, server }) => {
  const recorded = await asTheHub(page, server.url);
  await loadWidget(page, server.url, { page: HOST_PAGE });
  await launcher(page).click();
  await ask(page, 'form');
  await waitForAnswer(page);
  await expect(page.locator(`${FORM} form`)).toBeVisible();
  await fillRefund(page);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.locator(FORM)).toHaveAttribute('data-state', 'submitted');
  await expect(page.locator(FORM)).toContainText('A-1042');
  await expect(page.locator(`${FORM} input, ${FORM} button`)).toHaveCount(0);
  await waitForAnswer(page);
  await expect(lastAssistant(page)).toContainText('A-1042');
  expectOnlyWidgetAndChat(recorded);
});

test('a generated view (data-sandbox="1", "calculator") runs and its buttons work', async ({ page, server }) => {
  const recorded = await asTheHub(page, server.url);
  await loadWidget(page, server.url, { page: HOST_PAGE, attrs: { 'data-sandbox': '1' } });
  await launcher(page).click();
  await ask(page, 'calculator');
  await waitForAnswer(page);
  await expect(frameOf(page)).toHaveAttribute('title', 'Calculator');
  const calc = view(page);
  for (const key of ['1', '2', '×', '7', '=']) await calc.getByRole('button', { name: key, exact: true }).click();
  await expect(calc.locator('#display')).toHaveText('84');
  await calc.getByRole('button', { name: 'Ask the assistant to explain' }).click();
  await expect(page.locator('bailing-chat-widget .bc-msg-user').last()).toContainText('Please explain: 12×7 = 84');
  await waitForAnswer(page);
  await expect(lastAssistant(page)).toContainText('12×7 = 84');
  expectOnlyWidgetAndChat(recorded);
});

test('data-lang="zh-CN" shows the Chinese texts', async ({ page, server }) => {
  const recorded = await asTheHub(page, server.url);
  await loadWidget(page, server.url, { page: HOST_PAGE, attrs: { 'data-lang': 'zh-CN' } });
  await page.getByRole('button', { name: '打开聊天' }).click();
  await expect(page.getByRole('button', { name: '发送', exact: true })).toBeVisible();
  const input = page.getByRole('textbox', { name: '消息' });
  await expect(input).toHaveAttribute('placeholder', '输入消息…');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
  await expect(page.locator('bailing-chat-widget .bc-root')).toHaveAttribute('lang', 'zh-CN');
  expectOnlyWidgetAndChat(recorded);
});
