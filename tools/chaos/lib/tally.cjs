'use strict';
// The bookkeeping of a chaos run: answers by status, every comment submission with its attempts,
// the verdict against what PostgreSQL holds, times to recover, and the printed report. Pure: the
// runner (chaos.mjs) feeds it; lib/tally.spec.ts checks it.

/**
 * Answers of the load by HTTP status (0: no answer: a connection error or a timeout).
 */
class StatusTally {
  constructor() {
    /** @type {Map<number, number>} */
    this.byStatus = new Map();
  }

  /** @param {number} status */
  add(status) {
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
  }

  get requests() {
    let sum = 0;
    for (const count of this.byStatus.values()) sum += count;
    return sum;
  }

  /** Every status outside 200–299 with its count, in ascending order ("0" = no answer). */
  non2xx() {
    return [...this.byStatus.entries()]
      .filter(([status]) => status < 200 || status > 299)
      .sort(([a], [b]) => a - b);
  }
}

/**
 * @typedef {'stored' | 'uncertain' | 'busy' | 'rejected'} AttemptOutcome
 *   stored: 202, the service has it; uncertain: 5xx or no answer, it may or may not be stored
 *   (sent again with the same key); busy: 429, refused before the service (sent again); rejected:
 *   any other 4xx (a bug of the run: the comment is not stored, never sent again)
 * @typedef {{ key: string, marker: string, attempts: AttemptOutcome[], gaveUp: boolean }} Submission
 */

/** What an HTTP status (0: no answer) means for a comment post. @param {number} status @returns {AttemptOutcome} */
function attemptOutcome(status) {
  if (status === 202) return 'stored';
  if (status === 429) return 'busy';
  if (status === 0 || status >= 500) return 'uncertain';
  return 'rejected';
}

class WriteLedger {
  constructor() {
    /** @type {Map<string, Submission>} */
    this.submissions = new Map();
  }

  /** @param {string} key @param {string} marker */
  begin(key, marker) {
    if (this.submissions.has(key)) throw new Error(`submission ${key} begun twice`);
    this.submissions.set(key, { key, marker, attempts: [], gaveUp: false });
  }

  /** @param {string} key @param {AttemptOutcome} outcome */
  record(key, outcome) {
    const submission = this.submissions.get(key);
    if (!submission) throw new Error(`unknown submission ${key}`);
    submission.attempts.push(outcome);
  }

  /** @param {string} key */
  giveUp(key) {
    const submission = this.submissions.get(key);
    if (submission) submission.gaveUp = true;
  }
}

/** @param {Submission} s */
const isConfirmed = (s) => s.attempts.includes('stored');
/** @param {Submission} s */
const isRejected = (s) => !isConfirmed(s) && s.attempts.includes('rejected');

/**
 * The writes against PostgreSQL. Lost: confirmed to the visitor (202) but not stored. Duplicated:
 * stored more than once (each extra row counts). A submission never confirmed (the run gave up
 * retrying) is reported apart, with whether it was stored: the visitor was never told it was.
 * @param {Iterable<Submission>} submissions
 * @param {Map<string, number>} storedByMarker rows per marker in content.comments
 */
function writeVerdict(submissions, storedByMarker) {
  const verdict = {
    submitted: 0,
    confirmed: 0,
    retried: 0,
    rejected: 0,
    unconfirmed: 0,
    unconfirmedStored: 0,
    lost: 0,
    duplicated: 0,
    stray: 0,
  };
  const markers = new Set();
  for (const s of submissions) {
    markers.add(s.marker);
    const rows = storedByMarker.get(s.marker) ?? 0;
    verdict.submitted += 1;
    if (s.attempts.length > 1) verdict.retried += 1;
    if (rows > 1) verdict.duplicated += rows - 1;
    if (isConfirmed(s)) {
      verdict.confirmed += 1;
      if (rows === 0) verdict.lost += 1;
    } else if (isRejected(s)) {
      verdict.rejected += 1;
    } else {
      verdict.unconfirmed += 1;
      if (rows > 0) verdict.unconfirmedStored += 1;
    }
  }
  // Rows with this run's marker that no submission made: would be a bug of the run itself.
  for (const [marker, rows] of storedByMarker) if (!markers.has(marker)) verdict.stray += rows;
  return verdict;
}

