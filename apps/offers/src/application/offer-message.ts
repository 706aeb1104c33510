import { type offersV1 } from '@lib/contracts';
import { type LoanCost, type NormalisedOffer, loanCost, rrsoBasisPoints } from '@lib/offers-domain';
import { passesApplicationsOn } from '../domain/lender-facts';
import { lenderKindOf, lenderNameFormsOf } from '../persistence/lender-facts-file';

export const toLoanCostMessage = (cost: LoanCost): offersV1.LoanCost => ({ ...cost });

/** The representative example of an offer (its example amount and term at its regular terms). */
export function representativeExample(o: NormalisedOffer): LoanCost {
  return loanCost(o.terms, o.example.amountGrosze, o.example.periodDays);
}

const messages = new WeakMap<NormalisedOffer, offersV1.Offer>();

/**
 * A normalised offer as the contract's Offer, with its representative example. Made once per
 * normalised offer (the catalogue keeps those for the day), since the example's RRSO is iterative.
 * A brand that lends nothing itself (a comparison site or intermediary) is answered without terms,
 * example or RRSO: its feed terms are not a loan's, the lender it passes the application to sets them.
 */
export function toOfferMessage(o: NormalisedOffer): offersV1.Offer {
  const known = messages.get(o);
  if (known) return known;
  const lenderKind = lenderKindOf(o.reviewSlug);
  const ownTerms = !passesApplicationsOn(lenderKind);
  const example = ownTerms ? representativeExample(o) : null;
  const message: offersV1.Offer = {
    offerId: o.offerId,
    header: o.header,
    lenderLink: o.lenderLink,
    isActive: o.isActive,
    stars: o.stars,
    field2Value: o.field2Value,
    field4Value: o.field4Value,
    tags: o.tags,
    asnefValue: o.asnefValue,
    productType: o.productType,
    lenderId: o.lenderId,
    lenderSlug: o.lenderSlug,
    amountMinGrosze: o.amountMinGrosze,
    amountMaxGrosze: o.amountMaxGrosze,
    periodMinDays: o.periodMinDays,
    periodMaxDays: o.periodMaxDays,
    aprBasisPoints: example ? rrsoBasisPoints(example.rrsoPercent) : 0,
    firstLoanFree: o.terms.firstLoanFree,
    // Feeds are keyed lower-case; the contract speaks ISO upper-case.
    country: o.country.toUpperCase(),
    logoUrl: o.logoUrl,
    position: o.position,
    sponsored: o.sponsored,
    ageMin: o.ageMin,
    ageMax: o.ageMax,
    interestRateBp: ownTerms ? o.terms.interestRateBp : 0,
    commissionBp: ownTerms ? o.terms.commissionBp : 0,
    feeGrosze: ownTerms ? o.terms.feeGrosze : 0,
    repayment: o.terms.repayment,
    representativeExample: example ? toLoanCostMessage(example) : null,
    reviewSlug: o.reviewSlug,
    firstLoanFreeMaxGrosze: o.terms.firstLoanFreeMaxGrosze,
    feedKey: o.feedKey,
    lenderKind,
    ratingCount: o.ratingCount,
    ratingSource: o.ratingSource,
    starsDrawn: o.starsDrawn,
    sample: o.sample,
    asOf: o.asOf,
    field2ValueFilled: o.field2ValueFilled,
    field4ValueFilled: o.field4ValueFilled,
    filledTagIndexes: o.filledTagIndexes,
    lenderNameForms: lenderNameFormsOf(o.reviewSlug),
  };
  messages.set(o, message);
  return message;
}
