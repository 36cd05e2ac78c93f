// What a visitor sees and operates: accessible names, keyboard use, the phone layout, and
// screenshots of the main states for people to look at.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ROOT_DIR, ask, composer, expect, launcher, lastAssistant, loadWidget, panel, test, waitForAnswer } from './fixtures';

const SCREENSHOTS = join(ROOT_DIR, 'test-results/screenshots');

/** The aria-label (or tag name) of the focused element, looking through shadow roots. */
function focusedName(page: Page) {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body) return 'body';
    return el.getAttribute('aria-label') ?? el.tagName.toLowerCase();
  });
}

function header(page: Page) {
  return page.locator('bailing-chat-widget .bc-header');
}

/** Opens the panel and waits for a markdown answer (headings, lists, a table, code, links). */
async function showMarkdownAnswer(page: Page) {
  await launcher(page).click();
  await ask(page, 'markdown please');
  await waitForAnswer(page);
  await expect(lastAssistant(page).locator('table')).toBeVisible();
}

test.describe('accessible names', () => {
  test('launcher, header buttons, send; maximize is a toggle that enlarges the panel', async ({ page, server }) => {
    await loadWidget(page, server.url);
    await expect(page.getByRole('button', { name: 'Open chat' })).toHaveAttribute('aria-expanded', 'false');
    await launcher(page).click();
    await expect(page.locator('bailing-chat-widget .bc-launcher')).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('dialog', { name: 'Acme Help' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Conversation' })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'New conversation' })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Close', exact: true })).toBeVisible();
    const maximize = header(page).getByRole('button', { name: 'Maximize' });
    await expect(maximize).toHaveAttribute('aria-pressed', 'false');

    const small = (await panel(page).boundingBox())!;
    await maximize.click();
    await expect(maximize).toHaveAttribute('aria-pressed', 'true');
    const large = (await panel(page).boundingBox())!;
    expect(large.width).toBeGreaterThan(small.width + 100);
    expect(large.height).toBeGreaterThan(small.height);
    // Still inside the viewport.
    const viewport = page.viewportSize()!;
    expect(large.x).toBeGreaterThanOrEqual(0);
    expect(large.y).toBeGreaterThanOrEqual(0);
    expect(large.x + large.width).toBeLessThanOrEqual(viewport.width);
    expect(large.y + large.height).toBeLessThanOrEqual(viewport.height);

    await maximize.click();
    await expect(maximize).toHaveAttribute('aria-pressed', 'false');
    const back = (await panel(page).boundingBox())!;
    expect(back.width).toBeCloseTo(small.width, 0);
    expect(back.height).toBeCloseTo(small.height, 0);
  });

  test('while an answer streams the send button becomes "Stop", and Stop stops it', async ({ page, server }) => {
    await loadWidget(page, server.url);
    await launcher(page).click();
    await ask(page, 'slow answer please');
    const stop = page.getByRole('button', { name: 'Stop' });
    await expect(stop).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeHidden();
    // Some text has streamed in before we stop.
    await expect(lastAssistant(page).locator('.bc-body')).not.toBeEmpty();
    await stop.click();
    await expect(stop).toBeHidden();
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
    await expect(lastAssistant(page)).toContainText('Stopped.');
  });

  test('"New conversation" clears the messages and keeps the greeting', async ({ page, server }) => {
    await loadWidget(page, server.url);
    await launcher(page).click();
    await ask(page, 'hello');
    await waitForAnswer(page);
    await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveCount(1);
    await header(page).getByRole('button', { name: 'New conversation' }).click();
    await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveCount(0);
    await expect(page.locator('bailing-chat-widget .bc-greeting')).toBeVisible();
    await expect(composer(page)).toBeFocused();
  });
});

test.describe('keyboard', () => {
  test('Tab reaches the launcher, Enter opens and focuses the message box, Esc closes and returns focus', async ({ page, server }) => {
    await loadWidget(page, server.url, {
      before: `document.querySelector('main').insertAdjacentHTML('afterbegin', '<a href="#top">Skip</a>')`,
    });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('a');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Open chat');
    await expect(launcher(page)).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(panel(page)).toBeVisible();
    await expect(composer(page)).toBeFocused();

    await page.keyboard.type('typed, not sent');
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
    // Reopening keeps what was typed.
    await page.keyboard.press('Enter');
    await expect(composer(page)).toHaveValue('typed, not sent');
    await expect(composer(page)).toBeFocused();
  });

  test('Tab order inside the panel: header buttons, message list, attachment buttons, message box, send', async ({ page, server }) => {
    // The demo entry takes uploads: its composer has the paperclip and the voice-note button.
    await loadWidget(page, server.url);
    await launcher(page).click();
    await expect(composer(page)).toBeFocused();
    await header(page).getByRole('button', { name: 'New conversation' }).focus();
    const order = ['New conversation'];
    for (let i = 0; i < 11; i++) {
      await page.keyboard.press('Tab');
      order.push(await focusedName(page));
    }
    // The entry's four starter questions stand under the greeting, in the list, until the first message.
    expect(order).toEqual(['New conversation', 'Maximize', 'Close', 'Conversation', 'button', 'button', 'button', 'button', 'Attach a file', 'Record a voice note', 'Message', 'Send']);
    // And back.
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('Message');
  });

  test('Enter sends, Shift+Enter adds a line', async ({ page, server }) => {
    await loadWidget(page, server.url);
    await launcher(page).click();
    await composer(page).type('first line');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('hello');
    await expect(composer(page)).toHaveValue('first line\nhello');
    await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveCount(1);
    await expect(composer(page)).toHaveValue('');
    await waitForAnswer(page);
  });
});

