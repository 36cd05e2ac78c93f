// Hosts whose CSP requires Trusted Types (`require-trusted-types-for 'script'`): every HTML sink
// the widget uses goes through its one policy, "bailing-chat" (widget/ui/trusted-types.ts), so the
// whole widget works; a page that does not allow the policy is told so in the console. The Mermaid
// adapter's SVG goes through its own policy, "bailing-mermaid" (renderers/charts/trusted-svg.ts).
import { ask, expect, fillRefund, lastAssistant, launcher, test, waitForAnswer } from './fixtures';
import { fakeFirstReply, sandboxFence } from './sandbox-helpers';
import { cutBefore, steppedJob } from './stepped-streams';
import type { Page } from '@playwright/test';

const TT_VIOLATION = /TrustedHTML|TrustedScript|Trusted Type/i;

test('a page that requires Trusted Types and allows "bailing-chat": markdown, code colours, a sandbox view and a form all work', async ({ page, server, consoleMessages }) => {
  const view = { title: 'Counter', html: '<p id="p">waiting</p>', jsExpressions: ['document.getElementById("p").textContent = "ran " + (1 + 1)'] };
  await fakeFirstReply(page, `**Bold** text with &copy; and &amp; decoded.\n\n\`\`\`js\nconst answer = 42;\n\`\`\`\n\n${sandboxFence(view)}`);
  await page.goto(`${server.url}/e2e/trusted-types.html`);
  // Control: the page really enforces Trusted Types (a plain string to innerHTML throws).
  expect(await page.evaluate(() => {
    try {
      document.createElement('div').innerHTML = '<b>x</b>';
      return 'assigned';
    } catch (error) {
      return (error as Error).name;
    }
  })).toBe('TypeError');
  // That refusal is reported in the console too: only messages after it count.
  await expect.poll(() => consoleMessages.filter((m) => TT_VIOLATION.test(m.text)).length).toBe(1);
  const before = consoleMessages.length;
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  const answer = lastAssistant(page);
  await expect(answer.locator('strong')).toHaveText('Bold');
  await expect(answer.locator('.bc-body p').first()).toContainText('with © and & decoded');
  // code.js (import() beside widget.js) coloured the block.
  await expect(answer.locator('pre > code[data-hl]')).toHaveCount(1);
  // The view's srcdoc went through the policy, and its script ran.
  await expect(page.frameLocator('bailing-chat-widget iframe.sbx-frame').locator('#p')).toHaveText('ran 2');
  // The icons are elements (no innerHTML): the launcher's and the send button's are drawn.
  expect(await page.locator('bailing-chat-widget .bc-send svg path').count()).toBeGreaterThan(0);

  await ask(page, 'I need a refund form');
  await waitForAnswer(page);
  await fillRefund(page);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.locator('bailing-chat-widget .bf-badge')).toBeVisible();
  expect(consoleMessages.slice(before).filter((m) => TT_VIOLATION.test(m.text) || /bailing-chat/.test(m.text))).toEqual([]);
});

test('a page whose Trusted Types forbid the policy name: the console says which name to allow, and the chat still answers', async ({ page, server, consoleMessages }) => {
  await fakeFirstReply(page, `Here:\n\n${sandboxFence({ title: 'Blocked', summary: 'A small view', html: '<p>hi</p>' })}\n\nand &copy; stays readable.`);
  await page.goto(`${server.url}/e2e/trusted-types-forbidden.html`);
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await expect(lastAssistant(page)).toContainText('and &copy; stays readable');
  await expect.poll(() => consoleMessages.filter((m) => m.type === 'error' && m.text.includes('Trusted Types policy "bailing-chat"')).length).toBe(1);
  // The view could not be drawn: no frame, its source shown as code.
  await expect(lastAssistant(page).locator('iframe')).toHaveCount(0);
  await expect(lastAssistant(page).locator('code[data-language="sandbox"]')).toContainText('"title":"Blocked"');
});

/** The text of `selector` in the widget's preview frame (its CSP names no connect-src), once there is one. */
async function previewText(page: Page, selector: string): Promise<string | undefined> {
  for (const frame of page.frames().filter((f) => f.url() === 'about:srcdoc')) {
    const found = await frame.evaluate((selector) => {
      const csp = document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '';
      return csp && !csp.includes('connect-src') ? document.querySelector(selector)?.textContent ?? '' : undefined;
    }, selector).catch(() => undefined);
    if (found !== undefined) return found;
  }
}

test('a view streaming on a Trusted Types page: the preview frame (which inherits the rule) draws the markup so far, then the live view runs', async ({ page, server, consoleMessages }) => {
  const job = await steppedJob(page);
  await page.goto(`${server.url}/e2e/trusted-types.html`);
  const before = consoleMessages.length;
  await launcher(page).click();
  await ask(page, 'hello');
  const view = { title: 'Growing', css: 'li { padding: 4px }', html: '<ul id="list"><li>Tea &amp; biscuits</li><li>Milk</li></ul>', jsExpressions: ['document.body.dataset.live = "yes"'] };
  const reply = `A list:\n\n${sandboxFence(view)}\n`;
  const [head, rest] = cutBefore(reply, ['<li>Milk']);
  await job.step([head!]);
  await expect.poll(() => previewText(page, '#list')).toBe('Tea & biscuits');
  await job.step([rest!], reply);
  await waitForAnswer(page);
  const live = page.frameLocator('bailing-chat-widget iframe.sbx-frame');
  await expect(live.locator('li')).toHaveText(['Tea & biscuits', 'Milk']);
  await expect(live.locator('body[data-live="yes"]')).toHaveCount(1);
  expect(consoleMessages.slice(before).filter((m) => TT_VIOLATION.test(m.text))).toEqual([]);
  // Control: the view's srcdoc documents inherit the page's rule (a plain string to innerHTML throws there too).
  const inherits = await Promise.all(page.frames().filter((f) => f.url() === 'about:srcdoc').map((f) => f.evaluate(() => {
    try {
      document.createElement('div').innerHTML = 'x';
      return 'assigned';
    } catch {
      return 'refused';
    }
  })));
  expect(inherits).toContain('refused');
});

