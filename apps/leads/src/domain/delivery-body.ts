import { type DeliverableField, LEAD_DELIVERY_VERSION, type LeadDelivery } from '@lib/partner-delivery';
import { ageOn, parsePesel } from '@lib/pl-validation';

/** What a delivery body is made of: the application's plain columns and its opened personal fields. */
export interface DeliverySource {
  deliveryId: string;
  applicationId: string;
  lenderSlug: string;
  amountGrosze: number;
  periodDays: number;
  purpose: string;
  incomeSource: string | null;
  personal: Readonly<Record<string, string>>;
  creditBureauConsent: boolean;
}

/** The applicant's value of one deliverable field, or undefined when the application lacks it. */
export function applicantValue(
  field: DeliverableField,
  source: Pick<DeliverySource, 'personal' | 'incomeSource'>,
  today: string,
): string | number | undefined {
  if (field === 'incomeSource') return source.incomeSource ?? undefined;
  if (field === 'age') {
    const pesel = source.personal['pesel'] ? parsePesel(source.personal['pesel']) : undefined;
    return pesel ? ageOn(pesel.birthDate, today) : undefined;
  }
  return source.personal[field] || undefined;
}

/**
 * The versioned body for one lender: exactly the fields it requires (`fields`, fixed when the
 * delivery was queued), nothing else of the applicant. `today` is the Warsaw date the age is
 * counted on; `now` the send time.
 */
export function deliveryBody(
  source: DeliverySource,
  fields: readonly DeliverableField[],
  today: string,
  now: Date,
): LeadDelivery {
  const applicant: LeadDelivery['applicant'] = {};
  for (const field of fields) {
    const value = applicantValue(field, source, today);
    if (value !== undefined) (applicant as Record<string, string | number>)[field] = value;
  }
  return {
    version: LEAD_DELIVERY_VERSION,
    deliveryId: source.deliveryId,
    applicationId: source.applicationId,
    lender: source.lenderSlug,
    sentAt: now.toISOString(),
    loan: { amountGrosze: source.amountGrosze, periodDays: source.periodDays, purpose: source.purpose },
    applicant,
    consents: { creditBureau: source.creditBureauConsent },
  };
}
