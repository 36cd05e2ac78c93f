// Streaming turns against the reference server's demo agent: provisional text, the final
// markdown, tool steps, failures, dropped and refused streams, stop, a failed send and the
// scroll rule. Each scenario is picked by a keyword in the visitor's message.
import type { Page, Request } from '@playwright/test';
import {
  FAIL_PARTIAL,
  FAIL_REPLY,
  HELLO_ANSWER,
  LONG_ANSWER,
  TIMEOUT_ANSWER,
  TOOL_PREAMBLE,
} from '../examples/server/demo/demo-replies';
import {
  ask,
  assistantMessages,
  composer,
  expect,
  launcher,
  lastAssistant,
  loadWidget,
  nextFrame,
  requestsReported,
  serverThread,
  sseEvent,
  jobIdOf,
  storedHistory,
  test,
  waitForAnswer,
} from './fixtures';
import { cutBefore, steppedJob } from './stepped-streams';

interface Snapshot {
  text: string;
  streaming: boolean;
  working: boolean;
}

/**
 * Records, inside the page, every text the live region announces and a snapshot of the last
 * answer bubble after each DOM change: what a screen reader hears and what a person sees.
 */
async function record(page: Page) {
  await page.evaluate(() => {
    const root = document.querySelector('bailing-chat-widget')!.shadowRoot!;
    const rec = { live: [] as string[], snaps: [] as { text: string; streaming: boolean; working: boolean }[] };
    (window as unknown as { __rec: typeof rec }).__rec = rec;
    // The polite region and the assertive one (errors), in the order they spoke.
    for (const live of root.querySelectorAll('.bc-sr[aria-live], .bc-sr[role="alert"]')) {
      new MutationObserver(() => {
        const text = live.textContent ?? '';
        if (text) rec.live.push(text);
      }).observe(live, { childList: true, characterData: true, subtree: true });
    }
    const list = root.querySelector('.bc-messages')!;
    new MutationObserver(() => {
      const bubbles = list.querySelectorAll('.bc-msg-assistant:not(.bc-greeting)');
      const last = bubbles[bubbles.length - 1];
      if (!last) return;
      rec.snaps.push({
        // The answer's text: without the heads its code blocks get (language, Copy code).
        text: (() => {
          const body = last.querySelector('.bc-body')?.cloneNode(true) as Element | undefined;
          for (const head of body?.querySelectorAll('.bc-code-head') ?? []) head.remove();
          return body?.textContent ?? '';
        })(),
        streaming: !(root.querySelector('.bc-stop') as HTMLElement).hidden,
        working: (() => {
          const step = last.querySelector<HTMLElement>('.bc-step');
          return step !== null && step.checkVisibility() && step.textContent === 'Working…';
        })(),
      });
    }).observe(list, { childList: true, characterData: true, subtree: true });
  });
}

async function recorded(page: Page): Promise<{ live: string[]; snaps: Snapshot[] }> {
  return page.evaluate(() => (window as unknown as { __rec: { live: string[]; snaps: Snapshot[] } }).__rec);
}

/** The answer's own text, as its body shows it: without the heads a finished answer's code blocks get. */
const answerText = (body: import('@playwright/test').Locator) =>
  body.evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const head of copy.querySelectorAll('.bc-code-head')) head.remove();
    return copy.textContent ?? '';
  });

/** Letters and digits only: markdown syntax and layout whitespace drop out. */
const letters = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Every streamed snapshot, except its still-incomplete tail, must be the start of the final
 * text: a replayed chunk would show up twice, a lost one would leave a hole.
 */
function expectPrefixesOf(snaps: Snapshot[], finalText: string) {
  const full = letters(finalText);
  const streamed = snaps.filter((s) => s.streaming && s.text);
  expect(streamed.length, 'provisional snapshots').toBeGreaterThan(3);
  for (const snap of streamed) {
    const text = letters(snap.text);
    const settled = text.slice(0, Math.max(0, text.length - 80));
    expect(full.startsWith(settled), `streamed text is the start of the answer:\n${snap.text}`).toBe(true);
  }
}

function countRequests(page: Page, match: (request: Request) => boolean): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (match(request)) seen.push(request);
  });
  return seen;
}

