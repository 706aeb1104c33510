/**
 * Step 3 asks only what the application needs (server only): the leads service's PreviewDelivery
 * of the draft names the lenders that would receive it and the applicant fields they require; the
 * form asks the identity fields (PESEL, ID card, bank account) among them, the delivery consent
 * names those lenders, and the post is validated against the very same set. When the preview
 * cannot be read, every identity field is asked (the safe side) and the delivery consent is not
 * offered: without a list of lenders there is nothing to consent to, so the application is matched
 * only, and the page says exactly that.
 */
import { type leadsV1 } from '@lib/contracts';
import {
  ADULT_APPLICANTS,
  type ApplicantAges,
  CONSENTS,
  type ConsentKey,
  IDENTITY_FIELDS,
  type IdentityField,
} from '@lib/pl-validation';
import { type DeliveryPreviewView } from './application-data';

/** The preview when PreviewDelivery failed: everything asked, no lender named. */
export const UNKNOWN_DELIVERY: DeliveryPreviewView = {
  known: false,
  lenders: [],
  asked: [...IDENTITY_FIELDS],
  ages: ADULT_APPLICANTS,
};

/** The ages the form accepts by the leads service's limits; any adult when they are not known. */
export function applicantAgesOf(limits: leadsV1.ApplicationLimits | null | undefined): ApplicantAges {
  if (!limits?.known || limits.ageMin <= 0) return ADULT_APPLICANTS;
  return { min: limits.ageMin, max: limits.ageMax > 0 ? limits.ageMax : null };
}

const isIdentityField = (field: string): field is IdentityField =>
  (IDENTITY_FIELDS as readonly string[]).includes(field);

/** PreviewDelivery's answer as step 3 shows it; null (the call failed) → UNKNOWN_DELIVERY. */
export function deliveryPreviewView(preview: leadsV1.DeliveryPreview | null): DeliveryPreviewView {
  if (!preview) return UNKNOWN_DELIVERY;
  const required = new Set(preview.requiredFields.filter(isIdentityField));
  const seen = new Set<string>();
  const lenders: string[] = [];
  for (const lender of preview.lenders) {
    const name = lender.lenderName.trim() || lender.lenderSlug;
    if (name !== '' && !seen.has(name)) {
      seen.add(name);
      lenders.push(name);
    }
  }
  return {
    known: true,
    lenders,
    asked: IDENTITY_FIELDS.filter((field) => required.has(field)),
    ages: applicantAgesOf(preview.limits),
  };
}

/** The identity fields asked, as personalDetailsSchema takes them. */
export const askedFields = (view: DeliveryPreviewView): ReadonlySet<IdentityField> => new Set(view.asked);

/** Whether the delivery consent is on the form: only with a known, non-empty list of lenders to name. */
export const offersDeliveryConsent = (view: DeliveryPreviewView): boolean =>
  view.known && view.lenders.length > 0;

type ConsentAnswers = Record<ConsentKey, { given: boolean; textVersion: string }>;

const DELIVERY_VERSION = CONSENTS.find((consent) => consent.key === 'delivery')!.version;

/**
 * The consents as answered on the form drawn for `view`: a delivery consent the form did not offer
 * is "not given" whatever the post says (no lender was named, so none can have been agreed to). The
 * leads service takes every consent with its text version, so it goes with the current one.
 */
export function consentsAsOffered(answers: ConsentAnswers, view: DeliveryPreviewView): ConsentAnswers {
  if (offersDeliveryConsent(view)) return answers;
  return { ...answers, delivery: { given: false, textVersion: DELIVERY_VERSION } };
}
