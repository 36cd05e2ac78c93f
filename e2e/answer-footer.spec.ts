// Under each finished answer: copy, thumbs up / down and a written note (posted to the hub's rate
// endpoint, kept across reloads, changeable), the numbered sources of a "docs" answer with its
// `[n]` markers linked to them, and the answer's attachments.
import AxeBuilder from '@axe-core/playwright';
import type { Request } from '@playwright/test';
import { ask, expect, lastAssistant, launcher, loadWidget, storedHistory, test, waitForAnswer } from './fixtures';

const isRate = (request: Request) => request.method() === 'POST' && /\/chat\/demo_assistant\/rate\//.test(new URL(request.url()).pathname);
const footer = (page: import('@playwright/test').Page) => page.locator('bailing-chat-widget .bc-after').last();

test('copy, thumbs up, thumbs down and a note: posted as the hub takes them, shown, kept across a reload', async ({ page, server, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const rates: Request[] = [];
  page.on('request', (request) => isRate(request) && rates.push(request));
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  const reply = (await storedHistory(page)).find((item) => item.r === 'a')!;
  expect(reply.j).toBeTruthy();

  const bar = page.getByRole('group', { name: 'Answer actions' });
  await expect(bar).toBeVisible();
  const copy = bar.getByRole('button', { name: 'Copy answer' });
  const up = bar.getByRole('button', { name: 'Helpful', exact: true });
  const down = bar.getByRole('button', { name: 'Not helpful' });
  const note = bar.getByRole('button', { name: 'Add a note' });
  await expect(up).toHaveAttribute('aria-pressed', 'false');
  await expect(down).toHaveAttribute('aria-pressed', 'false');

  await copy.click();
  await expect(bar).toContainText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reply.t);

  await up.click();
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => rates.length).toBe(1);
  expect(new URL(rates[0]!.url()).pathname).toBe(`/chat/demo_assistant/rate/${encodeURIComponent(reply.j!)}`);
  const visitorId = await page.evaluate(() => localStorage.getItem('bailing_visitor_demo_assistant'));
  expect(rates[0]!.postDataJSON()).toEqual({ rating: 'up', visitor_id: visitorId });

  // Changeable: the other thumb replaces the first.
  await down.click();
  await expect(down).toHaveAttribute('aria-pressed', 'true');
  await expect(up).toHaveAttribute('aria-pressed', 'false');

  // The note keeps the vote, as the hub's widget sends it; Escape closes it without sending.
  await note.click();
  const area = page.getByRole('textbox', { name: 'Your note on this answer' });
  await expect(area).toBeFocused();
  await area.press('Escape');
  await expect(area).toBeHidden();
  await expect(note).toBeFocused();
  await note.click();
  await area.fill('The setup steps skip the API key.');
  await page.getByRole('button', { name: 'Send note' }).click();
  await expect(area).toBeHidden();
  await expect(note).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => rates.length).toBe(3);
  expect(rates[1]!.postDataJSON()).toEqual({ rating: 'down', visitor_id: visitorId });
  expect(rates[2]!.postDataJSON()).toEqual({ rating: 'down', visitor_id: visitorId, comment: 'The setup steps skip the API key.' });
  expect(server.store.ratingsForJob(reply.j!)).toEqual([
    { rating: 'up', comment: null },
    { rating: 'down', comment: null },
    { rating: 'down', comment: 'The setup steps skip the API key.' },
  ]);

  // Kept where the hub's widget keeps it (`v`, `c` on the history item), and shown after a reload.
  const kept = (await storedHistory(page)).find((item) => item.j === reply.j && item.r === 'a') as { v?: string; c?: string };
  expect(kept).toMatchObject({ v: 'down', c: 'The setup steps skip the API key.' });
  await loadWidget(page, server.url);
  await launcher(page).click();
  await expect(page.getByRole('button', { name: 'Not helpful' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Helpful', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'Add a note' }).click();
  await expect(page.getByRole('textbox', { name: 'Your note on this answer' })).toHaveValue('The setup steps skip the API key.');
});

test("a rating the hub refuses shows the hub's sentence (or ours without one) and changes nothing", async ({ page, server }) => {
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
  let refused = 0;
  await page.route(/\/rate\//, (route) => {
    refused++;
    // The hub's 429 on its rate route: `{error}` with a sentence for the visitor.
    if (refused == 1) return route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: '操作太频繁，请稍后再试' }) });
    return route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' });
  });
  const up = page.getByRole('button', { name: 'Helpful', exact: true });
  const bar = page.getByRole('group', { name: 'Answer actions' });
  await up.click();
  await expect(bar).toContainText('操作太频繁，请稍后再试');
  await up.click();
  await expect(bar).toContainText('Your feedback could not be sent');
  // A failure interrupts: screen readers hear it from the assertive region.
  await expect(page.locator('bailing-chat-widget .bc-sr[role="alert"]')).toContainText('Your feedback could not be sent');
  expect(refused).toBe(2);
  await expect(up).toHaveAttribute('aria-pressed', 'false');
  expect((await storedHistory(page)).find((item) => item.r === 'a')).not.toHaveProperty('v');
});

