import { type LoadContext } from '../route-types';
import { toOfferCard } from '../view-models';
import { type OfferBlock } from '../view-types';

/** Offers shown in the offers block of SEO and review pages. */
export const OFFER_BLOCK_LIMIT = 6;

/** The country's offers as they come from the offers service (its order, its selection). */
export async function loadOfferBlock(ctx: LoadContext<unknown>): Promise<OfferBlock> {
  const response = await ctx.services.offers.listOffers({ country: ctx.locale.country, limit: OFFER_BLOCK_LIMIT, offset: 0 });
  return { items: response.offers.slice(0, OFFER_BLOCK_LIMIT).map(toOfferCard), total: response.total };
}
