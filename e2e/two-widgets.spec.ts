// Two widgets of two entries on one page (e2e/pages/two-widgets.html: a script tag each): each has
// its own element, launcher (placed by its entry's config), conversation and storage.
// window.BailingChat stays the first one's; BailingChat.widget(entry) reaches the other.
import type { Page } from '@playwright/test';
import { expect, storedHistory, test } from './fixtures';

/** The widgets' elements, in the order their configs came (either may be first). */
let order: number[] = [0, 1];
/** The page's widget `index`: 0 the shop's (demo_assistant), 1 the docs' (docs_assistant). */
const widget = (page: Page, index: number) => page.locator('bailing-chat-widget').nth(order[index]!);

/** Which element is the docs' widget: the one whose panel its API opens. */
async function findOrder(page: Page) {
  await page.evaluate(() => (window as any).BailingChat.widget('docs_assistant').open());
  const panels = page.locator('bailing-chat-widget').locator('.bc-panel');
  await expect(panels.filter({ visible: true })).toHaveCount(1);
  const docsFirst = await page.locator('bailing-chat-widget').nth(0).locator('.bc-panel').isVisible();
  order = docsFirst ? [1, 0] : [0, 1];
  await page.evaluate(() => (window as any).BailingChat.widget('docs_assistant').close());
  await expect(panels.filter({ visible: true })).toHaveCount(0);
}

async function askIn(page: Page, index: number, text: string) {
  const input = widget(page, index).getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
  const answer = widget(page, index).locator('.bc-msg-assistant:not(.bc-greeting)').last();
  await expect(widget(page, index).locator('.bc-stop')).toBeHidden({ timeout: 15_000 });
  await expect(answer).not.toBeEmpty();
}

test('two entries, two widgets: own launcher where its config puts it, own conversation and storage, and BailingChat.widget(entry)', async ({ page, server, consoleMessages }) => {
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && posts.push(new URL(r.url()).pathname));
  await page.goto(`${server.url}/e2e/two-widgets.html`);
  await expect(page.locator('bailing-chat-widget')).toHaveCount(2);
  await findOrder(page);
  const [shop, docs] = [widget(page, 0).locator('.bc-launcher'), widget(page, 1).locator('.bc-launcher')];
  await expect(shop).toBeVisible();
  await expect(docs).toBeVisible();
  const viewport = page.viewportSize()!;
  // demo_assistant: right, 24/24; docs_assistant: left, offset_x 16, offset_y 88.
  const a = (await shop.boundingBox())!;
  const b = (await docs.boundingBox())!;
  expect(viewport.width - (a.x + a.width)).toBeCloseTo(24, 0);
  expect(viewport.height - (a.y + a.height)).toBeCloseTo(24, 0);
  expect(b.x).toBeCloseTo(16, 0);
  expect(viewport.height - (b.y + b.height)).toBeCloseTo(88, 0);

  await docs.click();
  await expect(widget(page, 1).locator('.bc-title')).toHaveText('Acme Docs');
  await expect(widget(page, 0).locator('.bc-panel')).toBeHidden();
  await askIn(page, 1, 'hello from the docs page');
  expect(posts).toEqual(['/chat/docs_assistant']);
  expect((await storedHistory(page, 'docs_assistant')).map((m) => m.r)).toEqual(['u', 'a']);
  expect(await storedHistory(page, 'demo_assistant')).toEqual([]);

  // The API: the first widget's object, and the lookup for the other.
  const api = await page.evaluate(() => {
    const chat = (window as any).BailingChat;
    const docsApi = chat.widget('docs_assistant');
    return { same: chat.widget('demo_assistant') === chat, other: !!docsApi && docsApi !== chat, frozen: Object.isFrozen(docsApi), missing: chat.widget('nope') === undefined, back: docsApi.widget('demo_assistant') === chat };
  });
  expect(api).toEqual({ same: true, other: true, frozen: true, missing: true, back: true });
  await page.evaluate(() => (window as any).BailingChat.open());
  await expect(widget(page, 0).locator('.bc-panel')).toBeVisible();
  await expect(widget(page, 0).locator('.bc-title')).toHaveText('Acme Help');
  await askIn(page, 0, 'hello from the shop');
  expect(posts).toEqual(['/chat/docs_assistant', '/chat/demo_assistant']);
  expect((await storedHistory(page, 'demo_assistant')).map((m) => m.t)).toEqual(['hello from the shop', expect.any(String)]);
  expect((await storedHistory(page, 'docs_assistant'))[0]!.t).toBe('hello from the docs page');
  await page.evaluate(() => (window as any).BailingChat.widget('docs_assistant').close());
  await expect(widget(page, 1).locator('.bc-panel')).toBeHidden();
  await expect(widget(page, 0).locator('.bc-panel')).toBeVisible();
  expect(consoleMessages.filter((m) => /loaded twice/.test(m.text))).toEqual([]);
});
