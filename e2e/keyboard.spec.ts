// The widget by keyboard and screen reader: every control reached and used with keys alone, the
// focus-cycle key (F6) between the page, the list and the composer and back to where the page had
// focus, the phone's modal panel keeping Tab inside (and the desktop one not), what the live
// regions say during one answer (exactly), messages and renderer blocks named, focus rings that read.
import type { Page } from '@playwright/test';
import { ask, composer, expect, lastAssistant, launcher, loadWidget, panel, test, waitForAnswer } from './fixtures';

/** What has focus: `page:<id>` on the host page, else the widget control's accessible name as a person would hear it. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const host = document.querySelector('bailing-chat-widget')!;
    const active = document.activeElement;
    if (active !== host) return `page:${active?.id || active?.tagName.toLowerCase()}`;
    const el = host.shadowRoot!.activeElement as HTMLElement | null;
    if (!el) return 'widget:none';
    const labelled = (el as HTMLInputElement).labels?.[0]?.textContent;
    return (el.getAttribute('aria-label') || labelled || el.textContent || el.className).trim().replace(/\s+/g, ' ');
  });
}

/** Presses Tab (Shift+Tab with `back`) until `name` has focus; fails if it is not reached in `max` presses. */
async function tabTo(page: Page, name: string | RegExp, back = false, max = 40) {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    seen.push(now);
    if (typeof name === 'string' ? now === name : name.test(now)) return;
  }
  throw new Error(`${String(name)} not reached by ${back ? 'Shift+Tab' : 'Tab'}; focus went ${seen.join(' → ')}`);
}

/** The host page gets a control of its own, before the widget, and focus on it. */
async function pageButton(page: Page) {
  await page.evaluate(() => {
    const button = Object.assign(document.createElement('button'), { id: 'page-btn', textContent: 'A page control' });
    document.querySelector('main')!.append(button);
    button.focus();
  });
}

/** Records every text the two live regions say, as `polite:…` / `alert:…`, in the page. */
async function recordAnnouncements(page: Page) {
  await page.evaluate(() => {
    const root = document.querySelector('bailing-chat-widget')!.shadowRoot!;
    const said: string[] = ((window as unknown as { __said: string[] }).__said = []);
    for (const [kind, region] of [['polite', root.querySelector('.bc-sr[aria-live="polite"]')!], ['alert', root.querySelector('.bc-sr[role="alert"]')!]] as const) {
      new MutationObserver(() => {
        if (region.textContent) said.push(`${kind}:${region.textContent}`);
      }).observe(region, { childList: true, characterData: true, subtree: true });
    }
  });
}
const said = (page: Page) => page.evaluate(() => (window as unknown as { __said: string[] }).__said);

/** Resolves in the page at the widget's next `event` (`done`, `error`). */
function nextEvent(page: Page, event: 'done' | 'error') {
  return page.evaluate((event) => new Promise<void>((resolve) => {
    const off = (window as unknown as { BailingChat: { on(e: string, h: () => void): () => void } }).BailingChat.on(event, () => (off(), resolve()));
  }), event);
}

test('keyboard only: launcher, header buttons, composer, Send, Stop, answer actions, new conversation, close', async ({ page, server }) => {
  // Listened for from the start: the browser intercepts file pickers only once a listener is on,
  // and that must not race the key press that opens one.
  let choosers = 0;
  page.on('filechooser', () => choosers++);
  await loadWidget(page, server.url);
  await tabTo(page, 'Open chat');
  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeVisible();
  await expect.poll(() => focused(page)).toBe('Message');

  // The composer's attachment controls (the demo entry takes uploads): the paperclip opens the file picker.
  await tabTo(page, 'Attach a file', true, 2);
  await page.keyboard.press('Enter');
  await expect.poll(() => choosers).toBe(1);
  // The header, backwards: past the entry's starter questions, the list, Close, Maximize.
  await tabTo(page, 'Conversation', true, 6);
  await tabTo(page, 'Close', true, 1);
  await tabTo(page, 'Maximize', true, 1);
  const maximize = page.getByRole('button', { name: 'Maximize' });
  await page.keyboard.press('Space');
  await expect(maximize).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await expect(maximize).toHaveAttribute('aria-pressed', 'false');

  // Send by its button, then Stop (focus moves from Send to Stop, and back to the field).
  await tabTo(page, 'Message');
  await page.keyboard.type('Tell me slowly');
  await tabTo(page, 'Send', false, 1);
  const taken = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/chat/demo_assistant');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeFocused();
  // Stopped once the answer is under way (the service took the job and its bubble is up).
  await taken;
  await expect(lastAssistant(page)).toBeAttached();
  await page.keyboard.press('Enter');
  await expect(lastAssistant(page)).toContainText('Stopped.');
  await expect.poll(() => focused(page)).toBe('Message');

  // An answer's actions, reached backwards from the field.
  await page.keyboard.type('hello');
  await page.keyboard.press('Enter');
  await waitForAnswer(page);
  const helpful = page.getByRole('button', { name: 'Helpful', exact: true });
  // The answer's actions come with its footer, after the answer's end.
  await expect(helpful).toBeVisible();
  await tabTo(page, 'Helpful', true);
  await page.keyboard.press('Space');
  await expect(helpful).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, 'Not helpful');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Not helpful' })).toHaveAttribute('aria-pressed', 'true');
  await expect(helpful).toHaveAttribute('aria-pressed', 'false');
  await tabTo(page, 'Add a note');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Your note on this answer' })).toBeFocused();
  await page.keyboard.type('Short and clear');
  await tabTo(page, 'Send note');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Add a note' })).toHaveAttribute('aria-pressed', 'true');

  // New conversation, reached from the field backwards, leaves an empty list and focus in the field.
  await composer(page).focus();
  await tabTo(page, 'New conversation', true);
  await page.keyboard.press('Enter');
  await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveCount(0);
  await expect.poll(() => focused(page)).toBe('Message');

  // Close by its button: focus goes back to the launcher; Esc does the same.
  await tabTo(page, 'Close', true);
  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeHidden();
  await expect.poll(() => focused(page)).toBe('Open chat');
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page)).toBe('Message');
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect.poll(() => focused(page)).toBe('Open chat');
});

