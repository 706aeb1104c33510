'use strict';
/* global AbortController */
// Runs a set of processes as one stack and keeps it running: start them, wait until every one is
// ready (or fail with the reason and the failing process's last lines), restart any that exits or
// stops answering its liveness check (restart-policy.cjs decides when, and when to give up), stop
// them together.
const { ManagedProcess, describeExit } = require('./processes.cjs');
const { probe } = require('./readiness.cjs');
const { DEFAULT_POLICY, RestartTracker } = require('./restart-policy.cjs');

/**
 * @typedef {import('./processes.cjs').ExitInfo} ExitInfo
 * @typedef {import('./restart-policy.cjs').RestartPolicy} RestartPolicy
 * @typedef {{ name: string, command: string, args: readonly string[], env: Record<string, string>,
 *             readyUrl?: string, healthUrl?: string, ipc?: boolean }} LaunchSpec
 *   readyUrl: ready once it answers 200; ipc without readyUrl: ready on the IPC message
 *   { type: 'ready' }; neither: ready once started. healthUrl: liveness, checked while ready.
 * @typedef {(name: string, line: string, stream: 'stdout' | 'stderr') => void} LineSink
 * @typedef {{ type: 'ready', name: string, restart: number }
 *         | { type: 'restarting', name: string, reason: string, delayMs: number, restart: number }
 *         | { type: 'gave-up', name: string, reason: string, lines: string[] }} SupervisorEvent
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

// The abort listener goes with the wait: a process's readiness and liveness loops sleep on one
// signal for as long as it runs, and listeners left behind would pile up (Node warns at 11).
const sleep = (/** @type {number} */ ms, /** @type {AbortSignal} */ signal) =>
  new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve(undefined);
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });

/** One process of the stack across its restarts. */
class SupervisedProcess {
  /**
   * @param {LaunchSpec} spec
   * @param {{ cwd: string, onLine: LineSink, historySize?: number, policy: RestartPolicy,
   *           emit: (event: SupervisorEvent) => void }} options
   */
  constructor(spec, options) {
    this.spec = spec;
    this.name = spec.name;
    this.options = options;
    this.tracker = new RestartTracker(options.policy);
    /** @type {ManagedProcess | undefined} the current run (the last one once stopped) */
    this.current = undefined;
    this.stopped = false;
    this.gaveUp = false;
    /** What the last readiness probe said, for a "not ready" message. */
    this.lastDetail = 'not probed yet';
    /** @type {unknown} the ready payload (the IPC message of a holder) */
    this.readyPayload = undefined;
    /** @type {Promise<unknown>} the first readiness (rejects when it gives up first) */
    this.firstReady = new Promise((resolve, reject) => {
      this.resolveFirstReady = resolve;
      this.rejectFirstReady = reject;
    });
    // The rejection is read by whoever awaits it; nobody awaiting is no unhandled rejection.
    this.firstReady.catch(() => undefined);
    /** @type {NodeJS.Timeout | undefined} a scheduled restart */
    this.restartTimer = undefined;
    /** @type {AbortController | undefined} the current run's readiness and liveness loops */
    this.runLoops = undefined;
    /** @type {string | undefined} why the current run is being stopped by us (liveness) */
    this.stopReason = undefined;
  }

  get running() {
    return this.current?.running ?? false;
  }

  get child() {
    return this.current?.child;
  }

  get recent() {
    return this.current?.recent ?? { snapshot: () => [] };
  }

  /** @returns {this} */
  start() {
    this.launch();
    return this;
  }

