// What a visitor sees first, measured: icons that read on the accent whatever it is, one focus
// ring in the accent colour, a launcher that says what it does, a panel that comes in (and does
// not move under reduced motion), a centred title that is centred, Edit beside its question, and
// a font stack that can draw emoji.
import type { Page } from '@playwright/test';
import { ask, composer, expect, launcher, lastAssistant, loadWidget, panel, test, waitForAnswer } from './fixtures';

/** Serves the demo entry's config with these keys changed, as an owner's entry would have them. */
async function withConfig(page: Page, changes: Record<string, unknown>) {
  await page.route('**/chat/demo_assistant/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), ...changes } });
  });
}

const root = (page: Page) => page.locator('bailing-chat-widget .bc-root');
const launcherButton = (page: Page) => page.locator('bailing-chat-widget .bc-launcher');

/** WCAG contrast of two computed `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const lum = (rgb: string) => {
    const [r, g, bl] = rgb.match(/[\d.]+/g)!.slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The colour an icon is drawn in (its SVG strokes `currentColor`) and what it sits on. */
const iconOn = (page: Page, selector: string) =>
  page.locator(`bailing-chat-widget ${selector}`).evaluate((button) => ({
    icon: getComputedStyle(button.querySelector('svg')!).color,
    background: getComputedStyle(button).backgroundColor,
  }));

test.describe('icons on the accent', () => {
  // The demo's indigo drew #111827 icons (2.8:1); a pale accent needs dark ones.
  const accents = ['#4f46e5', '#0f766e', '#be123c', '#2563eb', '#fbbf24', '#a3e635', '#f9a8d4', '#111827'];
  for (const mode of ['light', 'dark'] as const) {
    test(`launcher and Send icons reach 4.5:1 on every accent (${mode})`, async ({ page, server }) => {
      await page.emulateMedia({ colorScheme: mode });
      const measured: string[] = [];
      for (const color of accents) {
        await page.unrouteAll();
        await withConfig(page, { color });
        // Each accent is a first visit: a config kept from the last load would be drawn first, then replaced.
        await loadWidget(page, server.url, { before: 'localStorage.clear()' });
        const launch = await iconOn(page, '.bc-launcher');
        await launcher(page).click();
        await composer(page).fill('hello');
        const send = await iconOn(page, '.bc-send:not(.bc-stop)');
        for (const [what, { icon, background }] of [['launcher', launch], ['send', send]] as const) {
          const ratio = contrast(icon, background);
          measured.push(`${color} ${what}: ${ratio.toFixed(1)}:1`);
          expect(ratio, `${color} ${what}: ${icon} on ${background}`).toBeGreaterThanOrEqual(4.5);
        }
      }
      test.info().annotations.push({ type: 'contrast', description: measured.join(', ') });
    });
  }
});

