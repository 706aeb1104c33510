import { type offersV1 } from '@lib/contracts';
import { type OfferCard } from '../view-types';

export function toOfferCard(offer: offersV1.Offer): OfferCard {
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
  };
}
