// Code blocks get a head (language, Copy code) and colours from code.js (beside widget.js), fetched
// the first time an answer shows a code block (by the drop-in only with data-code="1"): the text
// stays the same, and a block coloured once while the answer streams is never drawn plain again.
import AxeBuilder from '@axe-core/playwright';
import { ask, expect, lastAssistant, launcher, loadWidget, requestsReported, test, waitForAnswer } from './fixtures';

test('the long answer\'s code blocks are coloured as they stream, never flashing back to plain; code.js is fetched once, and not by a page without code', async ({ page, server }) => {
  const fetched: string[] = [];
  page.on('request', (request) => new URL(request.url()).pathname === '/code.js' && fetched.push(request.url()));
  await loadWidget(page, server.url, { attrs: { 'data-code': '1' } });
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await requestsReported(page);
  expect(fetched).toEqual([]);

  // Every state the list's code blocks are in, each time the DOM changes (before it is painted).
  await page.evaluate(() => {
    const list = document.querySelector('bailing-chat-widget')!.shadowRoot!.querySelector('.bc-messages')!;
    const states: string[] = [];
    (window as unknown as { __states: string[] }).__states = states;
    new MutationObserver(() => {
      const bubbles = list.querySelectorAll('.bc-msg-assistant');
      const blocks = [...(bubbles[bubbles.length - 1]?.querySelectorAll('pre > code[class*="language-"]') ?? [])];
      // Coloured: marked so, and drawn in tokens (a block whose text was put back plain is not).
      const state = blocks.map((code) => (code.hasAttribute('data-hl') && code.querySelector('[class^="bc-tk-"]') ? '1' : '0')).join('');
      if (states.at(-1) !== state) states.push(state);
    }).observe(list, { childList: true, subtree: true, characterData: true, attributes: true });
  });
  await ask(page, 'Show me the long markdown answer');
  await waitForAnswer(page);
  const answer = lastAssistant(page);
  const blocks = answer.locator('.bc-body > pre > code');
  const count = await blocks.count();
  expect(count).toBeGreaterThanOrEqual(3);
  // Each block with a known language is coloured, its text as the answer has it.
  await expect(answer.locator('.bc-body > pre > code[data-hl]')).toHaveCount(count);
  await expect(blocks.first().locator('[class^="bc-tk-"]').first()).toBeVisible();
  const texts = await blocks.evaluateAll((codes) => codes.map((c) => c.textContent));
  expect(texts[1]).toContain('<script src="https://hub.example.com/widget.js" data-entry="demo_assistant" async></script>');
  // A coloured token has a colour of its own.
  const colours = await blocks.first().evaluate((code) => [getComputedStyle(code).color, ...[...code.querySelectorAll('span')].map((s) => getComputedStyle(s).color)]);
  expect(new Set(colours).size).toBeGreaterThan(1);

  // Block by block: once coloured (1), never plain again (0).
  const states = await page.evaluate(() => (window as unknown as { __states: string[] }).__states);
  // It streamed: there were states with fewer blocks, or plain ones, before the last.
  expect(states.length).toBeGreaterThan(2);
  for (let i = 1; i < states.length; i++) {
    for (let b = 0; b < states[i - 1]!.length; b++) {
      if (states[i - 1]![b] === '1' && b < states[i]!.length) expect(states[i]![b], `block ${b}: ${states.join(' → ')}`).toBe('1');
    }
  }
  expect(states.at(-1)).toBe('1'.repeat(count));
  // The detector: a block drawn plain again (what a flash is) shows in the states.
  await blocks.first().evaluate((code) => (code.textContent = code.textContent));
  await expect.poll(() => page.evaluate(() => (window as unknown as { __states: string[] }).__states.at(-1))).toBe('0' + '1'.repeat(count - 1));
  await requestsReported(page);
  expect(fetched).toEqual([`${server.url}/code.js`]);
});

for (const mode of ['light', 'dark'] as const) {
  test(`${mode}: coloured code and its head have no serious or critical axe findings (contrast included)`, async ({ page, server }) => {
    await page.emulateMedia({ colorScheme: mode });
    await loadWidget(page, server.url, { attrs: { 'data-code': '1' } });
    await launcher(page).click();
    await ask(page, 'Show me the long markdown answer');
    await waitForAnswer(page);
    const answer = lastAssistant(page);
    await expect(answer.locator('.bc-body > pre > code[data-hl]').first()).toBeVisible();
    await expect(answer.locator('.bc-code-head').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).include('bailing-chat-widget').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))).toEqual([]);
  });
}

test('the drop-in without data-code never asks for code.js: code stays as the render drew it (a hub serves widget.js alone)', async ({ page, server }) => {
  const fetched: string[] = [];
  page.on('request', (request) => new URL(request.url()).pathname.endsWith('/code.js') && fetched.push(request.url()));
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'Show me the long markdown answer');
  await waitForAnswer(page);
  await requestsReported(page);
  expect(fetched).toEqual([]);
  await expect(lastAssistant(page).locator('.bc-body > pre > code')).not.toHaveCount(0);
  await expect(lastAssistant(page).locator('.bc-code-head, [data-hl]')).toHaveCount(0);
});
