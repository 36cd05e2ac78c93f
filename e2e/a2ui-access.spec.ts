// A2UI surfaces for everyone: axe finds nothing serious (desktop and phone, light and dark), the
// keyboard reaches and works every control (fields, tabs with arrow keys, a modal dialog with
// Escape), right-to-left and the widget's languages follow the widget. Screenshots of three of the
// specification's samples in each look are written to test-results/ for a person to look at.
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, jobIdOf, loadWidget, nextFrame, sseReply, test, waitForAnswer } from './fixtures';

const BASIC = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
const sample = (file: string) => JSON.parse(readFileSync(`renderers/a2ui/fixtures/spec-v0_9/catalogs/basic/examples/${file}`, 'utf8')).messages as object[];
const fence = (messages: object[]) => '```a2ui\n' + messages.map((m) => JSON.stringify(m)).join('\n') + '\n```';

/** A surface of tabs, a modal and a row, to drive with the keyboard. */
const KEYS = [
  { version: 'v0.9', createSurface: { surfaceId: 'keys', catalogId: BASIC } },
  {
    version: 'v0.9',
    updateComponents: {
      surfaceId: 'keys',
      components: [
        { id: 'root', component: 'Column', children: ['tabs', 'modal', 'row'] },
        { id: 'tabs', component: 'Tabs', tabs: [{ title: 'Flights', child: 't1' }, { title: 'Hotels', child: 't2' }, { title: 'Cars', child: 't3' }] },
        { id: 't1', component: 'Text', text: 'Three flights found' },
        { id: 't2', component: 'Text', text: 'Two hotels found' },
        { id: 't3', component: 'Text', text: 'No cars left' },
        { id: 'modal', component: 'Modal', trigger: 'open', content: 'details' },
        { id: 'open', component: 'Button', child: 'open-label', action: { event: { name: 'never' } } },
        { id: 'open-label', component: 'Text', text: 'Fare rules' },
        { id: 'details', component: 'Text', text: 'Tickets can be changed for a fee.' },
        { id: 'row', component: 'Row', children: ['first', 'second'] },
        { id: 'first', component: 'Text', text: 'First' },
        { id: 'second', component: 'Text', text: 'Second' },
      ],
    },
  },
];

async function answerWith(page: Page, baseUrl: string, reply: string, attrs: Record<string, string> = {}) {
  await page.route('**/chat/demo_assistant/events/**', (route, request) => route.fulfill({ status: 200, contentType: 'text/event-stream', body: sseReply(jobIdOf(request.url()), reply) }));
  await loadWidget(page, baseUrl, { attrs });
  // By its part, not its name: the name is in the widget's language.
  await page.locator('bailing-chat-widget .bc-launcher').click();
  const box = page.locator('bailing-chat-widget textarea');
  await box.fill('show me');
  await box.press('Enter');
  await waitForAnswer(page);
}

function blocking(results: Awaited<ReturnType<AxeBuilder['analyze']>>) {
  const found = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of found) console.log(`[axe] ${v.impact} ${v.id}: ${v.help}`, v.nodes.slice(0, 5).map((n) => n.target.join(' ')));
  return found.map((v) => v.id);
}

test('the keyboard reaches and works every control: fields, tabs (arrow keys, Home, End), a modal dialog (Escape gives the focus back)', async ({ page, server }) => {
  await answerWith(page, server.url, fence(KEYS));
  const w = page.locator('bailing-chat-widget');
  const tabs = w.getByRole('tab');
  await expect(tabs).toHaveCount(3);
  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(w.getByRole('tab', { name: 'Hotels' })).toBeFocused();
  await expect(w.getByRole('tab', { name: 'Hotels' })).toHaveAttribute('aria-selected', 'true');
  await expect(w.getByRole('tabpanel')).toHaveText('Two hotels found');
  await page.keyboard.press('End');
  await expect(w.getByRole('tabpanel')).toHaveText('No cars left');
  await page.keyboard.press('ArrowRight');
  await expect(w.getByRole('tabpanel')).toHaveText('Three flights found');
  // Tab leaves the tab list (one tab stop) for the next control.
  await page.keyboard.press('Tab');
  const trigger = w.getByRole('button', { name: 'Fare rules' });
  await expect(trigger).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = w.locator('dialog.a2-dialog');
  await expect(dialog).toContainText('Tickets can be changed for a fee.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

test('right to left and the widget’s language: Arabic chrome, rows laid out from the right', async ({ page, server }) => {
  await answerWith(page, server.url, fence(KEYS), { 'data-lang': 'ar' });
  const w = page.locator('bailing-chat-widget');
  await expect(w.getByRole('region', { name: 'واجهة' })).toBeVisible();
  const [first, second] = await Promise.all(['first', 'second'].map((id) => w.locator(`[data-a2-id="${id}"]`).boundingBox()));
  expect(first!.x).toBeGreaterThan(second!.x);
  await w.getByRole('button', { name: 'Fare rules' }).click();
  await expect(w.locator('dialog.a2-dialog').getByRole('button', { name: 'إغلاق' })).toBeVisible();
});

const LOOKS: { name: string; viewport: { width: number; height: number }; attrs: Record<string, string> }[] = [
  { name: 'desktop-light', viewport: { width: 1280, height: 900 }, attrs: {} },
  { name: 'desktop-dark', viewport: { width: 1280, height: 900 }, attrs: { 'data-theme': 'dark' } },
  { name: 'phone-light', viewport: { width: 390, height: 844 }, attrs: {} },
  { name: 'phone-dark', viewport: { width: 390, height: 844 }, attrs: { 'data-theme': 'dark' } },
];
const SHOWN = ['13_coffee-order.json', '09_login-form.json', '20_restaurant-card.json'];

for (const look of LOOKS) {
  test.describe(look.name, () => {
    test.use({ viewport: look.viewport });
    test(`axe finds nothing serious in three of the specification's samples and the booking form; screenshots written (${look.name})`, async ({ page, server }) => {
      await answerWith(page, server.url, SHOWN.map((f) => fence(sample(f))).join('\n\n'), look.attrs);
      const regions = page.locator('bailing-chat-widget .bc-msg-assistant').last().locator('[role="region"]');
      await expect(regions).toHaveCount(SHOWN.length);
      for (const [i, file] of SHOWN.entries()) {
        await regions.nth(i).scrollIntoViewIfNeeded();
        await nextFrame(page);
        await page.screenshot({ path: `test-results/a2ui-${file.replace('.json', '')}-${look.name}.png` });
      }
      const results = await new AxeBuilder({ page }).include('bailing-chat-widget').analyze();
      expect(results.passes.length).toBeGreaterThan(0);
      expect(blocking(results)).toEqual([]);
    });
  });
}
