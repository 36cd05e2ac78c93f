// Host pages that fight the widget: a page whose CSS resets and overrides everything, and a page
// with a strict Content-Security-Policy. The widget must look and work the same on both.
import type { Page } from '@playwright/test';
import { ask, composer, expect, launcher, lastAssistant, loadWidget, panel, test, waitForAnswer } from './fixtures';

const ACCENT_RGB = 'rgb(79, 70, 229)'; // demo_assistant's #4f46e5

/** Computed styles of an element inside the widget's shadow root. */
function styleOf(page: Page, selector: string, props: string[]) {
  return page.locator(`bailing-chat-widget ${selector}`).first().evaluate((el, props) => {
    const s = getComputedStyle(el);
    return Object.fromEntries(props.map((p) => [p, s.getPropertyValue(p)]));
  }, props);
}

test.describe('hostile CSS host (e2e/pages/hostile.html)', () => {
  test('control: the hostile rules are active on the host page itself', async ({ page, server }) => {
    // Proves the checks below can fail: the same properties on the page's own elements are wrecked.
    await page.goto(`${server.url}/e2e/hostile.html`);
    const own = await page.evaluate(() => {
      const button = document.createElement('button');
      button.setAttribute('aria-label', 'x');
      button.textContent = 'host button';
      document.body.append(button);
      const b = getComputedStyle(button);
      const p = getComputedStyle(document.querySelector('p')!);
      return { fontSize: p.fontSize, letterSpacing: p.letterSpacing, textTransform: p.textTransform, visibility: b.visibility, opacity: b.opacity, transform: b.transform };
    });
    expect(own.fontSize).toBe('30px');
    expect(own.letterSpacing).toBe('8px');
    expect(own.textTransform).toBe('uppercase');
    expect(own.visibility).toBe('hidden');
    expect(own.opacity).toBe('0.1');
    expect(own.transform).not.toBe('none');
  });

  test('launcher: visible bottom-right, 56px, round, accent-coloured, clickable', async ({ page, server }) => {
    await loadWidget(page, server.url, { page: '/e2e/hostile.html' });
    const viewport = page.viewportSize()!;
    const button = launcher(page);
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.width).toBe(56);
    expect(box.height).toBe(56);
    expect(viewport.width - (box.x + box.width)).toBeCloseTo(24, 0);
    expect(viewport.height - (box.y + box.height)).toBeCloseTo(24, 0);
    expect(await styleOf(page, '.bc-launcher', ['visibility', 'opacity', 'transform', 'filter', 'background-color', 'border-radius', 'position', 'z-index'])).toEqual({
      visibility: 'visible',
      opacity: '1',
      transform: 'none',
      filter: 'none',
      'background-color': ACCENT_RGB,
      'border-radius': '50%',
      position: 'fixed',
      'z-index': '2147483000',
    });
    // The host element itself is not scaled, blurred or hidden by `bailing-chat-widget {…!important}`.
    expect(await page.locator('bailing-chat-widget').evaluate((host) => {
      const s = getComputedStyle(host);
      return { display: s.display, transform: s.transform, filter: s.filter };
    })).toEqual({ display: 'contents', transform: 'none', filter: 'none' });
    // The real hit target at the launcher's centre is the launcher.
    const hit = await page.evaluate(({ x, y }) => {
      const top = document.elementFromPoint(x, y);
      return top?.shadowRoot?.elementFromPoint(x, y)?.closest('button')?.className ?? top?.localName;
    }, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    expect(hit).toBe('bc-launcher');
    await button.click();
    await expect(panel(page)).toBeVisible();
  });

  test('panel: sensible size and place, widget fonts, a working textarea and a rendered answer', async ({ page, server }) => {
    await loadWidget(page, server.url, { page: '/e2e/hostile.html' });
    await launcher(page).click();
    // The panel fades in; its resting style is what is measured.
    await panel(page).evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const viewport = page.viewportSize()!;
    const box = (await panel(page).boundingBox())!;
    expect(box.width).toBe(400);
    expect(box.height).toBe(640);
    expect(viewport.width - (box.x + box.width)).toBeCloseTo(24, 0);
    expect(viewport.height - (box.y + box.height)).toBeCloseTo(24 + 68, 0);
    expect(await styleOf(page, '.bc-panel', ['display', 'position', 'background-color', 'opacity', 'transform', 'visibility'])).toEqual({
      display: 'flex',
      position: 'fixed',
      'background-color': 'rgb(255, 255, 255)',
      opacity: '1',
      transform: 'none',
      visibility: 'visible',
    });
    // Text in the bubbles uses the widget's type, not the host's 30px uppercase Comic Sans.
    const greeting = await styleOf(page, '.bc-greeting p', ['font-size', 'font-family', 'letter-spacing', 'text-transform', 'color', 'margin-top']);
    expect(greeting['font-size']).toBe('14px');
    expect(greeting['font-family']).not.toContain('Comic Sans');
    expect(greeting['letter-spacing']).toBe('normal');
    expect(greeting['text-transform']).toBe('none');
    expect(greeting.color).toBe('rgb(17, 24, 39)');
    const title = await styleOf(page, '.bc-title', ['font-size', 'font-weight']);
    expect(title).toEqual({ 'font-size': '15px', 'font-weight': '600' });

    const input = composer(page);
    expect(await styleOf(page, '.bc-input', ['font-size', 'visibility', 'opacity', 'border-top-style'])).toEqual({
      'font-size': '14px',
      visibility: 'visible',
      opacity: '1',
      'border-top-style': 'solid',
    });
    const send = await styleOf(page, '.bc-send', ['width', 'height', 'visibility', 'background-color']);
    expect(send).toEqual({ width: '40px', height: '40px', visibility: 'visible', 'background-color': ACCENT_RGB });
    await expect(input).toBeFocused();
    await ask(page, 'markdown please');
    await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveText(/markdown please/);
    await waitForAnswer(page);
    const answer = lastAssistant(page);
    await expect(answer.locator('h2').first()).toHaveText('Setting up the Acme chat widget');
    expect(await answer.locator('p').first().evaluate((el) => getComputedStyle(el).fontSize)).toBe('14px');
    expect(await answer.locator('h2').first().evaluate((el) => getComputedStyle(el).textTransform)).toBe('none');
    const table = await answer.locator('table').evaluate((el) => ({ display: getComputedStyle(el).display, width: el.getBoundingClientRect().width }));
    expect(table.display).toBe('block');
    expect(table.width).toBeGreaterThan(100);
    // The icon buttons are their own size, not the host's 500×9px or 400px images.
    expect(await styleOf(page, '.bc-icon-btn', ['width', 'height'])).toEqual({ width: '34px', height: '34px' });
    expect(await styleOf(page, '.bc-icon-btn svg', ['width', 'height'])).toEqual({ width: '18px', height: '18px' });
  });
});

