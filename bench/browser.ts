// The browser side of a measurement: a fresh context and page per run (no cache, no storage
// carried over), a CDP session for Performance metrics and GC, and the page's probe.
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import type { OurBuild, WidgetName } from './page';
import { CHROMIUM_ARGS } from '../e2e/chromium';
import { applyProfile, PROFILES, type ProfileName } from './profiles';

/**
 * The bench's browser flags: the tests' own, and no host but this machine's. The servers are all
 * local; anything else (Deep Chat asks Google Fonts for Inter) fails at once in the browser's own
 * resolver, so no widget waits on the outside network. Until 2026-12-05 a Playwright route refused
 * those requests, but a route holds up every request of the context on its way (Playwright's
 * process decides each one): about 15 ms a request here, counted against the widgets with the
 * most requests in a row (a config after the script; a job's events after its POST).
 */
export const BENCH_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'];

/**
 * Polls `expression` in the page through CDP until it is true. Not `page.waitForFunction`: that
 * first evaluates Playwright's injected script in the page, about 10 ms of its main thread (a
 * page load's CPU to network idle: 42.5 ms with it, 33.0 without, n = 12, 2026-12-05), which the
 * load rows counted as every widget's, and which held up a widget not yet ready at `load`.
 */
async function untilInPage(cdp: CDPSession, expression: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { result, exceptionDetails } = (await cdp.send('Runtime.evaluate', { expression, returnByValue: true })) as { result: { value?: unknown }; exceptionDetails?: { text: string } };
    if (result.value === true) return;
    if (Date.now() > until) throw new Error(`the page did not get to \`${expression}\` in ${timeoutMs / 1000} s${exceptionDetails ? ` (${exceptionDetails.text})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** CDP Performance.getMetrics values we use (seconds for durations, bytes for the heap). */
export interface Metrics {
  TaskDuration: number;
  ScriptDuration: number;
  LayoutDuration: number;
  RecalcStyleDuration: number;
  V8CompileDuration: number;
  /** CPU time of the renderer's main thread (less sensitive than wall time to other work on the machine). */
  ThreadTime: number;
  JSHeapUsedSize: number;
  Nodes: number;
}

export interface BenchPage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  metrics(): Promise<Metrics>;
  /** Two full collections (the second one frees what the first one's finalizers released). */
  collectGarbage(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  widget: WidgetName;
  pageUrl: string;
  inline?: boolean;
  /** Which build of ours (default self-contained). */
  build?: OurBuild;
  /** Ours over AG-UI (the reference server's endpoint) instead of the hub's contract. */
  agui?: boolean;
  /** Runs in the page before its own scripts (addInitScript). */
  init?: string;
  /** Device profile (viewport, CPU, network); default desktop. */
  profile?: ProfileName;
}

export async function openBenchPage(browser: Browser, options: OpenOptions): Promise<BenchPage> {
  const profile = PROFILES[options.profile ?? 'desktop'];
  const context = await browser.newContext({ viewport: profile.viewport });
  if (options.init) await context.addInitScript(options.init);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await applyProfile(cdp, profile);
  await page.goto(`${options.pageUrl}/page?widget=${options.widget}&inline=${options.inline === false ? 0 : 1}&build=${options.build ?? 'self-contained'}${options.agui ? '&protocol=ag-ui' : ''}`);
  await untilInPage(cdp, 'window.__bench.readyAt > 0', 120_000);
  // Config, the first /thread sync and fonts settle before anything is measured.
  await page.waitForLoadState('networkidle');
  if (errors.length) throw new Error(`page errors in ${options.widget}: ${errors.join('; ')}`);

  const metrics = async (): Promise<Metrics> => {
    const { metrics: list } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    const get = (name: string): number => list.find((m) => m.name === name)?.value ?? NaN;
    return {
      TaskDuration: get('TaskDuration'),
      ScriptDuration: get('ScriptDuration'),
      LayoutDuration: get('LayoutDuration'),
      RecalcStyleDuration: get('RecalcStyleDuration'),
      V8CompileDuration: get('V8CompileDuration'),
      ThreadTime: get('ThreadTime'),
      JSHeapUsedSize: get('JSHeapUsedSize'),
      Nodes: get('Nodes'),
    };
  };
  return {
    context,
    page,
    cdp,
    metrics,
    async collectGarbage() {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
    },
    close: () => context.close(),
  };
}

/** The probe installed by the host page (bench/page.ts). */
export interface BenchProbe {
  widget: WidgetName;
  longTasks: [number, number][];
  readyAt: number;
  lastMutation: number;
  mutations: number;
  sendAt: number;
  /** When the answer's first text was in the DOM, 0 until then. */
  firstTextAt: number;
  counts(): Record<string, number> | null;
  observe(): void;
  send(text: string): boolean;
  /** Resolves once the page had `periods` whole idle periods in a row. */
  calm(periods: number): Promise<void>;
  /** Resolves two seconds on, once the page is idle (five whole idle periods in a row). */
  settle(): Promise<void>;
  /** Focuses the input and resolves once the page has been idle a while, as while a visitor types. */
  typeFirst(): Promise<void>;
  nextFrame(): Promise<number>;
  /** The widget's shadow root (or the page, for a widget without one), once it is there. */
  root(): ParentNode | null;
  [key: string]: unknown;
}

export interface BenchWindow {
  __bench: BenchProbe;
  BailingChat: {
    send(text: string): boolean;
    open(): void;
    newConversation(): void;
    on(event: string, handler: (detail: unknown) => void): () => void;
  };
}
