import { type offersV1 } from '@lib/contracts';
import { lenderReviewPath } from '../site-paths/lender-reviews';
import { lenderNames } from './lender-names';
import { type CostExample, type OfferCard } from '../view-types';

/** Short labels of brands that do not lend (the offers service's lender kind), for cards and lists. */
export const NOT_A_LENDER_LABELS: Readonly<Record<string, string>> = {
  porownywarka: 'Porównywarka, nie pożyczkodawca',
  posrednik: 'Pośrednik, nie pożyczkodawca',
};

/** A rating is shown only with its count and source from the feed, never when drawn. */
const ratingShown = (offer: offersV1.Offer) =>
  offer.stars !== '' && !offer.starsDrawn && offer.ratingCount > 0 && offer.ratingSource !== '';

/**
 * The badges a card may show: those the feed wrote itself. A badge whose number the offers service
 * filled in (`{time}` drawn, `{val}` from the list position) states nothing the lender said.
 */
export const statedTags = (offer: Pick<offersV1.Offer, 'tags' | 'filledTagIndexes'>): string[] => {
  const filled = new Set(offer.filledTagIndexes);
  return offer.tags.filter((_, index) => !filled.has(index));
};

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
 * visitor's own amount and term (MatchOffers), else the offer's representative example. A brand that
 * does not lend gets no cost figure of its own, whatever the service sent: it is set by the lender
 * the brand passes the application to.
 */
export function toOfferCard(
  offer: offersV1.Offer,
  position = offer.position,
  cost?: offersV1.LoanCost | null,
): OfferCard {
  const notALenderLabel = NOT_A_LENDER_LABELS[offer.lenderKind] ?? '';
  const ownCost = notALenderLabel === '';
  return {
    id: String(offer.offerId),
    name: offer.header,
    names: lenderNames(offer.header, offer.lenderNameForms),
    link: offer.lenderLink,
    stars: ratingShown(offer) ? offer.stars : '',
    ratingCount: ratingShown(offer) ? offer.ratingCount : 0,
    ratingSource: ratingShown(offer) ? offer.ratingSource : '',
    notALenderLabel,
    amountMinGrosze: offer.amountMinGrosze,
    amountMaxGrosze: offer.amountMaxGrosze,
    periodMinDays: offer.periodMinDays,
    periodMaxDays: offer.periodMaxDays,
    ageMin: offer.ageMin,
    ageMax: offer.ageMax,
    aprBasisPoints: ownCost ? offer.aprBasisPoints : 0,
    firstLoanFree: offer.firstLoanFree,
    firstLoanFreeMaxGrosze: offer.firstLoanFree ? offer.firstLoanFreeMaxGrosze : 0,
    tags: statedTags(offer),
    reviewPath: lenderReviewPath(offer.reviewSlug),
    sponsored: offer.sponsored,
    position,
    sample: offer.sample,
    asOf: offer.asOf,
    example: ownCost ? (toCostExample(cost) ?? toCostExample(offer.representativeExample)) : null,
  };
}

/**
 * Offers of MatchOffers as cards, numbered from `first`, with the cost of the amount over the
 * period priced; an offer whose cost is unknown gets no example at all (not its representative one,
 * which is for another amount).
 */
export function toMatchedCards(matched: readonly offersV1.MatchedOffer[], first = 1): OfferCard[] {
  return matched.flatMap((item, index) => {
    if (!item.offer) return [];
    const card = toOfferCard(item.offer, first + index, item.cost);
    return [
      item.costUnknown && card.notALenderLabel === '' ? { ...card, example: null, costUnknown: true } : card,
    ];
  });
}
