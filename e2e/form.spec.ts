// The built-in `bailing-form` renderer end to end: the real widget (its form module inside
// widget.js, run on first use) against the reference server, whose demo agent asks with a
// refund form and answers with what was submitted.
import type { Page, Request } from '@playwright/test';
import { FORM_CANCELLED_ANSWER, REFUND_FORM } from '../examples/server/demo/demo-replies';
import { ask, assistantMessages, expect, fillRefund, jobIdOf, lastAssistant, launcher, loadWidget, nextFrame, requestsReported, serverThread, sseReply, storedHistory, test, waitForAnswer } from './fixtures';

const FORM = 'bailing-chat-widget .bc-rich[data-type="bailing-form"]';

function interactionPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/chat\/demo_assistant$/.test(request.url()) && request.postDataJSON()?.interaction_response) posts.push(request);
  });
  return posts;
}

async function openForm(page: Page, baseUrl: string) {
  await loadWidget(page, baseUrl);
  await launcher(page).click();
  await ask(page, 'I need a refund form');
  await waitForAnswer(page);
  await expect(page.locator(`${FORM} form`)).toBeVisible();
}

test('submit → read-only receipt with the values → an answer that uses them', async ({ page, server }) => {
  const posts = interactionPosts(page);
  await openForm(page, server.url);
  await fillRefund(page);
  await page.getByRole('button', { name: 'Send request' }).click();

  const form = page.locator(FORM);
  await expect(form).toHaveAttribute('data-state', 'submitted');
  await expect(form).toContainText('Submitted');
  await expect(form).toContainText('A-1042');
  await expect(form).toContainText('Account balance');
  await expect(form.locator('input, textarea, select, button')).toHaveCount(0);
  await waitForAnswer(page);
  await expect(lastAssistant(page)).toContainText('A-1042');
  await expect(lastAssistant(page)).toContainText('Account balance');

  expect(posts).toHaveLength(1);
  const response = posts[0]!.postDataJSON().interaction_response;
  expect(response).toMatchObject({ type: 'bailing-form', version: 1, form_id: REFUND_FORM.form_id, action: 'submit', values: { order: 'A-1042', method: 'balance', terms: true } });
  expect(response.submission_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  // History keeps the summary of the response, never the values.
  const thread = await serverThread(page, server.url);
  const turn = thread.find((m) => m.r === 'u' && (m as { interaction?: unknown }).interaction);
  expect(turn).toBeTruthy();
  expect(JSON.stringify(turn)).not.toContain('A-1042');
});

test('cancel → a Cancelled receipt and the agent goes on', async ({ page, server }) => {
  const posts = interactionPosts(page);
  await openForm(page, server.url);
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page.locator(FORM)).toHaveAttribute('data-state', 'cancelled');
  await expect(page.locator(FORM)).toContainText('Cancelled');
  await waitForAnswer(page);
  await expect(lastAssistant(page)).toContainText(FORM_CANCELLED_ANSWER.slice(0, 30));
  expect(posts).toHaveLength(1);
  expect(posts[0]!.postDataJSON().interaction_response).toMatchObject({ action: 'cancel', form_id: REFUND_FORM.form_id });
});

test('a 503 on submit brings the controls back with the values; the retry reuses the submission id', async ({ page, server }) => {
  const posts = interactionPosts(page);
  await openForm(page, server.url);
  let refuse = true;
  await page.route('**/chat/demo_assistant', async (route, request) => {
    if (refuse && request.method() === 'POST' && request.postDataJSON()?.interaction_response) {
      refuse = false;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'unavailable', message: 'Try later.' }) });
    } else {
      await route.continue();
    }
  });
  await fillRefund(page);
  await page.getByRole('button', { name: 'Send request' }).click();

  await expect(page.locator(FORM)).toHaveAttribute('data-state', 'open');
  await expect(page.locator(FORM)).toContainText(/could not send/i);
  await expect(page.getByLabel('Order number')).toHaveValue('A-1042');
  await expect(page.getByLabel('Order number')).toBeEnabled();
  await expect(page.getByRole('radio', { name: 'Account balance' })).toBeChecked();

  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.locator(FORM)).toHaveAttribute('data-state', 'submitted');
  expect(posts).toHaveLength(2);
  expect(posts[1]!.postDataJSON().interaction_response.submission_id).toBe(posts[0]!.postDataJSON().interaction_response.submission_id);
});

test('a double click and a repeated Enter create exactly one job', async ({ page, server }) => {
  const posts = interactionPosts(page);
  await openForm(page, server.url);
  await fillRefund(page);
  await page.getByRole('button', { name: 'Send request' }).dblclick();
  // Enter on whatever has focus now (the submit button, or the form while it sends).
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.locator(FORM)).toHaveAttribute('data-state', 'submitted');
  await waitForAnswer(page);
  // The second click and the Enters were before the answer; a send they queued would go once it
  // is done, so: the frame after it, then every request made until then is reported.
  await nextFrame(page);
  await requestsReported(page);
  expect(posts).toHaveLength(1);
  const thread = await serverThread(page, server.url);
  expect(thread.filter((m) => m.r === 'u' && (m as { interaction?: unknown }).interaction)).toHaveLength(1);
});

