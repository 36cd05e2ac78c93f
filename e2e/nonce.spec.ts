// A host whose CSP allows scripts and styles only by nonce (e2e/pages/nonce-csp.html: not even
// 'self'). The widget's script tag carries the nonce. What needs it: the modules beside
// widget.js are fetched by import(), which inherits the nonce of the script that calls it; the
// constructed stylesheets need none; the <style> the widget falls back to without them takes the
// nonce of its script tag.
import type { Page } from '@playwright/test';
import { ask, expect, launcher, lastAssistant, panel, test, waitForAnswer } from './fixtures';
import { fakeFirstReply } from './sandbox-helpers';

const ACCENT_RGB = 'rgb(79, 70, 229)';
const CSP_REFUSAL = /Content Security Policy|Refused to/i;

async function answerWithCode(page: Page) {
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  await ask(page, 'hello');
  await waitForAnswer(page);
  // code.js, fetched by import() from beside widget.js, coloured the block; the footer (its styles adopted late) is there.
  await expect(lastAssistant(page).locator('pre > code[data-hl]')).toHaveCount(1);
  expect(await page.locator('bailing-chat-widget .bc-send:not(.bc-stop)').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(ACCENT_RGB);
}

test.beforeEach(async ({ page }) => {
  await fakeFirstReply(page, 'Here is some code:\n\n```js\nconst answer = 42;\n```\n');
});

test('a nonce-only CSP: the widget, its styles and its modules work', async ({ page, server, consoleMessages }) => {
  await page.goto(`${server.url}/e2e/nonce-csp.html`);
  await answerWithCode(page);
  expect(consoleMessages.filter((m) => CSP_REFUSAL.test(m.text))).toEqual([]);
});

test('a nonce-only CSP in a browser without constructable stylesheets: the fallback <style> carries the nonce', async ({ page, server, consoleMessages }) => {
  // As in a browser that cannot construct sheets: replaceSync throws, the widget appends <style>.
  await page.addInitScript(() => {
    CSSStyleSheet.prototype.replaceSync = () => {
      throw new TypeError('no constructable stylesheets');
    };
  });
  await page.goto(`${server.url}/e2e/nonce-csp.html`);
  // Control: a <style> without the nonce is refused on this page.
  expect(await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'main { color: rgb(1, 2, 3) }';
    document.head.append(style);
    return getComputedStyle(document.querySelector('main')!).color;
  })).not.toBe('rgb(1, 2, 3)');
  await expect.poll(() => consoleMessages.filter((m) => CSP_REFUSAL.test(m.text)).map((m) => m.text)).toHaveLength(1);
  const before = consoleMessages.length;
  await launcher(page).click();
  expect(await page.locator('bailing-chat-widget').evaluate((host) => host.shadowRoot!.querySelectorAll('style').length)).toBeGreaterThan(0);
  await expect(panel(page)).toBeVisible();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await expect(lastAssistant(page).locator('pre > code[data-hl]')).toHaveCount(1);
  expect(await page.locator('bailing-chat-widget .bc-send:not(.bc-stop)').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(ACCENT_RGB);
  // The late styles (code colours, answer footer) went in as <style> with the same nonce.
  expect(await page.locator('bailing-chat-widget').evaluate((host) => [...host.shadowRoot!.querySelectorAll('style')].every((s) => s.nonce === 'bc7nonce3e2e'))).toBe(true);
  expect(consoleMessages.slice(before).filter((m) => CSP_REFUSAL.test(m.text))).toEqual([]);
});