const isCreateJob = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/chat/demo_assistant';
const isEvents = (request: Request) => request.url().includes('/chat/demo_assistant/events/');

async function openWidget(page: Page, baseUrl: string) {
  await loadWidget(page, baseUrl);
  await launcher(page).click();
  await expect(composer(page)).toBeFocused();
}

test('a long answer streams as growing provisional text, then renders as markdown', async ({ page, server }) => {
  await openWidget(page, server.url);
  await record(page);
  await ask(page, 'How do I set the widget up on my site?');

  const answer = lastAssistant(page);
  const body = answer.locator('.bc-body');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await waitForAnswer(page);

  const { live, snaps } = await recorded(page);
  const streamed = snaps.filter((s) => s.streaming && s.text.length > 0);
  // Text was on screen, and growing, while the Stop button still showed.
  expect(streamed.length).toBeGreaterThan(3);
  const lengths = streamed.map((s) => s.text.length);
  expect(Math.max(...lengths)).toBeGreaterThan(lengths[0]!);
  expect(lengths[0]!).toBeLessThan(LONG_ANSWER.length / 2);
  expectPrefixesOf(snaps, await answerText(body));

  // The final answer is markdown, not its source.
  await expect(body.locator('h2')).toHaveText('Setting up the Acme chat widget');
  await expect(body.locator('h3')).toHaveCount(5);
  await expect(body.locator('h3').first()).toHaveText('1. Add the script tag');
  await expect(body.locator('ol').first().locator(':scope > li')).toHaveCount(4);
  await expect(body.locator('ol li ul > li')).toHaveText(['Right suits most layouts.', 'Left keeps clear of cookie banners placed on the right.']);
  await expect(body.locator('table th')).toHaveText(['Setting', 'Default', 'Notes']);
  await expect(body.locator('table tbody tr')).toHaveCount(4);
  await expect(body.locator('table tbody tr').nth(1).locator('td')).toHaveText(['Position', 'right', 'left or right']);
  await expect(body.locator('pre code')).toHaveCount(3);
  await expect(body.locator('pre code').nth(1)).toHaveText('<script src="https://hub.example.com/widget.js" data-entry="demo_assistant" async></script>');
  await expect(body.locator('pre code').nth(2)).toContainText("window.BailingChat.setContext({ page_key: 'sku-1042'");
  await expect(body.locator('strong').first()).toHaveText('five minutes');
  await expect(body.locator('em').first()).toHaveText('Owner');
  await expect(body.locator('blockquote')).toContainText('the assistant never sees your visitors');
  const embedGuide = body.getByRole('link', { name: 'embed guide' });
  await expect(embedGuide).toHaveAttribute('href', 'https://docs.example.com/widget/embed');
  await expect(embedGuide).toHaveAttribute('target', '_blank');
  await expect(embedGuide).toHaveAttribute('rel', /\bnoopener\b/);
  await expect(body.getByRole('link', { name: 'full documentation' })).toHaveAttribute('rel', /\bnoopener\b/);
  // The HTML shown in a code block stays text: no element came out of it.
  await expect(answer.locator('script')).toHaveCount(0);
  await expect(body).not.toContainText('## ');
  await expect(body).not.toContainText('**');

  // A screen reader hears that an answer started and that it finished, not the tokens.
  // Announcements are queued (each stays up a moment): the last may come after the answer shows.
  await expect.poll(async () => (await recorded(page)).live).toEqual(['Responding…', 'Response complete']);
});