test('a "docs" answer lists its numbered sources; each [n] marker leads to its source; restored after a reload', async ({ page, server }) => {
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'docs: how do I set up Acme?');
  await waitForAnswer(page);
  const sources = page.getByRole('region', { name: 'Sources' });
  await expect(sources).toBeVisible();
  const items = sources.getByRole('listitem');
  const count = await items.count();
  expect(count).toBeGreaterThanOrEqual(2);
  await expect(items.first()).toContainText('[1]');

  // The markers in the text are buttons named for their source; none is left as raw "[1]".
  const body = lastAssistant(page).locator('.bc-body');
  const markers = body.getByRole('button', { name: /^Source \d+: / });
  expect(await markers.count()).toBeGreaterThanOrEqual(2);
  await expect(body).not.toContainText('[1]');
  await markers.nth(1).click();
  await expect(items.nth(1)).toBeFocused();

  // The Sources toggle hides and shows the list.
  const toggle = page.getByRole('group', { name: 'Answer actions' }).getByRole('button', { name: 'Sources' });
  // Named on screen, not by an icon alone.
  await expect(toggle).toHaveText('Sources');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(sources).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await markers.first().click();
  await expect(sources).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  const stored = (await storedHistory(page)).find((item) => item.r === 'a') as { refs?: { seq: number; title: string }[] };
  expect(stored.refs?.length).toBe(count);

  await loadWidget(page, server.url);
  await launcher(page).click();
  await expect(page.getByRole('region', { name: 'Sources' }).getByRole('listitem')).toHaveCount(count);
  await expect(lastAssistant(page).locator('.bc-body').getByRole('button', { name: /^Source 1: / }).first()).toBeVisible();

  const scan = await new AxeBuilder({ page }).include('bailing-chat-widget').analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test("an answer's file attachment shows as a card under it (icon, name, size), once: a file its text links to is not repeated; its remote image does not load", async ({ page, server }) => {
  const remote: string[] = [];
  page.on('request', (request) => request.url().startsWith('https://cdn.example.com/') && remote.push(request.url()));
  await page.route(/\/chat\/demo_assistant\/events\//, async (route) => {
    const jobId = decodeURIComponent(/\/events\/([^/?]+)/.exec(route.request().url())![1]!);
    const reply = `Here is the guide, and [the price list](${server.url}/files/prices.pdf).`;
    const done = {
      done: true,
      job_id: jobId,
      reply,
      attachments: [
        { type: 'file', url: `${server.url}/files/acme-setup.pdf`, name: 'Acme setup guide', size: 245_760 },
        { type: 'image', url: 'https://cdn.example.com/tracker.png', caption: 'Diagram' },
        { type: 'file', url: `${server.url}/files/prices.pdf`, name: 'prices.pdf' },
        { type: 'file', url: 'javascript:alert(1)', name: 'evil' },
      ],
    };
    await route.fulfill({ status: 200, contentType: 'text/event-stream', body: `event: done\ndata: ${JSON.stringify(done)}\n\n` });
  });
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'send me the guide');
  await waitForAnswer(page);
  const list = page.getByRole('list', { name: 'Attachments' });
  await expect(list.getByRole('link')).toHaveCount(2);
  const guide = list.getByRole('link', { name: 'Acme setup guide' });
  await expect(guide).toHaveAttribute('href', `${server.url}/files/acme-setup.pdf`);
  await expect(guide).toHaveAttribute('target', '_blank');
  await expect(guide).toHaveAttribute('rel', /noopener/);
  await expect(guide).toHaveText('Acme setup guide246 kB');
  await expect(guide.locator('svg')).toHaveCount(1);
  // The price list is linked in the text: there it gets the file's icon, and no card repeats it.
  const inText = lastAssistant(page).locator('.bc-body').getByRole('link', { name: 'the price list' });
  await expect(inText.locator('svg')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'prices.pdf' })).toHaveCount(0);
  await expect(list.getByRole('link', { name: 'Diagram' })).toHaveAttribute('href', 'https://cdn.example.com/tracker.png');
  await expect(list.locator('img')).toHaveCount(0);
  await expect(footer(page)).not.toContainText('evil');
  expect(remote).toEqual([]);
});