/**
 * @typedef {{
 *   fault: string, what: string, skipped?: string,
 *   endedAt?: number, readyAt?: number, firstWriteAt?: number, timedOut?: boolean,
 * }} FaultRecord
 *   endedAt: when the fault was over from our side (SIGCONT sent, process killed, server stopped);
 *   readyAt: the faulted part's readiness answered 200 again; firstWriteAt: the first comment
 *   stored whose attempt was sent after endedAt (faults of the write path only)
 */

/**
 * Seconds from the end of the fault until everything it broke works again: readiness and, for the
 * write path, a stored comment. undefined while not recovered.
 * @param {FaultRecord} record
 */
function recoverySeconds(record) {
  if (record.endedAt === undefined || record.readyAt === undefined) return undefined;
  const last = Math.max(record.readyAt, record.firstWriteAt ?? record.readyAt);
  return Math.max(0, last - record.endedAt) / 1000;
}

/** @param {number | undefined} ms */
const seconds = (ms) => (ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`);

/**
 * @param {{
 *   tally: StatusTally, verdict: ReturnType<typeof writeVerdict>, faults: FaultRecord[],
 *   durationSeconds: number, connections: number,
 * }} input
 * @returns {string[]}
 */
function formatReport({ tally, verdict, faults, durationSeconds, connections }) {
  const lines = [];
  const non2xx = tally.non2xx();
  const failed = non2xx.reduce((sum, [, count]) => sum + count, 0);
  lines.push(
    `load: ${tally.requests} requests in ${durationSeconds.toFixed(0)} s over ${connections} connections; ${failed} not 2xx`,
  );
  lines.push(
    `  non-2xx by status: ${non2xx.length === 0 ? 'none' : non2xx.map(([status, count]) => `${status === 0 ? 'no answer' : status} × ${count}`).join(', ')}`,
  );
  lines.push(
    `writes: ${verdict.submitted} comments submitted, ${verdict.confirmed} confirmed (${verdict.retried} needed a retry), ` +
      `${verdict.rejected} rejected, ${verdict.unconfirmed} never confirmed (${verdict.unconfirmedStored} of them stored)`,
  );
  lines.push(
    `  lost writes: ${verdict.lost}   duplicated writes: ${verdict.duplicated}${verdict.stray ? `   stray rows: ${verdict.stray}` : ''}   (expected 0 and 0)`,
  );
  lines.push(
    'recovery (from the end of each fault until its readiness answers and, on the write path, a comment is stored):',
  );
  for (const record of faults) {
    if (record.skipped) {
      lines.push(`  ${record.fault.padEnd(8)} skipped: ${record.skipped}`);
      continue;
    }
    const total = recoverySeconds(record);
    const parts = [
      `ready after ${seconds(record.readyAt === undefined || record.endedAt === undefined ? undefined : record.readyAt - record.endedAt)}`,
    ];
    // Faults of the comments' write path (content, PostgreSQL) wait for a stored comment too.
    if (record.firstWriteAt !== undefined || record.fault === 'stall' || record.fault === 'postgres') {
      parts.push(
        `first comment stored after ${seconds(record.firstWriteAt === undefined || record.endedAt === undefined ? undefined : record.firstWriteAt - record.endedAt)}`,
      );
    }
    lines.push(
      `  ${record.fault.padEnd(8)} ${record.what}: ${total === undefined ? 'NOT RECOVERED' + (record.timedOut ? ' (timed out)' : '') : `recovered in ${total.toFixed(1)} s`} (${parts.join(', ')})`,
    );
  }
  return lines;
}

/**
 * Whether the run passed: nothing lost, nothing doubled, no stray rows, every fault recovered.
 * @param {ReturnType<typeof writeVerdict>} verdict
 * @param {FaultRecord[]} faults
 */
function passed(verdict, faults) {
  return (
    // A run that stored nothing (every post refused) proves nothing about losing writes.
    verdict.confirmed > 0 &&
    verdict.lost === 0 &&
    verdict.duplicated === 0 &&
    verdict.stray === 0 &&
    faults.every((record) => record.skipped !== undefined || recoverySeconds(record) !== undefined)
  );
}

module.exports = {
  StatusTally,
  WriteLedger,
  attemptOutcome,
  writeVerdict,
  recoverySeconds,
  formatReport,
  passed,
};