test.describe('focus', () => {
  test('the focused message box has one ring, in the accent colour, and no glow or coloured border', async ({ page, server }) => {
    await withConfig(page, { color: '#0f766e' });
    await loadWidget(page, server.url);
    await launcher(page).click();
    await expect(composer(page)).toBeFocused();
    const style = await composer(page).evaluate((el) => {
      const s = getComputedStyle(el);
      return { outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`, shadow: s.boxShadow, border: s.borderTopColor };
    });
    expect(style).toEqual({ outline: 'solid 2px rgb(15, 118, 110)', shadow: 'none', border: 'rgb(229, 231, 235)' });
  });

  test('an accent that does not stand out from the panel (3:1) gives way to the link colour, per theme', async ({ page, server }) => {
    // Indigo reads on white (6.3:1) but not on the dark panel (#111827: 2.5:1).
    await withConfig(page, { color: '#4f46e5' });
    const ring = () => composer(page).evaluate((el) => getComputedStyle(el).outlineColor);
    await loadWidget(page, server.url);
    await launcher(page).click();
    expect(await ring()).toBe('rgb(79, 70, 229)');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(root(page)).toHaveAttribute('data-mode', 'dark');
    const dark = await ring();
    expect(dark).toBe('rgb(147, 197, 253)');
    expect(contrast(dark, 'rgb(17, 24, 39)')).toBeGreaterThanOrEqual(3);
  });

  test('under forced colours the ring is the system Highlight, 3px', async ({ page, server }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await loadWidget(page, server.url);
    await launcher(page).click();
    const ring = await composer(page).evaluate((el) => {
      const s = getComputedStyle(el);
      const probe = document.createElement('i');
      probe.style.color = 'Highlight';
      document.body.append(probe);
      const highlight = getComputedStyle(probe).color;
      probe.remove();
      return { width: s.outlineWidth, color: s.outlineColor, highlight };
    });
    expect(ring.width).toBe('3px');
    expect(ring.color).toBe(ring.highlight);
  });
});

test.describe('the launcher and the panel', () => {
  test('open, the launcher is the close button: its name, state and icon say so; closed again, they come back', async ({ page, server }) => {
    await loadWidget(page, server.url);
    const button = launcherButton(page);
    const shown = () => button.evaluate((el) => [...el.children].map((child) => getComputedStyle(child).opacity));
    await expect(button).toHaveAccessibleName('Open chat');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(button).toHaveAccessibleName('Close chat');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(panel(page)).toBeVisible();
    // The chat icon gives way to the cross (their transitions end where the state says).
    await expect.poll(shown).toEqual(['0', '1']);
    await button.click();
    await expect(panel(page)).toBeHidden();
    await expect(button).toHaveAccessibleName('Open chat');
    await expect.poll(shown).toEqual(['1', '0']);
  });

  test('the panel fades in when it opens; with reduced motion it is there at once', async ({ page, server }) => {
    await loadWidget(page, server.url);
    await launcher(page).click();
    // The panel's animation as its style gives it (a running animation may be over before a busy machine looks).
    const animations = () => panel(page).evaluate((el) => {
      const style = getComputedStyle(el);
      return style.animationName.split(', ').map((name, i) => ({ name, duration: parseFloat(style.animationDuration.split(', ')[i]!) * 1000 }));
    });
    expect(await animations()).toEqual([{ name: 'bc-in', duration: 200 }]);
    await launcherButton(page).click();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await launcherButton(page).click();
    const reduced = await animations();
    expect(reduced.every((a) => a.name === 'none' || Number(a.duration) <= 1)).toBe(true);
  });

  test('a centred title is centred on the panel, whatever buttons stand beside it', async ({ page, server }) => {
    await withConfig(page, { title_align: 'center', title: 'Acme Store' });
    await loadWidget(page, server.url);
    await launcher(page).click();
    const centre = async () => {
      const [header, title] = await Promise.all([page.locator('bailing-chat-widget .bc-header').boundingBox(), page.locator('bailing-chat-widget .bc-title').evaluate((el) => {
        // The text's own box, not the element's.
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getBoundingClientRect();
        return { x: r.x, width: r.width };
      })]);
      return { header: header!.x + header!.width / 2, title: title.x + title.width / 2 };
    };
    const desktop = await centre();
    expect(Math.abs(desktop.title - desktop.header)).toBeLessThanOrEqual(1);
    await page.setViewportSize({ width: 390, height: 844 });
    const phone = await centre();
    expect(Math.abs(phone.title - phone.header)).toBeLessThanOrEqual(1);
  });
});

test('Edit sits beside the last question, in no row of its own', async ({ page, server }) => {
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  const question = page.locator('bailing-chat-widget .bc-msg-user').last();
  const edit = page.getByRole('button', { name: 'Edit question' });
  const [q, e, answer] = await Promise.all([question.boundingBox(), edit.boundingBox(), lastAssistant(page).boundingBox()]);
  // On the question's line, before it, and the answer right after the question.
  expect(e!.y).toBeGreaterThanOrEqual(q!.y);
  expect(e!.y + e!.height).toBeLessThanOrEqual(q!.y + q!.height + 1);
  expect(e!.x + e!.width).toBeLessThanOrEqual(q!.x);
  expect(answer!.y - (q!.y + q!.height)).toBeLessThanOrEqual(13);
  await edit.click();
  await expect(composer(page)).toHaveValue('hello');
});

test('the font stack ends with colour emoji fonts', async ({ page, server }) => {
  await loadWidget(page, server.url);
  await launcher(page).click();
  const family = await composer(page).evaluate((el) => getComputedStyle(el).fontFamily);
  expect(family).toMatch(/sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji"$/);
});

test.describe('starter prompts', () => {
  const starters = (page: Page) => page.locator('bailing-chat-widget .bc-starters button');

  test("the entry's suggestions show under the greeting until the first message; one click asks it", async ({ page, server }) => {
    await loadWidget(page, server.url);
    await launcher(page).click();
    await expect(starters(page)).toHaveText(['What can you do?', 'Show me a chart', 'Fill in a form', 'Draw a diagram']);
    await page.getByRole('button', { name: 'Show me a chart' }).click();
    await expect(page.locator('bailing-chat-widget .bc-msg-user').last()).toContainText('Show me a chart');
    await expect(starters(page)).toHaveCount(0);
    await waitForAnswer(page);
    await expect(lastAssistant(page)).toContainText('signups');
    // A conversation with history offers none, after a reload too; a new one offers them again.
    await loadWidget(page, server.url);
    await launcher(page).click();
    await expect(lastAssistant(page)).toContainText('signups');
    await expect(starters(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'New conversation' }).click();
    await expect(starters(page)).toHaveCount(4);
  });

  test('a typed first message takes them away too', async ({ page, server }) => {
    await loadWidget(page, server.url);
    await launcher(page).click();
    await expect(starters(page)).toHaveCount(4);
    await ask(page, 'hello');
    await expect(starters(page)).toHaveCount(0);
    await waitForAnswer(page);
  });

  test('an AG-UI agent has them from the preload, with its greeting and its AI notice', async ({ page, server }) => {
    await page.goto(`${server.url}/pages/ag-ui.html`);
    await launcher(page).click();
    await expect(page.locator('bailing-chat-widget .bc-greeting')).toContainText("I'm an AG-UI agent");
    await expect(page.locator('bailing-chat-widget .bc-notice')).toHaveText('Answers are generated by AI and may be inaccurate.');
    await expect(starters(page)).toHaveCount(4);
    await page.getByRole('button', { name: 'Think it through' }).click();
    await expect(starters(page)).toHaveCount(0);
    await waitForAnswer(page);
  });
});

test.describe("the entry's language", () => {
  test('an entry with lang pins the language where the page sets none; data-lang still wins', async ({ page, server }) => {
    await withConfig(page, { lang: 'es' });
    await loadWidget(page, server.url);
    await expect(launcherButton(page)).toHaveAccessibleName('Abrir el chat');
    await expect(root(page)).toHaveAttribute('lang', 'es');
    // The second page draws from the kept config at once and asks for it again behind: the test
    // ends after that answer, not while the route above still reads it (a closed page disposes it).
    const revalidated = page.waitForResponse('**/chat/demo_assistant/config');
    await loadWidget(page, server.url, { attrs: { 'data-lang': 'en' } });
    await expect(launcherButton(page)).toHaveAccessibleName('Open chat');
    await revalidated;
  });
});
