// The shape of a benchmark run's results (bench/results/*.json), shared by the report and the budgets.
import type { OurBuild, PeerName } from './page';
import type { FinalRenderRun, HistoryRun, MemoryRun } from './our-scenarios';
import type { LoadRun, StreamRun } from './scenarios';

export interface StreamScenarioResult {
  name: string;
  title: string;
  kb: number;
  intervalMs: number;
  deltas: number;
  replyBytes: number;
  runs: StreamRun[];
}

export interface BudgetCheck {
  what: string;
  budget: string;
  measured: string;
  holds: boolean | null;
}

export interface Results {
  date: string;
  machine: { cpus: number; cpuModel: string; node: string; chromium: string; platform: string };
  command: string;
  runsPerWidget: number;
  /** The peers measured in this run, with their versions (absent in results written before there were two). */
  peers?: Partial<Record<PeerName, string>>;
  scripts: { widget: string; build?: OurBuild; file: string; rawBytes: number; gzipBytes: number }[];
  streams: StreamScenarioResult[];
  load?: { runs: LoadRun[] };
  finalRender?: { kb: number; runs: FinalRenderRun[] };
  history?: { items: number; runs: HistoryRun[] };
  memory?: MemoryRun;
  budgets: BudgetCheck[];
}
