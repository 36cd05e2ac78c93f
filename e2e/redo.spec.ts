// Regenerate and Edit on the last turn: each sends the question (again, or as changed) as a new
// turn. A regenerated answer becomes a version of the new one ("‹ 1 / 2 ›"); an edited turn stays
// in the list, dimmed with a line saying so; both also after a reload. Offered by keyboard, with
// names; never while an answer streams or for a failed turn.
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { HELLO_ANSWER } from '../examples/server/demo/demo-replies';
import { ask, assistantMessages, composer, expect, launcher, loadWidget, storedHistory, test, waitForAnswer } from './fixtures';
import { steppedJob } from './stepped-streams';

const isJob = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/chat/demo_assistant';
const regenerate = (page: Page) => page.getByRole('button', { name: 'Regenerate' });
const edit = (page: Page) => page.getByRole('button', { name: 'Edit question' });
const rows = (page: Page) => page.locator('bailing-chat-widget .bc-msg:not(.bc-greeting)');
/** Each row the visitor sees: who, dimmed or not, and the line saying why. */
const shown = (page: Page) => rows(page).evaluateAll((els) => els.filter((el) => !el.closest('[hidden]')).map((el) => `${el.classList.contains('bc-msg-user') ? 'u' : 'a'}${el.classList.contains('bc-redone') ? ' old' : ''}${el.querySelector('.bc-redone-tag') ? `: ${el.querySelector('.bc-redone-tag')!.textContent}` : ''}`));

const pager = (page: Page) => page.locator('bailing-chat-widget .bc-after:not([hidden]) .bc-acts > .bc-acts');