test('streaming text is formatted as it arrives; finished blocks keep their DOM through the final render', async ({ page, server }) => {
  await openWidget(page, server.url);
  // Inside the page: each streamed state of the answer (its block tags and text), and a mark on
  // the first heading the live render drew, to find the very same node after `done`.
  await page.evaluate(() => {
    const root = document.querySelector('bailing-chat-widget')!.shadowRoot!;
    const seen = { tags: [] as string[][], texts: [] as string[], marked: false };
    (window as unknown as { __live: typeof seen }).__live = seen;
    new MutationObserver(() => {
      const bubbles = root.querySelectorAll('.bc-msg-assistant:not(.bc-greeting)');
      const body = bubbles[bubbles.length - 1]?.querySelector('.bc-body');
      if (!body || (root.querySelector('.bc-stop') as HTMLElement).hidden) return;
      seen.tags.push([...body.children].map((el) => el.localName));
      seen.texts.push(body.textContent ?? '');
      // A heading with a block after it can no longer change: the live render has frozen it.
      const h2 = body.querySelector('h2');
      if (h2?.nextElementSibling && !seen.marked) {
        (h2 as unknown as { __mark: boolean }).__mark = true;
        seen.marked = true;
      }
    }).observe(root.querySelector('.bc-messages')!, { childList: true, characterData: true, subtree: true });
  });
  await ask(page, 'How do I set the widget up on my site?');
  await waitForAnswer(page);
  const seen = await page.evaluate(() => (window as unknown as { __live: { tags: string[][]; texts: string[]; marked: boolean } }).__live);
  // While streaming the answer already had headings, lists, a table and code blocks, as elements.
  const streamedTags = new Set(seen.tags.flat());
  // (Not the blockquote: it closes the answer, and the last 100 ms of text may first show at done.)
  for (const tag of ['h2', 'h3', 'ol', 'table', 'pre']) expect(streamedTags, `<${tag}> while streaming`).toContain(tag);
  // Markdown syntax never showed as text, not even for a moment (a bold or a link cut mid-way).
  for (const text of seen.texts) {
    expect(text).not.toContain('**');
    expect(text).not.toContain('## ');
    expect(text).not.toMatch(/\]\(https?:/);
  }
  expect(seen.marked).toBe(true);
  // The final render kept the heading the live render drew: the same node, not a copy.
  const body = lastAssistant(page).locator('.bc-body');
  expect(await body.locator('h2').evaluate((h2) => (h2 as unknown as { __mark?: boolean }).__mark === true)).toBe(true);
  await expect(body.locator('h2')).toHaveText('Setting up the Acme chat widget');
});

test('a link drawn from a definition that the final reply unmakes is gone after done: the bubble is the final render', async ({ page, server }) => {
  await openWidget(page, server.url);
  const job = await steppedJob(page);
  await ask(page, 'hello');
  const streamed = 'See [the docs][ref].\n\nMore text.\n\n[ref]: https://example.com/docs';
  await job.step(cutBefore(streamed, ['docs]', 'More', '[ref]:', 'example']));
  const body = lastAssistant(page).locator('.bc-body');
  // The detector: while the answer streams, the reference above the definition is a link (to
  // all of its URL: the whole text was drawn).
  await expect(body.locator('a', { hasText: 'the docs' })).toHaveAttribute('href', 'https://example.com/docs');
  // While it streams, every block is laid out: none is skipped out of view (styles.ts).
  await expect(body).toHaveClass(/bc-streamed/);
  expect(await body.evaluate((el) => [...el.children].map((child) => getComputedStyle(child).contentVisibility))).toEqual(['visible', 'visible']);
  // The reply goes on after the URL with words that are no title: no definition, no reference link.
  const reply = `${streamed} is where it was`;
  await job.step([], reply);
  await waitForAnswer(page);
  // What the final render draws of `reply` (widget/markdown/markdown.live.test.ts holds the live render to renderFinal).
  const link = 'href="https://example.com/docs" target="_blank" rel="noopener noreferrer nofollow"';
  expect(await body.innerHTML()).toBe(`<p>See [the docs][ref].</p><p>More text.</p><p>[ref]: <a ${link}>https://example.com/docs</a> is where it was</p>`);
  // Settled, it stays as it was laid out; drawn again from the history, its blocks but the last
  // are skipped out of view, as every answer's drawn at once are.
  expect(await body.evaluate((el) => [...el.children].map((child) => getComputedStyle(child).contentVisibility))).toEqual(['visible', 'visible', 'visible']);
  await loadWidget(page, server.url);
  await page.evaluate(() => (window as any).BailingChat.open());
  await expect(lastAssistant(page).locator('.bc-body')).not.toHaveClass(/bc-streamed/);
  const restored = await lastAssistant(page).locator('.bc-body').evaluate((el) => [...el.children].map((child) => getComputedStyle(child).contentVisibility));
  expect(restored.length).toBeGreaterThan(1);
  expect(restored).toEqual([...restored.slice(0, -1).map(() => 'auto'), 'visible']);
});

