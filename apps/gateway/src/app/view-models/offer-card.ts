import { type offersV1 } from '@lib/contracts';
import { lenderReviewPath } from '../site-paths/lender-reviews';
import { type CostExample, type OfferCard } from '../view-types';

/** The offers service's cost of a loan as the cards show it; null when it sent none. */
export function toCostExample(cost: offersV1.LoanCost | null | undefined): CostExample | null {
  if (!cost || cost.amountGrosze <= 0 || cost.periodDays <= 0) return null;
  return {
    amountGrosze: cost.amountGrosze,
    periodDays: cost.periodDays,
    interestRateBp: cost.interestRateBp,
    totalCostGrosze: cost.totalCostGrosze,
    totalPayableGrosze: cost.totalPayableGrosze,
    rrsoPercent: cost.rrsoPercent,
    payments: cost.payments,
    firstLoanFreeApplies: cost.firstLoanFreeApplies,
  };
}

/**
 * An offer as a card. `position` is its 1-based place in the list shown; `cost` the cost of the
 * visitor's own amount and term (MatchOffers), else the offer's representative example.
 */
export function toOfferCard(
  offer: offersV1.Offer,
  position = offer.position,
  cost?: offersV1.LoanCost | null,
): OfferCard {
  return {
    id: String(offer.offerId),
    name: offer.header,
    link: offer.lenderLink,
    stars: offer.stars,
    amountMinGrosze: offer.amountMinGrosze,
    amountMaxGrosze: offer.amountMaxGrosze,
    periodMinDays: offer.periodMinDays,
    periodMaxDays: offer.periodMaxDays,
    aprBasisPoints: offer.aprBasisPoints,
    firstLoanFree: offer.firstLoanFree,
    tags: offer.tags,
    reviewPath: lenderReviewPath(offer.reviewSlug),
    sponsored: offer.sponsored,
    position,
    example: toCostExample(cost) ?? toCostExample(offer.representativeExample),
  };
}

/** Ranked offers of MatchOffers as cards, numbered from `first`. */
export function toMatchedCards(matched: readonly offersV1.MatchedOffer[], first = 1): OfferCard[] {
  return matched.flatMap((item, index) =>
    item.offer ? [toOfferCard(item.offer, first + index, item.cost)] : [],
  );
}
