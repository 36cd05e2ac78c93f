// What each part of a soak run reports: a named check, PASS or FAIL, its figures and, when it
// fails, what was wrong.
import type { Browser } from '@playwright/test';
import { join } from 'node:path';
import type { PlanSettings } from './plan';
import { startServerProcess, type ServerProcess } from './server-process';

export interface Check {
  name: string;
  pass: boolean;
  /** Shown after the verdict, e.g. `{"kill → error shown": "1,234 ms"}`. */
  figures: Record<string, string | number>;
  problems: string[];
}

export function check(name: string, problems: string[], figures: Record<string, string | number> = {}): Check {
  return { name, pass: problems.length === 0, figures, problems };
}

/** What every fault case gets: the browser, the compiled server, a temp dir, a log. */
export interface FaultContext {
  browser: Browser;
  root: string;
  serverScript: string;
  lockScript: string;
  tmpDir: string;
  defaults: PlanSettings;
  log(line: string): void;
}

/** A fresh soak server on its own database file in the run's temp dir. */
export function startCaseServer(ctx: FaultContext, name: string, port = 0): Promise<ServerProcess> {
  return startServerProcess({
    script: ctx.serverScript,
    root: ctx.root,
    dbPath: join(ctx.tmpDir, `${name}.sqlite`),
    port,
    defaults: ctx.defaults,
    logPath: join(ctx.tmpDir, `${name}.log`),
  });
}

/** Wraps a case so that an exception is a FAIL of that case, not the end of the run. */
export async function guarded(name: string, run: () => Promise<Check[]>): Promise<Check[]> {
  try {
    return await run();
  } catch (error) {
    return [check(name, [`the case stopped: ${error instanceof Error ? error.message.split('\n').slice(0, 4).join(' ') : String(error)}`])];
  }
}
