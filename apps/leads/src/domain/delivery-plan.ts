import { type DeliverableField, type DeliveryLender } from '@lib/partner-delivery';
import { type IdentityField } from '@lib/pl-validation';

/** A lender an application is queued for, and the fields it will get. */
export interface PlannedDelivery {
  lender: DeliveryLender;
  fields: DeliverableField[];
}

/** Why a matched lender gets no delivery (logged for operators; the applicant sees only who gets it). */
export interface SkippedLender {
  slug: string;
  why: 'not-taking-applications' | 'disabled' | 'missing-fields';
  missing?: DeliverableField[];
}

/**
 * The lenders a submitted application goes to: each matched lender (by slug, once) that is in
 * the delivery file and enabled, and whose required fields the applicant gave. Nothing is planned
 * without the delivery consent. The order is the match order (best offer first).
 */
export function planDeliveries(
  matchedLenderSlugs: readonly string[],
  lenders: readonly DeliveryLender[],
  given: ReadonlySet<DeliverableField>,
  deliveryConsent: boolean,
): { planned: PlannedDelivery[]; skipped: SkippedLender[] } {
  const planned: PlannedDelivery[] = [];
  const skipped: SkippedLender[] = [];
  if (!deliveryConsent) return { planned, skipped };
  const bySlug = new Map(lenders.map((l) => [l.slug, l]));
  for (const slug of new Set(matchedLenderSlugs)) {
    const lender = bySlug.get(slug);
    if (!lender) skipped.push({ slug, why: 'not-taking-applications' });
    else if (!lender.enabled) skipped.push({ slug, why: 'disabled' });
    else {
      const missing = lender.requiredFields.filter((f) => !given.has(f));
      if (missing.length > 0) skipped.push({ slug, why: 'missing-fields', missing });
      else planned.push({ lender, fields: [...lender.requiredFields] });
    }
  }
  return { planned, skipped };
}

/** The fields the matched lenders that take applications would need, for the journey to ask only those. */
export function fieldsNeededBy(
  matchedLenderSlugs: readonly string[],
  lenders: readonly DeliveryLender[],
): Set<DeliverableField> {
  const wanted = new Set(matchedLenderSlugs);
  return new Set(lenders.filter((l) => l.enabled && wanted.has(l.slug)).flatMap((l) => l.requiredFields));
}

/** The identity fields the last step asks, for the fields the lenders need (their age comes from the PESEL). */
export function identityFieldsFor(needed: ReadonlySet<DeliverableField>): Set<IdentityField> {
  const asked = new Set<IdentityField>();
  if (needed.has('pesel') || needed.has('age')) asked.add('pesel');
  if (needed.has('idCard')) asked.add('idCard');
  if (needed.has('bankAccount')) asked.add('bankAccount');
  return asked;
}
