// One run of each measurement. Every run gets a fresh browser context; numbers come from CDP
// (Performance.getMetrics, HeapProfiler, DOM) and from the page's probe (bench/page.ts).
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
  /** Last DOM change in the widget minus the stream response's responseEnd (Resource Timing), ms. */
  renderLagMs: number;
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

/** Gate that opens when the page asks for our job's event stream. */
function gateOnEventsRequest(page: import('@playwright/test').Page): Promise<void> {
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
}

export async function runStream(browser: Browser, servers: BenchServers, options: StreamOptions): Promise<StreamRun> {
  const reply = benchReply(options.kb);
  const deltas = splitDeltas(reply.text);
  servers.setPlan({ reply: reply.text, deltas, intervalMs: options.intervalMs });
  const bench = await openBenchPage(browser, { widget: options.widget, pageUrl: servers.pageUrl });
  try {
    const { page } = bench;
    // Ours and the hub widget ask the reference server for the job's events after posting it.
    if (options.widget !== 'deep-chat') servers.setGate(gateOnEventsRequest(page));
    await page.evaluate(() => (window as unknown as BenchWindow).__bench.observe());
    const streamEnd = servers.nextStreamEnd();
    const before = await bench.metrics();
    await page.evaluate(() => {
      const probe = (window as unknown as BenchWindow).__bench;
      probe.sendAt = performance.now();
      probe.send('Show me the whole guide.');
    });
    const stream = await streamEnd;
    // The stream's resource entry appears once its last byte is in; then wait for a quiet DOM.
    await page.waitForFunction(
      ({ quiet }) => {
        const probe = (window as unknown as BenchWindow).__bench;
        const done = performance
          .getEntriesByType('resource')
          .some((e) => /\/events\/|\/deep-chat\/stream/.test(e.name) && (e as PerformanceResourceTiming).responseEnd > 0);
        return done && performance.now() - probe.lastMutation >= quiet;
      },
      { quiet: QUIET_MS },
      { timeout: RUN_TIMEOUT_MS, polling: 100 },
    );
    const after = await bench.metrics();
    const seen = await page.evaluate(() => {
      const probe = (window as unknown as BenchWindow).__bench;
      const entries = performance
        .getEntriesByType('resource')
        .filter((e) => /\/events\/|\/deep-chat\/stream/.test(e.name)) as PerformanceResourceTiming[];
      const streamEntry = entries[entries.length - 1]!;
      const tasks = probe.longTasks.filter(([start]) => start >= probe.sendAt);
      return {
        counts: probe.counts(),
        lastMutation: probe.lastMutation,
        responseEnd: streamEntry.responseEnd,
        longTasks: tasks.length,
        longestTaskMs: tasks.reduce((max, [, duration]) => Math.max(max, duration), 0),
        readyAt: probe.readyAt,
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
      renderLagMs: Math.max(0, seen.lastMutation - seen.responseEnd),
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

// ---- our widget only ----

/**
 * Records when each stream read resolves, before the reader's caller continues (this callback is
 * registered on the read promise first), so `done` handling can be timed from the moment its
 * bytes reach the page's script.
 */
const READ_CLOCK = `(() => {
  const read = ReadableStreamDefaultReader.prototype.read;
  ReadableStreamDefaultReader.prototype.read = function (...args) {
    const pending = read.apply(this, args);
    pending.then(() => { window.__lastReadAt = performance.now(); }, () => undefined);
    return pending;
  };
})();`;

export interface FinalRenderRun {
  /** Bytes of `done` read → the widget's `done` event (final DOM built, renderers mounted), ms. */
  renderMs: number;
  /** The same start → the next frame produced (style, layout and paint included), ms. */
  frameMs: number;
  countsOk: boolean;
}

export async function runFinalRender(browser: Browser, servers: BenchServers, kb: number): Promise<FinalRenderRun> {
  const reply = benchReply(kb);
  // The pause before `done` lets the provisional render finish, so the read that carries `done`
  // carries nothing else and the page is idle when it arrives.
  servers.setPlan({ reply: reply.text, deltas: splitDeltas(reply.text), intervalMs: 0, pauseBeforeDoneMs: 500 });
  const bench = await openBenchPage(browser, { widget: 'ours', pageUrl: servers.pageUrl, init: READ_CLOCK });
  try {
    const { page } = bench;
    servers.setGate(gateOnEventsRequest(page));
    const result = await page.evaluate(
      () =>
        new Promise<{ renderMs: number; frameMs: number; counts: Record<string, number> | null }>((resolve) => {
          const w = window as unknown as BenchWindow & { __lastReadAt: number };
          const off = w.BailingChat.on('done', () => {
            const renderMs = performance.now() - w.__lastReadAt;
            const start = w.__lastReadAt;
            off();
            void w.__bench.nextFrame().then((t) => resolve({ renderMs, frameMs: t - start, counts: w.__bench.counts() }));
          });
          w.BailingChat.send('Show me the whole guide.');
        }),
    );
    return { renderMs: result.renderMs, frameMs: result.frameMs, countsOk: countsMatch(result.counts, reply.counts) };
  } finally {
    await bench.close();
  }
}

export interface HistoryRun {
  /** `BailingChat.open()` → returns with the 50 messages in the DOM, ms. */
  renderMs: number;
  /** `open()` → the next frame produced, ms. */
  frameMs: number;
  bubbles: number;
}

export const HISTORY_ITEMS = 50;

export async function runHistory(browser: Browser, servers: BenchServers): Promise<HistoryRun> {
  const answer = benchReply(2).text;
  const now = Date.UTC(2026, 10, 30);
  const items = Array.from({ length: HISTORY_ITEMS }, (_, i) =>
    i % 2 === 0
      ? { r: 'u', t: `Question ${i / 2 + 1}: how does this part work?`, j: `j_bench_${i >> 1}`, ts: now + i * 1000 }
      : { r: 'a', t: answer, j: `j_bench_${i >> 1}`, ts: now + i * 1000 },
  );
  // The widget's own storage keys (DESIGN.md §4), as a returning visitor's browser has them.
  const init = `(() => {
    if (location.pathname !== '/page') return;
    localStorage.setItem('bailing_visitor_demo_assistant', 'v_benchvisitor0000000000000');
    localStorage.setItem('bailing_thread_demo_assistant', 't_benchthread0000000');
    localStorage.setItem('bailing_chat_demo_assistant', ${JSON.stringify(JSON.stringify(items))});
  })();`;
  const bench = await openBenchPage(browser, { widget: 'ours', pageUrl: servers.pageUrl, inline: false, init });
  try {
    return await bench.page.evaluate(async () => {
      const w = window as unknown as BenchWindow;
      const root = w.__bench.root as () => ShadowRoot;
      const start = performance.now();
      w.BailingChat.open();
      const renderMs = performance.now() - start;
      const bubbles = root().querySelectorAll('.bc-msg:not(.bc-greeting)').length;
      const frameMs = (await w.__bench.nextFrame()) - start;
      return { renderMs, frameMs, bubbles };
    });
  } finally {
    await bench.close();
  }
}

export interface MemoryRun {
  replies: number;
  /** Replies (then a new conversation) before the start is measured. */
  warmup: number;
  /**
   * JS heap after GC: loaded; after one reply and a new conversation; after the warm-up replies
   * and a new conversation (the start); after all replies; after the final new conversation.
   */
  heapLoadMB: number;
  heapFirstMB: number;
  heapStartMB: number;
  heapFullMB: number;
  heapEndMB: number;
  /** heapEnd / heapStart − 1. */
  growth: number;
  /** heapEnd / heapFirst − 1: includes the one-time growth of the warm-up (compiled code, caches). */
  growthFromFirst: number;
  nodesStart: number;
  nodesEnd: number;
  /** Detached DOM trees after GC (CDP DOM.getDetachedDomNodes), and those that are message nodes. */
  detachedTrees: number;
  detachedNodes: number;
  detachedMessages: number;
  mounts: number;
  destroys: number;
}

const PROBE_RENDERER = `window.BailingChat = { renderers: [{
  type: 'bench-probe', contentType: 'text/plain',
  mount(ctx) {
    window.__mounts = (window.__mounts || 0) + 1;
    ctx.container.textContent = 'probe ' + ctx.source.length;
    return () => { window.__destroys = (window.__destroys || 0) + 1; };
  },
}] };`;

/**
 * The start is measured after a warm-up: with one reply only, the heap still grows once by
 * about 0.45 MB over the next replies (optimized code and caches; it is the same after 100 and
 * after 300 replies), which is not what the budget is about.
 */
export const MEMORY_WARMUP_REPLIES = 10;

export async function runMemory(browser: Browser, servers: BenchServers, replies: number, log: (line: string) => void): Promise<MemoryRun> {
  const base = benchReply(4);
  const text = `${base.text}\n\`\`\`bench-probe\nmounted once per answer\n\`\`\`\n`;
  servers.setPlan({ reply: text, deltas: splitDeltas(text), intervalMs: 0 });
  servers.setGate(Promise.resolve());
  const bench = await openBenchPage(browser, { widget: 'ours', pageUrl: servers.pageUrl, init: PROBE_RENDERER });
  const { page } = bench;
  const heap = async (): Promise<{ mb: number; nodes: number }> => {
    await page.evaluate(() => (window as unknown as BenchWindow).__bench.nextFrame());
    await bench.collectGarbage();
    const m = await bench.metrics();
    return { mb: MB(m.JSHeapUsedSize), nodes: m.Nodes };
  };
  const ask = async (n: number): Promise<void> => {
    await page.evaluate(
      (n) =>
        new Promise<void>((resolve) => {
          const w = window as unknown as BenchWindow;
          const off = w.BailingChat.on('done', () => {
            off();
            resolve();
          });
          if (!w.BailingChat.send(`Question ${n}`)) throw new Error('send refused');
        }),
      n,
    );
  };
  try {
    const load = await heap();
    const newConversation = (): Promise<void> => page.evaluate(() => (window as unknown as BenchWindow).BailingChat.newConversation());
    await ask(0);
    await newConversation();
    const first = await heap();
    for (let i = 1; i < MEMORY_WARMUP_REPLIES; i++) await ask(i);
    await newConversation();
    const start = await heap();
    for (let i = 1; i <= replies; i++) {
      await ask(MEMORY_WARMUP_REPLIES + i);
      if (i % 25 === 0) log(`    ${i}/${replies} replies`);
    }
    const full = await heap();
    await page.evaluate(() => (window as unknown as BenchWindow).BailingChat.newConversation());
    const end = await heap();
    const detached = (await bench.cdp.send('DOM.getDetachedDomNodes' as never)) as unknown as {
      detachedNodes: { treeNode: { attributes?: string[] }; retainedNodeIds: number[] }[];
    };
    const isMessage = (node: { attributes?: string[] }): boolean => {
      const attrs = node.attributes ?? [];
      for (let i = 0; i < attrs.length; i += 2) if (attrs[i] === 'class' && /\bbc-(msg|body)\b/.test(attrs[i + 1] ?? '')) return true;
      return false;
    };
    const counters = await page.evaluate(() => {
      const w = window as unknown as { __mounts?: number; __destroys?: number };
      return { mounts: w.__mounts ?? 0, destroys: w.__destroys ?? 0 };
    });
    return {
      replies,
      warmup: MEMORY_WARMUP_REPLIES,
      heapLoadMB: load.mb,
      heapFirstMB: first.mb,
      heapStartMB: start.mb,
      heapFullMB: full.mb,
      heapEndMB: end.mb,
      growth: end.mb / start.mb - 1,
      growthFromFirst: end.mb / first.mb - 1,
      nodesStart: start.nodes,
      nodesEnd: end.nodes,
      detachedTrees: detached.detachedNodes.length,
      detachedNodes: detached.detachedNodes.reduce((sum, d) => sum + d.retainedNodeIds.length, 0),
      detachedMessages: detached.detachedNodes.filter((d) => isMessage(d.treeNode)).length,
      mounts: counters.mounts,
      destroys: counters.destroys,
    };
  } finally {
    await bench.close();
  }
}
