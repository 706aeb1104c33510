import { groszeFromZloty } from '@lib/finance';
import { type LoadContext } from '../route-types';
import { toMatchedCards } from '../view-models';
import { type OfferBlock } from '../view-types';
import { DEFAULT_OFFER_REQUEST, type OfferRequest } from './offer-request';

/** Offers shown in the offers block of SEO and review pages. */
export const OFFER_BLOCK_LIMIT = 6;
/** Paid placements shown under a block, labelled, apart from the ranking. */
export const OFFER_BLOCK_SPONSORED_LIMIT = 2;

/**
 * The country's offers ranked by MatchOffers for a request (the published method), with the cost
 * of that request on each card, and the paid placements that fit it kept apart.
 */
export async function loadOfferBlock(
  ctx: LoadContext<unknown>,
  request: OfferRequest = DEFAULT_OFFER_REQUEST,
  limit = OFFER_BLOCK_LIMIT,
): Promise<OfferBlock> {
  const response = await ctx.services.offers.matchOffers({
    amountGrosze: groszeFromZloty(request.amountZl),
    periodDays: request.periodDays,
    purpose: 0,
    applicationId: '',
    country: ctx.locale.country,
    limit,
    age: request.age,
    pagePath: ctx.path,
  });
  return {
    items: toMatchedCards(response.offers.slice(0, limit)),
    total: response.total,
    sponsored: toMatchedCards(response.sponsored.slice(0, OFFER_BLOCK_SPONSORED_LIMIT)),
    label: request.label,
  };
}
