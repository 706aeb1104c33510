import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isAlive } from './helpers';

const START = path.join(__dirname, '..', '..', 'start.mjs');

/** One line of `npm start -- --json`: the start script's own records and its children's, by `service`. */
export interface LogRecord {
  service?: string;
  level?: string | number;
  msg?: string;
  event?: string;
  process?: string;
  restart?: number;
  [key: string]: unknown;
}

/** A process on this machine: its pid, its parent's and its command line. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  cmdline: string;
}

function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { pid, ppid: Number(fields[1]), cmdline };
  } catch {
    return undefined;
  }
}

/** The live children of a process (zombies excluded: they have no command line). */
export function childrenOf(parent: number): ProcessInfo[] {
  const children: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = readProcess(Number(entry));
    if (info && info.ppid === parent && info.cmdline !== '' && isAlive(info.pid)) children.push(info);
  }
  return children;
}

/** True while something accepts TCP connections on 127.0.0.1:port. */
export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * `node tools/start/start.mjs --no-build --json` as a child of the test: every record of its output
 * kept, waits on them bounded (a wait that runs out fails with the last records), and its exit.
 */
export class StartRun {
  readonly records: LogRecord[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  constructor(env: Record<string, string>, cwd: string) {
    this.child = spawn(process.execPath, [START, '--no-build', '--json'], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let rest = '';
    this.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        try {
          this.records.push(JSON.parse(line) as LogRecord);
        } catch {
          this.records.push({ service: 'unparsed', msg: line });
        }
      }
    });
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n'))
        if (line.trim()) this.records.push({ service: 'stderr', msg: line });
    });
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve(this.exit);
      }),
    );
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return this.exit === undefined;
  }

  signal(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** The start script's own records, as its log lines. */
  ownLines(): string[] {
    return this.records.filter((r) => r.service === 'start').map((r) => String(r.msg));
  }

  /** The last records, for a failure message. */
  describe(count = 40): string {
    return this.records
      .slice(-count)
      .map((r) => `${String(r.service)}: ${String(r.msg)}`)
      .join('\n');
  }

  /**
   * Resolves with the first record (already seen or still to come, from index `from`) that matches;
   * fails when the script exits first or boundMs pass.
   */
  async waitForRecord(
    match: (record: LogRecord) => boolean,
    what: string,
    boundMs: number,
    from = 0,
  ): Promise<LogRecord> {
    const deadline = Date.now() + boundMs;
    for (;;) {
      const found = this.records.slice(from).find(match);
      if (found) return found;
      if (!this.running)
        throw new Error(
          `npm start exited (${JSON.stringify(this.exit)}) before ${what}; last output:\n${this.describe()}`,
        );
      if (Date.now() > deadline)
        throw new Error(`no ${what} within ${boundMs / 1000} s; last output:\n${this.describe()}`);
      await sleep(100);
    }
  }

  /** The exit, or an error once boundMs pass. */
  async waitForExit(boundMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const timer = new AbortController();
    const outcome = await Promise.race([
      this.exited,
      sleep(boundMs, undefined, { signal: timer.signal }).catch(() => undefined),
    ]);
    timer.abort();
    if (outcome === undefined)
      throw new Error(`npm start did not exit within ${boundMs / 1000} s; last output:\n${this.describe()}`);
    return outcome;
  }
}

/** Resolves once `condition` holds (checked every 200 ms); fails with `what` after boundMs. */
export async function within(
  boundMs: number,
  what: string,
  condition: () => boolean | Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${boundMs / 1000} s`);
    await sleep(200);
  }
}