test('Regenerate (by keyboard) asks the last question again as a new job, shown as the answer\'s second version; the arrows go between them, over a reload', async ({ page, server }) => {
  const jobs: Request[] = [];
  page.on('request', (request) => isJob(request) && jobs.push(request));
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await expect(regenerate(page)).toHaveCount(1);
  await expect(edit(page)).toHaveCount(1);
  // The new answer's stream is held until the buttons are looked at: gone while it streams.
  const job = await steppedJob(page);
  await regenerate(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(regenerate(page)).toHaveCount(0);
  await expect(edit(page)).toHaveCount(0);
  await job.step(['Hello again!'], 'Hello again!');
  await waitForAnswer(page);
  await expect.poll(() => jobs.length).toBe(2);
  // The same message, in the same thread: the hub has no regenerate, so it is a new turn.
  expect(jobs[1]!.postDataJSON().message).toBe('hello');
  expect(jobs[1]!.postDataJSON().thread_id).toBe(jobs[0]!.postDataJSON().thread_id);
  // One question and one answer on screen: the second version, with the way back to the first.
  await expect.poll(() => shown(page)).toEqual(['u', 'a']);
  await expect(pager(page)).toHaveText('‹2 / 2›');
  await expect(pager(page).getByRole('button', { name: 'Next version' })).toBeDisabled();
  // Offered again on the new last turn only.
  await expect(regenerate(page)).toHaveCount(1);
  await expect(edit(page)).toHaveCount(1);
  const history = await storedHistory(page);
  expect(history.map((item) => `${item.r}${(item as { o?: string }).o ? `:${(item as { o?: string }).o}` : ''}`)).toEqual(['u:regenerated', 'a:regenerated', 'u', 'a']);

  const results = await new AxeBuilder({ page }).include('bailing-chat-widget').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  // By keyboard to the first version: its text, "1 / 2", and the focus on the arrow back.
  await pager(page).getByRole('button', { name: 'Previous version' }).focus();
  await page.keyboard.press('Enter');
  await expect(pager(page)).toHaveText('‹1 / 2›');
  await expect(assistantMessages(page).filter({ visible: true })).toContainText([HELLO_ANSWER.slice(0, 20)]);
  await expect(pager(page).getByRole('button', { name: 'Next version' })).toBeFocused();
  expect(await shown(page)).toEqual(['u', 'a']);

  await page.reload();
  await loadWidget(page, server.url);
  await launcher(page).click();
  await expect.poll(() => shown(page)).toEqual(['u', 'a']);
  await expect(pager(page)).toHaveText('‹2 / 2›');
  await expect(assistantMessages(page).filter({ visible: true })).toHaveCount(1);
  await expect(regenerate(page)).toHaveCount(1);
});

test('a regeneration stopped before its answer: the answer it was to replace shows again, the stopped one under it with Retry', async ({ page, server }) => {
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  const job = await steppedJob(page);
  await regenerate(page).click();
  await job.step(['Hello ag']);
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  // While it streams, the new version stands in the old one's place.
  await expect.poll(() => shown(page)).toEqual(['u', 'a']);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect.poll(() => shown(page)).toEqual(['u', 'a', 'a']);
  await expect(assistantMessages(page).filter({ visible: true }).first()).toContainText(HELLO_ANSWER.slice(0, 20));
  await expect(assistantMessages(page).filter({ visible: true }).last().getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('Edit puts the last question in the composer; the changed question is a new turn and the old one is marked "Edited", over a reload', async ({ page, server }) => {
  const jobs: Request[] = [];
  page.on('request', (request) => isJob(request) && jobs.push(request));
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await edit(page).focus();
  await page.keyboard.press('Enter');
  await expect(composer(page)).toBeFocused();
  await expect(composer(page)).toHaveValue('hello');
  await composer(page).fill('hello, what can you do?');
  await composer(page).press('Enter');
  await waitForAnswer(page);
  await expect.poll(() => jobs.map((job) => job.postDataJSON().message)).toEqual(['hello', 'hello, what can you do?']);
  await expect.poll(() => shown(page)).toEqual(['u old: Edited below', 'a old', 'u', 'a']);
  await page.reload();
  await loadWidget(page, server.url);
  await launcher(page).click();
  await expect.poll(() => shown(page)).toEqual(['u old: Edited below', 'a old', 'u', 'a']);
  await expect(rows(page).nth(2)).toContainText('hello, what can you do?');
});

const strip = (page: Page) => page.locator('bailing-chat-widget .bc-editing');
const cancelEdit = (page: Page) => page.getByRole('button', { name: 'Cancel editing' });
/** Records what the polite live region says, in the page. */
async function recordPolite(page: Page) {
  await page.evaluate(() => {
    const region = document.querySelector('bailing-chat-widget')!.shadowRoot!.querySelector('.bc-sr[aria-live="polite"]')!;
    const said: string[] = ((window as unknown as { __said: string[] }).__said = []);
    new MutationObserver(() => void (region.textContent && said.push(region.textContent))).observe(region, { childList: true, characterData: true, subtree: true });
  });
}
const said = (page: Page) => page.evaluate(() => (window as unknown as { __said: string[] }).__said);

test('Edit by keyboard shows "Editing your question" (announced); Esc in the composer cancels it, keeps the text, and the next send is a new message', async ({ page, server }) => {
  const jobs: Request[] = [];
  page.on('request', (request) => isJob(request) && jobs.push(request));
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await expect(strip(page)).toHaveCount(0);
  await recordPolite(page);
  await edit(page).focus();
  await page.keyboard.press('Enter');
  await expect(composer(page)).toBeFocused();
  await expect(strip(page)).toBeVisible();
  await expect(strip(page)).toContainText('Editing your question');
  await expect.poll(() => said(page)).toContain('Editing your question');
  // Above the composer.
  const [stripBox, composerBox] = await Promise.all([strip(page).boundingBox(), composer(page).boundingBox()]);
  expect(stripBox!.y + stripBox!.height).toBeLessThanOrEqual(composerBox!.y);
  await composer(page).fill('hello again');
  await page.keyboard.press('Escape');
  await expect(strip(page)).toHaveCount(0);
  // The first Esc ends the edit, not the panel; the text and the focus stay.
  await expect(composer(page)).toBeVisible();
  await expect(composer(page)).toBeFocused();
  await expect(composer(page)).toHaveValue('hello again');
  await expect.poll(() => said(page)).toContain('Edit cancelled');
  await page.keyboard.press('Enter');
  await waitForAnswer(page);
  // One more job, with the text; the first question is not marked as edited: it was a new message.
  await expect.poll(() => jobs.map((job) => job.postDataJSON().message)).toEqual(['hello', 'hello again']);
  await expect.poll(() => shown(page)).toEqual(['u', 'a', 'u', 'a']);
  expect((await storedHistory(page)).some((item) => (item as { o?: string }).o)).toBe(false);
});

test('Edit by mouse: Cancel takes the strip away and focus back to the composer; Edit again and send replaces the question, and the strip goes', async ({ page, server }) => {
  const jobs: Request[] = [];
  page.on('request', (request) => isJob(request) && jobs.push(request));
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await edit(page).click();
  await expect(strip(page)).toBeVisible();
  // Its visible word is "Cancel"; its name says what it cancels.
  await expect(cancelEdit(page)).toHaveText('Cancel');
  const results = await new AxeBuilder({ page }).include('bailing-chat-widget').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await composer(page).fill('hello, typed while editing');
  await cancelEdit(page).click();
  await expect(strip(page)).toHaveCount(0);
  await expect(composer(page)).toBeFocused();
  await expect(composer(page)).toHaveValue('hello, typed while editing');
  expect(jobs).toHaveLength(1);

  await edit(page).click();
  await expect(strip(page)).toBeVisible();
  await expect(composer(page)).toHaveValue('hello');
  await composer(page).fill('hello, what can you do?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(strip(page)).toHaveCount(0);
  await waitForAnswer(page);
  await expect.poll(() => jobs.map((job) => job.postDataJSON().message)).toEqual(['hello', 'hello, what can you do?']);
  await expect.poll(() => shown(page)).toEqual(['u old: Edited below', 'a old', 'u', 'a']);
  await expect(strip(page)).toHaveCount(0);
});

test('a failed turn has Retry and neither Regenerate nor Edit', async ({ page, server }) => {
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'please fail');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await waitForAnswer(page);
  await expect(regenerate(page)).toHaveCount(0);
  await expect(edit(page)).toHaveCount(0);
});

test('AG-UI: Regenerate is a new run whose messages end with the question again', async ({ page, server }) => {
  const runs: Request[] = [];
  page.on('request', (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/agui/demo_assistant' && runs.push(request));
  await page.goto(`${server.url}/pages/ag-ui.html`);
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  await regenerate(page).click();
  await waitForAnswer(page);
  await expect.poll(() => runs.length).toBe(2);
  const [first, second] = runs.map((run) => run.postDataJSON() as { threadId: string; runId: string; messages: { role: string; content: string }[] });
  expect(second!.threadId).toBe(first!.threadId);
  expect(second!.runId).not.toBe(first!.runId);
  expect(second!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  expect(second!.messages.at(-1)!.content).toBe('hello');
  await expect.poll(() => shown(page)).toEqual(['u', 'a']);
  await expect(pager(page)).toHaveText('‹2 / 2›');
  await page.reload();
  await launcher(page).click();
  await expect.poll(() => shown(page)).toEqual(['u', 'a']);
  await expect(pager(page)).toHaveText('‹2 / 2›');
});
