// A returning visitor's widget is drawn from the entry's last config before the config request
// answers; the answer replaces it only when it differs (a new look, the entry turned off).
import type { Page, Route } from '@playwright/test';
import { expect, launcher, loadWidget, test } from './fixtures';

/** Holds every config request; returns the held routes. */
async function holdConfigs(page: Page): Promise<Route[]> {
  const held: Route[] = [];
  await page.route('**/chat/*/config', (route) => void held.push(route));
  return held;
}

const host = (page: Page) => page.locator('bailing-chat-widget');

test('a returning visitor gets the launcher from the last config while the config request is still out', async ({ page, server }) => {
  // The detector: a first visit (nothing kept) shows nothing until the config answers.
  const held = await holdConfigs(page);
  const asked = page.waitForRequest('**/chat/demo_assistant/config');
  await loadWidget(page, server.url, { waitForUi: false });
  await asked;
  await page.waitForLoadState('load');
  await expect(host(page)).toHaveCount(0);
  await held[0]!.continue();
  await expect(launcher(page)).toBeVisible();
  // The next page load: the launcher is there while the request is held.
  const again = page.waitForRequest('**/chat/demo_assistant/config');
  await loadWidget(page, server.url, { waitForUi: false });
  await again;
  await expect(launcher(page)).toBeVisible();
  expect(held).toHaveLength(2);
  // The same config answers: the widget drawn first stays (the same element).
  const before = await host(page).elementHandle();
  const done = page.waitForResponse('**/chat/demo_assistant/config');
  await held[1]!.continue();
  await done;
  await launcher(page).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await host(page).evaluate((el, first) => el === first, before)).toBe(true);
});

test('a config that changed since the last visit applies as it arrives; an entry turned off goes away', async ({ page, server }) => {
  await loadWidget(page, server.url);
  await page.route('**/chat/demo_assistant/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), title: 'A new title' } });
  });
  await loadWidget(page, server.url);
  await launcher(page).click();
  await expect(page.locator('bailing-chat-widget .bc-title')).toHaveText('A new title');
  // Kept for the next load, which shows it at once.
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('bailing_config_demo_assistant')!).config.title);
  expect(kept).toBe('A new title');

  await page.unroute('**/chat/demo_assistant/config');
  await page.route('**/chat/demo_assistant/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), enabled: false } });
  });
  const warned = page.waitForEvent('console', (message) => message.type() === 'warning' && /turned off/.test(message.text()));
  await loadWidget(page, server.url, { waitForUi: false });
  await warned;
  await expect(host(page)).toHaveCount(0);
});

test('when the config request fails, a widget drawn from the last config stays and the console says what failed', async ({ page, server }) => {
  await loadWidget(page, server.url);
  await page.route('**/chat/demo_assistant/config', (route) => route.fulfill({ status: 500, json: { error: 'down' } }));
  const said = page.waitForEvent('console', (message) => message.type() === 'error' && /could not load the chat config/.test(message.text()));
  await loadWidget(page, server.url);
  await said;
  await expect(launcher(page)).toBeVisible();
});
