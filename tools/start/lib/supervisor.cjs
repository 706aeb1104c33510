'use strict';
/* global AbortController */
// Runs a set of processes as one stack: start them, wait until every one reports ready (or fail
// with the reason and the dying process's last lines), watch them afterwards, stop them together.
const { ManagedProcess, describeExit } = require('./processes.cjs');
const { waitUntilReady, NotReadyError } = require('./readiness.cjs');

/**
 * @typedef {import('./processes.cjs').ExitInfo} ExitInfo
 * @typedef {{ name: string, command: string, args: readonly string[], env: Record<string, string>,
 *             readyUrl?: string, ipc?: boolean }} LaunchSpec
 * @typedef {(name: string, line: string, stream: 'stdout' | 'stderr') => void} LineSink
 */

class StartupError extends Error {
  /**
   * @param {string} message
   * @param {Array<{ name: string, lines: string[] }>} culprits processes whose output explains the failure
   */
  constructor(message, culprits) {
    super(message);
    this.name = 'StartupError';
    this.culprits = culprits;
  }
}

class Supervisor {
  /** @param {{ cwd: string, onLine: LineSink, historySize?: number }} options */
  constructor(options) {
    this.options = options;
    /** @type {ManagedProcess[]} */
    this.processes = [];
    this.stopping = false;
  }

  /**
   * @param {LaunchSpec} spec
   * @returns {ManagedProcess}
   */
  launch(spec) {
    const managed = new ManagedProcess({
      name: spec.name,
      command: spec.command,
      args: spec.args,
      env: spec.env,
      cwd: this.options.cwd,
      ipc: spec.ipc,
      historySize: this.options.historySize,
      onLine: this.options.onLine,
    }).start();
    this.processes.push(managed);
    return managed;
  }

  /**
   * Starts every spec and resolves when all their readyUrls answer 200. Rejects with a StartupError
   * as soon as any supervised process exits (those started earlier included), or when timeoutMs
   * passes; the caller then stops the rest.
   * @param {readonly LaunchSpec[]} specs
   * @param {{ timeoutMs: number, intervalMs?: number, onReady?: (name: string) => void }} options
   * @returns {Promise<ManagedProcess[]>}
   */
  async startAll(specs, options) {
    const started = specs.map((spec) => this.launch(spec));
    const controller = new AbortController();
    /** @type {StartupError | undefined} */
    let exitFailure;
    for (const managed of this.processes) {
      void managed.exited.then((info) => {
        if (exitFailure || controller.signal.aborted) return;
        exitFailure = new StartupError(`${managed.name} ${describeExit(info)} during startup`, [
          { name: managed.name, lines: managed.recent.snapshot() },
        ]);
        controller.abort(exitFailure);
      });
    }
    const targets = specs.flatMap((spec) => (spec.readyUrl ? [{ name: spec.name, url: spec.readyUrl }] : []));
    try {
      await waitUntilReady(targets, {
        timeoutMs: options.timeoutMs,
        intervalMs: options.intervalMs,
        signal: controller.signal,
        onReady: options.onReady,
      });
    } catch (error) {
      if (exitFailure) throw exitFailure;
      if (error instanceof NotReadyError) {
        const pendingNames = new Set(error.pending.map((p) => p.name));
        throw new StartupError(
          error.message,
          started
            .filter((m) => pendingNames.has(m.name))
            .map((m) => ({ name: m.name, lines: m.recent.snapshot() })),
        );
      }
      throw error;
    }
    // Readiness can win the race against an exit that happened in the same instant.
    if (exitFailure) throw exitFailure;
    controller.abort(new Error('startup finished'));
    return started;
  }

  /**
   * Calls onExit once, for the first process that exits while the stack is not being stopped.
   * @param {(managed: ManagedProcess, info: ExitInfo) => void} onExit
   */
  watch(onExit) {
    let reported = false;
    for (const managed of this.processes) {
      void managed.exited.then((info) => {
        if (reported || this.stopping) return;
        reported = true;
        onExit(managed, info);
      });
    }
  }

  /**
   * Stops the given processes (default: all) in parallel.
   * @param {number} graceMs
   * @param {readonly ManagedProcess[]} [which]
   * @returns {Promise<Array<{ name: string, info: ExitInfo, forced: boolean }>>}
   */
  async stop(graceMs, which = this.processes) {
    this.stopping = true;
    return Promise.all(
      which.map(async (managed) => {
        const { forced, ...info } = await managed.stop(graceMs);
        return { name: managed.name, info, forced };
      }),
    );
  }

  /** Last resort when the start script itself is exiting: nothing may outlive it. */
  killAll() {
    for (const managed of this.processes) managed.kill();
  }
}

module.exports = { Supervisor, StartupError };
