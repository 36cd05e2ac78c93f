// One run of each side-by-side measurement (streaming, page load), for any of the widgets. Every
// run gets a fresh browser context; numbers come from CDP (Performance.getMetrics, HeapProfiler)
// and from the page's probe (bench/page.ts). Our widget's own measurements: our-scenarios.ts.
import type { Browser } from '@playwright/test';
import { openBenchPage, type BenchWindow, type Metrics } from './browser';
import type { OurBuild, WidgetName } from './page';
import type { ProfileName } from './profiles';
import { benchReply, splitDeltas, type ReplyCounts } from './reply';
import type { BenchServers } from './servers';

/** The DOM must not change for this long after the stream's end before the run is over. */
export const QUIET_MS = 500;
/** Longest any single streaming run may take (Deep Chat needs about a minute for 60 KB). */
const RUN_TIMEOUT_MS = 10 * 60_000;

export interface StreamRun {
  widget: WidgetName;
  /** Main-thread task time from the send to the settled final DOM, ms (CDP TaskDuration). */
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
  longTasks: number;
  longestTaskMs: number;
  /** Last DOM change in the widget minus the stream response's end (the browser's network timing), ms. */
  renderLagMs: number;
  /**
   * The send to the answer's first text in the DOM, ms: the page's first message, sent by a call
   * (no composer touched before it, so nothing a widget readies on the visitor's approach is ready).
   */
  firstTextMs: number;
  heapEndMB: number;
  heapGcMB: number;
  /** Navigation start to the widget's composer on screen, ms. */
  readyMs: number;
  /** Server-side: first delta written to last delta written, ms. */
  streamMs: number;
  deltas: number;
  counts: Record<string, number> | null;
  countsOk: boolean;
}

const ms = (before: Metrics, after: Metrics, key: keyof Metrics): number => (after[key] - before[key]) * 1000;
const MB = (bytes: number): number => bytes / (1024 * 1024);

/** What the page must show at the end: the generator's counts, exactly. */
export function countsMatch(actual: Record<string, number> | null, expected: ReplyCounts): boolean {
  if (!actual) return false;
  return (Object.keys(expected) as (keyof ReplyCounts)[]).every((key) => actual[key] === expected[key]);
}

/**
 * When the stream's response was in whole (ms since the epoch, the browser's network timing):
 * Playwright reports a dedicated worker's requests with the page's, where Resource Timing does
 * not (our widget reads its stream in a worker). A widget that closes its stream itself on the
 * terminal event (the hub widget's EventSource, now and then) fails the request before the
 * network calls it finished: then the moment the failure is reported, a little late, so that
 * widget's lag is if anything under-counted.
 */