test.describe('strict CSP host (/pages/strict-csp.html)', () => {
  /** Collects CSP violations from the first script on: console reports and DOM events. */
  async function watchCsp(page: Page) {
    await page.addInitScript(() => {
      (window as { __csp?: string[] }).__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as { __csp?: string[] }).__csp!.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
      });
    });
    const console: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) console.push(m.text());
    });
    return { console, events: () => page.evaluate(() => (window as { __csp?: string[] }).__csp ?? []) };
  }

  test('detector: an inline style and an inline script on the page are reported', async ({ page, server }) => {
    const csp = await watchCsp(page);
    await page.goto(`${server.url}/pages/strict-csp.html`);
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { color: red }';
      document.head.append(style);
      const script = document.createElement('script');
      script.textContent = 'window.__inline = 1';
      document.head.append(script);
    });
    await expect.poll(() => csp.events()).toHaveLength(2);
    await expect.poll(() => csp.console.length).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => (window as { __inline?: number }).__inline)).toBeUndefined();
  });

  test('the widget works and is styled, with no CSP violations', async ({ page, server }) => {
    const csp = await watchCsp(page);
    await page.goto(`${server.url}/pages/strict-csp.html`);
    expect(await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'))).toContain("style-src 'self'");
    await expect(launcher(page)).toBeVisible();
    expect(await styleOf(page, '.bc-launcher', ['background-color', 'width', 'border-radius', 'position'])).toEqual({
      'background-color': ACCENT_RGB,
      width: '56px',
      'border-radius': '50%',
      position: 'fixed',
    });
    await launcher(page).click();
    await expect(panel(page)).toBeVisible();
    expect((await panel(page).boundingBox())!.width).toBe(400);
    await ask(page, 'markdown please');
    await waitForAnswer(page);
    await expect(lastAssistant(page).locator('table')).toBeVisible();
    expect(await lastAssistant(page).locator('p').first().evaluate((el) => getComputedStyle(el).fontSize)).toBe('14px');
    // A multi-line message grows the textarea (a style set through the CSSOM, which CSP allows).
    await composer(page).fill('one\ntwo\nthree\nfour');
    await composer(page).dispatchEvent('input');
    expect((await composer(page).boundingBox())!.height).toBeGreaterThan(60);
    // A chart block, rendered by the page's own trusted renderer.
    await composer(page).fill('chart');
    await composer(page).press('Enter');
    await waitForAnswer(page);
    await expect(lastAssistant(page).locator('svg[role="img"]')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    expect(await csp.events()).toEqual([]);
    expect(csp.console).toEqual([]);
  });
});
