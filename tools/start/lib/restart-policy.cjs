'use strict';
// When `npm start` restarts a process of the stack, and when it gives up. Pure bookkeeping with an
// injected clock, so every rule is unit-tested; supervisor.cjs acts on its decisions.
//
// The policy (README, "The two commands"; docs/OPERATIONS.md):
// - a service, the gateway or the PostgreSQL holder that exits, or (services, gateway) fails its
//   liveness check (/healthz) `unhealthyAfter` times in a row, is restarted;
// - restarts wait 1 s, 2 s, 4 s, ... up to 30 s; a process that has stayed ready for 60 s starts
//   the sequence again at 1 s;
// - a process "fails at start" when it ends before it became ready; `maxFailedStarts` (3) such
//   failures in a row, or one exit with code 78 (a configuration error: restarting cannot help),
//   and npm start gives up: it stops everything and exits 1.

/**
 * @typedef {{
 *   initialBackoffMs: number,
 *   maxBackoffMs: number,
 *   stableAfterMs: number,
 *   maxFailedStarts: number,
 *   healthIntervalMs: number,
 *   healthTimeoutMs: number,
 *   unhealthyAfter: number,
 *   stopGraceMs: number,
 *   readyIntervalMs: number,
 * }} RestartPolicy
 * @typedef {{ action: 'restart', delayMs: number, restart: number }
 *         | { action: 'give-up', why: string }} RestartDecision
 */

/** @type {Readonly<RestartPolicy>} */
const DEFAULT_POLICY = Object.freeze({
  initialBackoffMs: 1_000,
  maxBackoffMs: 30_000,
  stableAfterMs: 60_000,
  maxFailedStarts: 3,
  healthIntervalMs: 5_000,
  healthTimeoutMs: 2_000,
  unhealthyAfter: 3,
  // A process restarted for not answering gets this long after SIGTERM before SIGKILL.
  stopGraceMs: 10_000,
  readyIntervalMs: 250,
});

/** Exit code of a process that refused its configuration (sysexits EX_CONFIG; see libs/config). */
const CONFIG_ERROR_EXIT = 78;

class RestartTracker {
  /**
   * @param {RestartPolicy} policy
   * @param {() => number} [now]
   */
  constructor(policy, now = Date.now) {
    this.policy = policy;
    this.now = now;
    /** Consecutive starts that ended before the process became ready. */
    this.failedStarts = 0;
    /** Restarts so far (also the number of the next "restart N" log line minus one). */
    this.restarts = 0;
    /** Position in the backoff sequence. */
    this.step = 0;
    /** @type {number | undefined} when the current run became ready */
    this.readyAt = undefined;
  }

  /** The current run answered its readiness check. */
  ready() {
    this.failedStarts = 0;
    this.readyAt = this.now();
  }

  /**
   * The current run ended (exited, or was stopped for failing its liveness check).
   * @param {{ beforeReady: boolean, exitCode?: number | null }} ended
   * @returns {RestartDecision}
   */
  ended({ beforeReady, exitCode }) {
    if (this.readyAt !== undefined && this.now() - this.readyAt >= this.policy.stableAfterMs) this.step = 0;
    this.readyAt = undefined;
    if (exitCode === CONFIG_ERROR_EXIT) {
      return {
        action: 'give-up',
        why: `exited with code ${CONFIG_ERROR_EXIT} (its configuration is invalid; restarting cannot help)`,
      };
    }
    if (beforeReady) this.failedStarts += 1;
    if (this.failedStarts >= this.policy.maxFailedStarts) {
      return { action: 'give-up', why: `failed at start ${this.failedStarts} times in a row` };
    }
    const delayMs = Math.min(this.policy.maxBackoffMs, this.policy.initialBackoffMs * 2 ** this.step);
    this.step += 1;
    this.restarts += 1;
    return { action: 'restart', delayMs, restart: this.restarts };
  }
}

module.exports = { DEFAULT_POLICY, CONFIG_ERROR_EXIT, RestartTracker };