test('in Chinese the actions and sources carry the hub widget\'s names', async ({ page, server }) => {
  await loadWidget(page, server.url, { attrs: { 'data-lang': 'zh-CN' } });
  await page.getByRole('button', { name: '打开聊天' }).click();
  const input = page.getByRole('textbox', { name: '消息' });
  await input.fill('docs');
  await input.press('Enter');
  await expect(page.getByRole('button', { name: '停止' })).toBeHidden({ timeout: 15_000 });
  const bar = page.getByRole('group', { name: '回答操作' });
  for (const name of ['引用', '复制', '有用', '没用', '反馈']) await expect(bar.getByRole('button', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: '引用' })).toBeVisible();
  await expect(lastAssistant(page).locator('.bc-body').getByRole('button', { name: /^来源 1: / }).first()).toBeVisible();
});

test('the "files" answer of the reference server carries done.attachments: the link to a PDF the server serves shows once, in the text with a file icon, also after a reload', async ({ page, server }) => {
  await loadWidget(page, server.url);
  await launcher(page).click();
  await ask(page, 'files');
  await waitForAnswer(page);
  const links = lastAssistant(page).locator('.bc-body a:has(svg)');
  await expect(links).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Attachments' })).toHaveCount(0);
  const href = await links.first().getAttribute('href');
  expect(new URL(href!).origin).toBe(server.url);
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const stored = (await storedHistory(page)).find((item) => item.r === 'a') as { atts?: { type: string; url: string }[] };
  expect(stored.atts).toEqual([expect.objectContaining({ type: 'file', url: href })]);
  await loadWidget(page, server.url);
  await launcher(page).click();
  await expect(lastAssistant(page).locator('.bc-body a:has(svg)')).toHaveAttribute('href', href!);
  await expect(page.getByRole('list', { name: 'Attachments' })).toHaveCount(0);
});

test('code blocks of a finished answer: a head with the language and "Copy code", which copies that block alone and says so', async ({ page, server, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  // The drop-in fetches code.js (beside it) when the page says it is there.
  await loadWidget(page, server.url, { attrs: { 'data-code': '1' } });
  await launcher(page).click();
  await ask(page, 'Show me the long markdown answer');
  await waitForAnswer(page);
  const answer = lastAssistant(page);
  const blocks = answer.locator('.bc-body > pre');
  const count = await blocks.count();
  expect(count).toBeGreaterThanOrEqual(3);
  // One head per block, in it before its code, naming the block's language.
  await expect(answer.locator('.bc-body > pre > .bc-code-head + code')).toHaveCount(count);
  const langs = await blocks.evaluateAll((pres) => pres.map((pre) => /language-(\S+)/.exec(pre.querySelector('code')!.className)?.[1] ?? ''));
  await expect(answer.locator('.bc-code-lang')).toHaveText(langs);
  expect(langs.slice(0, 2)).toEqual(['bash', 'html']);

  const copy = answer.getByRole('button', { name: 'Copy code (html)' });
  await copy.click();
  await expect(copy).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await blocks.nth(1).locator('code').textContent());
  await expect(page.locator('bailing-chat-widget .bc-sr[aria-live]')).toHaveText('Copied');
  // And back to its name.
  await expect(copy).toHaveText('Copy code');
  // The block's own text is untouched by its head.
  expect(await blocks.nth(1).locator('code').textContent()).toContain('<script src="https://hub.example.com/widget.js"');
});