test('keyboard only: the Copy code button of a code block', async ({ page, server, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await loadWidget(page, server.url, { attrs: { 'data-code': '1' } });
  await tabTo(page, 'Open chat');
  await page.keyboard.press('Enter');
  await recordAnnouncements(page);
  await page.keyboard.type('markdown please');
  await page.keyboard.press('Enter');
  await waitForAnswer(page);
  await expect(lastAssistant(page).getByRole('button', { name: 'Copy code' }).first()).toBeVisible();
  await tabTo(page, /^Copy code/, true, 60);
  await page.keyboard.press('Enter');
  await expect.poll(() => said(page)).toContain('polite:Copied');
  expect((await page.evaluate(() => navigator.clipboard.readText())).length).toBeGreaterThan(0);
});

test('keyboard only: a bailing-form answer is filled in and sent, inside a region named for it', async ({ page, server }) => {
  await loadWidget(page, server.url);
  await tabTo(page, 'Open chat');
  await page.keyboard.press('Enter');
  await page.keyboard.type('I need a refund form');
  await page.keyboard.press('Enter');
  await waitForAnswer(page);
  await expect(page.getByRole('region', { name: 'Form' }).locator('form')).toBeVisible();

  await tabTo(page, /^Order number/, true, 60);
  await page.keyboard.type('A-1042');
  await tabTo(page, /^Reason for the refund/, false, 1);
  await page.keyboard.type('It arrived broken.');
  // Into the radio group, then the arrow keys choose.
  await tabTo(page, /^(Original payment method|Account balance)$/);
  for (let i = 0; i < 3 && (await focused(page)) !== 'Account balance'; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'Account balance' })).toBeChecked();
  await tabTo(page, /^I agree to the refund terms/);
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'I agree to the refund terms' })).toBeChecked();
  await tabTo(page, 'Send request');
  await page.keyboard.press('Enter');
  await expect(page.locator('bailing-chat-widget .bc-rich[data-type="bailing-form"]')).toHaveAttribute('data-state', 'submitted');
  await waitForAnswer(page);
  await expect(lastAssistant(page)).toContainText('A-1042');
  await expect(lastAssistant(page)).toContainText('Account balance');
});

