'use strict';
// The measured part of one autocannon run. Warm-up and measurement are one run over the same
// connections: a second run would open fresh connections, and on a saturated Node server the first
// requests of new connections can wait for seconds (the event loop is busy rendering between two
// looks at the listening socket), which in a 5-second run is more than 1 % of the requests and
// would become the p99. So every answer is recorded with its time: throughput counts the answers
// that arrived inside the window, latency those whose request was sent inside it.

/**
 * @typedef {import('./report.cjs').Figures} Figures
 */

/**
 * The p-th percentile (0 < p ≤ 1) by nearest rank of ascending values; 0 for none.
 * @param {Float64Array | number[]} sorted
 * @param {number} p
 */
function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length))) - 1] ?? 0;
}

/** @param {number} value */
const ms = (value) => Math.round(value * 100) / 100;

class MeasureWindow {
  /**
   * @param {number} fromMs where the window starts (same clock as the events)
   */
  constructor(fromMs) {
    this.fromMs = fromMs;
    /** @type {number[]} latencies of 2xx answers to requests sent in the window */
    this.latencies = [];
    this.answers = 0;
    this.non2xx = 0;
    this.bytes = 0;
    this.errors = 0;
    this.timeouts = 0;
  }

  /**
   * An answer arrived at `atMs` after `latencyMs`.
   * @param {number} atMs
   * @param {number} statusCode
   * @param {number} bytes headers and body as read from the socket
   * @param {number} latencyMs
   */
  response(atMs, statusCode, bytes, latencyMs) {
    if (atMs < this.fromMs) return;
    this.answers += 1;
    this.bytes += bytes;
    const ok = statusCode >= 200 && statusCode < 300;
    if (!ok) this.non2xx += 1;
    // Like autocannon: latency of 2xx answers only (an error page may be fast or slow for its own reasons).
    else if (atMs - latencyMs >= this.fromMs) this.latencies.push(latencyMs);
  }

  /**
   * A request failed at `atMs` (connection error, or no answer within autocannon's timeout).
   * @param {number} atMs
   * @param {boolean} timeout
   */
  error(atMs, timeout) {
    if (atMs < this.fromMs) return;
    this.errors += 1;
    if (timeout) this.timeouts += 1;
  }

  /**
   * @param {number} toMs where the window ends (the run's end)
   * @returns {Figures}
   */
  figures(toMs) {
    const seconds = (toMs - this.fromMs) / 1000;
    const sorted = Float64Array.from(this.latencies).sort();
    const sum = this.latencies.reduce((a, b) => a + b, 0);
    return {
      reqPerSec: seconds > 0 ? Math.round((this.answers / seconds) * 10) / 10 : 0,
      p50Ms: ms(percentile(sorted, 0.5)),
      p99Ms: ms(percentile(sorted, 0.99)),
      avgMs: sorted.length > 0 ? ms(sum / sorted.length) : 0,
      maxMs: ms(sorted.length > 0 ? (sorted[sorted.length - 1] ?? 0) : 0),
      requests: this.answers,
      errors: this.errors,
      timeouts: this.timeouts,
      non2xx: this.non2xx,
      bytesPerResponse: this.answers > 0 ? Math.round(this.bytes / this.answers) : 0,
    };
  }
}

module.exports = { MeasureWindow, percentile };
