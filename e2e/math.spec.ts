// Formulas in answers: with data-math="1", math.js (beside widget.js) is fetched at the first answer
// that may hold one and draws each formula as MathML; prices and code stay text, a bad formula
// shows its source marked as an error, and nothing in a formula reaches the network.
import AxeBuilder from '@axe-core/playwright';
import { MATH_ANSWER } from '../examples/server/demo/demo-replies';
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

/**
 * Formulas that would draw outside their line: shifted (raised, lowered), smashed, lapped, of
 * compounded sizes. Those that reach up are on the answer's first line, those that reach down on
 * its last, so what they draw there would be outside the bubble.
 */
const ABOVE = String.raw`$\smash{\rule{1em}{8em}}$ is smashed, and this is raised four times by 20em: $\raisebox{20em}{\raisebox{20em}{\raisebox{20em}{\raisebox{20em}{up}}}}$.`;
const BELOW = String.raw`Lowered: $\raisebox{-20em}{\raisebox{-20em}{down}}$, lapped: $\rlap{\rule{40em}{1em}}$, huge: $\Huge{\Huge{\Huge{\Huge W}}}$.`;
/** Formulas as answers have them, each drawn as before. */
const NORMAL = String.raw`Inline: $\frac{a}{b}$, $\int_0^1 f(x)\,dx$, $x^2 + y_j$, $\sqrt{y}$, $\overbrace{a+b}^{n}$, $\sum_{k=1}^{n} k$, $\left(\frac{1}{2}\right)$, $\binom{n}{k}$, $\lim_{x\to 0} \hat{f}$, $e^{i\pi}$, $\raisebox{0.3em}{up}$ and $\raisebox{-2pt}{down}$, $\begin{pmatrix}a&b\\c&d\end{pmatrix}$.`;

test('a formula draws only inside its own message: shifts are bounded, and what still overflows its line is clipped; other formulas are drawn as before', async ({ page, server }) => {
  await loadWidget(page, server.url, { attrs: { 'data-math': '1' } });
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  const job = await steppedJob(page);
  await ask(page, MATH);
  const reply = `${ABOVE}\n\n${NORMAL}\n\n${BELOW}`;
  await job.step([reply], reply);
  await waitForAnswer(page);
  const body = lastAssistant(page).locator('.bc-body');
  await expect(body.locator('.bc-math > math')).toHaveCount(18);
  // The answer's top 150 px down the list's view, the messages above it in view.
  await body.evaluate((el) => {
    const list = el.closest('.bc-messages')!;
    list.scrollTop += el.closest('.bc-msg')!.getBoundingClientRect().top - list.getBoundingClientRect().top - 150;
  });
  // Every formula, in order: how far its elements' boxes reach outside the bubble (px), and which
  // of its elements a point outside the bubble (but inside the message list) hits: what draws there.
  const measured = await body.evaluate((el) => {
    const root = el.getRootNode() as ShadowRoot;
    const bubble = el.closest('.bc-msg')!.getBoundingClientRect();
    const list = el.closest('.bc-messages')!.getBoundingClientRect();
    return [...el.querySelectorAll('.bc-math > math')].map((math) => {
      let reach = 0;
      const hits = new Set<string>();
      for (const node of [math, ...math.querySelectorAll('*')]) {
        const r = node.getBoundingClientRect();
        if (!r.width && !r.height) continue;
        reach = Math.max(reach, bubble.top - r.top, r.bottom - bubble.bottom, bubble.left - r.left, r.right - bubble.right);
        // The parts of its box above, below and right of the bubble, within the list's view.
        for (const [left, top, right, bottom] of [[r.left, r.top, r.right, Math.min(r.bottom, bubble.top)], [r.left, Math.max(r.top, bubble.bottom), r.right, r.bottom], [Math.max(r.left, bubble.right), r.top, r.right, r.bottom]]) {
          const [l, t, rr, b] = [Math.max(left!, list.left), Math.max(top!, list.top), Math.min(right!, list.right), Math.min(bottom!, list.bottom)];
          if (rr - l < 1 || b - t < 1) continue;
          if (root.elementsFromPoint((l + rr) / 2, (t + b) / 2).some((hit) => math.contains(hit))) hits.add(node.localName);
        }
      }
      return { reach: Math.round(reach), hits: [...hits] };
    });
  });
  const [smashed, up] = measured.slice(0, 2);
  const normal = measured.slice(2, 15);
  const [down, lapped, huge] = measured.slice(15);
  const all = JSON.stringify(measured);
  // Shifts and sizes: bounded, their boxes stay inside the bubble (unbounded, "up" was drawn
  // 1,230 px above its line, and "huge" 38 times the size of the text, wider than the bubble).
  for (const bounded of [up, down, huge]) expect(bounded!.reach, all).toBeLessThanOrEqual(0);
  // The detectors: these boxes do reach outside the bubble, so the points tested are real ones.
  for (const overflowing of [smashed, lapped]) expect(overflowing!.reach, all).toBeGreaterThan(20);
  // Clipped: nothing of them is hit outside the bubble, where they would draw over the other messages.
  for (const clipped of [smashed, lapped]) expect(clipped!.hits, all).toEqual([]);
  for (const formula of normal) expect(formula, all).toEqual({ reach: 0, hits: [] });

  // Drawn as before: the paragraph of usual formulas looks the same, to the pixel, with the
  // bounds lifted (the formulas' wrapper back to a plain inline box).
  const paragraph = body.locator('p').nth(1);
  const list = page.locator('bailing-chat-widget .bc-messages');
  const [before, listBefore] = [await paragraph.screenshot(), await list.screenshot()];
  await body.evaluate((el) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('.bc-math:not(.bc-math-display) { display: inline !important; overflow: visible !important; max-width: none !important; }');
    const root = el.getRootNode() as ShadowRoot;
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  });
  expect((await paragraph.screenshot()).equals(before)).toBe(true);
  // The detector: lifted, the clipped formulas draw over what is around the bubble.
  expect((await list.screenshot()).equals(listBefore)).toBe(false);
});
