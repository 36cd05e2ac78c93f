// `npm run bench [-- options]`: our widget beside its peers, Deep Chat and BailingHub's own widget
// (web/widget/widget.js, fetched as bench/hub-widget.ts says, never kept here), on the same page,
// the same reply, the same deltas and the same timing, in rotating order; then the measurements of
// DESIGN.md §12 that only concern our widget. Prints a table and writes bench/results/.
//
//   --runs N          runs per widget and scenario (default 5; medians are reported)
//   --peer-runs N     Deep Chat's runs in the large-reply scenarios (default 1 when the reply is
//                     over 20 KB, else --runs): one such run freezes the page for minutes (the hub
//                     widget gets --runs like ours)
//   --reply-kb N      size of the large reply (default 60; budgets apply only at 60)
//   --scenario a,b    only scenarios whose name contains one of these: stream-b2b, stream-2ms,
//                     stream-10kb-30ms (each sent on a settled page: two seconds on, then idle),
//                     stream-cold (a first answer sent by a call as soon as the composer is ready),
//                     stream-typed (a first answer sent after the input was focused and the page
//                     idle, as a visitor types) (all widgets); stream-agui-b2b, stream-agui-10kb-30ms
//                     (ours over AG-UI, the reference server's endpoint: the same replies and
//                     schedules as stream-b2b and stream-10kb-30ms); load (page load to a ready composer: both
//                     builds of ours, dist/widget.js and dist/split/widget.js, and the peers, on a
//                     desktop and on a phone profile); final-render, history, memory (ours only)
//   --widget a,b      only these widgets in the side-by-side scenarios: ours, deep-chat, hub
//   --profile a,b     the load scenario's device profiles: desktop, phone (default both)
//   --load-runs N     runs per page and profile in the load scenario (default --runs, at least 10:
//                     a load is a second or a few, and its spread between runs is wide)
//   --json PATH       where to write the results (default bench/results/latest.json)
//   --memory-replies N  replies in the memory scenario (default 100)
//
// HUB_WIDGET_JS=/path/to/widget.js measures that file as the hub widget (else the pinned release,
// cached in bench/.cache/ or downloaded; without either, that peer's columns stay empty).
import { chromium } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromiumPath } from '../e2e/chromium';
import { BENCH_CHROMIUM_ARGS } from './browser';
import { HUB_WIDGET, locateHubWidget } from './hub-widget';
import { WIDGET_NAMES, type OurBuild, type PeerName, type WidgetName } from './page';
import { PROFILE_NAMES, type ProfileName } from './profiles';
import { benchReply, splitDeltas } from './reply';
import { checkBudgets } from './budget-checks';
import { markdown } from './report-markdown';
import { render, type Results, type StreamScenarioResult } from './report';
import { HISTORY_ITEMS, runFinalRender, runHistory, runMemory, type FinalRenderRun, type HistoryRun } from './our-scenarios';
import { runLoad, runStream, type LoadRun, type StreamStart } from './scenarios';
import { startBenchServers } from './servers';

/** The repository root (bench/run.mjs sets it: this file runs from a compiled copy). */
const ROOT = process.env.BENCH_ROOT ?? fileURLToPath(new URL('..', import.meta.url));

/** `gzip -9` as the build measures it: the gzip tool when there is one, else Node's zlib at level 9. */
function gzip9(path: string, bytes: Buffer): number {
  try {
    return execFileSync('gzip', ['-9c', path], { stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 26 }).length;
  } catch {
    return gzipSync(bytes, { level: 9 }).length;
  }
}

interface Args {
  runs: number;
  replyKb: number;
  scenarios: string[];
  json: string;
  memoryReplies: number;
  peerRuns: number | null;
  loadRuns: number | null;
  widgets: WidgetName[];
  profiles: ProfileName[];
}

/** A comma-separated list of names, each one of `allowed`. */
function list<T extends string>(text: string, allowed: readonly T[], flag: string): T[] {
  const names = text.split(',').map((s) => s.trim()).filter(Boolean);
  const wrong = names.filter((n) => !allowed.includes(n as T));
  if (wrong.length || names.length === 0) throw new Error(`${flag} takes ${allowed.join(', ')} (comma-separated)`);
  return names as T[];
}

