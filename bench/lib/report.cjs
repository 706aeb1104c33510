'use strict';
// The ratios between the four targets (PERFORMANCE.md's targets are ratios) and the printed tables.

/**
 * @typedef {{
 *   reqPerSec: number, p50Ms: number, p99Ms: number, avgMs: number, maxMs: number,
 *   requests: number, errors: number, timeouts: number, non2xx: number, bytesPerResponse: number,
 * }} Figures what one target did in the measured seconds (lib/window.cjs)
 * @typedef {'full' | 'bare' | 'static' | 'node'} Target
 * @typedef {{
 *   route: string, path: string, contentScale: number, pageCache: boolean, connections: number,
 *   round: number, full: Figures | null, bare: Figures | null, static: Figures | null, node: Figures | null,
 * }} Row one route in one stack at one connection count, in one round (1 unless --rounds)
 * @typedef {{ reqPerSec: number | null, p99: number | null }} Ratio numerator ÷ denominator
 * @typedef {{
 *   fullToBare: Ratio, bareToStatic: Ratio, staticToNode: Ratio, fullToStatic: Ratio, fullToNode: Ratio,
 * }} RowRatios
 * @typedef {{ median: number, min: number, max: number } | null} Spread a ratio over the rounds
 * @typedef {{
 *   route: string, contentScale: number, pageCache: boolean, connections: number, rounds: number,
 *   ratios: Record<keyof RowRatios, { reqPerSec: Spread, p99: Spread }>,
 * }} MedianRow the ratios of one route, stack and connection count over its rounds
 */

/** @type {ReadonlyArray<{ target: Target, label: string }>} */
const TARGETS = Object.freeze([
  { target: 'full', label: 'full stack' },
  { target: 'bare', label: 'bare render' },
  { target: 'static', label: 'middleware static' },
  { target: 'node', label: 'bare Node' },
]);

/** @param {number} value @param {number} digits */
function round(value, digits) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * Milliseconds as printed: one decimal below 10 ms (bare Node answers in a few), whole above.
 * @param {number} value
 */
const formatMs = (value) => (value < 10 ? value.toFixed(1) : String(Math.round(value)));

/**
 * @param {Figures | null} numerator
 * @param {Figures | null} denominator
 * @returns {Ratio} req/s as a fraction, p99 as a factor; null where either side is missing or 0
 */
function ratio(numerator, denominator) {
  if (!numerator || !denominator) return { reqPerSec: null, p99: null };
  return {
    reqPerSec: denominator.reqPerSec > 0 ? round(numerator.reqPerSec / denominator.reqPerSec, 4) : null,
    p99: denominator.p99Ms > 0 ? round(numerator.p99Ms / denominator.p99Ms, 2) : null,
  };
}

/**
 * Where time goes: full/bare is the data layer (gRPC, page-data cache), bare/static the render,
 * static/node the gateway's middleware; full/static is the whole gap to the gateway's own limit and
 * full/node the gap to the machine's (what a cached page is measured against).
 * @param {Pick<Row, Target>} row
 * @returns {RowRatios}
 */
function rowRatios(row) {
  return {
    fullToBare: ratio(row.full, row.bare),
    bareToStatic: ratio(row.bare, row.static),
    staticToNode: ratio(row.static, row.node),
    fullToStatic: ratio(row.full, row.static),
    fullToNode: ratio(row.full, row.node),
  };
}

/**
 * Median (the mean of the two middle values for an even count), least and greatest; null when no
 * round had the ratio.
 * @param {Array<number | null>} values
 * @returns {Spread}
 */
function spread(values) {
  const known = /** @type {number[]} */ (values.filter((v) => v !== null)).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const at = (/** @type {number} */ index) => /** @type {number} */ (known[index]);
  const middle = Math.floor(known.length / 2);
  const median = known.length % 2 === 1 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
  return { median: round(median, 4), min: at(0), max: at(known.length - 1) };
}

/**
 * With --rounds, each ratio of a route, stack and connection count over its rounds. The targets of
 * one round were measured minutes apart at most, so a ratio within a round is what the machine's
 * drift between runs disturbs least; the median over rounds is the figure to read.
 * @param {Row[]} rows
 * @returns {MedianRow[]}
 */
