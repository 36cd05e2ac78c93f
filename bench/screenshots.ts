// `npm run screenshots`: the README's pictures, taken from the running demo so they show what the
// widget does today. Starts the reference server (demo agent, database in memory) on a free port,
// opens the demo pages in the system Chromium and writes docs/images/*.png:
//   desktop-light.png  1280×800, light: the demo article with the panel open on a chart answer
//   desktop-dark.png   1280×800, dark: an answer with code, a table and its sources
//   phone.png          390×844: the full-screen panel on a phone, an answer with a list
//   generated-view.png 1280×800: the sandbox page with a generated view (the unit converter)
// Each waits for what it shows (the answer's `done`, the chart drawn, the view's frame at its
// height), never for a fixed time.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startServer } from '../examples/server/app';
import { chromiumPath } from '../e2e/chromium';
import { BENCH_CHROMIUM_ARGS } from './browser';

const root = process.env.BENCH_ROOT ?? process.cwd();
const out = join(root, 'docs/images');

interface Shot {
  file: string;
  page: string;
  viewport: { width: number; height: number };
  dark?: boolean;
  phone?: boolean;
  /** What the visitor says; the picture is taken once its answer is done and drawn. */
  ask: string;
  /** Resolves in the page once what the picture is for is on screen. */
  ready?: (page: Page) => Promise<void>;
  /** The first element of the answer matching this to scroll to the top of the message list (default: the answer's end). */
  show?: string;
}

const widget = (page: Page) => page.locator('bailing-chat-widget');

/** Resolves after two animation frames: what the last change drew is painted. */
const painted = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

const SHOTS: Shot[] = [
  {
    file: 'desktop-light.png',
    page: '/',
    viewport: { width: 1280, height: 800 },
    ask: 'chart',
    // ECharts draws into a canvas once its container has a width.
    ready: (page) => widget(page).locator('figure canvas').first().waitFor(),
    show: 'p',
  },
  { file: 'desktop-dark.png', page: '/', viewport: { width: 1280, height: 800 }, dark: true, ask: 'docs' },
  { file: 'phone.png', page: '/', viewport: { width: 390, height: 844 }, phone: true, ask: 'hello' },
  {
    file: 'generated-view.png',
    page: '/pages/sandbox.html',
    viewport: { width: 1280, height: 800 },
    ask: 'unit converter',
    // The live view replaces its streamed preview at its first height report: wait for a frame
    // that is the view's own (not the preview's) and has grown to its content.
    ready: async (page) => {
      const frame = widget(page).locator('iframe[sandbox]').last();
      await frame.waitFor();
      await page.waitForFunction(() => {
        const frames = [...(document.querySelector('bailing-chat-widget')?.shadowRoot?.querySelectorAll('iframe') ?? [])];
        return frames.some((f) => f.getBoundingClientRect().height > 150 && getComputedStyle(f).visibility !== 'hidden' && f.style.opacity !== '0');
      });
    },
    show: 'p',
  },
];

async function take(browser: Browser, base: string, shot: Shot): Promise<void> {
  const context = await browser.newContext({
    viewport: shot.viewport,
    colorScheme: shot.dark ? 'dark' : 'light',
    ...(shot.phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { deviceScaleFactor: 1 }),
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${base}${shot.page}`);
  await page.waitForFunction(() => typeof (window as { BailingChat?: { send?: unknown } }).BailingChat?.send === 'function');
  const done = page.evaluate(() => new Promise<void>((resolve) => (window as unknown as { BailingChat: { on(e: string, h: () => void): void } }).BailingChat.on('done', () => resolve())));
  await page.evaluate((text) => (window as unknown as { BailingChat: { send(t: string): boolean } }).BailingChat.send(text), shot.ask);
  await done;
  await shot.ready?.(page);
  if (shot.show) await widget(page).locator('.bc-msg-assistant:not(.bc-greeting)').last().locator(shot.show).first().evaluate((element) => element.scrollIntoView({ block: 'start' }));
  // The caret would blink in the message box; the picture is of the conversation.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await painted(page);
  await page.screenshot({ path: join(out, shot.file) });
  if (errors.length) throw new Error(`${shot.file}: errors in the page: ${errors.join('; ')}`);
  await context.close();
  console.log(`docs/images/${shot.file}  ${shot.viewport.width}×${shot.viewport.height}${shot.dark ? ' dark' : ''}  "${shot.ask}" on ${shot.page}`);
}

mkdirSync(out, { recursive: true });
const server = await startServer({ port: 0, host: '127.0.0.1', dbPath: ':memory:', rootDir: root, demo: true, openai: null, log: () => undefined, warn: () => undefined });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: BENCH_CHROMIUM_ARGS });
try {
  for (const shot of SHOTS) await take(browser, server.url, shot);
} finally {
  await browser.close();
  await server.close();
}