test.describe('desktop layout', () => {
  test('the panel is 400px wide and floats above the launcher; the message box uses 14px', async ({ page, server }) => {
    await loadWidget(page, server.url);
    await launcher(page).click();
    const box = (await panel(page).boundingBox())!;
    expect(box.width).toBe(400);
    expect(box.height).toBe(640);
    expect(await composer(page).evaluate((el) => getComputedStyle(el).fontSize)).toBe('14px');
    await expect(page.locator('bailing-chat-widget .bc-launcher')).toBeVisible();
  });

  test("a table's cells break between words, never inside one (a narrow table scrolls sideways instead)", async ({ page, server }) => {
    await loadWidget(page, server.url);
    await launcher(page).click();
    await ask(page, 'Show me a table and some code, with a link');
    await waitForAnswer(page);
    const table = lastAssistant(page).locator('table');
    await expect(table).toBeVisible();
    // Every word of every cell on one line: a word broken across two lines has two boxes.
    const broken = await table.evaluate((el) => {
      const out: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of node.textContent!.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index!);
          range.setEnd(node, m.index! + m[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) out.push(m[0]);
        }
      }
      return out;
    });
    // The detector: the words are there to look at.
    expect(await table.locator('th').count()).toBeGreaterThan(1);
    expect(broken).toEqual([]);
  });
});

test.describe('phone layout', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the open panel covers the whole viewport and the message box uses 16px', async ({ page, server }) => {
    await loadWidget(page, server.url);
    const launcherBox = (await launcher(page).boundingBox())!;
    expect(launcherBox.width).toBe(56);
    await launcher(page).click();
    const box = (await panel(page).boundingBox())!;
    expect(box).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    // 16px keeps iOS from zooming into the field.
    expect(await composer(page).evaluate((el) => getComputedStyle(el).fontSize)).toBe('16px');
    // The close button is reachable on a phone; the launcher is under the panel and hidden.
    await expect(header(page).getByRole('button', { name: 'Close', exact: true })).toBeVisible();
    await expect(page.locator('bailing-chat-widget .bc-launcher')).toBeHidden();
    await header(page).getByRole('button', { name: 'Close', exact: true }).click();
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toBeVisible();
  });

  test('a markdown answer fits the phone width (no horizontal page overflow)', async ({ page, server }) => {
    await loadWidget(page, server.url);
    await showMarkdownAnswer(page);
    const overflow = await lastAssistant(page).evaluate((el) => el.getBoundingClientRect().right);
    expect(overflow).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('screenshots', () => {
  const shots = [
    { name: 'desktop-light', viewport: { width: 1280, height: 800 }, theme: 'light', bg: 'rgb(255, 255, 255)' },
    { name: 'desktop-dark', viewport: { width: 1280, height: 800 }, theme: 'dark', bg: 'rgb(17, 24, 39)' },
    { name: 'phone-light', viewport: { width: 390, height: 844 }, theme: 'light', bg: 'rgb(255, 255, 255)' },
    { name: 'phone-dark', viewport: { width: 390, height: 844 }, theme: 'dark', bg: 'rgb(17, 24, 39)' },
  ] as const;
  for (const shot of shots) {
    test.describe(shot.name, () => {
      test.use({ viewport: shot.viewport });
      test(`${shot.name} with a markdown answer`, async ({ page, server }) => {
        await loadWidget(page, server.url, { page: '/e2e/article.html', attrs: { 'data-theme': shot.theme } });
        await showMarkdownAnswer(page);
        await expect(page.locator('bailing-chat-widget .bc-root')).toHaveAttribute('data-mode', shot.theme);
        expect(await panel(page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(shot.bg);
        // Text in the answer is readable against its bubble in both modes.
        const colours = await lastAssistant(page).evaluate((el) => ({ fg: getComputedStyle(el).color, bg: getComputedStyle(el).backgroundColor }));
        expect(colours.fg).not.toBe(colours.bg);
        await lastAssistant(page).locator('h2').first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SCREENSHOTS, `${shot.name}.png`) });
      });
    });
  }
});
