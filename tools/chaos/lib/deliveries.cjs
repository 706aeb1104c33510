'use strict';
// The bookkeeping of the chaos run's delivery phase: the applications it submits over gRPC, what
// a failed submit means, the verdict over what the leads outbox (PostgreSQL) and the partner sandbox
// (the lenders' side) hold afterwards, and its printed lines. Pure: chaos.mjs feeds it;
// lib/deliveries.spec.ts checks it.

/** leads.v1.ConsentType by the form's consent key (proto/leads/v1/leads.proto). */
const CONSENT_TYPES = /** @type {Record<string, number>} */ ({
  terms: 1,
  marketingEmail: 4,
  marketingPhone: 5,
  creditBureau: 6,
  marketingSms: 7,
  matching: 8,
  delivery: 9,
});

/** The leads service's delivery states (apps/leads/src/domain/delivery-outcome.ts), in report order. */
const DELIVERY_STATES = ['queued', 'sent', 'accepted', 'rejected', 'failed', 'withdrawn'];

/**
 * @typedef {{ key: string, required: boolean, version: string }} ConsentText
 *   one consent of the form (CONSENTS of @lib/pl-validation)
 */

/**
 * A whole application of a person of its own (the submit limit counts per e-mail and phone), with
 * the delivery consent, for an amount and period every sandbox lender's offer takes (as the leads
 * delivery test sends), so that each goes to every lender.
 * @param {number} n the application's number in this run
 * @param {string} runId
 * @param {readonly ConsentText[]} consents
 * @param {string} idempotencyKey one per application, sent unchanged with every retry of it
 */
function applicationRequest(n, runId, consents, idempotencyKey) {
  return {
    amountGrosze: 200_000,
    periodDays: 90,
    // commonV1.LoanPurpose.MEDICAL
    purpose: 3,
    name: '',
    firstName: 'Tester',
    lastName: 'Chaosu',
    email: `chaos.${runId}.${n}@example.pl`,
    phone: `+48 69${String(n % 10_000_000).padStart(7, '0')}`,
    pesel: '90051401233',
    idCard: 'ABA300000',
    bankAccount: '61109010140000071219812874',
    incomeSource: 'employment',
    consents: consents.map((c) => {
      const type = CONSENT_TYPES[c.key];
      if (type === undefined) throw new Error(`no leads.v1.ConsentType for the consent "${c.key}"`);
      return {
        type,
        granted: c.required || c.key === 'delivery' || c.key === 'creditBureau',
        textVersion: c.version,
        grantedAt: '',
      };
    }),
    attribution: null,
    formVersion: 2,
    draftId: '',
    // leadsV1.ApplicationStep.UNSPECIFIED: submit the whole application.
    step: 0,
    idempotencyKey,
  };
}

/**
 * What a failed SubmitApplication means for the caller, by its gRPC status code: 'retry' (the
 * service is away or answered nothing: it may have stored it, and the same key makes a repeat
 * harmless) or 'rejected' (the request itself was refused: a bug of the run, never sent again).
 * @param {number | undefined} code
 * @returns {'retry' | 'rejected'}
 */
function submitFailure(code) {
  // CANCELLED 1, UNKNOWN 2, DEADLINE_EXCEEDED 4, RESOURCE_EXHAUSTED 8, ABORTED 10, INTERNAL 13, UNAVAILABLE 14
  return code === undefined || [1, 2, 4, 8, 10, 13, 14].includes(code) ? 'retry' : 'rejected';
}

/**
 * The lenders the sandbox plays as never answering in time: their deliveries stay queued (retried
 * with backoff) by design, so the phase does not wait for them.
 * @param {{ lenders?: Record<string, string> }} behaviour apps/partner-sandbox/sandbox-behaviour.json
 * @returns {string[]}
 */
function timeoutLenders(behaviour) {
  return Object.entries(behaviour.lenders ?? {})
    .filter(([, kind]) => kind === 'timeout')
    .map(([slug]) => slug);
}

/**
 * @typedef {{ id: string, applicationId: string, lender: string, state: string }} OutboxRow
 *   a row of leads.lead_deliveries
 * @typedef {{ deliveryId: string, applicationId: string, lender: string, attempts: number,
 *             repeats: number, decision: string }} SandboxDelivery
 *   one delivery id as the partner sandbox's GET /deliveries lists it
 */

/**
 * Delivery rows still waiting for an attempt, leaving out the lenders that never answer.
 * @param {readonly OutboxRow[]} rows
 * @param {readonly string[]} waitingLenders timeoutLenders()
 */
function queuedLeft(rows, waitingLenders) {
  return rows.filter((r) => r.state === 'queued' && !waitingLenders.includes(r.lender)).length;
}

/**
 * Pairs of (application, lender) that received more than one distinct delivery id: one application
 * delivered twice to a lender. Each pair once, with its ids.
 * @param {Iterable<{ applicationId: string, lender: string, id: string }>} deliveries
 * @returns {Array<{ applicationId: string, lender: string, ids: string[] }>}
 */
function duplicatePairs(deliveries) {
  /** @type {Map<string, { applicationId: string, lender: string, ids: Set<string> }>} */
  const pairs = new Map();
  for (const d of deliveries) {
    const key = `${d.applicationId}\u0000${d.lender}`;
    const pair = pairs.get(key) ?? { applicationId: d.applicationId, lender: d.lender, ids: new Set() };
    pair.ids.add(d.id);
    pairs.set(key, pair);
  }
  return [...pairs.values()]
    .filter((p) => p.ids.size > 1)
    .map((p) => ({ applicationId: p.applicationId, lender: p.lender, ids: [...p.ids].sort() }));
}