test('the rest of a long answer arriving in one burst after its first render: drawn whole, its blocks out of view skipped by layout', async ({ page, server }) => {
  await openWidget(page, server.url);
  const job = await steppedJob(page);
  await ask(page, 'hello');
  await job.step(['Here is the whole guide.\n\n', 'It is long.\n\n']);
  const body = lastAssistant(page).locator('.bc-body');
  await expect(body).toContainText('It is long.');
  // The detector: the first render drew a streamed body, every block of it laid out.
  await expect(body).toHaveClass(/bc-streamed/);
  // 40 KB more in one network chunk, with the job's end.
  const rest = Array.from({ length: 200 }, (_, i) => `Paragraph ${i + 1}: ${'words that fill a line of the guide '.repeat(5)}\n\n`).join('');
  const reply = `Here is the whole guide.\n\nIt is long.\n\n${rest}`;
  await job.step([rest], reply);
  await waitForAnswer(page);
  await expect(body.locator('p')).toHaveCount(202);
  await expect(body.locator('p').last()).toHaveText(/^Paragraph 200: /);
  // Drawn whole, as an answer that did not stream: its blocks but the last are skipped out of view
  // (one frame would else lay out all 40 KB).
  await expect(body).not.toHaveClass(/bc-streamed/);
  const visibility = await body.evaluate((el) => [...el.children].map((child) => getComputedStyle(child).contentVisibility));
  expect(visibility).toEqual([...visibility.slice(0, -1).map(() => 'auto'), 'visible']);
});

test('a tool round shows a working step, and its provisional talk is discarded; the answer keeps a step line, also after a reload', async ({ page, server }) => {
  await openWidget(page, server.url);
  await record(page);
  await ask(page, 'Can you search the help center?');

  // The step shows for the tool's 300 ms; the page-side recorder sees it, polling might not.
  const answer = lastAssistant(page);
  await waitForAnswer(page);

  const body = answer.locator('.bc-body');
  await expect(body.locator('ol > li')).toHaveCount(3);
  await expect(body).toContainText('I searched the Acme help center');
  await expect(body).not.toContainText(TOOL_PREAMBLE);
  await expect(answer.getByText('Working…')).toHaveCount(0);
  // What is left of the tool: a still step line under the answer (no dots), drawn again from the history.
  await expect(answer.locator('.bc-status')).toHaveText('Used tools');
  await expect(answer.locator('.bc-dots')).toHaveCount(0);

  const { snaps } = await recorded(page);
  // A visible "Working…" step while the tool ran, under the first round's talk…
  expect(snaps.some((s) => s.working && s.streaming && s.text.includes(TOOL_PREAMBLE))).toBe(true);
  // …and never once shown next to the second round's answer.
  const secondRound = snaps.filter((s) => s.text.includes('I searched'));
  expect(secondRound.length).toBeGreaterThan(0);
  for (const snap of secondRound) expect(snap.text).not.toContain('Let me check');
  expect(letters(secondRound.at(-1)!.text)).toBe(letters((await body.textContent()) ?? ''));
  await loadWidget(page, server.url);
  await page.evaluate(() => (window as any).BailingChat.open());
  await expect(lastAssistant(page).locator('.bc-status')).toHaveText('Used tools');
});

test('a list already scrolled keeps to its end through a tool round, its answer and its footer, with no scroll by the visitor', async ({ page, server }) => {
  await openWidget(page, server.url);
  await ask(page, 'hello');
  await page.getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.locator('bailing-chat-widget .bc-after:not([hidden]) .bc-acts > .bc-acts')).toHaveText('‹2 / 2›');
  await ask(page, 'Can you search the help center?');
  await expect(lastAssistant(page).locator('.bc-status')).toHaveText('Used tools');
  await expect(lastAssistant(page).locator('+ .bc-after')).toBeAttached();
  const list = page.locator('bailing-chat-widget .bc-messages');
  expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expect.poll(() => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(2);
});

