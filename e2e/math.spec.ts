// Formulas in answers: with data-math="1", math.js (beside widget.js) is fetched at the first answer
// that may hold one and draws each formula as MathML; prices and code stay text, a bad formula
// shows its source marked as an error, and nothing in a formula reaches the network.
import AxeBuilder from '@axe-core/playwright';
import { MATH_ANSWER } from '../examples/server/demo-replies';
import { ask, expect, lastAssistant, launcher, loadWidget, requestsReported, test, waitForAnswer } from './fixtures';
import { cutBefore, steppedJob } from './stepped-streams';

const MATH = 'Show me the math';

test('inline and display formulas are MathML; prices, code and a bad formula stay text; a drawn formula keeps its node to the end; no request leaves a formula', async ({ page, server }) => {
  const fetched: string[] = [];
  const leaks: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/math.js')) fetched.push(url.pathname);
    if (url.hostname == 'leak.example' || /leak|img\.png|href$/.test(url.pathname)) leaks.push(request.url());
  });
  await loadWidget(page, server.url, { attrs: { 'data-math': '1' } });
  await launcher(page).click();
  // An answer with no `$` or `\(`: math.js is not fetched.
  await ask(page, 'hello');
  await waitForAnswer(page);
  await requestsReported(page);
  expect(fetched).toEqual([]);

  // The formulas of the answer, in order, as drawn after each change of the list (before it is painted).
  await page.evaluate(() => {
    const list = document.querySelector('bailing-chat-widget')!.shadowRoot!.querySelector('.bc-messages')!;
    const w = window as unknown as { __states: string[][] };
    w.__states = [];
    new MutationObserver(() => {
      const formulas = [...([...list.querySelectorAll('.bc-msg-assistant')].at(-1)?.querySelectorAll('.bc-math, .bc-math-error') ?? [])].map((el) => el.outerHTML);
      if (formulas.join() != w.__states.at(-1)?.join()) w.__states.push(formulas);
    }).observe(list, { childList: true, subtree: true, characterData: true });
  });
  // The answer in three pieces, each drawn before the next comes: formulas drawn early must stay.
  const job = await steppedJob(page);
  const pieces = cutBefore(MATH_ANSWER, ['Euler', 'Prices']);
  await ask(page, MATH);
  const drawn = (n: number) => expect.poll(() => page.evaluate(() => (window as unknown as { __states: string[][] }).__states.at(-1)?.length ?? 0)).toBeGreaterThanOrEqual(n);
  await job.step([pieces[0]!]);
  await drawn(3);
  await job.step([pieces[1]!]);
  await drawn(5);
  await job.step([pieces[2]!], MATH_ANSWER);
  await waitForAnswer(page);
  const answer = lastAssistant(page);
  const body = answer.locator('.bc-body');
  // Inline: `$ax^2 …$`, `$x$`, `\(e^{iπ}…\)`, `$n$`, and the `\href` and `\includegraphics` ones
  // (drawn as their source); display: `$$…$$` on its lines and `\[…\]`.
  await expect(body.locator('.bc-math:not(.bc-math-display) > math')).toHaveCount(6);
  await expect(body.locator('.bc-math-display > math[display="block"]')).toHaveCount(2);
  await expect(body.locator('.bc-math-display math mfrac').first()).toBeAttached();
  await expect(body.locator('.bc-math-display math msqrt')).toHaveCount(1);
  // MathML Core lays it out: a fraction is taller than a line of text.
  const box = await body.locator('.bc-math-display').first().boundingBox();
  expect(box!.height).toBeGreaterThan(30);
  // Prices and code are text.
  await expect(body).toContainText('the plan costs $5 and the add-on $10.');
  await expect(body.locator('code', { hasText: 'echo $HOME$' })).toHaveCount(1);
  // The bad formula: its source, marked as an error with KaTeX's message.
  const bad = body.locator('.bc-math-error').first();
  await expect(bad).toHaveText('\\frac{1}{');
  await expect(bad).toHaveAttribute('title', /ParseError/);
  // `\href` and `\includegraphics` with trust off: drawn as their source, no link, no image.
  await expect(body.locator('a, img, [href], [src], [style]')).toHaveCount(0);
  await expect(body).toContainText('\\href');
  await expect(body).toContainText('\\includegraphics');
  // Only what the allow-list names is in the math.
  const tags = await body.locator('math, math *').evaluateAll((els) => [...new Set(els.map((el) => el.localName))]);
  expect(tags.every((tag) => /^(math|semantics|annotation|m[a-z]+)$/.test(tag)), tags.join()).toBe(true);

  // Steady while streaming: a formula, once drawn, is drawn the same to the end (no flash, no
  // other DOM at done); later states only add formulas after it.
  const states = await page.evaluate(() => (window as unknown as { __states: string[][] }).__states);
  expect(states.length).toBeGreaterThan(3);
  for (let i = 1; i < states.length; i++) {
    expect(states[i]!.length, `state ${i}`).toBeGreaterThanOrEqual(states[i - 1]!.length);
    expect(states[i]!.slice(0, states[i - 1]!.length), `state ${i}`).toEqual(states[i - 1]);
  }
  expect(states.at(-1)).toHaveLength(9);
  // The detector: a formula drawn differently shows in the states.
  await body.locator('.bc-math').first().evaluate((el) => el.replaceWith(Object.assign(document.createElement('span'), { className: 'bc-math', textContent: 'x' })));
  await expect.poll(() => page.evaluate(() => (window as unknown as { __states: string[][] }).__states.at(-1)![0])).toBe('<span class="bc-math">x</span>');

  await requestsReported(page);
  expect(fetched).toEqual(['/math.js']);
  expect(leaks).toEqual([]);

  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    const results = await new AxeBuilder({ page }).include('bailing-chat-widget').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => ({ mode, id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))).toEqual([]);
  }
});

test('after a reload the history draws its formulas again (math.js from the cache of the page)', async ({ page, server }) => {
  await loadWidget(page, server.url, { attrs: { 'data-math': '1' } });
  await launcher(page).click();
  await ask(page, MATH);
  await waitForAnswer(page);
  await page.reload();
  await loadWidget(page, server.url, { attrs: { 'data-math': '1' }, page: new URL(page.url()).pathname });
  await launcher(page).click();
  await expect(lastAssistant(page).locator('.bc-math > math')).toHaveCount(8);
});

test('without data-math math.js is never fetched and formulas stay as written', async ({ page, server }) => {
  const fetched: string[] = [];
  page.on('request', (request) => new URL(request.url()).pathname.endsWith('/math.js') && fetched.push(request.url()));
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, MATH);
  await waitForAnswer(page);
  await requestsReported(page);
  expect(fetched).toEqual([]);
  const body = lastAssistant(page).locator('.bc-body');
  await expect(body.locator('math, .bc-math, .bc-math-error')).toHaveCount(0);
  await expect(body).toContainText('the plan costs $5 and the add-on $10.');
});
