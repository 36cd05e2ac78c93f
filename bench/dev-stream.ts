// Shared by the development aids (profile.ts, trace.ts): our widget on the benchmark page, ready to
// receive the benchmark reply of `kb` KB in 12-character deltas, `intervalMs` apart, on a settled page.
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumPath } from '../e2e/chromium';
import { openBenchPage, type BenchWindow, BENCH_CHROMIUM_ARGS } from './browser';
import { benchReply, splitDeltas } from './reply';
import { startBenchServers } from './servers';

export interface OurStream {
  browser: Browser;
  page: Page;
  /** Sends the message and resolves a second after the server wrote the last delta. */
  run(): Promise<void>;
  close(): Promise<void>;
}

export async function openOurStream(kb: number, intervalMs: number, options: { agui?: boolean } = {}): Promise<OurStream> {
  const servers = await startBenchServers(process.env.BENCH_ROOT ?? process.cwd());
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: BENCH_CHROMIUM_ARGS });
  const reply = benchReply(kb);
  servers.setPlan({ reply: reply.text, deltas: splitDeltas(reply.text), intervalMs });
  const bench = await openBenchPage(browser, { widget: 'ours', pageUrl: servers.pageUrl, agui: options.agui });
  // As the bench's streaming scenarios: sent on a settled page, not one still loading.
  await bench.page.evaluate(() => (window as unknown as BenchWindow).__bench.settle());
  await bench.page.evaluate(() => (window as unknown as BenchWindow).__bench.observe());
  return {
    browser,
    page: bench.page,
    async run() {
      const end = servers.nextStreamEnd();
      await bench.page.evaluate(() => (window as unknown as BenchWindow).__bench.send('Show me the whole guide.'));
      await end;
      await bench.page.waitForTimeout(1000);
    },
    async close() {
      await bench.close();
      await browser.close();
      await servers.close();
    },
  };
}