test('the list keeps to the end of an answer whose tall block stops being its last, the visitor never scrolling', async ({ page, server }) => {
  // A block is sized afresh when a new one follows it (content-visibility, styles.ts): for a frame
  // the list is shorter and the browser moves it up, which is not the visitor leaving the end.
  await openWidget(page, server.url);
  const job = await steppedJob(page);
  await ask(page, 'A long paragraph, please');
  const paragraph = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(40);
  const list = page.locator('bailing-chat-widget .bc-messages');
  const gap = () => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  await job.step([paragraph]);
  await expect(lastAssistant(page).locator('.bc-body p')).toHaveCount(1);
  expect(await list.evaluate((el) => el.scrollHeight > 2 * el.clientHeight)).toBe(true);
  await expect.poll(gap).toBeLessThan(2);
  await job.step(['\n\n', 'Short.']);
  await expect(lastAssistant(page).locator('.bc-body p')).toHaveCount(2);
  await expect.poll(gap).toBeLessThan(2);
  await job.step(['\n\n', 'More.'], `${paragraph}\n\nShort.\n\nMore.`);
  await waitForAnswer(page);
  await expect.poll(gap).toBeLessThan(2);
});

test("a streamed answer's blocks contain their paint, but not one holding the focus, whose ring would be cut", async ({ page, server }) => {
  await openWidget(page, server.url);
  const job = await steppedJob(page);
  await ask(page, 'Two paragraphs and a link');
  const blocks = lastAssistant(page).locator('.bc-body > *');
  const contain = () => blocks.evaluateAll((els) => els.map((el) => getComputedStyle(el).contain));
  await job.step(['A first paragraph with [a link](https://example.com/a).', '\n\n', '## A heading', '\n\n', 'Still coming']);
  await expect(blocks).toHaveCount(3);
  await expect(lastAssistant(page).locator('.bc-body')).toHaveClass(/bc-streamed/);
  expect(await contain()).toEqual(['paint', 'paint', 'paint']);
  await lastAssistant(page).getByRole('link', { name: 'a link' }).focus();
  await expect.poll(contain).toEqual(['none', 'paint', 'paint']);
  await job.step([' and done.'], 'A first paragraph with [a link](https://example.com/a).\n\n## A heading\n\nStill coming and done.');
  await waitForAnswer(page);
  expect(await contain()).toEqual(['none', 'paint', 'paint']);
});

test('a failed answer shows an error with Retry, never the provisional text; Retry sends a new job', async ({ page, server }) => {
  const posts = countRequests(page, isCreateJob);
  await openWidget(page, server.url);
  await record(page);
  const question = 'Please fail this one';
  const stream = page.waitForRequest(isEvents);
  await ask(page, question);

  const answer = lastAssistant(page);
  await expect(answer).toHaveClass(/bc-msg-error/);
  await expect(answer).toContainText(FAIL_REPLY);
  await expect(answer).not.toContainText(FAIL_PARTIAL.trim());
  const retry = answer.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  // The partial text was on the wire, so not showing it is a decision, not an accident.
  const sent = server.store.eventsAfter(jobIdOf((await stream).url()), -1);
  const streamedText = sent.filter((e) => e.name === 'delta').map((e) => JSON.parse(e.data).text).join('');
  expect(streamedText).toBe(FAIL_PARTIAL);
  // As on the hub, the failed job ends with `done` flagged `error`, carrying the visitor's sentence.
  expect(sent.at(-1)!.name).toBe('done');
  expect(JSON.parse(sent.at(-1)!.data)).toMatchObject({ error: true, reply: FAIL_REPLY });
  const { snaps, live } = await recorded(page);
  for (const snap of snaps.filter((s) => !s.streaming)) expect(snap.text).not.toContain('Let me look');
  // Announcements are queued (each stays up a moment): the last may come after the answer shows.
  await expect.poll(async () => (await recorded(page)).live).toEqual(['Responding…', 'The answer failed']);
  expect(posts).toHaveLength(1);

  await retry.click();
  await expect(assistantMessages(page)).toHaveCount(2);
  await expect(lastAssistant(page)).toHaveClass(/bc-msg-error/);
  expect(posts).toHaveLength(2);
  expect(posts[1]!.postDataJSON()).toMatchObject({ message: question });
  // The visitor's question is still on screen, and was asked again.
  await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveText([`You: ${question}`, `You: ${question}`]);
  const history = await storedHistory(page);
  expect(history.filter((item) => item.r === 'u').map((item) => item.t)).toEqual([question, question]);
});