  launch() {
    const managed = new ManagedProcess({
      name: this.spec.name,
      command: this.spec.command,
      args: this.spec.args,
      env: this.spec.env,
      cwd: this.options.cwd,
      ipc: this.spec.ipc,
      historySize: this.options.historySize,
      onLine: this.options.onLine,
    }).start();
    this.current = managed;
    const loops = new AbortController();
    this.runLoops = loops;
    let ready = false;

    void this.waitReady(managed, loops.signal).then((payload) => {
      if (loops.signal.aborted || this.current !== managed) return;
      ready = true;
      this.readyPayload = payload;
      this.tracker.ready();
      this.options.emit({ type: 'ready', name: this.name, restart: this.tracker.restarts });
      this.resolveFirstReady?.(payload);
      if (this.spec.healthUrl) void this.watchLiveness(managed, this.spec.healthUrl, loops.signal);
    });

    void managed.exited.then((info) => {
      loops.abort();
      if (this.current !== managed || this.stopped) return;
      const reason = this.stopReason ?? describeExit(info);
      const decision = this.tracker.ended({
        beforeReady: !ready,
        exitCode: this.stopReason ? undefined : info.code,
      });
      this.stopReason = undefined;
      if (decision.action === 'give-up') {
        this.stopped = true;
        this.gaveUp = true;
        const lines = managed.recent.snapshot();
        const why = `${reason}; ${decision.why}`;
        this.options.emit({ type: 'gave-up', name: this.name, reason: why, lines });
        this.rejectFirstReady?.(new StartupError(`${this.name} ${why}`, [{ name: this.name, lines }]));
        return;
      }
      this.options.emit({
        type: 'restarting',
        name: this.name,
        reason,
        delayMs: decision.delayMs,
        restart: decision.restart,
      });
      this.restartTimer = setTimeout(() => {
        this.restartTimer = undefined;
        if (!this.stopped) this.launch();
      }, decision.delayMs);
    });
  }

  /**
   * @param {ManagedProcess} managed
   * @param {AbortSignal} signal
   * @returns {Promise<unknown>}
   */
  async waitReady(managed, signal) {
    const { readyUrl, ipc } = this.spec;
    if (readyUrl) {
      while (!signal.aborted) {
        const result = await probe(readyUrl, 2_000);
        if (signal.aborted) return undefined;
        this.lastDetail = result.detail;
        if (result.ok) return undefined;
        await sleep(this.options.policy.readyIntervalMs, signal);
      }
      return undefined;
    }
    if (ipc && managed.child) {
      const child = managed.child;
      return new Promise((resolve) => {
        /** @param {unknown} message */
        const onMessage = (message) => {
          if (/** @type {{ type?: unknown } | null} */ (message)?.type !== 'ready') return;
          child.off('message', onMessage);
          resolve(message);
        };
        child.on('message', onMessage);
        signal.addEventListener('abort', () => child.off('message', onMessage));
      });
    }
    return undefined;
  }

  /**
   * @param {ManagedProcess} managed
   * @param {string} url
   * @param {AbortSignal} signal
   */
  async watchLiveness(managed, url, signal) {
    const { healthIntervalMs, healthTimeoutMs, unhealthyAfter, stopGraceMs } = this.options.policy;
    let failures = 0;
    while (!signal.aborted) {
      await sleep(healthIntervalMs, signal);
      if (signal.aborted) return;
      const result = await probe(url, healthTimeoutMs);
      if (signal.aborted) return;
      failures = result.ok ? 0 : failures + 1;
      if (failures >= unhealthyAfter) {
        this.stopReason = `did not answer ${url} ${failures} times in a row (${result.detail})`;
        await managed.stop(stopGraceMs);
        return;
      }
    }
  }

  /**
   * Stops restarting and stops the current run: SIGTERM, then SIGKILL to its group after graceMs.
   * @param {number} graceMs
   * @returns {Promise<{ name: string, info: ExitInfo, forced: boolean }>}
   */
  async stop(graceMs) {
    this.stopped = true;
    clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    this.runLoops?.abort();
    const managed = this.current;
    if (!managed) return { name: this.name, info: { code: null, signal: null }, forced: false };
    const { forced, ...info } = await managed.stop(graceMs);
    return { name: this.name, info, forced };
  }

  /** Last resort: no more restarts, SIGKILL to the current run's group. */
  kill() {
    this.stopped = true;
    clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    this.runLoops?.abort();
    this.current?.kill();
  }

  /**
   * @param {NodeJS.Signals} signal
   * @param {boolean} wholeGroup
   */
  signal(signal, wholeGroup) {
    this.current?.signal(signal, wholeGroup);
  }
}

