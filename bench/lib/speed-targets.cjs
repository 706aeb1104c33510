'use strict';
// The speed targets (../shared/design/PERFORMANCE.md) as data, and the verdict of one run on each:
// the figure this run measured, the figure of the reference run the targets were set against,
// and whether the target is reached.

const { cacheLabel, columns, medianRatios } = require('./report.cjs');

/**
 * @typedef {import('./report.cjs').Row} Row
 * @typedef {import('./report.cjs').RowRatios} RowRatios
 * @typedef {import('./report.cjs').Spread} Spread
 * @typedef {{
 *   id: string,
 *   what: string,                    // the ratio in words, for the table
 *   ratio: keyof RowRatios,
 *   figure: 'reqPerSec' | 'p99',
 *   bound: { atLeast: number } | { atMost: number },
 *   pageCache: boolean | 'either',
 *   routes: readonly string[] | 'all',
 * }} SpeedTarget
 * @typedef {{
 *   route: string, pageCache: boolean, target: SpeedTarget, measured: Spread, before: number | null,
 *   reached: boolean | null,
 * }} Verdict reached is null when the run has no figure for it
 */

/** The targets are set for this many connections; other counts are printed but not judged. */
const TARGET_CONNECTIONS = 64;

/** Pages kept whole as documents (nothing personal in them), judged against bare Node. */
const CACHED_DOCUMENTS = Object.freeze(['home', 'seo', 'article', 'lender']);

/** @type {ReadonlyArray<SpeedTarget>} */
const SPEED_TARGETS = Object.freeze([
  {
    id: 'cached-throughput',
    what: 'full ÷ bare Node',
    ratio: 'fullToNode',
    figure: 'reqPerSec',
    bound: { atLeast: 0.7 },
    pageCache: true,
    routes: CACHED_DOCUMENTS,
  },
  {
    id: 'cached-p99',
    what: 'p99 full ÷ bare Node',
    ratio: 'fullToNode',
    figure: 'p99',
    bound: { atMost: 2 },
    pageCache: true,
    routes: CACHED_DOCUMENTS,
  },
  {
    id: 'uncached-throughput',
    what: 'full ÷ bare render',
    ratio: 'fullToBare',
    figure: 'reqPerSec',
    bound: { atLeast: 0.7 },
    pageCache: false,
    routes: 'all',
  },
  {
    id: 'uncached-p99',
    what: 'p99 full ÷ bare render',
    ratio: 'fullToBare',
    figure: 'p99',
    bound: { atMost: 2 },
    pageCache: false,
    routes: 'all',
  },
  {
    id: 'middleware',
    what: 'static ÷ bare Node',
    ratio: 'staticToNode',
    figure: 'reqPerSec',
    bound: { atLeast: 0.5 },
    pageCache: 'either',
    routes: 'all',
  },
]);

/**
 * The reference run the targets were set against (the 2-core machine, 64 connections, 10 s after
 * 3 s of warm-up, before the gateway had its fast path and one data round per page), as ratios
 * of its published req/s and p99: SEO page cached 1 969 full, 1 886 static, 5 681 bare Node;
 * uncached 120 full, 278 bare render, 1 559 static, 5 264 bare Node, p99 2.6× the bare render's;
 * home uncached 57 full, 232 bare render, 1 786 static, 5 525 bare Node, p99 3.9×. The home page's
 * cached run had no bare Node figure.
 * @type {Readonly<Record<string, number>>}
 */
const REFERENCE = Object.freeze({
  'seo|cached|cached-throughput': 1969 / 5681,
  'seo|cached|middleware': 1886 / 5681,
  'seo|uncached|uncached-throughput': 120 / 278,
  'seo|uncached|uncached-p99': 2.6,
  'seo|uncached|middleware': 1559 / 5264,
  'home|uncached|uncached-throughput': 57 / 232,
  'home|uncached|uncached-p99': 3.9,
  'home|uncached|middleware': 1786 / 5525,
});