test('a dropped stream resumes with Last-Event-ID, without duplicated or missing text', async ({ page, server }) => {
  const events = countRequests(page, isEvents);
  await openWidget(page, server.url);
  await record(page);
  await ask(page, 'What if the connection drops?');
  await waitForAnswer(page);

  expect(events).toHaveLength(2);
  expect(jobIdOf(events[1]!.url())).toBe(jobIdOf(events[0]!.url()));
  const first = await events[0]!.allHeaders();
  const second = await events[1]!.allHeaders();
  expect(first['last-event-id']).toBeUndefined();
  expect(second['last-event-id']).toMatch(/^[1-9]\d*$/);

  const jobId = jobIdOf(events[0]!.url());
  const thread = await serverThread(page, server.url);
  const reply = thread.find((item) => item.r === 'a' && item.j === jobId);
  expect(reply?.t).toBe(LONG_ANSWER);
  const stored = await storedHistory(page);
  expect(stored.find((item) => item.r === 'a' && item.j === jobId)?.t).toBe(reply!.t);

  const body = lastAssistant(page).locator('.bc-body');
  const finalText = await answerText(body);
  for (const heading of ['Setting up the Acme chat widget', '2. Choose how it looks', 'Troubleshooting']) {
    expect(finalText.split(heading)).toHaveLength(2);
  }
  // The text streamed before and after the reconnect joins up exactly.
  const { snaps } = await recorded(page);
  expectPrefixesOf(snaps, finalText);
  expect(letters(finalText).endsWith(letters('we\'ll get back to you within one business day.'))).toBe(true);
});

test('a stream window that ends in timeout says so, then the answer appears without a reload', async ({ page, server }) => {
  const events = countRequests(page, isEvents);
  await openWidget(page, server.url);
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  await ask(page, 'This will hit a timeout');

  const answer = lastAssistant(page);
  await expect(answer).toContainText(/longer than usual/i);
  // The turn is over for the composer: the visitor can type and send again.
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect(answer.locator('.bc-body strong')).toHaveText('export', { timeout: 15_000 });
  await expect(answer).toContainText('it contains 1,284 conversations');
  await expect(answer).not.toContainText(/longer than usual/i);
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  // Recovered from /thread, not by reconnecting to the stream.
  expect(events).toHaveLength(1);
  const stored = await storedHistory(page);
  expect(stored.at(-1)).toMatchObject({ r: 'a', t: TIMEOUT_ANSWER });
});

test('after the reconnect budget is spent, the answer is recovered from the thread', async ({ page, server }) => {
  await page.clock.install();
  const events = countRequests(page, isEvents);
  await page.route('**/chat/demo_assistant/events/**', async (route, request) => {
    if (events.indexOf(request) === 0) {
      const jobId = jobIdOf(request.url());
      // An open stream that ends before its terminal event.
      await route.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        body:
          sseEvent('open', { ok: true, job_id: jobId, status: 'running', streaming: true }) +
          sseEvent('delta', { seq: 1, text: 'Provisional words', round: 1 }, 1),
      });
    } else {
      await route.abort('connectionreset');
    }
  });
  await openWidget(page, server.url);
  await ask(page, 'hello there');
  const answer = lastAssistant(page);
  await expect(answer).toContainText('Provisional words');

  // Jump over the reconnect backoff and the first recovery delays.
  await expect
    .poll(async () => {
      await page.clock.fastForward(4000);
      return (await answer.locator('.bc-body').textContent()) ?? '';
    }, { timeout: 20_000, intervals: [100] })
    .toContain("I'm the Acme help assistant");
  // One connection and six reconnects, then no more: the budget is bounded.
  expect(events).toHaveLength(7);
  expect((await events[1]!.allHeaders())['last-event-id']).toBe('1');
  await expect(answer).not.toContainText('Provisional words');
  await expect(answer.locator('.bc-body li')).toHaveCount(3);
  expect((await storedHistory(page)).at(-1)).toMatchObject({ r: 'a', t: HELLO_ANSWER });
});