test('after a reload the receipt comes back from history, and the form cannot be sent again', async ({ page, server }) => {
  const posts = interactionPosts(page);
  await openForm(page, server.url);
  await fillRefund(page);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.locator(FORM)).toHaveAttribute('data-state', 'submitted');
  await waitForAnswer(page);

  await loadWidget(page, server.url);
  await launcher(page).click();
  await expect(page.locator(FORM)).toHaveAttribute('data-state', 'submitted');
  await expect(page.locator(FORM)).toContainText('Submitted');
  await expect(page.locator(`${FORM} form`)).toHaveCount(0);
  expect(posts).toHaveLength(1);

  // The same from the server's history alone (another device: no local history).
  await page.evaluate(() => localStorage.removeItem('bailing_chat_demo_assistant'));
  await loadWidget(page, server.url);
  await launcher(page).click();
  await expect(page.locator(FORM)).toHaveAttribute('data-state', 'submitted');
  expect((await storedHistory(page)).length).toBeGreaterThan(0);
});

const field = (extra: Record<string, unknown> = {}) => ({ type: 'text', label: 'Name', ...extra });
const form = (patch: Record<string, unknown> = {}) => ({ version: 1, form_id: 'contact', title: 'Contact details', schema: { name: field() }, ...patch });
const INVALID_FORMS: [string, string][] = [
  ['invalid JSON', '{"version": 1, "form_id": '],
  ['an unknown top-level key', JSON.stringify(form({ action_url: 'https://evil.example' }))],
  ['version 2', JSON.stringify(form({ version: 2 }))],
  ['no fields', JSON.stringify(form({ schema: {} }))],
  ['13 fields', JSON.stringify(form({ schema: Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`f${i}`, field()])) }))],
  ['a password field', JSON.stringify(form({ schema: { pw: field({ label: 'Your password' }) } }))],
  ['a card number field', JSON.stringify(form({ schema: { card_number: field({ label: 'Card' }) } }))],
  ['a Chinese credential label', JSON.stringify(form({ schema: { code: field({ label: '支付密码' }) } }))],
  ['a label over 80 characters', JSON.stringify(form({ schema: { name: field({ label: 'x'.repeat(81) }) } }))],
  ['a nested object', JSON.stringify(form({ schema: { name: field({ extra: { deep: true } }) } }))],
  ['a title with triple backticks', JSON.stringify(form({ title: 'a ``` b' }))],
  ['a script in a label', JSON.stringify(form({ schema: { name: field({ label: '<img src=x onerror="window.__xss=1">' }) } }))],
  ['a script in an option label', JSON.stringify(form({ schema: { pick: { type: 'single_select', label: 'Pick', options: [{ label: '<svg onload="window.__xss=1">', value: 'a' }] } } }))],
  ['a javascript: placeholder', JSON.stringify(form({ schema: { name: field({ placeholder: 'javascript:alert(1)' }) } }))],
];

test('invalid forms from the model show as inert code, with the reason logged', async ({ page, server, consoleMessages }) => {
  let index = 0;
  // The jobs are made up here too: no demo-agent job keeps the thread busy behind the fake stream.
  await page.route('**/chat/demo_assistant', (route, request) =>
    request.method() === 'POST'
      ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ done: false, job_id: `j_formcase${index}`, visitor_id: request.postDataJSON().visitor_id }) })
      : route.continue(),
  );
  await page.route('**/events/**', (route) => {
    const [, source] = INVALID_FORMS[index]!;
    return route.fulfill({ status: 200, contentType: 'text/event-stream', body: sseReply(jobIdOf(route.request().url()), `Here it is:\n\n\`\`\`bailing-form\n${source}\n\`\`\`\n\nDone.`) });
  });
  await loadWidget(page, server.url);
  await launcher(page).click();
  for (index = 0; index < INVALID_FORMS.length; index++) {
    const [title, source] = INVALID_FORMS[index]!;
    await ask(page, `form case ${index}`);
    await waitForAnswer(page);
    const bubble = lastAssistant(page);
    await expect(bubble.locator('pre code[data-language="bailing-form"]'), title).toHaveText(source);
    await expect(bubble.locator('form, input, img, svg'), title).toHaveCount(0);
  }
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(await assistantMessages(page).count()).toBe(INVALID_FORMS.length);
  const warnings = consoleMessages.filter((m) => m.type === 'warning' && m.text.includes('bailing-form')).map((m) => m.text).join('\n');
  expect(warnings).toMatch(/password|credential/i);
  expect(warnings).toMatch(/13|fields/);
});

test('keyboard only: errors are shown and announced, the first invalid field gets focus, Enter submits; no serious axe findings', async ({ page, server }) => {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  await openForm(page, server.url);
  await page.getByLabel('Order number').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Order number')).toBeFocused();
  await expect(page.getByLabel('Order number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`${FORM} [role="status"], ${FORM} [aria-live]`).first()).not.toBeEmpty();

  await page.keyboard.type('A-7');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Wrong size.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown'); // into the radio group: the second option
  await expect(page.getByRole('radio', { name: 'Account balance' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'I agree to the refund terms' }).focus();
  await page.keyboard.press('Space');
  const scan = await new AxeBuilder({ page }).include('bailing-chat-widget').analyze();
  expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.getByLabel('Order number').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(FORM)).toHaveAttribute('data-state', 'submitted');
  await expect(page.locator(FORM)).toContainText('A-7');
});
