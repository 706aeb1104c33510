'use strict';
// Turns autocannon results into the figures the benchmark prints and stores, and the ratios
// between a route and its static baseline (docs: PERFORMANCE.md targets are ratios).

/**
 * @typedef {{
 *   requests: { average: number, total: number },
 *   latency: { p50: number, p99: number, average: number, max: number },
 *   throughput: { total: number },
 *   errors: number, timeouts: number, non2xx: number, duration: number,
 * }} AutocannonResult
 * @typedef {{
 *   reqPerSec: number, p50Ms: number, p99Ms: number, avgMs: number, maxMs: number,
 *   requests: number, errors: number, timeouts: number, non2xx: number, bytesPerResponse: number,
 * }} Figures
 */

/**
 * @param {AutocannonResult} result
 * @returns {Figures}
 */
function figures(result) {
  const requests = result.requests.total;
  return {
    reqPerSec: round(result.requests.average, 1),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    avgMs: round(result.latency.average, 2),
    maxMs: result.latency.max,
    requests,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    // Bytes read from the socket per answered request: headers plus body, as sent.
    bytesPerResponse: requests > 0 ? Math.round(result.throughput.total / requests) : 0,
  };
}

/** @param {number} value @param {number} digits */
function round(value, digits) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * @param {Figures} route
 * @param {Figures} baseline
 * @returns {{ reqPerSec: number | null, p99: number | null }} route ÷ static; null when undefined
 */
function ratios(route, baseline) {
  return {
    reqPerSec: baseline.reqPerSec > 0 ? round(route.reqPerSec / baseline.reqPerSec, 4) : null,
    p99: baseline.p99Ms > 0 ? round(route.p99Ms / baseline.p99Ms, 2) : null,
  };
}

/** @param {number} n */
const grouped = (n) => n.toLocaleString('en-US').replace(/,/g, ' ');

/**
 * @param {Array<{ label: string, figures: Figures }>} rows
 * @param {{ reqPerSec: number | null, p99: number | null }} ratio
 * @returns {string}
 */
function formatTable(rows, ratio) {
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'bytes/resp'];
  const body = rows.map(({ label, figures: f }) => [
    label,
    f.reqPerSec.toFixed(1),
    String(f.p50Ms),
    String(f.p99Ms),
    String(f.errors),
    String(f.non2xx),
    grouped(f.bytesPerResponse),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (/** @type {string[]} */ cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  const ratioText =
    `route / static: req/s ${ratio.reqPerSec === null ? 'n/a' : `${(ratio.reqPerSec * 100).toFixed(1)} %`}, ` +
    `p99 ${ratio.p99 === null ? 'n/a' : `${ratio.p99.toFixed(2)}×`}`;
  return [line(header), ...body.map(line), '', ratioText].join('\n');
}

/**
 * A file name for the stored result: time stamp and the route as a slug.
 * @param {string} route
 * @param {Date} when
 */
function resultFileName(route, when) {
  const slug = route.replace(/^\/+|\/+$/g, '').replace(/[^a-zA-Z0-9-]+/g, '_') || 'home';
  return `${when.toISOString().replace(/[:.]/g, '-')}-${slug}.json`;
}

module.exports = { figures, ratios, formatTable, resultFileName };
