// Host pages that move things around: a single-page app that changes route with pushState, a
// body with a transform or zoom (a transform makes `position: fixed` relative to the body), and
// a phone page with its own fixed bottom bar.
import type { Page } from '@playwright/test';
import { ask, composer, expect, launcher, loadWidget, panel, test, waitForAnswer } from './fixtures';
import { createJobBodies } from './sandbox-helpers';

test('an SPA route change: the open panel and its conversation stay, the next message carries the new url, title and setContext values', async ({ page, server }) => {
  const bodies = createJobBodies(page);
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'first question');
  await waitForAnswer(page);
  expect(bodies[0]!.context).toEqual({ url: '/e2e/blank.html', title: 'Test host' });

  await page.evaluate(() => {
    history.pushState({}, '', '/e2e/products/42?sort=price#reviews');
    document.title = 'Product 42';
    document.querySelector('main')!.replaceChildren(Object.assign(document.createElement('h1'), { textContent: 'Product 42' }));
    (window as any).BailingChat.setContext({ page_key: 'product-42', page_name: 'Product 42' });
  });
  await expect(page).toHaveURL(/\/e2e\/products\/42/);
  await expect(panel(page)).toBeVisible();
  await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveText([/first question$/]);
  await ask(page, 'second question');
  await waitForAnswer(page);
  expect(bodies[1]!.context).toEqual({ url: '/e2e/products/42?sort=price#reviews', title: 'Product 42', page_key: 'product-42', page_name: 'Product 42' });
  expect(bodies[1]!.thread_id).toBe(bodies[0]!.thread_id);
  await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveText([/first question$/, /second question$/]);

  // Back: the same again, with the old address.
  await page.goBack();
  await expect(page).toHaveURL(/blank\.html$/);
  await expect(panel(page)).toBeVisible();
  await ask(page, 'third question');
  await waitForAnswer(page);
  expect(bodies[2]!.context.url).toBe('/e2e/blank.html');
});

/** A tall page scrolled down, with `css` on its body; and a fixed box of the page's own, as a control. */
async function movedBody(page: Page, baseUrl: string, css: string) {
  await loadWidget(page, baseUrl, {
    before: `
      document.body.style.cssText = ${JSON.stringify(css)} + '; height: 3000px; margin: 0';
      const own = document.createElement('div');
      own.id = 'own-fixed';
      own.style.cssText = 'position: fixed; right: 24px; bottom: 24px; width: 56px; height: 56px; background: red';
      document.body.append(own);
    `,
  });
  await page.evaluate(() => window.scrollTo(0, 1200));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
}

async function expectAtCorner(page: Page) {
  const viewport = page.viewportSize()!;
  const box = (await launcher(page).boundingBox())!;
  expect(box.width).toBeCloseTo(56, 0);
  expect(viewport.width - (box.x + box.width)).toBeCloseTo(24, 0);
  expect(viewport.height - (box.y + box.height)).toBeCloseTo(24, 0);
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  const p = (await panel(page).boundingBox())!;
  expect(p.y).toBeGreaterThanOrEqual(0);
  expect(p.y + p.height).toBeLessThanOrEqual(viewport.height);
  expect(viewport.width - (p.x + p.width)).toBeCloseTo(24, 0);
  // Usable where it is drawn: typing into the composer and sending works.
  await composer(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
}

for (const [name, css] of [['transform', 'transform: translateZ(0) scale(0.98)'], ['zoom', 'zoom: 1.5']] as const) {
  test(`a ${name} on the host's body: the launcher and the panel stay at the viewport's corner and work`, async ({ page, server }) => {
    await movedBody(page, server.url, css);
    // Control: the page's own fixed box, in the body, is not at the corner.
    const own = (await page.locator('#own-fixed').boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.abs(viewport.height - (own.y + own.height) - 24) > 4 || Math.abs(own.width - 56) > 4).toBe(true);
    await expectAtCorner(page);
  });
}

test.describe('a phone page with a fixed bottom bar', () => {
  test.use({ viewport: { width: 390, height: 760 }, hasTouch: true, isMobile: true });

  async function clearOfBar(page: Page, offsetY: number) {
    const bar = (await page.locator('.bottom-bar').boundingBox())!;
    const box = (await launcher(page).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
    expect(page.viewportSize()!.height - (box.y + box.height)).toBeCloseTo(offsetY, 0);
    // The bar's own buttons are not covered either.
    const cart = (await page.getByRole('button', { name: 'Cart' }).boundingBox())!;
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.textContent, [cart.x + cart.width / 2, cart.y + cart.height / 2])).toBe('Cart');
    await launcher(page).tap();
    await expect(panel(page)).toBeVisible();
  }

  test('the hub entry\'s offset_y (docs_assistant: 88px) keeps the launcher above the bar', async ({ page, server }) => {
    await loadWidget(page, server.url, { page: '/e2e/bottom-bar.html', attrs: { 'data-entry': 'docs_assistant' } });
    await clearOfBar(page, 88);
  });

  test('an AG-UI widget takes offset_x/offset_y from the preload config', async ({ page, server }) => {
    await loadWidget(page, server.url, {
      page: '/e2e/bottom-bar.html',
      before: `window.BailingChat = { config: { offset_x: 12, offset_y: 80, position: 'left' } }`,
      attrs: { 'data-protocol': 'ag-ui', 'data-agent-url': '/agui/demo_assistant' },
    });
    expect((await launcher(page).boundingBox())!.x).toBeCloseTo(12, 0);
    await clearOfBar(page, 80);
  });
});
