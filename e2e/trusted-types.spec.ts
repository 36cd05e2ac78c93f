// Hosts whose CSP requires Trusted Types (`require-trusted-types-for 'script'`): every HTML sink
// the widget uses goes through its one policy, "bailing-chat" (widget/trusted-types.ts), so the
// whole widget works; a page that does not allow the policy is told so in the console.
import { ask, expect, fillRefund, lastAssistant, launcher, test, waitForAnswer } from './fixtures';
import { fakeFirstReply, sandboxFence } from './sandbox-helpers';

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
  await expect(lastAssistant(page)).toContainText('stays readable');
  await expect.poll(() => consoleMessages.filter((m) => m.type === 'error' && m.text.includes('Trusted Types policy "bailing-chat"')).length).toBe(1);
  // The view could not be drawn: its title and summary are shown instead of a frame.
  await expect(lastAssistant(page).getByText('A small view')).toBeVisible();
});