function streamFinished(page: import('@playwright/test').Page): Promise<number> {
  return new Promise((resolve) => {
    const on = (request: import('@playwright/test').Request): void => {
      if (!/\/events\/|\/deep-chat\/stream|\/agui\//.test(request.url())) return;
      page.off('requestfinished', on);
      page.off('requestfailed', on);
      const timing = request.timing();
      resolve(timing.responseEnd > 0 ? timing.startTime + timing.responseEnd : Date.now());
    };
    page.on('requestfinished', on);
    page.on('requestfailed', on);
  });
}

/** Gate that opens when the page asks for our job's event stream. */
export function gateOnEventsRequest(page: import('@playwright/test').Page): Promise<void> {
  return new Promise((resolve) => {
    const onRequest = (request: import('@playwright/test').Request): void => {
      if (!/\/events\//.test(request.url())) return;
      page.off('request', onRequest);
      resolve();
    };
    page.on('request', onRequest);
  });
}

export interface StreamOptions {
  widget: WidgetName;
  kb: number;
  intervalMs: number;
  /**
   * When the message is sent: as soon as the composer is ready (by a call, nothing touched), once
   * the page has settled (two seconds on, then idle, as a visitor asks after reading a while), or after
   * focusing the input and a short idle spell (as while a visitor types).
   */
  start: StreamStart;
  /** Ours over AG-UI (the reference server's endpoint and its bench agent) instead of the hub's contract. */
  agui?: boolean;
}

export type StreamStart = 'ready' | 'settled' | 'typed';

export async function runStream(browser: Browser, servers: BenchServers, options: StreamOptions): Promise<StreamRun> {
  const reply = benchReply(options.kb);
  const deltas = splitDeltas(reply.text);
  servers.setPlan({ reply: reply.text, deltas, intervalMs: options.intervalMs });
  const bench = await openBenchPage(browser, { widget: options.widget, pageUrl: servers.pageUrl, agui: options.agui });
  try {
    const { page } = bench;
    // Ours and the hub widget ask the reference server for the job's events after posting it; an
    // AG-UI run's events are the answer to its POST.
    servers.setGate(options.widget === 'deep-chat' || options.agui ? Promise.resolve() : gateOnEventsRequest(page));
    if (options.start === 'typed') await page.evaluate(() => (window as unknown as BenchWindow).__bench.typeFirst());
    else if (options.start === 'settled') await page.evaluate(() => (window as unknown as BenchWindow).__bench.settle());
    await page.evaluate(() => (window as unknown as BenchWindow).__bench.observe());
    const streamEnd = servers.nextStreamEnd();
    const finished = streamFinished(page);
    const before = await bench.metrics();
    await page.evaluate(() => {
      const probe = (window as unknown as BenchWindow).__bench;
      probe.sendAt = performance.now();
      probe.send('Show me the whole guide.');
    });
    const stream = await streamEnd;
    // Once the stream's last byte is in, wait for a quiet DOM.
    const responseEnd = await finished;
    await page.waitForFunction(
      ({ quiet }) => {
        const probe = (window as unknown as BenchWindow).__bench;
        return performance.now() - probe.lastMutation >= quiet;
      },
      { quiet: QUIET_MS },
      { timeout: RUN_TIMEOUT_MS, polling: 100 },
    );
    const after = await bench.metrics();
    const seen = await page.evaluate(() => {
      const probe = (window as unknown as BenchWindow).__bench;
      const tasks = probe.longTasks.filter(([start]) => start >= probe.sendAt);
      return {
        counts: probe.counts(),
        // On the epoch's clock, as the network timing is.
        lastMutation: performance.timeOrigin + probe.lastMutation,
        longTasks: tasks.length,
        longestTaskMs: tasks.reduce((max, [, duration]) => Math.max(max, duration), 0),
        readyAt: probe.readyAt,
        firstTextMs: probe.firstTextAt ? probe.firstTextAt - probe.sendAt : NaN,
      };
    });
    await bench.collectGarbage();
    const gc = await bench.metrics();
    return {
      widget: options.widget,
      taskMs: ms(before, after, 'TaskDuration'),
      scriptMs: ms(before, after, 'ScriptDuration'),
      layoutMs: ms(before, after, 'LayoutDuration'),
      styleMs: ms(before, after, 'RecalcStyleDuration'),
      longTasks: seen.longTasks,
      longestTaskMs: seen.longestTaskMs,
      renderLagMs: Math.max(0, seen.lastMutation - responseEnd),
      firstTextMs: seen.firstTextMs,
      heapEndMB: MB(after.JSHeapUsedSize),
      heapGcMB: MB(gc.JSHeapUsedSize),
      readyMs: seen.readyAt,
      streamMs: stream.durationMs,
      deltas: deltas.length,
      counts: seen.counts,
      countsOk: countsMatch(seen.counts, reply.counts),
    };
  } finally {
    await bench.close();
  }
}

export interface LoadRun {
  widget: WidgetName;
  /** Ours only. */
  build?: OurBuild;
  /** Device profile (bench/profiles.ts); absent in results written before there were two = desktop. */
  profile?: ProfileName;
  /** Navigation start to the first frame with the composer ready, ms (the page's probe). */
  readyMs: number;
  /** Navigation start to the widget's script fully received (Resource Timing responseEnd), ms. */
  scriptReceivedMs: number;
  /** Main-thread task time and script time from navigation until the network is idle, ms (CDP). */
  taskMs: number;
  scriptMs: number;
  /** V8 compile time and main-thread CPU time over the same span, ms (CDP). */
  compileMs: number;
  threadMs: number;
}

/** Page load to a ready composer, in a fresh context (nothing cached), and the main thread's work for it. */
export interface LoadOptions {
  widget: WidgetName;
  build?: OurBuild;
  profile: ProfileName;
}

export async function runLoad(browser: Browser, servers: BenchServers, options: LoadOptions): Promise<LoadRun> {
  const bench = await openBenchPage(browser, { widget: options.widget, pageUrl: servers.pageUrl, profile: options.profile, ...(options.build ? { build: options.build } : {}) });
  try {
    const metrics = await bench.metrics();
    const seen = await bench.page.evaluate(() => {
      const script = performance
        .getEntriesByType('resource')
        .find((e) => /\/widget\.js$|\/deep-chat\.js$/.test(new URL(e.name).pathname)) as PerformanceResourceTiming | undefined;
      return { readyAt: (window as unknown as BenchWindow).__bench.readyAt, scriptEnd: script ? script.responseEnd : NaN };
    });
    return {
      widget: options.widget,
      ...(options.build ? { build: options.build } : {}),
      profile: options.profile,
      readyMs: seen.readyAt,
      scriptReceivedMs: seen.scriptEnd,
      taskMs: metrics.TaskDuration * 1000,
      scriptMs: metrics.ScriptDuration * 1000,
      compileMs: metrics.V8CompileDuration * 1000,
      threadMs: metrics.ThreadTime * 1000,
    };
  } finally {
    await bench.close();
  }
}
