// The processes a soak run starts: the soak server (bench/soak/server.ts) and the lock holder
// (bench/soak/lock-holder.ts), compiled with esbuild as bench/run.mjs compiles the benchmark and
// run with plain `node`. Every child is registered here and killed when the run ends, fails or
// is interrupted; each also stops by itself when its stdin (a pipe from this process) closes.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const children = new Set<ChildProcess>();
/** Set once the run is stopping: a case still running must not start a process that outlives the clean-up. */
let refusing = false;

export function refuseNewChildren(): void {
  refusing = true;
}

/** SIGKILLs every child still running (synchronous, so it also works in an `exit` handler). */
export function killAllChildren(): number {
  let killed = 0;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      killed++;
    }
  }
  return killed;
}

/** Resolves once every registered child has exited (at most `timeoutMs`). */
export async function childrenGone(timeoutMs = 5_000): Promise<boolean> {
  const running = [...children].filter((child) => child.exitCode === null && child.signalCode === null);
  const all = Promise.all(running.map((child) => new Promise<void>((resolve) => child.once('exit', () => resolve()))));
  return Promise.race([all.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref())]);
}


export interface Spawned {
  child: ChildProcess;
  /** Resolves with the first stdout line that matches, rejects if the process exits first or the time runs out. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray>;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  running(): boolean;
}

export function spawnNode(script: string, args: readonly string[], options: { env?: NodeJS.ProcessEnv; nodeArgs?: readonly string[] } = {}): Spawned {
  if (refusing) throw new Error('the run is stopping: no new process');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), script, ...args], {
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    // Enough to show why it died; bounded whatever it prints.
    stderr = (stderr + chunk).slice(-20_000);
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const wake of [...waiters]) wake();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      for (const wake of [...waiters]) wake();
      resolve({ code, signal });
    }),
  );
  // Writing to a child that died must not throw into the run.
  child.stdin!.on('error', () => undefined);
  let consumed = 0;
  const waitForLine = (pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        while (consumed < lines.length) {
          const match = pattern.exec(lines[consumed++]!);
          if (match) {
            finish();
            resolve(match);
            return;
          }
        }
        if (child.exitCode !== null || child.signalCode !== null) {
          finish();
          reject(new Error(`${script} exited (${child.exitCode ?? child.signalCode}) before printing ${pattern}: ${stderr.trim().slice(-2000)}`));
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`${script} did not print ${pattern} within ${timeoutMs} ms: ${stderr.trim().slice(-2000)}`));
      }, timeoutMs);
      const finish = (): void => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  return {
    child,
    waitForLine,
    stderr: () => stderr,
    exited,
    running: () => child.exitCode === null && child.signalCode === null,
  };
}

/** VmRSS of a process in kB (/proc/<pid>/status), or NaN once it is gone. */
export function rssKb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : NaN;
  } catch {
    return NaN;
  }
}

/** CPU time (user + system) a process has used, in seconds, from /proc/<pid>/stat; NaN once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15, i.e. 11 and 12 after the state (field 3); clock ticks of 1/100 s on Linux.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

export interface RssSample {
  /** ms since the sampler started */
  t: number;
  kb: number;
}

/** Samples a process's RSS every `everyMs` until stopped. */
export function sampleRss(pid: () => number, everyMs = 250): { samples: RssSample[]; stop(): void } {
  const started = performance.now();
  const samples: RssSample[] = [];
  const take = (): void => {
    const kb = rssKb(pid());
    if (Number.isFinite(kb)) samples.push({ t: Math.round(performance.now() - started), kb });
  };
  take();
  const timer = setInterval(take, everyMs);
  return { samples, stop: () => clearInterval(timer) };
}
