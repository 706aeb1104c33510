import { type LedgerEntry } from './ledger';

/*
 * The sandbox's inspection answers (GET /deliveries, GET /deliveries/summary): what tests of the
 * sending side count, so a lost or a doubled delivery shows as a number.
 */

export interface DeliveryView {
  deliveryId: string;
  applicationId: string;
  lender: string;
  receivedAt: string;
  /** The applicant's fields that came with the first request, in DELIVERABLE_FIELDS order. */
  fields: string[];
  /** What the lender answered at once ('timeout': it never answered). */
  decision: 'accepted' | 'rejected' | 'pending' | 'timeout';
  reason: string | null;
  /** Requests with this delivery id; repeats = attempts - 1. */
  attempts: number;
  repeats: number;
  /** The later decision's callback: none (the lender decided at once), pending, or sent (it got a final answer). */
  callback: 'none' | 'pending' | 'sent';
  callbackDecision: 'accepted' | 'rejected' | null;
  callbackReason: string | null;
  /** The HTTP status that ended the callback's retries (2xx, or a 4xx other than 408 and 429). */
  callbackStatus: number | null;
}

export interface LenderCounts {
  /** Distinct delivery ids. */
  deliveries: number;
  repeats: number;
  accepted: number;
  rejected: number;
  pending: number;
  timeout: number;
}

/** The delivery ids one application got at one lender: more than one is a duplicate application. */
export interface ApplicationAtLender {
  applicationId: string;
  lender: string;
  deliveries: number;
  deliveryIds: string[];
}

export interface DeliverySummary {
  deliveries: number;
  repeats: number;
  /** Every lender the sandbox plays, with zeros for those that got nothing. */
  lenders: Record<string, LenderCounts>;
  applications: ApplicationAtLender[];
  /** The pairs of `applications` with more than one delivery id. */
  duplicates: ApplicationAtLender[];
}

export function deliveryView(entry: Readonly<LedgerEntry>): DeliveryView {
  return {
    deliveryId: entry.deliveryId,
    applicationId: entry.applicationId,
    lender: entry.lender,
    receivedAt: entry.receivedAt,
    fields: [...entry.fields],
    decision: entry.decision,
    reason: entry.reason,
    attempts: entry.attempts,
    repeats: entry.attempts - 1,
    callback: entry.later === null ? 'none' : entry.callbackStatus === null ? 'pending' : 'sent',
    callbackDecision: entry.later?.decision ?? null,
    callbackReason: entry.later?.reason ?? null,
    callbackStatus: entry.callbackStatus,
  };
}

/** The deliveries in the order they first came, of one application when its id is given. */
export function deliveriesOf(
  entries: readonly Readonly<LedgerEntry>[],
  applicationId?: string,
): DeliveryView[] {
  return entries
    .filter((e) => applicationId === undefined || e.applicationId === applicationId)
    .map(deliveryView);
}

const zeroCounts = (): LenderCounts => ({
  deliveries: 0,
  repeats: 0,
  accepted: 0,
  rejected: 0,
  pending: 0,
  timeout: 0,
});

export function summarise(
  entries: readonly Readonly<LedgerEntry>[],
  lenderSlugs: readonly string[],
): DeliverySummary {
  const lenders: Record<string, LenderCounts> = {};
  for (const slug of lenderSlugs) lenders[slug] = zeroCounts();
  const pairs = new Map<string, ApplicationAtLender>();
  let repeats = 0;
  for (const entry of entries) {
    const counts = (lenders[entry.lender] ??= zeroCounts());
    counts.deliveries += 1;
    counts.repeats += entry.attempts - 1;
    counts[entry.decision] += 1;
    repeats += entry.attempts - 1;
    const key = `${entry.applicationId} ${entry.lender}`;
    const pair = pairs.get(key) ?? {
      applicationId: entry.applicationId,
      lender: entry.lender,
      deliveries: 0,
      deliveryIds: [],
    };
    pair.deliveries += 1;
    pair.deliveryIds.push(entry.deliveryId);
    pairs.set(key, pair);
  }
  const applications = [...pairs.values()];
  return {
    deliveries: entries.length,
    repeats,
    lenders,
    applications,
    duplicates: applications.filter((a) => a.deliveries > 1),
  };
}
