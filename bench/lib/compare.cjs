'use strict';
// Are two answers the same bytes, and if not, where do they part? The benchmark compares the full
// stack, the bare render and the static baseline before measuring: the ratios mean something only
// when the three send the same page.

/** Bytes of unchanged text shown on each side of a difference. */
const CONTEXT_BYTES = 60;
/** Longest excerpt of a differing part that is printed. */
const EXCERPT_BYTES = 160;

/**
 * @typedef {{
 *   identical: boolean, aBytes: number, bBytes: number,
 *   difference: null | { start: number, aEnd: number, bEnd: number, before: string, a: string, b: string, after: string },
 * }} Comparison
 */

/**
 * The one region that holds every difference: from the first differing byte to the last one
 * (counted from the end, so a different length does not shift it), with text around it.
 * @param {Buffer} a
 * @param {Buffer} b
 * @returns {Comparison}
 */
function compareBodies(a, b) {
  if (a.equals(b)) return { identical: true, aBytes: a.length, bBytes: b.length, difference: null };
  const shorter = Math.min(a.length, b.length);
  let start = 0;
  while (start < shorter && a[start] === b[start]) start += 1;
  let tail = 0;
  while (tail < shorter - start && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail += 1;
  const aEnd = a.length - tail;
  const bEnd = b.length - tail;
  const text = (/** @type {Buffer} */ buffer, /** @type {number} */ from, /** @type {number} */ to) =>
    buffer.subarray(Math.max(0, from), Math.min(buffer.length, to)).toString('utf8');
  const excerpt = (/** @type {Buffer} */ buffer, /** @type {number} */ end) =>
    end - start > EXCERPT_BYTES
      ? `${text(buffer, start, start + EXCERPT_BYTES / 2)}…${text(buffer, end - EXCERPT_BYTES / 2, end)}`
      : text(buffer, start, end);
  return {
    identical: false,
    aBytes: a.length,
    bBytes: b.length,
    difference: {
      start,
      aEnd,
      bEnd,
      before: text(a, start - CONTEXT_BYTES, start),
      a: excerpt(a, aEnd),
      b: excerpt(b, bEnd),
      after: text(a, aEnd, aEnd + CONTEXT_BYTES),
    },
  };
}

/**
 * "a = b (n bytes)" or where they differ, as lines to print.
 * @param {string} aName
 * @param {string} bName
 * @param {Comparison} comparison
 * @returns {string[]}
 */
function describeComparison(aName, bName, comparison) {
  const { difference: d } = comparison;
  if (!d) return [`${aName} = ${bName} (${comparison.aBytes} bytes, identical)`];
  const oneLine = (/** @type {string} */ s) => JSON.stringify(s);
  return [
    `${aName} ≠ ${bName}: ${comparison.aBytes} vs ${comparison.bBytes} bytes; they differ from byte ${d.start} ` +
      `to ${d.aEnd} of ${aName} and to ${d.bEnd} of ${bName}:`,
    `  before: …${oneLine(d.before)}`,
    `  ${aName}: ${oneLine(d.a)}`,
    `  ${bName}: ${oneLine(d.b)}`,
    `  after:  ${oneLine(d.after)}…`,
  ];
}

module.exports = { compareBodies, describeComparison };
