'use strict';
// One child process of the stack: spawned in its own process group, its output split into lines,
// its last lines kept, and a stop that escalates from SIGTERM to SIGKILL after a grace period.
const { spawn } = require('node:child_process');
const readline = require('node:readline');
const { setTimeout, clearTimeout } = require('node:timers');
const { RecentLines } = require('./log-format.cjs');

/**
 * @typedef {import('./log-format.cjs')} LogFormat
 * @typedef {{ code: number | null, signal: NodeJS.Signals | null, error?: Error }} ExitInfo
 * @typedef {{
 *   name: string,
 *   command: string,
 *   args: readonly string[],
 *   env: Record<string, string>,
 *   cwd: string,
 *   ipc?: boolean,
 *   historySize?: number,
 *   onLine: (name: string, line: string, stream: 'stdout' | 'stderr') => void,
 * }} ManagedProcessOptions
 */

/** @param {ExitInfo} info */
function describeExit(info) {
  if (info.error) return `could not be started (${info.error.message})`;
  if (info.signal) return `was killed by ${info.signal}`;
  return `exited with code ${String(info.code)}`;
}

/**
 * Waits for a promise at most timeoutMs, clearing its timer either way so nothing keeps the event
 * loop alive afterwards.
 * @template T
 * @param {Promise<T>} promise
 * @param {number} timeoutMs
 * @returns {Promise<T | undefined>} undefined when the time ran out
 */
function withTimeout(promise, timeoutMs) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(resolve, timeoutMs, undefined);
  });
  return /** @type {Promise<T | undefined>} */ (Promise.race([promise, timeout])).finally(() =>
    clearTimeout(timer),
  );
}

class ManagedProcess {
  /** @param {ManagedProcessOptions} options */
  constructor(options) {
    this.name = options.name;
    this.options = options;
    this.recent = new RecentLines(options.historySize ?? 40);
    /** @type {import('node:child_process').ChildProcess | undefined} */
    this.child = undefined;
    /** @type {ExitInfo | undefined} */
    this.exitInfo = undefined;
    /** @type {Promise<ExitInfo>} */
    this.exited = new Promise((resolve) => {
      this.resolveExited = resolve;
    });
  }

  get running() {
    return this.child !== undefined && this.exitInfo === undefined;
  }

  /** @returns {this} */
  start() {
    if (this.child) throw new Error(`${this.name} was already started`);
    // A process group of its own: Ctrl-C in the terminal reaches only the start script, which then
    // stops the children in order (services before the database) instead of all at once.
    const child = spawn(this.options.command, [...this.options.args], {
      cwd: this.options.cwd,
      env: this.options.env,
      detached: true,
      stdio: this.options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;

    let streamsOpen = 0;
    /** @type {(() => void) | undefined} */
    let streamsClosed;
    const allClosed = new Promise((resolve) => {
      streamsClosed = () => resolve(undefined);
    });
    /** @param {import('node:stream').Readable | null} stream @param {'stdout' | 'stderr'} which */
    const follow = (stream, which) => {
      if (!stream) return;
      streamsOpen += 1;
      const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
      lines.on('line', (line) => {
        this.recent.push(line);
        this.options.onLine(this.name, line, which);
      });
      lines.on('close', () => {
        streamsOpen -= 1;
        if (streamsOpen === 0) streamsClosed?.();
      });
    };
    follow(child.stdout, 'stdout');
    follow(child.stderr, 'stderr');

    /** @param {ExitInfo} info */
    const finish = (info) => {
      if (this.exitInfo) return;
      this.exitInfo = info;
      // Let the last lines (often the reason for the exit) arrive, but do not wait for a grandchild
      // that may still hold the pipe open.
      void withTimeout(allClosed, 500).then(() => this.resolveExited?.(info));
    };
    child.once('error', (error) => finish({ code: null, signal: null, error }));
    child.once('exit', (code, signal) => finish({ code, signal }));
    return this;
  }

  /**
   * SIGTERM to the process itself (it drains and closes its own children), then SIGKILL to its
   * whole group when it has not exited within graceMs.
   * @param {number} graceMs
   * @returns {Promise<ExitInfo & { forced: boolean }>}
   */
  async stop(graceMs) {
    if (!this.child) throw new Error(`${this.name} was never started`);
    if (!this.running) return { ...(await this.exited), forced: false };
    this.signal('SIGTERM', false);
    const outcome = await withTimeout(this.exited, graceMs);
    if (outcome !== undefined) return { ...outcome, forced: false };
    this.signal('SIGKILL', true);
    return { ...(await this.exited), forced: true };
  }

  /** Immediate SIGKILL of the whole group; safe to call from a synchronous exit handler. */
  kill() {
    if (this.running) this.signal('SIGKILL', true);
  }

  /**
   * @param {NodeJS.Signals} signal
   * @param {boolean} wholeGroup
   */
  signal(signal, wholeGroup) {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      process.kill(wholeGroup ? -pid : pid, signal);
    } catch (error) {
      // ESRCH: it exited between the check and the signal, which is what we wanted anyway.
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ESRCH') throw error;
    }
  }
}

module.exports = { ManagedProcess, describeExit };
