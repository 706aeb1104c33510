import { type NormalisedOffer } from '@lib/offers-domain';

/** What a sandbox lender lends, from its offer in the feed; 0 is a bound the feed does not state. */
export interface LenderLimits {
  offerId: number;
  amountMinGrosze: number;
  amountMaxGrosze: number;
  ageMin: number;
  ageMax: number;
}

/**
 * The limits of the lender's offer in the normalised feed (its first, so an active offer wins over
 * an inactive one), or undefined when the feed has no offer of that lender.
 */
export function limitsOf(lenderId: number, offers: readonly NormalisedOffer[]): LenderLimits | undefined {
  const offer = offers.find((o) => o.lenderId === lenderId);
  if (!offer) return undefined;
  return {
    offerId: offer.offerId,
    amountMinGrosze: offer.amountMinGrosze,
    amountMaxGrosze: offer.amountMaxGrosze,
    ageMin: offer.ageMin,
    ageMax: offer.ageMax,
  };
}