/**
 * @param {SpeedTarget} target
 * @param {number} value
 */
function meets(target, value) {
  return 'atLeast' in target.bound ? value >= target.bound.atLeast : value <= target.bound.atMost;
}

/**
 * Every target that applies to the run's rows at the targets' connection count, judged on the
 * median over the rounds (a run of one round: its one figure). Uncached throughput also needs a
 * full stack without errors or non-2xx in every round.
 * @param {Row[]} rows
 * @returns {Verdict[]}
 */
function judgeTargets(rows) {
  const judged = rows.filter((row) => row.connections === TARGET_CONNECTIONS);
  /** @type {Verdict[]} */
  const verdicts = [];
  for (const median of medianRatios(judged)) {
    for (const target of SPEED_TARGETS) {
      if (target.pageCache !== 'either' && target.pageCache !== median.pageCache) continue;
      if (target.routes !== 'all' && !target.routes.includes(median.route)) continue;
      const measured = median.ratios[target.ratio][target.figure];
      let reached = measured === null ? null : meets(target, measured.median);
      if (reached && target.id === 'uncached-throughput') {
        const failed = judged
          .filter((row) => row.route === median.route && row.pageCache === median.pageCache)
          .some((row) => !row.full || row.full.errors + row.full.non2xx > 0);
        if (failed) reached = false;
      }
      const before = REFERENCE[`${median.route}|${cacheLabel(median.pageCache)}|${target.id}`];
      verdicts.push({
        route: median.route,
        pageCache: median.pageCache,
        target,
        measured,
        before: before === undefined ? null : before,
        reached,
      });
    }
  }
  return verdicts;
}

/**
 * @param {SpeedTarget} target
 * @param {number} value
 */
const formatFigure = (target, value) =>
  target.figure === 'p99' ? `${value.toFixed(2)}×` : `${(value * 100).toFixed(1)} %`;

/** @param {SpeedTarget} target */
const formatBound = (target) =>
  'atLeast' in target.bound
    ? `≥ ${formatFigure(target, target.bound.atLeast).replace('.0 %', ' %')}`
    : `≤ ${target.bound.atMost}×`;

/** @param {Verdict} verdict */
function formatVerdict(verdict) {
  const { target, measured, reached } = verdict;
  if (reached === null || measured === null) return 'no figure';
  if (reached) return 'reached';
  if ('atLeast' in target.bound) {
    if (target.id === 'uncached-throughput' && measured.median >= target.bound.atLeast)
      return 'not reached (errors or non-2xx)';
    const points = (target.bound.atLeast - measured.median) * 100;
    return `not reached: ${points.toFixed(1)} points short`;
  }
  return `not reached: ${(measured.median / target.bound.atMost).toFixed(2)}× the bound`;
}

/**
 * The verdicts as a table: route, stack, what, target, this run's median (with its range over
 * rounds), the reference run's figure and the verdict.
 * @param {Verdict[]} verdicts
 * @returns {string}
 */
function formatTargetTable(verdicts) {
  const header = ['route', 'cache', 'ratio', 'target', 'this run', 'before', 'verdict'];
  const body = verdicts.map((v) => {
    const { measured, target } = v;
    let now = 'n/a';
    if (measured) {
      now = formatFigure(target, measured.median);
      if (measured.min !== measured.max)
        now += ` (${formatFigure(target, measured.min)}–${formatFigure(target, measured.max)})`;
    }
    return [
      v.route,
      cacheLabel(v.pageCache),
      target.what,
      formatBound(target),
      now,
      v.before === null ? '—' : formatFigure(target, v.before),
      formatVerdict(v),
    ];
  });
  return columns(header, body, new Set(header.keys()));
}

module.exports = {
  SPEED_TARGETS,
  TARGET_CONNECTIONS,
  CACHED_DOCUMENTS,
  REFERENCE,
  judgeTargets,
  formatTargetTable,
};
