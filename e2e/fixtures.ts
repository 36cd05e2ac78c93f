// Shared Playwright fixtures: a reference server per worker (real SQLite in memory, the
// built dist/widget.js), pages that fail their test on any uncaught page error, and helpers
// to put the widget on a test page the way a host would.
import { test as base, expect, type Page, type Response } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { startServer } from '../examples/server/app';

export const ROOT_DIR = fileURLToPath(new URL('..', import.meta.url));

type RunningServer = Awaited<ReturnType<typeof startServer>>;

/** How the browser tests start the reference server. */
export const TEST_SERVER: Parameters<typeof startServer>[0] = {
  port: 0,
  host: '127.0.0.1',
  dbPath: ':memory:',
  rootDir: ROOT_DIR,
  // The shipped entries.json, whose ticket_demo entry keeps the published demo secret.
  demo: true,
  // The pages under e2e/pages and the builds they load from /dist/.
  testPages: true,
  deltaDelayMs: 3,
  rateLimit: { perMinute: 100_000 },
  log: () => undefined,
};

interface WorkerFixtures {
  server: RunningServer;
}
interface TestFixtures {
  /** Console messages of the page, for tests that check warnings. */
  consoleMessages: { type: string; text: string }[];
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    async ({}, use) => {
      const server = await startServer(TEST_SERVER);
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  consoleMessages: async ({ page }, use) => {
    const messages: { type: string; text: string }[] = [];
    page.on('console', (message) => messages.push({ type: message.type(), text: message.text() }));
    await use(messages);
  },
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
    await use(page);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };

export interface LoadOptions {
  attrs?: Record<string, string>;
  /** Runs in the page before the widget script is added (e.g. to set a preload). */
  before?: string;
  page?: string;
  async?: boolean;
  /** Wait for the launcher (or the inline panel) to be on the page. */
  waitForUi?: boolean;
}

/** Adds a `<script>` with exactly these attributes, as a host page would. */
export async function addScript(page: Page, src: string, attrs: Record<string, string>, isAsync = false) {
  await page.evaluate(
    ({ src, attrs, isAsync }) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = isAsync;
      for (const [name, value] of Object.entries(attrs)) script.setAttribute(name, value);
      document.body.append(script);
    },
    { src, attrs, isAsync },
  );
}

/** Opens a host page on the reference server and adds the widget's script tag to it. */
export async function loadWidget(page: Page, baseUrl: string, options: LoadOptions = {}) {
  await page.goto(`${baseUrl}${options.page ?? '/e2e/blank.html'}`);
  if (options.before) await page.evaluate(options.before);
  await addScript(page, `${baseUrl}/widget.js`, { 'data-entry': 'demo_assistant', ...options.attrs }, options.async ?? false);
  if (options.waitForUi !== false) {
    await page.waitForFunction(() => {
      const host = document.querySelector('bailing-chat-widget');
      return !!host?.shadowRoot?.querySelector('.bc-panel');
    });
  }
}

export function launcher(page: Page) {
  return page.getByRole('button', { name: 'Open chat' });
}

export function panel(page: Page) {
  return page.locator('bailing-chat-widget .bc-panel');
}

export function composer(page: Page) {
  return page.getByRole('textbox', { name: 'Message' });
}

/** Types a message and sends it with Enter. */
export async function ask(page: Page, text: string) {
  const input = composer(page);
  await input.fill(text);
  await input.press('Enter');
}

export function assistantMessages(page: Page) {
  return page.locator('bailing-chat-widget .bc-msg-assistant:not(.bc-greeting)');
}

export function lastAssistant(page: Page) {
  return assistantMessages(page).last();
}

/** Waits until the running answer is finished (the stop button is gone). */
export async function waitForAnswer(page: Page) {
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden({ timeout: 15_000 });
}

/**
 * Resolves after the page's next two animation frames: promise callbacks queued before, and work
 * the page put on the next frame (the widget's live render, lazy-image checks after layout), have run.
 */
export async function nextFrame(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

let barriers = 0;
/**
 * Resolves once Playwright has reported every request the page made before this call: the page
 * fetches a URL of its own origin, and one page's requests are reported in the order it makes
 * them. For "nothing was sent": first wait for the event that would have sent it, then this.
 */
export async function requestsReported(page: Page) {
  const url = new URL(`/e2e/blank.html?requests-reported=${++barriers}`, page.url()).href;
  const reported = page.waitForRequest(url);
  await page.evaluate((url) => fetch(url, { cache: 'no-store' }).then((response) => response.arrayBuffer()), url);
  await reported;
}

/** Resolves once the page has the whole body of `response` and has rendered since: what the widget made of it (a /thread merge) is on screen. */
export async function afterResponse(page: Page, response: Response) {
  await response.finished();
  await nextFrame(page);
}

/** One server-sent event, framed as the hub frames it. */
export function sseEvent(name: string, data: unknown, id?: number): string {
  return `event: ${name}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;
}

/** A whole job stream for `page.route`: open, the reply as one delta, then done. */
export function sseReply(jobId: string, reply: string): string {
  return (
    sseEvent('open', { ok: true, job_id: jobId, status: 'running', protocol: 'bailing.chat.stream.v1', streaming: true }) +
    sseEvent('delta', { seq: 1, text: reply, round: 1 }, 1) +
    sseEvent('done', { done: true, job_id: jobId, reply }, 2)
  );
}

/** The job id in a `/chat/:entry/events/:job_id` URL. */
export function jobIdOf(url: string): string {
  const match = /\/events\/([^/?#]+)/.exec(url);
  if (!match) throw new Error(`not an events URL: ${url}`);
  return decodeURIComponent(match[1]!);
}

/** The widget's identity for the demo entry, as kept in the page's localStorage (`threadId` `''`: the default thread). */
export async function storedIds(page: Page, entry = 'demo_assistant') {
  return page.evaluate((entry) => ({
    visitorId: localStorage.getItem(`bailing_visitor_${entry}`) ?? '',
    threadId: localStorage.getItem(`bailing_thread_${entry}`) ?? '',
  }), entry);
}

/** The persisted history items of the demo entry. */
export async function storedHistory(page: Page, entry = 'demo_assistant'): Promise<{ r: string; t: string; j?: string; ts: number }[]> {
  return page.evaluate((entry) => JSON.parse(localStorage.getItem(`bailing_chat_${entry}`) ?? '[]'), entry);
}

/** The history the server keeps for the page's visitor and thread (`GET /thread`). */
export async function serverThread(page: Page, baseUrl: string): Promise<{ r: string; t: string; j?: string; ts: number; err?: boolean }[]> {
  const { visitorId, threadId } = await storedIds(page);
  // No stored thread id: the default thread, asked for without `thread_id` as the hub's widget does.
  const query = new URLSearchParams({ visitor_id: visitorId, ...(threadId ? { thread_id: threadId } : {}) });
  const response = await page.request.get(`${baseUrl}/chat/demo_assistant/thread?${query}`);
  expect(response.status(), 'GET /thread').toBe(200);
  return (await response.json()).messages;
}

/** Fills the demo agent's refund form (say "form") with valid values: order A-1042, account balance. */
export async function fillRefund(page: Page) {
  await page.getByLabel('Order number').fill('A-1042');
  await page.getByLabel('Reason for the refund').fill('It arrived broken.');
  await page.getByRole('radio', { name: 'Account balance' }).check();
  await page.getByRole('checkbox', { name: 'I agree to the refund terms' }).check();
}