test.describe('the focus-cycle key', () => {
  test('F6 goes from the page to the launcher and back; Shift+F6 the other way', async ({ page, server }) => {
    await loadWidget(page, server.url);
    await pageButton(page);
    await page.keyboard.press('F6');
    await expect.poll(() => focused(page)).toBe('Open chat');
    await page.keyboard.press('F6');
    await expect.poll(() => focused(page)).toBe('page:page-btn');
    await page.keyboard.press('Shift+F6');
    await expect.poll(() => focused(page)).toBe('Open chat');
    await page.keyboard.press('Shift+F6');
    await expect.poll(() => focused(page)).toBe('page:page-btn');
  });

  test('with the panel open F6 cycles page → list → composer → page, Shift+F6 backwards, and returns to the page control that had focus', async ({ page, server }) => {
    await loadWidget(page, server.url);
    await pageButton(page);
    await page.keyboard.press('F6');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('Message');
    const ring = ['page:page-btn', 'Conversation', 'Message', 'page:page-btn', 'Conversation'];
    for (const stop of ring) {
      await page.keyboard.press('F6');
      await expect.poll(() => focused(page)).toBe(stop);
    }
    for (const stop of ['page:page-btn', 'Message', 'Conversation', 'page:page-btn']) {
      await page.keyboard.press('Shift+F6');
      await expect.poll(() => focused(page)).toBe(stop);
    }
    // From a header button F6 goes on to the composer.
    await page.getByRole('button', { name: 'Maximize' }).focus();
    await page.keyboard.press('F6');
    await expect.poll(() => focused(page)).toBe('Message');
    // A page control clicked meanwhile is the one F6 comes back to.
    await page.locator('h1').evaluate((h1) => {
      const link = Object.assign(document.createElement('a'), { id: 'page-link', href: '#top', textContent: 'Top' });
      h1.append(link);
    });
    await page.locator('#page-link').focus();
    await page.keyboard.press('F6');
    await expect.poll(() => focused(page)).toBe('Conversation');
    await page.keyboard.press('Shift+F6');
    await expect.poll(() => focused(page)).toBe('page:page-link');
  });

  test('the site owner chooses the key in the preload; a bad one is warned about and F6 stays', async ({ page, server, consoleMessages }) => {
    await loadWidget(page, server.url, { before: 'window.BailingChat = { config: { focusKey: "F8" } }' });
    await pageButton(page);
    await page.keyboard.press('F6');
    await expect.poll(() => focused(page)).toBe('page:page-btn');
    await page.keyboard.press('F8');
    await expect.poll(() => focused(page)).toBe('Open chat');

    await loadWidget(page, server.url, { before: 'window.BailingChat = { config: { focusKey: "Tab" } }' });
    expect(consoleMessages.map((m) => m.text).join('\n')).toContain('focusKey must be a function key from F1 to F12, or "none" (got "Tab"); using F6');
    await pageButton(page);
    await page.keyboard.press('F6');
    await expect.poll(() => focused(page)).toBe('Open chat');

    await loadWidget(page, server.url, { before: 'window.BailingChat = { config: { focusKey: "none" } }' });
    await pageButton(page);
    await page.keyboard.press('F6');
    await expect.poll(() => focused(page)).toBe('page:page-btn');
  });
});

test.describe('a phone: the full-screen panel is modal', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('Tab and Shift+Tab stay in the panel, F6 goes between list and composer only, focus sent to the page comes back', async ({ page, server }) => {
    await loadWidget(page, server.url);
    await pageButton(page);
    await launcher(page).click();
    await expect(panel(page)).toHaveAttribute('aria-modal', 'true');
    await expect.poll(() => focused(page)).toBe('Message');
    const seen = new Set<string>();
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 14; i++) {
        await page.keyboard.press(key);
        const now = await focused(page);
        expect(now, `after ${i + 1} × ${key}`).not.toMatch(/^page:/);
        seen.add(now);
      }
    }
    // Every control of the panel came round (Maximize is hidden on a phone).
    // The entry's starter questions stand under the greeting until the first message.
    expect([...seen].sort()).toEqual(['Attach a file', 'Close', 'Conversation', 'Draw a diagram', 'Fill in a form', 'Message', 'New conversation', 'Record a voice note', 'Send', 'Show me a chart', 'What can you do?']);
    await composer(page).focus();
    for (const stop of ['Conversation', 'Message', 'Conversation']) {
      await page.keyboard.press('F6');
      await expect.poll(() => focused(page)).toBe(stop);
    }
    await page.locator('#page-btn').focus();
    await expect.poll(() => focused(page)).toBe('Message');
    // Closed, the page is the page again.
    await page.keyboard.press('Escape');
    await expect(panel(page)).toHaveAttribute('aria-modal', 'false');
    await page.locator('#page-btn').focus();
    await expect.poll(() => focused(page)).toBe('page:page-btn');
  });
});

test('a desktop panel is not modal: Tab goes on from the composer to the page', async ({ page, server }) => {
  await loadWidget(page, server.url);
  await launcher(page).click();
  await expect(panel(page)).toHaveAttribute('aria-modal', 'false');
  await expect.poll(() => focused(page)).toBe('Message');
  await tabTo(page, 'Send', false, 1);
  await page.keyboard.press('Tab');
  expect(await focused(page)).toMatch(/^page:/);
});