test('a refused stream (404) is not retried blindly; the answer comes from the thread', async ({ page, server }) => {
  const events = countRequests(page, isEvents);
  await page.route('**/chat/demo_assistant/events/**', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: 'unknown_job', message: 'No such job.' }) }),
  );
  await openWidget(page, server.url);
  await ask(page, 'hello');
  const answer = lastAssistant(page);
  await expect(answer).toContainText(/longer than usual/i);
  await expect(answer.locator('.bc-body strong')).toHaveText('Acme help assistant', { timeout: 10_000 });
  // A retry would have come after the first backoff step (at most 500 ms after the 404), before
  // the first read of the thread (1 s after it) that brought this answer.
  await requestsReported(page);
  expect(events).toHaveLength(1);
  // And none after the answer: the frame after it, then every request until then.
  await nextFrame(page);
  await requestsReported(page);
  expect(events).toHaveLength(1);
});

test('an event longer than MAX_EVENT_CHARS ends the stream (no reconnect to fetch it again, no hang); the answer comes from the thread', async ({ page, server, consoleMessages }) => {
  const events = countRequests(page, isEvents);
  await page.route('**/chat/demo_assistant/events/**', (route, request) => {
    const jobId = jobIdOf(request.url());
    return route.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body:
        sseEvent('open', { ok: true, job_id: jobId, status: 'running', streaming: true }) +
        sseEvent('delta', { seq: 1, text: 'Provisional words', round: 1 }, 1) +
        // 2 M characters in one event: 1 Mi is the cap.
        sseEvent('delta', { seq: 2, text: 'x'.repeat(2 * 1024 * 1024), round: 1 }, 2),
    });
  });
  await openWidget(page, server.url);
  await ask(page, 'hello');
  const answer = lastAssistant(page);
  await expect(answer).toContainText(/longer than usual/i);
  await expect(answer.locator('.bc-body')).toContainText('Provisional words');
  await expect(answer.locator('.bc-body strong')).toHaveText('Acme help assistant', { timeout: 10_000 });
  await requestsReported(page);
  expect(events).toHaveLength(1);
  expect(consoleMessages.some((m) => m.text.includes('x'.repeat(100)))).toBe(false);
});

test('Stop ends the stream; the bubble is marked stopped and nothing is re-sent', async ({ page, server }) => {
  const posts = countRequests(page, isCreateJob);
  const events = countRequests(page, isEvents);
  await openWidget(page, server.url);
  await ask(page, 'Walk me through it slowly');

  const body = lastAssistant(page).locator('.bc-body');
  await expect(body).toContainText('step by step');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(lastAssistant(page)).toContainText('Stopped.');
  const shown = await body.textContent();
  expect(shown!.length).toBeGreaterThan(0);

  // The server goes on with the job (a delta every 150 ms) until its answer is in the thread:
  // each of those deltas, and its done, would have reached a stream that was still open.
  await expect.poll(async () => (await serverThread(page, server.url)).at(-1)?.r, { timeout: 15_000 }).toBe('a');
  await nextFrame(page);
  expect(await body.textContent()).toBe(shown);
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await composer(page).fill('Next question');
  await expect(composer(page)).toHaveValue('Next question');
  await expect(composer(page)).toBeEditable();
  await requestsReported(page);
  expect(posts).toHaveLength(1);
  expect(events).toHaveLength(1);
  // Asked again only by the visitor: Retry on the stopped answer is a new job with the same question.
  await composer(page).fill('');
  await lastAssistant(page).getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => posts.length).toBe(2);
  expect(posts[1]!.postDataJSON().message).toBe('Walk me through it slowly');
  await waitForAnswer(page);
});

