// The answer's stream is read in a dedicated worker where the page allows one, and on the page's
// main thread where it does not (widget/transport/stream-fetch.ts). Which one read it shows in
// the page's Resource Timing: a worker's fetches are in the worker's timeline, not the page's.
import type { Page } from '@playwright/test';
import { openAgent } from './agent-runs';
import { ask, expect, launcher, lastAssistant, test, waitForAnswer } from './fixtures';

const REFUSED_KEY = 'bailing-chat-worker-refused';

/** The page's own timeline has the events request: the main thread read the stream. */
const readOnPage = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/events\//.test(e.name)).length);

/** Asks, waits for the streamed answer (the demo agent's markdown), and says whether the events request was made. */
async function answerOnce(page: Page, text = 'markdown please') {
  const events = page.waitForRequest(/\/events\//);
  await ask(page, text);
  await events;
  await waitForAnswer(page);
  await expect(lastAssistant(page).locator('table')).toBeVisible();
}

/** The widget's tag, added as a host adds it (a script from the page's own origin, which a `'self'` CSP allows). */
const addWidget = (page: Page, attrs: Record<string, string> = {}) =>
  page.evaluate((attrs) => {
    const s = document.createElement('script');
    s.src = '/widget.js';
    s.dataset.entry = 'demo_assistant';
    for (const [name, value] of Object.entries(attrs)) s.setAttribute(name, value);
    document.body.append(s);
  }, attrs);

/** CSP violations from the first script on: DOM events and console reports. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    (window as { __csp?: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => (window as { __csp?: string[] }).__csp!.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const console: string[] = [];
  page.on('console', (m) => /Content Security Policy|Trusted/i.test(m.text()) && console.push(m.text()));
  return { console, events: () => page.evaluate(() => (window as { __csp?: string[] }).__csp ?? []) };
}

test('a page without a CSP: the stream is read in one worker, answer after answer; the page timeline does not have it', async ({ page, server }) => {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(`${server.url}/e2e/blank.html`);
  // Detector: a blob: worker the page makes is reported, and a fetch on the page is in its timeline.
  await page.evaluate(() => new Worker(URL.createObjectURL(new Blob(['close()'], { type: 'text/javascript' }))));
  await expect.poll(() => workers.length).toBe(1);
  await page.evaluate(() => fetch('/e2e/blank.html?/events/').then((r) => r.text()));
  await expect.poll(() => readOnPage(page)).toBe(1);

  await addWidget(page);
  await launcher(page).click();
  // Made when the visitor opens the chat, before the first message: its start is not the answer's wait.
  await expect.poll(() => workers.length).toBe(2);
  await answerOnce(page);
  await answerOnce(page, 'markdown again');
  expect(workers).toHaveLength(2);
  expect(workers[1]).toMatch(/^blob:/);
  // Only the detector's request is in the page's timeline: both answers were read in the worker.
  expect(await readOnPage(page)).toBe(1);
});

test('a page whose storage is blocked (it throws): the stream is still read in a worker', async ({ page, server }) => {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.addInitScript(() =>
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    }),
  );
  await page.goto(`${server.url}/e2e/blank.html`);
  // Detector: the page's storage throws as a blocked one does.
  expect(await page.evaluate(() => { try { return typeof localStorage; } catch (e) { return (e as Error).name; } })).toBe('SecurityError');
  await addWidget(page);
  await launcher(page).click();
  await answerOnce(page);
  expect(workers).toHaveLength(1);
  expect(workers[0]).toMatch(/^blob:/);
  expect(await readOnPage(page)).toBe(0);
});

test('data-worker="0", the owner\'s choice: no worker is made, the answers are read on the page', async ({ page, server }) => {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(`${server.url}/e2e/blank.html`);
  // Detector: with the tag as every other test has it, opening the chat makes the worker.
  await addWidget(page);
  await launcher(page).click();
  await expect.poll(() => workers.length).toBe(1);
  await page.goto(`${server.url}/e2e/blank.html`);
  await addWidget(page, { 'data-worker': '0' });
  await launcher(page).click();
  await answerOnce(page);
  await answerOnce(page, 'markdown again');
  expect(workers).toHaveLength(1);
  expect(await readOnPage(page)).toBe(2);
  // Not a refusal: nothing is kept for the next visit.
  expect(await page.evaluate((key) => localStorage.getItem(key), REFUSED_KEY)).toBeNull();
});

test('a page that fronts an AG-UI agent: its runs are read in the same one worker, made on opening the chat', async ({ page, server }) => {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await openAgent(page, server.url);
  await expect.poll(() => workers.length).toBe(1);
  await ask(page, 'Show me the long markdown answer');
  await waitForAnswer(page);
  await expect(lastAssistant(page).locator('table')).toBeVisible();
  await ask(page, 'Show me the long markdown answer again');
  await waitForAnswer(page);
  await expect(lastAssistant(page).locator('table')).toBeVisible();
  // Detector: the AG-UI module's own stream reader made a second worker at the first run.
  expect(workers).toHaveLength(1);
  // Both runs were read in it: none is in the page's timeline.
  expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/agui\//.test(e.name)).length)).toBe(0);
});

test('a page with a strict CSP in a <meta>: no worker is tried, so nothing is reported; the answer is read on the page', async ({ page, server }) => {
  const csp = await watchCsp(page);
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(`${server.url}/pages/strict-csp.html`);
  // Detector: this page does refuse a blob: worker, and says so.
  await page.evaluate(() => new Worker(URL.createObjectURL(new Blob([''], { type: 'text/javascript' }))));
  await expect.poll(() => csp.events()).toHaveLength(1);
  expect((await csp.events())[0]).toMatch(/^worker-src blob/);
  await launcher(page).click();
  await answerOnce(page);
  expect(await readOnPage(page)).toBe(1);
  expect(await csp.events()).toHaveLength(1);
  expect(await page.evaluate((key) => localStorage.getItem(key), REFUSED_KEY)).toBeNull();
});

test('a CSP header that refuses blob: workers: reported once, the answer read on the page; remembered, so the next visit does not try', async ({ page, server }) => {
  // The same blank page, its CSP in a header the widget cannot read.
  await page.route('**/e2e/blank.html', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:" } });
  });
  const csp = await watchCsp(page);
  const load = async () => {
    await page.goto(`${server.url}/e2e/blank.html`);
    await addWidget(page);
    await launcher(page).click();
  };
  await load();
  await answerOnce(page);
  await expect.poll(() => csp.events()).toEqual([expect.stringMatching(/^worker-src blob/)]);
  expect(await readOnPage(page)).toBe(1);
  await answerOnce(page, 'markdown again');
  expect(await readOnPage(page)).toBe(2);
  const refusedAt = Number(await page.evaluate((key) => localStorage.getItem(key), REFUSED_KEY));
  expect(Math.abs(Date.now() - refusedAt)).toBeLessThan(60_000);
  expect(csp.console).toHaveLength(1);

  await load();
  await answerOnce(page);
  expect(await readOnPage(page)).toBe(1);
  expect(await csp.events()).toEqual([]);
  expect(csp.console).toHaveLength(1);

  // A refusal is remembered for a week: an older one is tried again (one report more), and renewed.
  await page.evaluate((key) => localStorage.setItem(key, String(Date.now() - 8 * 864e5)), REFUSED_KEY);
  await load();
  await answerOnce(page);
  await expect.poll(() => csp.console.length).toBe(2);
  expect(await readOnPage(page)).toBe(1);
  expect(Math.abs(Date.now() - Number(await page.evaluate((key) => localStorage.getItem(key), REFUSED_KEY)))).toBeLessThan(60_000);
});

test('a page that requires Trusted Types: the worker\'s URL goes through the "bailing-chat" policy, nothing is reported', async ({ page, server }) => {
  const csp = await watchCsp(page);
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(`${server.url}/e2e/trusted-types.html`);
  // Detector: a plain string as a worker's URL is refused and reported.
  expect(await page.evaluate(() => {
    try {
      new Worker(URL.createObjectURL(new Blob([''], { type: 'text/javascript' })));
      return 'made';
    } catch (error) {
      return (error as Error).name;
    }
  })).toBe('TypeError');
  await expect.poll(() => csp.console.length).toBe(1);
  await launcher(page).click();
  await answerOnce(page);
  expect(workers).toHaveLength(1);
  expect(await readOnPage(page)).toBe(0);
  expect(csp.console).toHaveLength(1);
});