test('one answer is announced exactly: responding, then complete; a failure assertively, and again on retry', async ({ page, server }) => {
  await loadWidget(page, server.url);
  await launcher(page).click();
  await recordAnnouncements(page);
  const done = nextEvent(page, 'done');
  await ask(page, 'hello');
  await done;
  await expect.poll(() => said(page)).toEqual(['polite:Responding…', 'polite:Response complete']);

  const failed = nextEvent(page, 'error');
  await ask(page, 'fail please');
  await failed;
  await expect.poll(() => said(page)).toEqual(['polite:Responding…', 'polite:Response complete', 'polite:Responding…', 'alert:The answer failed']);
  // Retry by keyboard: the same words again are said again.
  const again = nextEvent(page, 'error');
  await tabTo(page, 'Retry', true);
  await page.keyboard.press('Enter');
  await again;
  await expect.poll(() => said(page)).toEqual([
    'polite:Responding…', 'polite:Response complete', 'polite:Responding…', 'alert:The answer failed', 'polite:Responding…', 'alert:The answer failed',
  ]);
});

for (const [lang, you] of [['en', 'You'], ['zh-CN', '你']] as const) {
  test(`${lang}: each message is named for who said it and when, in the widget language`, async ({ page, server }) => {
    await loadWidget(page, server.url, { attrs: { 'data-lang': lang } });
    await page.locator('bailing-chat-widget .bc-launcher').click();
    const done = nextEvent(page, 'done');
    await page.locator('bailing-chat-widget textarea').fill('hello');
    await page.locator('bailing-chat-widget textarea').press('Enter');
    await done;
    const times = await page.evaluate((lang) => {
      const items: { ts: number }[] = JSON.parse(localStorage.getItem('bailing_chat_demo_assistant')!);
      const clock = new Intl.DateTimeFormat(lang, { timeStyle: 'short' });
      return items.map((item) => clock.format(item.ts));
    }, lang);
    expect(times).toHaveLength(2);
    const user = page.locator('bailing-chat-widget .bc-msg-user');
    const answer = page.locator('bailing-chat-widget .bc-msg-assistant:not(.bc-greeting)');
    await expect(user).toHaveAttribute('role', 'article');
    await expect(user).toHaveAttribute('aria-label', `${you}, ${times[0]}`);
    // The assistant is named as the entry's title names it.
    await expect(answer).toHaveAttribute('aria-label', `Acme Help, ${times[1]}`);
    if (lang === 'en') expect(times[1]).toMatch(/^\d{1,2}:\d{2}\s[AP]M$/);
    // After a reload the history keeps the same names.
    await loadWidget(page, server.url, { attrs: { 'data-lang': lang } });
    await page.locator('bailing-chat-widget .bc-launcher').click();
    await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveAttribute('aria-label', `${you}, ${times[0]}`);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: every control shows a focus ring of at least 3:1 against the panel`, async ({ page, server }) => {
    await loadWidget(page, server.url, { attrs: { 'data-theme': theme } });
    await tabTo(page, 'Open chat');
    const ring = () => page.evaluate(() => {
      const root = document.querySelector('bailing-chat-widget')!.shadowRoot!;
      const el = root.activeElement as HTMLElement;
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: string) => {
        const [r, g, b] = rgb(c).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const style = getComputedStyle(el);
      const panelBg = getComputedStyle(root.querySelector('.bc-panel')!).backgroundColor;
      const [a, b] = [lum(style.outlineColor), lum(panelBg)];
      return { matches: el.matches(':focus-visible'), style: style.outlineStyle, width: parseFloat(style.outlineWidth), contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
    });
    const check = async (name: string) => {
      const r = await ring();
      expect(r.matches, name).toBe(true);
      expect(r.style, name).toBe('solid');
      expect(r.width, name).toBeGreaterThanOrEqual(2);
      expect(r.contrast, `${name}: ring contrast`).toBeGreaterThanOrEqual(3);
    };
    await check('Open chat');
    await page.keyboard.press('Enter');
    for (const name of ['Message', 'Send']) {
      if ((await focused(page)) !== name) await tabTo(page, name, false, 2);
      await check(name);
    }
    for (const name of ['Conversation', 'Close', 'Maximize', 'New conversation']) {
      await tabTo(page, name, true, 10);
      await check(name);
    }
  });
}

test('reduced motion: the launcher does not move and transitions end at once', async ({ page, server }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await loadWidget(page, server.url);
  const launch = page.locator('bailing-chat-widget .bc-launcher');
  await launch.hover();
  expect(await launch.evaluate((el) => [getComputedStyle(el).transform, getComputedStyle(el).transitionDuration])).toEqual(['none', '0.001s']);
  // The detector: with motion allowed it does scale on hover.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect.poll(() => launch.evaluate((el) => getComputedStyle(el).transform)).not.toBe('none');
});
