// The widget in a real browser for the fault cases: a fresh context, the e2e blank host page and
// `<script src="/widget.js" data-entry="demo_assistant">` served by the soak server, the panel
// open, and a recorder in the page that keeps what the visitor saw of each answer (the bubble's
// text after every DOM change) and the widget's `done` / `error` events.
import type { Browser, BrowserContext, Page } from '@playwright/test';

export const ENTRY = 'demo_assistant';

export interface Snapshot {
  /** 1 for the first answer bubble, 2 for the second, … */
  bubble: number;
  text: string;
  error: boolean;
  at: number;
}

export interface WidgetEvent {
  type: 'done' | 'error';
  jobId?: string;
  reply?: string;
  message?: string;
  at: number;
}

export interface EventsRequest {
  jobId: string;
  /** The reader the stream is checked against (the server answers another visitor 404). */
  visitorId: string | null;
  lastEventId: string | null;
  /** Date.now() when the page sent it. */
  at: number;
}

export interface WidgetPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page: any one fails the case. */
  errors: string[];
  /** Every request of the page to an answer's event stream, with the Last-Event-ID it sent. */
  eventsRequests: EventsRequest[];
  ask(text: string): Promise<void>;
  snapshots(): Promise<Snapshot[]>;
  widgetEvents(): Promise<WidgetEvent[]>;
  /** Waits until the widget has emitted `count` done/error events in all. */
  waitForEvents(count: number, timeoutMs: number): Promise<WidgetEvent[]>;
  /** Waits until the last answer bubble shows at least `letters` letters and digits. */
  waitForShownLetters(letters: number, timeoutMs: number): Promise<void>;
  /** The paragraphs of the last answer bubble, as rendered. */
  lastParagraphs(): Promise<string[]>;
  lastBubble(): ReturnType<Page['locator']>;
  close(): Promise<void>;
}

interface Recorder {
  snaps: Snapshot[];
  events: WidgetEvent[];
}

export async function openWidget(browser: Browser, baseUrl: string): Promise<WidgetPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Only the soak server is a target: anything else is refused at once.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
  const eventsRequests: EventsRequest[] = [];
  page.on('request', (request) => {
    const match = /\/chat\/[^/]+\/events\/([^/?#]+)/.exec(request.url());
    if (match) {
      const query = new URL(request.url()).searchParams;
      eventsRequests.push({ jobId: decodeURIComponent(match[1]!), visitorId: query.get('visitor_id'), lastEventId: request.headers()['last-event-id'] ?? null, at: Date.now() });
    }
  });

  await page.goto(`${baseUrl}/e2e/blank.html`);
  await page.evaluate(
    ({ src, entry }) => {
      const script = document.createElement('script');
      script.src = src;
      script.setAttribute('data-entry', entry);
      document.body.append(script);
    },
    { src: `${baseUrl}/widget.js`, entry: ENTRY },
  );
  await page.waitForFunction(() => !!document.querySelector('bailing-chat-widget')?.shadowRoot?.querySelector('.bc-panel'));
  await page.getByRole('button', { name: 'Open chat' }).click();
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ state: 'visible' });
  await page.evaluate(() => {
    const root = document.querySelector('bailing-chat-widget')!.shadowRoot!;
    const rec: Recorder = { snaps: [], events: [] };
    (window as unknown as { __soak: Recorder }).__soak = rec;
    const list = root.querySelector('.bc-messages')!;
    new MutationObserver(() => {
      const bubbles = list.querySelectorAll('.bc-msg-assistant:not(.bc-greeting)');
      const last = bubbles[bubbles.length - 1];
      if (!last) return;
      const text = last.querySelector('.bc-body')?.textContent ?? '';
      const error = last.classList.contains('bc-msg-error');
      const previous = rec.snaps[rec.snaps.length - 1];
      if (previous && previous.bubble === bubbles.length && previous.text === text && previous.error === error) return;
      rec.snaps.push({ bubble: bubbles.length, text, error, at: performance.now() });
    }).observe(list, { childList: true, characterData: true, subtree: true, attributes: true, attributeFilter: ['class'] });
    const api = (window as unknown as { BailingChat: { on(event: string, handler: (detail: Record<string, string>) => void): void } }).BailingChat;
    api.on('done', (detail) => rec.events.push({ type: 'done', jobId: detail.jobId, reply: detail.reply, at: performance.now() }));
    api.on('error', (detail) => rec.events.push({ type: 'error', jobId: detail.jobId, message: detail.message, at: performance.now() }));
  });

  const widgetEvents = (): Promise<WidgetEvent[]> => page.evaluate(() => (window as unknown as { __soak: Recorder }).__soak.events);
  const lastBubble = () => page.locator('bailing-chat-widget .bc-msg-assistant:not(.bc-greeting)').last();
  return {
    context,
    page,
    errors,
    eventsRequests,
    async ask(text) {
      const input = page.getByRole('textbox', { name: 'Message' });
      await input.fill(text);
      await input.press('Enter');
    },
    snapshots: () => page.evaluate(() => (window as unknown as { __soak: Recorder }).__soak.snaps),
    widgetEvents,
    async waitForEvents(count, timeoutMs) {
      await page.waitForFunction((n) => (window as unknown as { __soak: Recorder }).__soak.events.length >= n, count, { timeout: timeoutMs, polling: 50 });
      return widgetEvents();
    },
    async waitForShownLetters(letters, timeoutMs) {
      await page.waitForFunction(
        (n) => {
          const root = document.querySelector('bailing-chat-widget')!.shadowRoot!;
          const bubbles = root.querySelectorAll('.bc-msg-assistant:not(.bc-greeting)');
          const text = bubbles[bubbles.length - 1]?.querySelector('.bc-body')?.textContent ?? '';
          return text.replace(/[^\p{L}\p{N}]+/gu, '').length >= n;
        },
        letters,
        { timeout: timeoutMs, polling: 20 },
      );
    },
    lastParagraphs: () => lastBubble().locator('.bc-body > p').allTextContents(),
    lastBubble,
    close: () => context.close(),
  };
}