function parseArgs(argv: string[]): Args {
  const args: Args = { runs: 5, replyKb: 60, scenarios: [], json: join(ROOT, 'bench/results/latest.json'), memoryReplies: 100, peerRuns: null, loadRuns: null, widgets: [...WIDGET_NAMES], profiles: [...PROFILE_NAMES] };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${flag} needs a value`);
      return next;
    };
    const positive = (): number => {
      const n = Number(value());
      if (!Number.isFinite(n) || n <= 0) throw new Error(`${flag} must be a positive number`);
      return n;
    };
    if (flag === '--runs') args.runs = Math.round(positive());
    else if (flag === '--reply-kb') args.replyKb = positive();
    else if (flag === '--scenario') args.scenarios = value().split(',').map((s) => s.trim()).filter(Boolean);
    else if (flag === '--json') args.json = value();
    else if (flag === '--memory-replies') args.memoryReplies = Math.round(positive());
    else if (flag === '--peer-runs') args.peerRuns = Math.round(positive());
    else if (flag === '--load-runs') args.loadRuns = Math.round(positive());
    else if (flag === '--widget') args.widgets = list(value(), WIDGET_NAMES, flag);
    else if (flag === '--profile') args.profiles = list(value(), PROFILE_NAMES, flag);
    else if (flag === '--help' || flag === '-h') {
      console.log(readFileSync(join(ROOT, 'bench/main.ts'), 'utf8').split('\n').filter((l) => l.startsWith('//')).join('\n'));
      process.exit(0);
    } else throw new Error(`unknown option ${flag} (try --help)`);
  }
  return args;
}

/**
 * The reference server compresses a static file on its first request and keeps the copy: ask for
 * each widget.js once before measuring, so the first measured run does not wait for brotli.
 */
async function warmCompressedCopies(servers: { hubUrl: string; hubWidgetUrl: string | null }): Promise<void> {
  const urls = [`${servers.hubUrl}/widget.js`, `${servers.hubUrl}/split/widget.js`, ...(servers.hubWidgetUrl ? [`${servers.hubWidgetUrl}/widget.js`] : [])];
  for (const url of urls) {
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(url, { headers: { 'accept-encoding': encoding } }).catch(() => null);
      await response?.arrayBuffer().catch(() => undefined);
    }
  }
}

interface StreamScenario {
  name: string;
  title: string;
  kb: number;
  intervalMs: number;
  peerRuns: number;
  start: StreamStart;
  /** Ours only, over AG-UI: no peer speaks it. */
  agui?: boolean;
}

function streamScenarios(args: Args): StreamScenario[] {
  const big = `${args.replyKb} KB`;
  const bigPeerRuns = args.peerRuns ?? (args.replyKb > 20 ? 1 : args.runs);
  return [
    // The streaming scenarios send on a settled page, as a visitor asks: after reading it a while.
    { name: 'stream-b2b', title: `${big} back to back`, kb: args.replyKb, intervalMs: 0, peerRuns: bigPeerRuns, start: 'settled' },
    { name: 'stream-2ms', title: `${big} at 2 ms per delta`, kb: args.replyKb, intervalMs: 2, peerRuns: bigPeerRuns, start: 'settled' },
    { name: 'stream-10kb-30ms', title: '10 KB at 30 ms per delta', kb: 10, intervalMs: 30, peerRuns: args.runs, start: 'settled' },
    // The first answer on a page that has only just loaded: sent by a call as soon as the composer is ready.
    { name: 'stream-cold', title: '1 KB at 30 ms per delta, sent as soon as the composer is ready (a call)', kb: 1, intervalMs: 30, peerRuns: args.runs, start: 'ready' },
    // The first answer as a visitor gets it: the input focused, then typed into (the page idle), then sent.
    { name: 'stream-typed', title: '1 KB at 30 ms per delta, typed first (input focused, page idle)', kb: 1, intervalMs: 30, peerRuns: args.runs, start: 'typed' },
    // The same tag in front of an AG-UI agent: the same replies, a TEXT_MESSAGE_CONTENT per delta.
    { name: 'stream-agui-b2b', title: `${big} back to back, ours over AG-UI`, kb: args.replyKb, intervalMs: 0, peerRuns: 0, start: 'settled', agui: true },
    { name: 'stream-agui-10kb-30ms', title: '10 KB at 30 ms per delta, ours over AG-UI', kb: 10, intervalMs: 30, peerRuns: 0, start: 'settled', agui: true },
  ];
}

async function main(): Promise<void> {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
  const wanted = (name: string): boolean => args.scenarios.length === 0 || args.scenarios.some((s) => name.includes(s));
  const started = Date.now();
  const log = (line: string): void => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

  const hubWidget = args.widgets.includes('hub') ? await locateHubWidget(ROOT, log) : null;
  if (!hubWidget) args.widgets = args.widgets.filter((w) => w !== 'hub');
  const servers = await startBenchServers(ROOT, { hubWidgetPath: hubWidget?.path ?? null });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: BENCH_CHROMIUM_ARGS });
  try {
    // What each page loads first: our two builds (the split one's modules come later, if at all) and Deep Chat.
    const scripts = [
      { widget: 'ours', build: 'self-contained' as const, file: 'dist/widget.js', path: join(servers.distDir, 'widget.js') },
      { widget: 'ours', build: 'split' as const, file: 'dist/split/widget.js', path: join(servers.distDir, 'split/widget.js') },
      { widget: 'deep-chat', file: 'node_modules/deep-chat/dist/deepChat.bundle.js', path: join(ROOT, 'node_modules/deep-chat/dist/deepChat.bundle.js') },
      ...(hubWidget ? [{ widget: 'hub', file: `bailinghub ${hubWidget.version} web/widget/widget.js`, path: hubWidget.path }] : []),
    ]
      .filter(({ path }) => existsSync(path))
      .map(({ path, ...script }) => {
        const bytes = readFileSync(path);
        return { ...script, rawBytes: bytes.length, gzipBytes: gzip9(path, bytes) };
      });
    const deepChatVersion = JSON.parse(readFileSync(join(ROOT, 'node_modules/deep-chat/package.json'), 'utf8')).version as string;
    const hubLine = hubWidget ? `, hub widget ${hubWidget.version} (${hubWidget.source}: ${hubWidget.path})` : '';
    log(`Chromium ${browser.version()}, Deep Chat ${deepChatVersion}${hubLine}, ${args.runs} runs per widget; servers: reference ${servers.hubUrl}, pages ${servers.pageUrl}`);
    await warmCompressedCopies(servers);

    const streams: StreamScenarioResult[] = [];
    for (const scenario of streamScenarios(args).filter((s) => wanted(s.name))) {
      const reply = benchReply(scenario.kb);
      const result: StreamScenarioResult = {
        name: scenario.name,
        title: scenario.title,
        kb: scenario.kb,
        intervalMs: scenario.intervalMs,
        deltas: splitDeltas(reply.text).length,
        replyBytes: reply.bytes,
        runs: [],
      };
      streams.push(result);
      const widgets = scenario.agui ? args.widgets.filter((w) => w === 'ours') : args.widgets;
      const runsOf = (widget: WidgetName): number => (widget === 'deep-chat' ? scenario.peerRuns : args.runs);
      log(`${scenario.title} (${result.deltas} deltas; runs: ${widgets.map((w) => `${w} ${runsOf(w)}`).join(', ')})`);
      for (let run = 0; run < Math.max(args.runs, scenario.peerRuns); run++) {
        // Rotate which widget goes first, so drift on a shared machine hits all alike.
        const order = widgets.map((_, i) => widgets[(run + i) % widgets.length]!);
        for (const widget of order) {
          if (run >= runsOf(widget)) continue;
          const r = await runStream(browser, servers, { widget, kb: scenario.kb, intervalMs: scenario.intervalMs, start: scenario.start, agui: scenario.agui });
          result.runs.push(r);
          log(
            `  run ${run + 1} ${widget.padEnd(9)} task ${r.taskMs.toFixed(0)} ms, long tasks ${r.longTasks} (max ${r.longestTaskMs.toFixed(0)} ms), ` +
              `lag ${r.renderLagMs.toFixed(0)} ms, stream ${(r.streamMs / 1000).toFixed(2)} s, DOM ${r.countsOk ? 'complete' : 'INCOMPLETE'}`,
          );
        }
      }
    }

    let load: Results['load'];
    if (wanted('load')) {
      type LoadPage = { widget: WidgetName; build?: OurBuild; profile: ProfileName };
      const pages: LoadPage[] = [];
      for (const profile of args.profiles) {
        if (args.widgets.includes('ours')) {
          pages.push({ widget: 'ours', build: 'self-contained', profile });
          if (scripts.some((s) => s.build === 'split')) pages.push({ widget: 'ours', build: 'split', profile });
        }
        for (const peer of args.widgets.filter((w): w is PeerName => w !== 'ours')) pages.push({ widget: peer, profile });
      }
      const name = (p: LoadPage): string => `${p.build ? `${p.widget} (${p.build})` : p.widget}, ${p.profile}`;
      const loadRuns = args.loadRuns ?? Math.max(args.runs, 10);
      log(`page load to a ready composer: ${pages.map(name).join('; ')}; ${loadRuns} runs each`);
      const runs: LoadRun[] = [];
      for (let run = 0; run < loadRuns; run++) {
        // Rotate who goes first, so drift on a shared machine hits all alike.
        for (let i = 0; i < pages.length; i++) {
          const p = pages[(run + i) % pages.length]!;
          const r = await runLoad(browser, servers, p);
          runs.push(r);
          log(`  run ${run + 1} ${name(p).padEnd(30)} ready ${r.readyMs.toFixed(0)} ms (script received ${r.scriptReceivedMs.toFixed(0)} ms), task ${r.taskMs.toFixed(0)} ms, script ${r.scriptMs.toFixed(0)} ms, compile ${r.compileMs.toFixed(1)} ms, CPU ${r.threadMs.toFixed(0)} ms`);
        }
      }
      load = { runs };
    }

    let finalRender: Results['finalRender'];
    if (wanted('final-render')) {
      log(`final render (ours): done → DOM for the ${args.replyKb} KB reply`);
      const runs: FinalRenderRun[] = [];
      for (let run = 0; run < args.runs; run++) {
        const r = await runFinalRender(browser, servers, args.replyKb);
        runs.push(r);
        log(`  run ${run + 1} ${r.renderMs.toFixed(1)} ms (next frame ${r.frameMs.toFixed(1)} ms), DOM ${r.countsOk ? 'complete' : 'INCOMPLETE'}`);
      }
      finalRender = { kb: args.replyKb, runs };
    }

    let history: Results['history'];
    if (wanted('history')) {
      log(`history (ours): ${HISTORY_ITEMS} stored messages, a few answers with a form, shown on open()`);
      const runs: HistoryRun[] = [];
      for (let run = 0; run < args.runs; run++) {
        const r = await runHistory(browser, servers);
        runs.push(r);
        log(`  run ${run + 1} ready ${r.readyMs?.toFixed(1)} ms, all ${r.renderMs.toFixed(1)} ms (next frame ${r.frameMs.toFixed(1)} ms), ${r.bubbles} messages, ${r.forms} forms; scrolled in ${r.scrollFrames} frames, p95 ${r.scrollP95Ms?.toFixed(1)} ms, longest ${r.scrollLongestMs?.toFixed(1)} ms, ${r.scrollMissed} missed`);
      }
      history = { items: HISTORY_ITEMS, runs };
    }

    let memory: Results['memory'];
    if (wanted('memory')) {
      log(`memory (ours): ${args.memoryReplies} streamed replies, then a new conversation`);
      memory = await runMemory(browser, servers, args.memoryReplies, log);
      log(
        `  heap ${memory.heapStartMB.toFixed(2)} → ${memory.heapEndMB.toFixed(2)} MB (${(memory.growth * 100).toFixed(1)} %), ` +
          `detached message trees ${memory.detachedMessages}, mounts ${memory.mounts} / destroys ${memory.destroys}`,
      );
    }

    const cpu = cpus();
    const partial: Omit<Results, 'budgets'> = {
      date: new Date().toISOString().slice(0, 10),
      machine: {
        cpus: cpu.length,
        cpuModel: cpu[0]?.model.trim() ?? 'unknown',
        node: process.versions.node,
        chromium: browser.version(),
        platform: `${process.platform} ${process.arch}`,
      },
      command: ['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' '),
      runsPerWidget: args.runs,
      peers: {
        'deep-chat': `Deep Chat ${deepChatVersion}`,
        ...(hubWidget
          ? { hub: `hub widget ${hubWidget.version === 'custom' ? `from ${hubWidget.path} (not the pinned ${HUB_WIDGET.version})` : `${hubWidget.version} (commit ${HUB_WIDGET.commit.slice(0, 12)})`}` }
          : {}),
      },
      scripts,
      streams,
      ...(load ? { load } : {}),
      ...(finalRender ? { finalRender } : {}),
      ...(history ? { history } : {}),
      ...(memory ? { memory } : {}),
    };
    const results: Results = { ...partial, budgets: checkBudgets(partial) };
    const text = render(results);
    console.log(`\n${text}\n`);
    mkdirSync(dirname(args.json), { recursive: true });
    writeFileSync(args.json, `${JSON.stringify(results, null, 2)}\n`);
    const stem = args.json.replace(/\.json$/, '');
    writeFileSync(`${stem}.txt`, `${text}\n`);
    writeFileSync(`${stem}.md`, `${markdown(results)}\n`);
    log(`results: ${relative(process.cwd(), args.json)} (and .txt, .md); total ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  } finally {
    await browser.close();
    await servers.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