/**
 * The phase's verdict over this run's applications only (the outbox or the sandbox may hold older
 * ones when DATA_DIR or DATABASE_URL are the user's).
 * @param {{
 *   submitted: number, applicationIds: readonly string[], rejected: number, unconfirmed: number,
 *   outbox: readonly OutboxRow[], sandbox: readonly SandboxDelivery[], waitingLenders: readonly string[],
 *   unrecordedAnswers?: number,
 * }} input unrecordedAnswers: lenders' answers the kill of leads lost (received by the lender, not
 *   yet recorded in the outbox when leads was stopped)
 */
function deliveryVerdict({
  submitted,
  applicationIds,
  rejected,
  unconfirmed,
  outbox,
  sandbox,
  waitingLenders,
  unrecordedAnswers = 0,
}) {
  const ours = new Set(applicationIds);
  const rows = outbox.filter((r) => ours.has(r.applicationId));
  const received = sandbox.filter((d) => ours.has(d.applicationId));
  /** @type {Record<string, number>} */
  const byState = Object.fromEntries(DELIVERY_STATES.map((s) => [s, 0]));
  for (const row of rows) byState[row.state] = (byState[row.state] ?? 0) + 1;
  const receivedIds = new Set(received.map((d) => d.deliveryId));
  return {
    submitted,
    applications: ours.size,
    rejected,
    unconfirmed,
    deliveries: rows.length,
    byState,
    queuedLeft: queuedLeft(rows, waitingLenders),
    unrecordedAnswers,
    waitingLenders: [...waitingLenders],
    // Outbox rows per (application, lender): more than one would be a second delivery of ours.
    outboxDuplicates: duplicatePairs(rows),
    // The lender's side: distinct delivery ids per (application, lender) it received.
    sandbox: {
      deliveries: received.length,
      attempts: received.reduce((sum, d) => sum + d.attempts, 0),
      repeats: received.reduce((sum, d) => sum + d.repeats, 0),
      // The lenders that never answer get every retry as a repeat; the others only a retry after
      // an answer that was lost (a kill between the lender's answer and its record in the outbox).
      repeatsToWaiting: received
        .filter((d) => waitingLenders.includes(d.lender))
        .reduce((sum, d) => sum + d.repeats, 0),
      duplicates: duplicatePairs(received.map((d) => ({ ...d, id: d.deliveryId }))),
    },
    // Answered as decided or received by a lender that has no record of it: an answer that was
    // never given (the sandbox records every answer before it sends it).
    unrecorded: rows.filter(
      (r) => ['accepted', 'rejected', 'sent'].includes(r.state) && !receivedIds.has(r.id),
    ).length,
  };
}

/** @typedef {ReturnType<typeof deliveryVerdict>} DeliveryVerdict */

/**
 * @param {DeliveryVerdict} v
 * @param {Array<{ what: string, readyAfterSeconds: number | undefined }>} kills
 * @returns {string[]}
 */
function formatDeliveryReport(v, kills) {
  const states = DELIVERY_STATES.map((s) => `${s} ${v.byState[s] ?? 0}`).join(', ');
  return [
    `deliveries: ${v.submitted} applications submitted with the delivery consent, ${v.applications} confirmed, ` +
      `${v.rejected} rejected, ${v.unconfirmed} never confirmed`,
    `  outbox: ${v.deliveries} deliveries: ${states}`,
    `  sandbox: ${v.sandbox.deliveries} deliveries received in ${v.sandbox.attempts} requests, ` +
      `${v.sandbox.repeats} repeats (retries recognised by their idempotency key; ` +
      `${v.sandbox.repeatsToWaiting} of them to ${v.waitingLenders.join(', ') || 'no lender'}, which never answers), ` +
      `${v.sandbox.duplicates.length} duplicates (expected 0)`,
    `  answers lost with the kill of leads: ${v.unrecordedAnswers} (sent again under the same delivery id: ` +
      `${v.sandbox.repeats - v.sandbox.repeatsToWaiting} repeats to lenders that answer)`,
    `  delivered twice to a lender: ${v.sandbox.duplicates.length + v.outboxDuplicates.length}   ` +
      `queued left (not ${v.waitingLenders.join(', ') || 'a timeout lender'}): ${v.queuedLeft}   ` +
      `answered without the lender's record: ${v.unrecorded}   (expected 0, 0 and 0)`,
    ...v.sandbox.duplicates.map(
      (d) => `    duplicate: application ${d.applicationId} to ${d.lender}: ${d.ids.join(', ')}`,
    ),
    ...v.outboxDuplicates.map(
      (d) =>
        `    duplicate in the outbox: application ${d.applicationId} to ${d.lender}: ${d.ids.join(', ')}`,
    ),
    ...kills.map(
      (k) =>
        `  ${k.what}: ${k.readyAfterSeconds === undefined ? 'NOT ready again' : `ready again after ${k.readyAfterSeconds.toFixed(1)} s`}`,
    ),
  ];
}

/**
 * Whether the delivery phase passed: every application confirmed, none delivered twice, nothing of
 * a lender that answers left queued, no answer without the lender's record.
 * @param {DeliveryVerdict} v
 */
function deliveriesPassed(v) {
  return (
    v.applications === v.submitted &&
    v.rejected === 0 &&
    v.unconfirmed === 0 &&
    v.sandbox.duplicates.length === 0 &&
    v.outboxDuplicates.length === 0 &&
    v.queuedLeft === 0 &&
    v.unrecorded === 0
  );
}

module.exports = {
  CONSENT_TYPES,
  DELIVERY_STATES,
  applicationRequest,
  submitFailure,
  timeoutLenders,
  queuedLeft,
  duplicatePairs,
  deliveryVerdict,
  formatDeliveryReport,
  deliveriesPassed,
};
