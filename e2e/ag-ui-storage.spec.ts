// What a hostile AG-UI agent can do to the host's storage (DESIGN.md §13): a state of 5.2 M
// characters (under the origin's quota, so it fit) left the page's own localStorage writes failing;
// a 20,000-deep one made every later message throw. The widget keeps what it stores under its caps,
// refuses such states with a warning naming the limit, and drops a stored value it cannot use.
import type { Page } from '@playwright/test';
import { frame, openAgent, serveStream } from './agent-runs';
import { ask, expect, launcher, lastAssistant, test, waitForAnswer } from './fixtures';

/** Together just under Chromium's 5,242,880 characters for an origin: a state that fits, and leaves the page nothing. */
const PIECES = 6;
const PIECE = 866_000;

const answer = (threadId: string, runId: string, id: string, text: string) => [
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: text },
  { type: 'TEXT_MESSAGE_END', messageId: id },
  { type: 'RUN_FINISHED', threadId, runId },
];

/** What the widget keeps on the page's origin, in characters of keys and values. */
const widgetStorage = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('bailing_')).reduce((n, k) => n + k.length + localStorage.getItem(k)!.length, 0));

/** Whether the page itself can still store 100,000 characters. */
const hostCanStore = (page: Page) =>
  page.evaluate(() => {
    try {
      localStorage.setItem('host-own-data', 'h'.repeat(100_000));
      localStorage.removeItem('host-own-data');
      return true;
    } catch (error) {
      return String(error);
    }
  });

test('a 5.2 M-character state is refused with a warning naming the limit: the page\'s own localStorage writes still work', async ({ page, server, consoleMessages }) => {
  test.setTimeout(60_000);
  // Each event is well under the stream's per-event cap; together they make the state.
  await serveStream(page, ({ threadId, runId, messages }) =>
    messages.length > 1
      ? answer(threadId, runId, 'a2', 'Second answer.')
      : [{ type: 'STATE_SNAPSHOT', snapshot: { pieces: [] } }, ...Array.from({ length: PIECES }, () => ({ type: 'STATE_DELTA', delta: [{ op: 'add', path: '/pieces/-', value: 'x'.repeat(PIECE) }] })), ...answer(threadId, runId, 'a1', 'State sent.')],
  );
  await openAgent(page, server.url);
  await ask(page, 'fill the storage');
  await expect(lastAssistant(page).locator('.bc-body')).toHaveText('State sent.');
  await waitForAnswer(page);
  expect(await hostCanStore(page)).toBe(true);
  expect(await widgetStorage(page)).toBeLessThan(1024 * 1024);
  expect(consoleMessages.filter((m) => m.type === 'warning' && m.text.includes('(MAX_STATE_CHARS)'))).toHaveLength(1);
  // The host sees the state it had, not the refused one.
  expect(await page.evaluate(() => (window as unknown as { BailingChat: { state: unknown } }).BailingChat.state)).toEqual({ pieces: [] });
  await ask(page, 'and then?');
  await expect(lastAssistant(page).locator('.bc-body')).toHaveText('Second answer.');
});

test('a 20,000-deep state is refused; the next message sends, and a reload works; one kept from before is dropped at load', async ({ page, server, consoleMessages }) => {
  const deep = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
  let runs = 0;
  await serveStream(page, ({ threadId, runId }) => {
    runs++;
    if (runs > 1) return answer(threadId, runId, `a${runs}`, `Answer ${runs}.`).map(frame).join('');
    // Written by hand: JSON.stringify cannot write it.
    return `data: {"type":"STATE_SNAPSHOT","snapshot":${deep}}\n\n` + answer(threadId, runId, 'a1', 'Deep state sent.').map(frame).join('');
  });
  await openAgent(page, server.url);
  await ask(page, 'go deep');
  await expect(lastAssistant(page).locator('.bc-body')).toHaveText('Deep state sent.');
  await waitForAnswer(page);
  expect(consoleMessages.filter((m) => m.type === 'warning' && m.text.includes('(MAX_JSON_DEPTH)'))).toHaveLength(1);
  await ask(page, 'next');
  await expect(lastAssistant(page).locator('.bc-body')).toHaveText('Answer 2.');
  await waitForAnswer(page);

  // A deep state already in storage (kept by an older page, or written by another tab).
  const stateKey = await page.evaluate(() => Object.keys(localStorage).find((k) => /^bailing_agui_.*_state$/.test(k)) ?? Object.keys(localStorage).find((k) => /^bailing_agui_.*_thread$/.test(k))!.replace(/_thread$/, '_state'));
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [stateKey, deep]);
  await page.reload();
  await launcher(page).click();
  await expect(page.locator('bailing-chat-widget .bc-msg-user')).toHaveText(['You: go deep', 'You: next']);
  await expect.poll(() => consoleMessages.some((m) => m.type === 'warning' && m.text.includes(`dropped the stored "${stateKey}": it nests deeper than 64 levels (MAX_JSON_DEPTH)`))).toBe(true);
  expect(await page.evaluate((key) => localStorage.getItem(key), stateKey)).toBeNull();
  await ask(page, 'after the reload');
  await expect(lastAssistant(page).locator('.bc-body')).toHaveText('Answer 3.');
});
