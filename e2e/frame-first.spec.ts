// A floating widget builds its launcher at load and the rest (the panel, the message list, the
// conversation, the uploader) when first needed: the visitor at the launcher (its click, a pointer
// over it, the focus, the focus-cycle key), a call of the page, or the page's first idle time.
// Every other spec loads the widget and waits for the panel: the idle time's build.
import type { Page } from '@playwright/test';
import { expect, launcher, loadWidget, composer, test, waitForAnswer, lastAssistant, panel } from './fixtures';

/** The page is never idle for the widget: only what a test does builds the panel. */
const NEVER_IDLE = 'window.requestIdleCallback = () => 0;';

/** What the widget's shadow root holds, read in one go (no time passes between the reads). */
function built(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('bailing-chat-widget')?.shadowRoot;
    const has = (selector: string) => !!root?.querySelector(selector);
    return { launcher: has('.bc-launcher'), panel: has('.bc-panel'), list: has('.bc-messages'), composer: has('.bc-input') };
  });
}

async function loadLauncherOnly(page: Page, baseUrl: string) {
  await loadWidget(page, baseUrl, { before: NEVER_IDLE, waitForUi: false });
  await page.waitForFunction(() => !!document.querySelector('bailing-chat-widget')?.shadowRoot?.querySelector('.bc-launcher'));
  // The launcher and the panel were built in one task before: with the launcher here, so would the panel be.
  expect(await built(page)).toEqual({ launcher: true, panel: false, list: false, composer: false });
  await expect(launcher(page)).toBeVisible();
}

test('at load only the launcher is built; its click builds the panel and opens it, the focus in the composer', async ({ page, server }) => {
  await loadLauncherOnly(page, server.url);
  // A click with no pointer over the launcher before it (a script's, an assistive tool's).
  await page.evaluate(() => (document.querySelector('bailing-chat-widget')!.shadowRoot!.querySelector('.bc-launcher') as HTMLElement).click());
  await expect(panel(page)).toBeVisible();
  await expect(composer(page)).toBeFocused();
  await expect(page.getByRole('button', { name: 'Close chat' }).first()).toHaveAttribute('aria-expanded', 'true');
  // One click, one toggle: the panel's own listener, added during that click, did not close it again.
  await page.getByRole('button', { name: 'Close chat' }).first().click();
  await expect(panel(page)).toBeHidden();
});

test('a pointer over the launcher builds the panel, closed, so the click that follows opens it at once', async ({ page, server }) => {
  await loadLauncherOnly(page, server.url);
  await launcher(page).hover();
  await page.waitForFunction(() => !!document.querySelector('bailing-chat-widget')?.shadowRoot?.querySelector('.bc-panel'));
  await expect(panel(page)).toBeHidden();
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(composer(page)).toBeFocused();
});

test('the focus-cycle key before the panel is built moves the focus to the launcher', async ({ page, server }) => {
  await loadLauncherOnly(page, server.url);
  await page.keyboard.press('F6');
  await expect(launcher(page)).toBeFocused();
  expect((await built(page)).panel).toBe(true);
  await page.keyboard.press('Enter');
  await expect(composer(page)).toBeFocused();
});

test("the page's calls before the panel is built reach it: send opens the panel and the answer comes", async ({ page, server }) => {
  await loadLauncherOnly(page, server.url);
  expect(await page.evaluate(() => (window as unknown as { BailingChat: { send(text: string): boolean } }).BailingChat.send('hello'))).toBe(true);
  await expect(panel(page)).toBeVisible();
  await waitForAnswer(page);
  await expect(lastAssistant(page)).toContainText('Hi');
});
