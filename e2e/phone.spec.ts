// Phones: the panel fills the screen and follows the visual viewport, so the on-screen keyboard
// (which shrinks the visual viewport, not the layout one) never covers the composer; the field is
// 16px (no zoom on focus); and scrolling the list past its end never scrolls the page behind it.
//
// Chromium shows no on-screen keyboard under emulation, so the keyboard is what the browser
// reports of it: the visual viewport's height and offset, and its `resize` / `scroll` events.
import type { Page } from '@playwright/test';
import { ask, composer, expect, launcher, loadWidget, panel, test, waitForAnswer } from './fixtures';

/** What a keyboard does to the visual viewport: `height` CSS pixels left above it, the page scrolled by `top`. */
async function keyboard(page: Page, height: number, top = 0) {
  await page.evaluate(([height, top]) => {
    const viewport = window.visualViewport!;
    Object.defineProperty(viewport, 'height', { configurable: true, get: () => height });
    Object.defineProperty(viewport, 'offsetTop', { configurable: true, get: () => top });
    viewport.dispatchEvent(new Event('resize'));
    viewport.dispatchEvent(new Event('scroll'));
  }, [height, top]);
}

/** The rectangle of an element, as the page lays it out. */
const rect = (page: Page, selector: string) =>
  page.locator(`bailing-chat-widget ${selector}`).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: r.height };
  });

test.describe('a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the keyboard never covers the composer: the full-screen panel follows the visual viewport, and comes back when it closes', async ({ page, server }) => {
    await loadWidget(page, server.url);
    await launcher(page).click();
    await expect(composer(page)).toBeFocused();
    // The panel fills the screen.
    expect(await rect(page, '.bc-panel')).toEqual({ top: 0, bottom: 844, height: 844 });
    const field = await rect(page, '.bc-composer');
    // Without following it, a keyboard leaving 500 px would hide the composer (the detector fires first).
    expect(field.bottom).toBeGreaterThan(500);

    await keyboard(page, 500);
    await expect.poll(() => rect(page, '.bc-panel')).toEqual({ top: 0, bottom: 500, height: 500 });
    expect((await rect(page, '.bc-composer')).bottom).toBeLessThanOrEqual(500);
    await expect(composer(page)).toBeInViewport();

    // iOS scrolls the page up under a keyboard: the panel moves with what is visible.
    await keyboard(page, 500, 120);
    await expect.poll(() => rect(page, '.bc-panel')).toEqual({ top: 120, bottom: 620, height: 500 });

    // The keyboard goes: the whole screen again.
    await keyboard(page, 844);
    await expect.poll(() => rect(page, '.bc-panel')).toEqual({ top: 0, bottom: 844, height: 844 });
  });

  test('the message field is 16px, so a phone does not zoom in when it is focused', async ({ page, server }) => {
    await loadWidget(page, server.url);
    await launcher(page).click();
    expect(await composer(page).evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(16);
  });
});

test('scrolling the message list past its end does not scroll the page behind it', async ({ page, server }) => {
  await loadWidget(page, server.url, { page: '/e2e/pages/article.html' });
  // A page taller than the window, so that it could scroll.
  await page.evaluate(() => document.body.append(Object.assign(document.createElement('div'), { style: 'height: 3000px' })));
  await launcher(page).click();
  await ask(page, 'Show me the long markdown answer');
  await waitForAnswer(page);
  const list = page.locator('bailing-chat-widget .bc-messages');
  await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
  const box = (await list.boundingBox())!;
  const wheelAtEnd = async () => {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // A new gesture, begun at the list's end: unless it is contained, it scrolls what is behind.
    for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 400);
    // Scrolling lands in frames: two frames after the last wheel it has landed.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    return page.evaluate(() => window.scrollY);
  };

  // The detector: with the list and the panel not contained, the same wheel scrolls the page.
  await page.locator('bailing-chat-widget').evaluate((host) => {
    const style = document.createElement('style');
    style.id = 'uncontained';
    style.textContent = '.bc-messages, .bc-panel { overscroll-behavior: auto !important; }';
    host.shadowRoot!.append(style);
  });
  await expect.poll(wheelAtEnd).toBeGreaterThan(0);

  // As shipped: the page stays where it was.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('bailing-chat-widget').evaluate((host) => host.shadowRoot!.getElementById('uncontained')!.remove());
  await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
  expect(await wheelAtEnd()).toBe(0);
  await expect(panel(page)).toBeVisible();
});