class Supervisor {
  /**
   * @param {{ cwd: string, onLine: LineSink, historySize?: number, policy?: Partial<RestartPolicy>,
   *           onEvent?: (event: SupervisorEvent) => void }} options
   */
  constructor(options) {
    this.options = options;
    /** @type {RestartPolicy} */
    this.policy = { ...DEFAULT_POLICY, ...options.policy };
    /** @type {SupervisedProcess[]} */
    this.processes = [];
    /** @type {Set<(event: SupervisorEvent) => void>} */
    this.listeners = new Set();
  }

  /** @param {SupervisorEvent} event */
  emit(event) {
    this.options.onEvent?.(event);
    for (const listener of [...this.listeners]) listener(event);
  }

  /**
   * @param {LaunchSpec} spec
   * @returns {SupervisedProcess}
   */
  launch(spec) {
    const supervised = new SupervisedProcess(spec, {
      cwd: this.options.cwd,
      onLine: this.options.onLine,
      historySize: this.options.historySize,
      policy: this.policy,
      emit: (event) => this.emit(event),
    }).start();
    this.processes.push(supervised);
    return supervised;
  }

  /**
   * Starts every spec and resolves when each has been ready once. A process that ends during
   * startup is restarted like any other; startup fails with a StartupError when any supervised
   * process (those started earlier included) gives up, or when timeoutMs passes. The caller then
   * stops the rest.
   * @param {readonly LaunchSpec[]} specs
   * @param {{ timeoutMs: number, onReady?: (name: string) => void }} options
   * @returns {Promise<SupervisedProcess[]>}
   */
  async startAll(specs, options) {
    const started = specs.map((spec) => this.launch(spec));
    const pending = new Set(started);
    const controller = new AbortController();
    /** @type {Promise<never>} */
    const failed = new Promise((_, reject) => {
      /** @param {SupervisorEvent} event */
      const listener = (event) => {
        if (event.type !== 'gave-up') return;
        reject(new StartupError(`${event.name} ${event.reason}`, [{ name: event.name, lines: event.lines }]));
      };
      this.listeners.add(listener);
      controller.signal.addEventListener('abort', () => this.listeners.delete(listener));
      for (const supervised of this.processes) {
        if (supervised.gaveUp)
          listener({
            type: 'gave-up',
            name: supervised.name,
            reason: 'gave up',
            lines: supervised.recent.snapshot(),
          });
      }
    });
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    const timedOut = new Promise((_, reject) => {
      timer = setTimeout(() => {
        const waiting = started.filter((s) => pending.has(s));
        const list = waiting
          .map(
            (s) =>
              `${s.name} (${s.spec.readyUrl ? `${s.spec.readyUrl} ${s.lastDetail}` : 'no ready message'})`,
          )
          .join(', ');
        reject(
          new StartupError(
            `not ready after ${Math.round(options.timeoutMs / 1000)} s: ${list}`,
            waiting.map((s) => ({ name: s.name, lines: s.recent.snapshot() })),
          ),
        );
      }, options.timeoutMs);
    });
    const allReady = Promise.all(
      started.map((supervised) =>
        supervised.firstReady.then(() => {
          pending.delete(supervised);
          options.onReady?.(supervised.name);
        }),
      ),
    );
    try {
      await Promise.race([allReady, failed, timedOut]);
      return started;
    } finally {
      clearTimeout(timer);
      controller.abort();
      failed.catch(() => undefined);
      timedOut.catch(() => undefined);
      allReady.catch(() => undefined);
    }
  }

  /**
   * Stops the given processes (default: all) in parallel; none is restarted afterwards.
   * @param {number} graceMs
   * @param {readonly SupervisedProcess[]} [which]
   * @returns {Promise<Array<{ name: string, info: ExitInfo, forced: boolean }>>}
   */
  async stop(graceMs, which = this.processes) {
    return Promise.all(which.map((supervised) => supervised.stop(graceMs)));
  }

  /** Last resort when the start script itself is exiting: nothing may outlive it. */
  killAll() {
    for (const supervised of this.processes) supervised.kill();
  }
}

module.exports = { Supervisor, SupervisedProcess, StartupError };
