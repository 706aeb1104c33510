'use strict';
// The offer clicks of a chaos run: 'Przejdź do oferty' (GET /przejdz/<id>/) sent all along the
// faults, each as its own visitor, and the verdict against the events table. Pure: the runner
// (chaos.mjs) feeds it; lib/clicks.spec.ts checks it.

/**
 * The User-Agent of click `n` of a run. The clicks carry no cookie, so the gateway counts each under
 * its address and user agent (docs/EVENTS.md, "Offer clicks"): one user agent per click makes every
 * click a visitor's first, to be stored once; the run's id finds them in the table.
 * @param {string} runId @param {number} n
 */
function clickUserAgent(runId, n) {
  return `Mozilla/5.0 (chaos-click ${runId}-${n})`;
}

/** The LIKE pattern of a run's clicks in events.tracking_events.user_agent. @param {string} runId */
function clickUserAgentPattern(runId) {
  return `Mozilla/5.0 (chaos-click ${runId}-%`;
}

/** The offer ids the page's 'Przejdź do oferty' links name, in page order, each once. @param {string} html */
function offerIdsOf(html) {
  return [...new Set([...html.matchAll(/href="\/przejdz\/(\d+)\//g)].map((match) => Number(match[1])))];
}

/** Answers to the clicks by HTTP status (0: no answer). */
class ClickTally {
  constructor() {
    /** @type {Map<number, number>} */
    this.byStatus = new Map();
  }

  /** @param {number} status */
  add(status) {
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
  }

  get sent() {
    let sum = 0;
    for (const count of this.byStatus.values()) sum += count;
    return sum;
  }

  /** Clicks answered with the redirect to the lender: each one a click the gateway had to record. */
  get redirected() {
    return this.byStatus.get(302) ?? 0;
  }
}

/**
 * The clicks against the table. Lost: redirected but not stored (refused, dropped, or still queued
 * when the run gave up waiting). Duplicated: a click stored more than once. Extra: stored clicks of
 * this run beyond those redirected (a click whose answer was lost on the way back, or a bug).
 * @param {{ redirected: number, rows: number, distinct: number }} counts
 *   rows: this run's offerClick rows; distinct: their distinct user agents (one per click)
 */
function clickVerdict({ redirected, rows, distinct }) {
  return {
    redirected,
    stored: distinct,
    lost: Math.max(0, redirected - distinct),
    duplicated: rows - distinct,
    extra: Math.max(0, distinct - redirected),
  };
}

/**
 * @param {ClickTally} tally
 * @param {ReturnType<typeof clickVerdict>} verdict
 * @returns {string[]}
 */
function formatClickReport(tally, verdict) {
  const other = [...tally.byStatus.entries()]
    .filter(([status]) => status !== 302)
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status === 0 ? 'no answer' : status} × ${count}`);
  return [
    `offer clicks: ${tally.sent} sent (each its own visitor, no cookies), ${verdict.redirected} redirected to the lender` +
      `${other.length > 0 ? ` (others: ${other.join(', ')})` : ''}; ${verdict.stored} stored as offerClick`,
    `  lost clicks: ${verdict.lost}   duplicated clicks: ${verdict.duplicated}${verdict.extra ? `   stored beyond those redirected: ${verdict.extra}` : ''}   (expected 0 and 0)`,
  ];
}

/** Every redirected click stored exactly once. @param {ReturnType<typeof clickVerdict>} verdict */
function clicksPassed(verdict) {
  return verdict.lost === 0 && verdict.duplicated === 0 && verdict.extra === 0;
}

module.exports = {
  ClickTally,
  clickUserAgent,
  clickUserAgentPattern,
  offerIdsOf,
  clickVerdict,
  formatClickReport,
  clicksPassed,
};
