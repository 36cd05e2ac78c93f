// Accessibility scans with axe-core: the open widget with a markdown answer, light and dark,
// desktop and phone, and the demo page as a whole. Serious and critical findings fail.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ask, expect, launcher, lastAssistant, loadWidget, panel, test, waitForAnswer } from './fixtures';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** Serious and critical violations, printed so a failure says what and where. */
function blocking(results: AxeResults) {
  const found = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of found) {
    console.log(`[axe] ${v.impact} ${v.id}: ${v.help} (${v.helpUrl})`);
    for (const node of v.nodes.slice(0, 5)) console.log(`    ${JSON.stringify(node.target)} ${node.failureSummary?.replace(/\s+/g, ' ')}`);
  }
  return found.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

async function openWithMarkdownAnswer(page: Page) {
  await launcher(page).click();
  await ask(page, 'markdown please');
  await waitForAnswer(page);
  // The answer has headings, lists, a table, code blocks and links: the markup axe should see.
  for (const selector of ['h2', 'table', 'pre', 'a[href]', 'ol', 'ul', 'blockquote']) {
    await expect(lastAssistant(page).locator(selector).first()).toBeAttached();
  }
}

test('detector: axe reports a known violation inside the widget shadow root', async ({ page, server }) => {
  // Proves the scans below look into the shadow root: a button with no name is reported there.
  await loadWidget(page, server.url);
  await launcher(page).click();
  await page.locator('bailing-chat-widget').evaluate((host) => {
    const button = document.createElement('button');
    button.className = 'bc-send';
    host.shadowRoot!.querySelector('.bc-header')!.append(button);
  });
  const results = await new AxeBuilder({ page }).include('bailing-chat-widget').analyze();
  expect(results.violations.map((v) => v.id)).toContain('button-name');
});

for (const viewport of [{ name: 'desktop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844 }]) {
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`${viewport.name} ${theme}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });
      test('no serious or critical violations in the widget with a markdown answer', async ({ page, server }) => {
        await page.emulateMedia({ colorScheme: theme });
        await loadWidget(page, server.url, { page: '/e2e/article.html', attrs: { 'data-theme': theme } });
        // The closed state: just the launcher.
        const closed = await new AxeBuilder({ page }).include('bailing-chat-widget').analyze();
        expect(blocking(closed)).toEqual([]);

        await openWithMarkdownAnswer(page);
        await expect(page.locator('bailing-chat-widget .bc-root')).toHaveAttribute('data-mode', theme);
        const results = await new AxeBuilder({ page }).include('bailing-chat-widget').analyze();
        expect(results.passes.length).toBeGreaterThan(0);
        expect(blocking(results)).toEqual([]);

        // The maximized panel (desktop only; phones are always full screen).
        if (viewport.name === 'desktop') {
          await page.getByRole('button', { name: 'Maximize' }).click();
          expect(blocking(await new AxeBuilder({ page }).include('bailing-chat-widget').analyze())).toEqual([]);
        }
      });
    });
  }
}

test('no serious or critical violations while an answer streams (stop button, status)', async ({ page, server }) => {
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'slow answer please');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  const results = await new AxeBuilder({ page }).include('bailing-chat-widget').analyze();
  expect(blocking(results)).toEqual([]);
  await waitForAnswer(page);
});

test('the whole demo page with the panel open: no serious or critical violations', async ({ page, server }) => {
  await page.goto(`${server.url}/`);
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  await ask(page, 'markdown please');
  await waitForAnswer(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(blocking(results)).toEqual([]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`forced colours (${theme}): no serious or critical violations; buttons, bubbles and the focus ring keep their edges`, async ({ page, server }) => {
    await page.emulateMedia({ colorScheme: theme, forcedColors: 'active' });
    await loadWidget(page, server.url, { page: '/e2e/article.html', attrs: { 'data-theme': theme } });
    await openWithMarkdownAnswer(page);
    expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
    const results = await new AxeBuilder({ page }).include('bailing-chat-widget').analyze();
    expect(results.passes.length).toBeGreaterThan(0);
    expect(blocking(results)).toEqual([]);
    // Backgrounds are gone in forced colours: what tells a button or a bubble apart is its border.
    for (const selector of ['.bc-send', '.bc-icon-btn', '.bc-msg-user', '.bc-msg-assistant', '.bc-input', '.bc-act']) {
      const border = await page.locator(`bailing-chat-widget ${selector}`).first().evaluate((el) => getComputedStyle(el).borderTopStyle);
      expect(border, selector).toBe('solid');
    }
    // A pressed toggle shows as pressed (Highlight behind it), not only to a screen reader.
    const helpful = page.getByRole('button', { name: 'Helpful', exact: true });
    const plain = await helpful.evaluate((el) => getComputedStyle(el).backgroundColor);
    await helpful.click();
    await expect(helpful).toHaveAttribute('aria-pressed', 'true');
    expect(await helpful.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(plain);
    // The focus ring is drawn in Highlight, 3px.
    await page.keyboard.press('Shift+Tab');
    const ring = await page.locator('bailing-chat-widget').evaluate((host) => {
      const el = host.shadowRoot!.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return { visible: el.matches(':focus-visible'), style: style.outlineStyle, width: style.outlineWidth };
    });
    expect(ring).toEqual({ visible: true, style: 'solid', width: '3px' });
    if (theme === 'light') await page.screenshot({ path: 'shots/forced-colors.png' });
  });
}