test('a failed send puts the text back in the composer and shows an error; it is not retried', async ({ page, server }) => {
  // Fake timers: any re-send the widget could schedule is made to fall due below.
  await page.clock.install();
  const posts = countRequests(page, isCreateJob);
  await page.route('**/chat/demo_assistant', (route, request) =>
    request.method() === 'POST'
      ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'unavailable', message: 'Try later.' }) })
      : route.continue(),
  );
  await openWidget(page, server.url);
  const text = 'My order #1042 has not arrived,\nwhat can I do?';
  await composer(page).fill(text);
  await composer(page).press('Enter');

  await expect(page.locator('bailing-chat-widget .bc-msg-error')).toContainText(/not sent|could not be sent/i);
  await expect(composer(page)).toHaveValue(text);
  await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveCount(0);
  // The only assistant bubble is the notice itself; nothing is kept in the history.
  await expect(assistantMessages(page)).toHaveCount(1);
  await expect(assistantMessages(page).first()).toHaveClass(/bc-msg-error/);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  // A minute of the page's time, twice the longest single wait the widget schedules (30 s, the
  // reconnect cap and the last recovery steps): a timed re-send would have fallen due.
  await page.clock.runFor(60_000);
  await requestsReported(page);
  expect(posts).toHaveLength(1);
  expect(await storedHistory(page)).toEqual([]);
});

test('asking again while the hub still runs a stopped answer is accepted and answered after it', async ({ page, server }) => {
  await openWidget(page, server.url);
  await ask(page, 'slow please');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(lastAssistant(page).locator('.bc-body')).not.toBeEmpty();
  await page.getByRole('button', { name: 'Stop' }).click();
  // The server is still streaming that job into the thread: like the hub, it accepts the next
  // message, which waits for that answer and is then answered in turn.
  const text = 'hello again';
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue('');
  await expect(lastAssistant(page)).toContainText("I'm the Acme help assistant", { timeout: 15_000 });
  await expect(lastAssistant(page)).not.toHaveClass(/bc-msg-error/);
  const thread = await serverThread(page, server.url);
  expect(thread.map((item) => [item.r, item.t.slice(0, 20)])).toEqual([
    ['u', 'slow please'],
    ['a', 'Sure, let me walk yo'],
    ['u', text],
    ['a', HELLO_ANSWER.slice(0, 20)],
  ]);
});

test('the list follows a streaming answer only while the visitor is at the bottom', async ({ page, server }) => {
  // Enough earlier history that the list scrolls.
  const earlier = Array.from({ length: 6 }, (_, i) => [
    { r: 'u', t: `Earlier question ${i}`, j: `j_earlier${i}`, ts: 1_700_000_000_000 + i * 2 },
    { r: 'a', t: `Earlier answer ${i}. ${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(6)}`, j: `j_earlier${i}`, ts: 1_700_000_000_001 + i * 2 },
  ]).flat();
  await loadWidget(page, server.url, { before: `localStorage.setItem('bailing_chat_demo_assistant', ${JSON.stringify(JSON.stringify(earlier))})` });
  await launcher(page).click();
  const list = page.locator('bailing-chat-widget .bc-messages');
  await expect(list.getByText('Earlier answer 5.')).toBeVisible();
  await ask(page, 'Slowly, please');

  const body = lastAssistant(page).locator('.bc-body');
  await expect(body).toContainText('step by step');
  const geometry = () =>
    list.evaluate((el) => ({ top: el.scrollTop, height: el.scrollHeight, gap: el.scrollHeight - el.scrollTop - el.clientHeight }));
  await expect.poll(async () => (await geometry()).gap).toBeLessThan(2);

  // The visitor scrolls up to re-read something.
  await list.hover();
  await page.mouse.wheel(0, -400);
  await expect.poll(async () => (await geometry()).gap).toBeGreaterThan(300);
  const up = await geometry();
  const textBefore = ((await body.textContent()) ?? '').length;
  await expect.poll(async () => ((await body.textContent()) ?? '').length, { timeout: 5000 }).toBeGreaterThan(textBefore + 24);
  await expect.poll(async () => (await geometry()).height, { timeout: 5000 }).toBeGreaterThan(up.height);
  expect((await geometry()).top).toBe(up.top);

  // Back at the bottom, the list follows the text again.
  await page.mouse.wheel(0, 5000);
  await expect.poll(async () => (await geometry()).gap).toBeLessThan(2);
  const down = await geometry();
  await expect.poll(async () => (await geometry()).height, { timeout: 5000 }).toBeGreaterThan(down.height);
  await expect.poll(async () => (await geometry()).gap).toBeLessThan(2);
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
});