function medianRatios(rows) {
  /** @type {Map<string, Row[]>} */
  const groups = new Map();
  for (const row of rows) {
    const key = [row.route, row.contentScale, row.pageCache, row.connections].join('|');
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()].map((group) => {
    const first = /** @type {Row} */ (group[0]);
    const perRound = group.map(rowRatios);
    const names = /** @type {Array<keyof RowRatios>} */ (Object.keys(perRound[0] ?? {}));
    const ratios = /** @type {MedianRow['ratios']} */ (
      Object.fromEntries(
        names.map((name) => [
          name,
          {
            reqPerSec: spread(perRound.map((r) => r[name].reqPerSec)),
            p99: spread(perRound.map((r) => r[name].p99)),
          },
        ]),
      )
    );
    return {
      route: first.route,
      contentScale: first.contentScale,
      pageCache: first.pageCache,
      connections: first.connections,
      rounds: group.length,
      ratios,
    };
  });
}

/** @param {number} n */
const grouped = (n) => n.toLocaleString('en-US').replace(/,/g, ' ');
/** @param {number | null} value */
const percent = (value) => (value === null ? 'n/a' : `${(value * 100).toFixed(1)} %`);
/** @param {number | null} value */
const factor = (value) => (value === null ? 'n/a' : `${value.toFixed(2)}×`);
/** @param {boolean} pageCache */
const cacheLabel = (pageCache) => (pageCache ? 'cached' : 'uncached');

/**
 * Aligned columns: text columns (listed in `left`) padded right, numbers padded left.
 * @param {string[]} header
 * @param {string[][]} body
 * @param {ReadonlySet<number>} left
 */
