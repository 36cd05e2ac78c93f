// The visitor's approach (opening the chat, turning to an inline composer) readies what the first
// answer's text would otherwise wait for, in the page's idle moments: the clock that names messages
// (a page's first date formatter loads the browser's locale data) and the markdown lexer's first
// run (V8 compiles marked's large rules then). A page view alone readies neither; a message sent
// without an approach (a page's call) gets its clock 2 s later, not while its answer is awaited.
import type { Page } from '@playwright/test';
import { ask, composer, expect, launcher, loadWidget, test, waitForAnswer } from './fixtures';

/** Counts date formatters made, and runs of long regular expressions (marked's block rules are). */
const COUNTERS = `(() => {
  const w = window;
  w.__formatters = 0;
  w.__longRules = 0;
  // The longest run of whole idle periods (45 ms or more given) the page has had so far, and that
  // run when the widget made its first formatter.
  w.__calm = 0;
  w.__calmest = 0;
  const step = (deadline) => {
    w.__calm = deadline.timeRemaining() >= 45 ? w.__calm + 1 : 0;
    w.__calmest = Math.max(w.__calmest, w.__calm);
    requestIdleCallback(step);
  };
  requestIdleCallback(step);
  Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
    construct: (target, args) => (w.__formatters++, (w.__formatterAt = performance.now()), (w.__calmestAtFormatter ??= w.__calmest), Reflect.construct(target, args)),
    apply: (target, self, args) => (w.__formatters++, Reflect.apply(target, self, args)),
  });
  const exec = RegExp.prototype.exec;
  RegExp.prototype.exec = function (text) {
    if (this.source.length > 400) w.__longRules++;
    return exec.call(this, text);
  };
})();`;

const counts = (page: Page) => page.evaluate(() => ({ formatters: (window as unknown as { __formatters: number }).__formatters, longRules: (window as unknown as { __longRules: number }).__longRules }));
const reset = (page: Page) => page.evaluate(() => Object.assign(window, { __formatters: 0, __longRules: 0, __calmestAtFormatter: undefined }));

/** The counters count: the page's own formatter and long rule. */
async function proveCounters(page: Page) {
  await page.evaluate(() => {
    new Intl.DateTimeFormat('en');
    new RegExp(`a{1}${'|b'.repeat(250)}`).exec('a');
  });
  expect(await counts(page)).toEqual({ formatters: 1, longRules: 1 });
  await reset(page);
}

/** Resolves after two of the page's idle moments that follow everything the page asked for until now. */
const twoIdleMoments = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))));

test('a floating widget: nothing readied while the page loads; opening the chat readies the clock and the lexer before any message', async ({ page, server }) => {
  await loadWidget(page, server.url, { before: COUNTERS });
  await proveCounters(page);
  // The panel was built in idle time (loadWidget waits for it); the idle moments just after it run
  // nothing of ours (the page has not settled: that takes about twenty of them).
  await twoIdleMoments(page);
  expect(await counts(page)).toEqual({ formatters: 0, longRules: 0 });

  await launcher(page).click();
  await expect(composer(page)).toBeFocused();
  await expect.poll(async () => (await counts(page)).formatters).toBe(1);
  await expect.poll(async () => (await counts(page)).longRules).toBeGreaterThan(0);

  // The first message names its article with the same clock: none is made for it.
  await ask(page, 'hello');
  await waitForAnswer(page);
  expect((await counts(page)).formatters).toBe(1);
  await expect(page.locator('bailing-chat-widget .bc-msg-user').first()).toHaveAttribute('aria-label', /^You, \d/);
});

test('an inline widget: readied when the visitor turns to its composer, before the page has settled', async ({ page, server }) => {
  await loadWidget(page, server.url, { before: `${COUNTERS}; document.body.insertAdjacentHTML('beforeend', '<div id="chat" style="width:400px;height:600px"></div>')`, attrs: { 'data-container': '#chat' } });
  await proveCounters(page);
  await twoIdleMoments(page);
  expect(await counts(page)).toEqual({ formatters: 0, longRules: 0 });

  await composer(page).focus();
  await expect.poll(async () => (await counts(page)).formatters).toBe(1);
  await expect.poll(async () => (await counts(page)).longRules).toBeGreaterThan(0);
});

test('a page view alone: the clock and the lexer readied once the page has settled (a second of whole idle periods in a row), not before', async ({ page, server }) => {
  await loadWidget(page, server.url, { before: COUNTERS });
  await proveCounters(page);
  await twoIdleMoments(page);
  expect(await counts(page)).toEqual({ formatters: 0, longRules: 0 });
  // Nothing touched: the page idles on, and the widget readies what a first answer needs.
  await expect.poll(async () => (await counts(page)).formatters, { timeout: 15_000 }).toBe(1);
  await expect.poll(async () => (await counts(page)).longRules).toBeGreaterThan(0);
  // Not before the page had about a second of whole idle periods (the widget waits for twenty; the
  // probe, started before the widget, sees the same periods, less two for their sharing).
  expect(await page.evaluate(() => (window as unknown as { __calmestAtFormatter: number }).__calmestAtFormatter)).toBeGreaterThanOrEqual(18);
});

/** Sends by the page's call and says how long after it the clock was made (the answer is in by then). */
async function clockAfterCall(page: Page) {
  await proveCounters(page);
  const sentAt = await page.evaluate(() => {
    const at = performance.now();
    (window as unknown as { BailingChat: { send(text: string): boolean } }).BailingChat.send('hello');
    return at;
  });
  await waitForAnswer(page);
  await expect.poll(async () => (await counts(page)).formatters).toBe(1);
  await expect(page.locator('bailing-chat-widget .bc-msg-user').first()).toHaveAttribute('aria-label', /^You, \d/);
  return (await page.evaluate(() => (window as unknown as { __formatterAt: number }).__formatterAt)) - sentAt;
}

test("a page's call with no approach first: the message's clock is made 2 s after it, not while its answer is awaited", async ({ page, server }) => {
  await loadWidget(page, server.url, { before: `${COUNTERS}; document.body.insertAdjacentHTML('beforeend', '<div id="chat" style="width:400px;height:600px"></div>')`, attrs: { 'data-container': '#chat' } });
  expect(await clockAfterCall(page)).toBeGreaterThanOrEqual(2000);
});

test("a floating widget's call that opens the chat and sends at once: the clock 2 s after the message too", async ({ page, server }) => {
  await loadWidget(page, server.url, { before: COUNTERS });
  expect(await clockAfterCall(page)).toBeGreaterThanOrEqual(2000);
});
