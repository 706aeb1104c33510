import { type DeliveryLender } from '@lib/partner-delivery';
import { ADULT_AGE, type ApplicantAges } from '@lib/pl-validation';

/** What the offers feed states about one offer's borrowers (0: the feed does not say). */
export interface OfferAges {
  lenderSlug: string;
  isActive: boolean;
  ageMin: number;
  ageMax: number;
}

/** A lender the form passes applications to, with the ages its offers take (max 0: none stated). */
export interface FormLender {
  slug: string;
  name: string;
  ageMin: number;
  ageMax: number;
}

/** The identity documents the form can take; a lender's delivery carries no other. */
export type IdentityDocument = 'id_card';

/**
 * What the application form accepts, derived from the lenders it passes applications to: the ages
 * their offers take and the identity document they ask for.
 */
export interface FormLimits {
  lenders: FormLender[];
  /**
   * Whether the form asks the PESEL, and so checks the age: some of those lenders needs the PESEL or
   * the age. Without it the form refuses nobody by age.
   */
  ageChecked: boolean;
  /** The ages the form accepts when it checks them: every age one of the lenders takes. */
  ages: ApplicantAges;
  /** The documents the form may ask for: the Polish ID card when a lender needs one. */
  documents: IdentityDocument[];
}

/**
 * The form's limits. Its lenders are those of the delivery file that are switched on and have an
 * active offer in the feed (the others are never matched, so no application reaches them). Its ages
 * span every age one of them takes: the youngest minimum (never below 18, the age of full legal
 * capacity) to the oldest maximum, and no maximum when a lender's offer states none (the feed then
 * limits nothing). An applicant inside the span is matched by age at submit, so an application goes
 * only to lenders that take that age. A lender's several offers count together. Without lenders the
 * form checks no age and asks no document: it only matches offers.
 */
export function formLimits(
  deliveryLenders: readonly DeliveryLender[],
  offers: readonly OfferAges[],
): FormLimits {
  const active = offers.filter((offer) => offer.isActive);
  const lenders: FormLender[] = [];
  for (const lender of deliveryLenders) {
    if (!lender.enabled) continue;
    const own = active.filter((offer) => offer.lenderSlug === lender.slug);
    if (own.length === 0) continue;
    const ageMin = Math.max(ADULT_AGE, Math.min(...own.map((offer) => offer.ageMin || ADULT_AGE)));
    const ageMax = own.some((offer) => offer.ageMax <= 0) ? 0 : Math.max(...own.map((offer) => offer.ageMax));
    lenders.push({ slug: lender.slug, name: lender.name, ageMin, ageMax });
  }
  const needs = (field: string) =>
    deliveryLenders.some(
      (lender) =>
        lender.enabled &&
        lenders.some((l) => l.slug === lender.slug) &&
        lender.requiredFields.some((f) => f === field),
    );
  const ages: ApplicantAges =
    lenders.length === 0
      ? { min: ADULT_AGE, max: null }
      : {
          min: Math.min(...lenders.map((l) => l.ageMin)),
          max: lenders.some((l) => l.ageMax === 0) ? null : Math.max(...lenders.map((l) => l.ageMax)),
        };
  return {
    lenders,
    ageChecked: needs('pesel') || needs('age'),
    ages,
    documents: needs('idCard') ? ['id_card'] : [],
  };
}