function columns(header, body, left) {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (/** @type {string[]} */ cells) =>
    cells
      .map((c, i) => (left.has(i) ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...body.map(line)].join('\n');
}

/**
 * @typedef {Pick<Row, 'contentScale' | 'pageCache' | 'connections'> & { round?: number }} Keyed
 */

/**
 * The leading columns that tell rows apart: content scale, cache and round only when the run has
 * more than one of them, connections always.
 * @template {Keyed} R
 * @param {R[]} rows
 */
function keyColumns(rows) {
  const scales = new Set(rows.map((r) => r.contentScale)).size > 1;
  const caches = new Set(rows.map((r) => r.pageCache)).size > 1;
  /** @type {Array<{ header: string, cell: (row: R) => string, left: boolean }>} */
  const keys = [];
  if (scales) keys.push({ header: 'content', cell: (r) => `${r.contentScale}×`, left: false });
  if (caches) keys.push({ header: 'cache', cell: (r) => cacheLabel(r.pageCache), left: true });
  keys.push({ header: 'conns', cell: (r) => String(r.connections), left: false });
  if (new Set(rows.map((r) => r.round)).size > 1)
    keys.push({ header: 'round', cell: (r) => String(r.round), left: false });
  return keys;
}

/**
 * One route: a line per target and connection count with every figure, then the ratios.
 * @param {Row[]} rows the rows of one route
 * @param {Record<Target, string>} urls what each target requested (for the label column)
 * @returns {string}
 */
function formatRouteTables(rows, urls) {
  const keys = keyColumns(rows);
  const header = [
    ...keys.map((k) => k.header),
    'target',
    'url',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'non-2xx',
    'bytes/resp',
  ];
  /** @type {string[][]} */
  const body = [];
  for (const row of rows) {
    for (const { target, label } of TARGETS) {
      const f = row[target];
      if (!f) continue;
      body.push([
        ...keys.map((k) => k.cell(row)),
        label,
        urls[target],
        f.reqPerSec.toFixed(1),
        formatMs(f.p50Ms),
        formatMs(f.p99Ms),
        String(f.errors),
        String(f.non2xx),
        grouped(f.bytesPerResponse),
      ]);
    }
  }
  const left = new Set([...keys.flatMap((k, i) => (k.left ? [i] : [])), keys.length, keys.length + 1]);
  const figuresTable = columns(header, body, left);

  const ratioHeader = [
    ...keys.map((k) => k.header),
    'full/bare (data layer)',
    'bare/static (render)',
    'static/node (middleware)',
    'full/static',
  ];
  const both = (/** @type {Ratio} */ r) => `${percent(r.reqPerSec)}, p99 ${factor(r.p99)}`;
  const ratioBody = rows.map((row) => {
    const r = rowRatios(row);
    return [
      ...keys.map((k) => k.cell(row)),
      both(r.fullToBare),
      both(r.bareToStatic),
      both(r.staticToNode),
      both(r.fullToStatic),
    ];
  });
  const ratioLeft = new Set(keys.flatMap((k, i) => (k.left ? [i] : [])));
  return [
    figuresTable,
    '',
    'ratios: req/s of the first ÷ the second (higher is better), p99 of the first ÷ the second (lower is better)',
    columns(ratioHeader, ratioBody, ratioLeft),
  ].join('\n');
}

/**
 * bench:all: one line per route, stack (content scale, cache) and connection count with req/s and
 * p99 of each target, the full stack's failures and the four req/s ratios plus p99 full/bare.
 * @param {Row[]} rows
 * @returns {string}
 */
function formatSummaryTable(rows) {
  const keys = keyColumns(rows);
  const header = ['route', ...keys.map((k) => k.header)];
  for (const { target } of TARGETS) header.push(`${target} r/s`, 'p99');
  header.push('full err', 'full/bare', 'p99 f/b', 'bare/static', 'static/node', 'full/static');
  const cellsOf = (/** @type {Figures | null} */ f) =>
    f ? [f.reqPerSec.toFixed(0), formatMs(f.p99Ms)] : ['·', '·'];
  const body = rows.map((row) => {
    const r = rowRatios(row);
    const failures = row.full ? row.full.errors + row.full.non2xx : 0;
    return [
      row.route,
      ...keys.map((k) => k.cell(row)),
      ...TARGETS.flatMap(({ target }) => cellsOf(row[target])),
      String(failures),
      percent(r.fullToBare.reqPerSec),
      factor(r.fullToBare.p99),
      percent(r.bareToStatic.reqPerSec),
      percent(r.staticToNode.reqPerSec),
      percent(r.fullToStatic.reqPerSec),
    ];
  });
  const left = new Set([0, ...keys.flatMap((k, i) => (k.left ? [i + 1] : []))]);
  return columns(header, body, left);
}

/** @param {Spread} value */
const percentSpread = (value) =>
  value === null
    ? 'n/a'
    : `${(value.median * 100).toFixed(1)} % (${(value.min * 100).toFixed(0)}–${(value.max * 100).toFixed(0)})`;
/** @param {Spread} value */
const factorSpread = (value) => (value === null ? 'n/a' : `${value.median.toFixed(2)}×`);

/**
 * With --rounds: one line per route, stack and connection count with each ratio's median over the
 * rounds and, in brackets, its least and greatest value in percent.
 * @param {Row[]} rows
 * @returns {string}
 */
function formatMedianTable(rows) {
  const medians = medianRatios(rows);
  const keys = keyColumns(medians);
  const header = [
    'route',
    ...keys.map((k) => k.header),
    'rounds',
    'full/bare',
    'p99 f/b',
    'static/node',
    'full/static',
    'full/node',
    'p99 f/n',
  ];
  const body = medians.map((m) => [
    m.route,
    ...keys.map((k) => k.cell(m)),
    String(m.rounds),
    percentSpread(m.ratios.fullToBare.reqPerSec),
    factorSpread(m.ratios.fullToBare.p99),
    percentSpread(m.ratios.staticToNode.reqPerSec),
    percentSpread(m.ratios.fullToStatic.reqPerSec),
    percentSpread(m.ratios.fullToNode.reqPerSec),
    factorSpread(m.ratios.fullToNode.p99),
  ]);
  const left = new Set([0, ...keys.flatMap((k, i) => (k.left ? [i + 1] : []))]);
  return columns(header, body, left);
}

/**
 * Lines about any target other than the full stack that failed requests (the summary table shows
 * only the full stack's), so that a baseline with errors is never read as a limit.
 * @param {Row[]} rows
 * @returns {string[]}
 */
function baselineFailures(rows) {
  /** @type {string[]} */
  const lines = [];
  for (const row of rows) {
    for (const { target, label } of TARGETS.slice(1)) {
      const f = row[target];
      if (f && f.errors + f.non2xx > 0)
        lines.push(
          `${row.route} (${cacheLabel(row.pageCache)}, ${row.contentScale}×, ${row.connections} conns): ${label} had ${f.errors} errors and ${f.non2xx} non-2xx`,
        );
    }
  }
  return lines;
}

/**
 * A file name for the stored result: time stamp and the route as a slug ('all' for bench:all).
 * @param {string} route
 * @param {Date} when
 */
function resultFileName(route, when) {
  const slug = route.replace(/^\/+|\/+$/g, '').replace(/[^a-zA-Z0-9-]+/g, '_') || 'home';
  return `${when.toISOString().replace(/[:.]/g, '-')}-${slug}.json`;
}

module.exports = {
  TARGETS,
  cacheLabel,
  columns,
  formatMs,
  percent,
  ratio,
  rowRatios,
  spread,
  medianRatios,
  formatRouteTables,
  formatSummaryTable,
  formatMedianTable,
  baselineFailures,
  resultFileName,
};
