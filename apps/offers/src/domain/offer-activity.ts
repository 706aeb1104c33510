/** What the activity rule needs to know of a stored offer. */
export interface OfferActivityFacts {
  /** The feed's (or the editor's) own flag. */
  isActive: boolean;
  /** Where a visitor is sent; null until the country's feed brings one. */
  lenderLink: string | null;
}

/** An offer the visitor cannot be sent anywhere for is shown, but never as active. */
export function isShownActive(offer: OfferActivityFacts): boolean {
  return offer.isActive && offer.lenderLink !== null;
}