const FLOWCHART = 'flowchart LR\n  A[Visitor] -->|asks| B(Widget)\n  B --> C{Hub}';
const mermaidReply = `A diagram:\n\n\`\`\`mermaid\n${FLOWCHART}\n\`\`\`\n\nDone.`;
const violations = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

/** The detector's self-test: a markup string to innerHTML is refused (TypeError) and reported as a violation. */
async function violationSelfTest(page: Page) {
  expect(await page.evaluate(() => {
    try {
      document.createElement('template').innerHTML = '<b>x</b>';
      return 'assigned';
    } catch (error) {
      return (error as Error).name;
    }
  })).toBe('TypeError');
  await expect.poll(() => violations(page)).toEqual(['require-trusted-types-for: Element innerHTML|<b>x</b>']);
}

test('Mermaid on a Trusted Types page (a default policy for text only, "bailing-mermaid" allowed): the diagram is drawn, and no violation is reported', async ({ page, server, consoleMessages }) => {
  await fakeFirstReply(page, mermaidReply);
  await page.goto(`${server.url}/e2e/charts-trusted-types.html`);
  await violationSelfTest(page);
  await launcher(page).click();
  await ask(page, 'a diagram please');
  await waitForAnswer(page);
  const diagram = lastAssistant(page).locator('.bc-rich[data-type="mermaid"] figure.bc-diagram');
  await expect(diagram.locator('svg .node')).toHaveCount(3);
  await expect(diagram).toHaveAccessibleName('Diagram: flowchart');
  await expect(diagram.locator('svg')).toContainText('Visitor');
  await expect(diagram.locator('svg')).toContainText('asks');
  await expect(lastAssistant(page).locator('pre code[data-language="mermaid"]')).toHaveCount(0);
  // Only the self-test's violation: neither Mermaid nor the adapter wrote markup as a string.
  expect(await violations(page)).toHaveLength(1);
  expect(consoleMessages.filter((m) => /bailing-mermaid|Mermaid cannot draw/.test(m.text))).toEqual([]);
});

test('Mermaid on a Trusted Types page that does not allow "bailing-mermaid": the violations are reported, the console names the policy, and the diagram shows as code', async ({ page, server, consoleMessages }) => {
  await fakeFirstReply(page, mermaidReply);
  await page.goto(`${server.url}/e2e/charts-trusted-types-no-policy.html`);
  await violationSelfTest(page);
  await launcher(page).click();
  await ask(page, 'a diagram please');
  await waitForAnswer(page);
  await expect(lastAssistant(page).locator('pre code[data-language="mermaid"]')).toContainText('A[Visitor]');
  await expect(lastAssistant(page).locator('figure.bc-diagram')).toHaveCount(0);
  // The refused policy, then the SVG string the default policy refused: the detector fires.
  await expect.poll(() => violations(page)).toEqual([
    'require-trusted-types-for: Element innerHTML|<b>x</b>',
    'trusted-types: bailing-mermaid',
    expect.stringMatching(/^require-trusted-types-for: Element innerHTML\|<svg/),
  ]);
  expect(consoleMessages.filter((m) => m.type === 'error' && m.text.includes('Trusted Types policy "bailing-mermaid"'))).toHaveLength(1);
});

test('the split build on a page that requires Trusted Types: markdown.js, fetched beside widget.js, decodes references through the one policy', async ({ page, server, consoleMessages }) => {
  await fakeFirstReply(page, '**Bold** text with &copy; and &amp; decoded.');
  // The same page with the split build: its folder is not the hub's root, so it names the hub (data-api).
  const html = (await (await fetch(`${server.url}/e2e/trusted-types.html`)).text())
    .replace('src="/widget.js"', `src="/split/widget.js" data-api="${server.url}"`);
  expect(html).toContain('/split/widget.js');
  await page.route('**/e2e/trusted-types-split.html', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  const markdown = page.waitForRequest((request) => request.url().endsWith('/split/markdown.js'));
  await page.goto(`${server.url}/e2e/trusted-types-split.html`);
  await expect.poll(() => consoleMessages.filter((m) => TT_VIOLATION.test(m.text)).length).toBe(0);
  await launcher(page).click();
  await ask(page, 'hello');
  await markdown;
  await waitForAnswer(page);
  const answer = lastAssistant(page);
  await expect(answer.locator('strong')).toHaveText('Bold');
  // Decoded: the policy reached markdown.js (without it the page refuses the string, and `&copy;` stays as written).
  await expect(answer.locator('.bc-body p').first()).toContainText('with © and & decoded');
  expect(consoleMessages.filter((m) => TT_VIOLATION.test(m.text) || /bailing-chat/.test(m.text))).toEqual([]);
});
