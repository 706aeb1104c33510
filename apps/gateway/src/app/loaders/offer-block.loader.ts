import { type offersV1 } from '@lib/contracts';
import { groszeFromZloty } from '@lib/finance';
import { type LoadContext } from '../route-types';
import { oncePerAnswer } from './per-answer';
import { toMatchedCards } from '../view-models';
import { type OfferBlock, type OtherPeriodGroup } from '../view-types';
import {
  DEFAULT_OFFER_REQUEST,
  NO_OFFER_FILTERS,
  type OfferRequest,
  fallbackOf,
  offerBlockHeading,
} from './offer-request';

/** Offers shown in the offers block of SEO and review pages. */
export const OFFER_BLOCK_LIMIT = 6;
/** Paid placements shown under a block, labelled, apart from the ranking. */
export const OFFER_BLOCK_SPONSORED_LIMIT = 2;
/** Comparison sites and intermediaries shown under a block, labelled, apart from the ranking. */
export const OFFER_BLOCK_INTERMEDIARY_LIMIT = 2;

/** Offers for another period as cards, grouped by the period each is priced at (the service's order kept). */
function otherPeriodGroups(matched: readonly offersV1.MatchedOffer[], first: number): OtherPeriodGroup[] {
  const groups: OtherPeriodGroup[] = [];
  matched.forEach((item, index) => {
    const [card] = toMatchedCards([item], first + index);
    if (!card) return;
    const last = groups.at(-1);
    if (last && last.periodDays === item.pricedPeriodDays) last.offers.push(card);
    else groups.push({ periodDays: item.pricedPeriodDays, offers: [card] });
  });
  return groups;
}

/** MatchOffers for a page's request: the ranked offers (at most `limit`), those of other periods and paid placements. */
export function matchRequest(
  ctx: Pick<LoadContext<unknown>, 'services' | 'locale' | 'path'>,
  request: OfferRequest,
  limit: number,
): Promise<offersV1.MatchOffersResponse> {
  return ctx.services.offers.matchOffers({
    amountGrosze: groszeFromZloty(request.amountZl),
    periodDays: request.periodDays,
    purpose: 0,
    applicationId: '',
    country: ctx.locale.country,
    limit,
    age: request.age,
    pagePath: ctx.path,
    ...(request.filters ?? NO_OFFER_FILTERS),
  });
}

/**
 * A MatchOffers answer as the offers block: the ranked offers with the cost of the request on each
 * card; apart, those able to lend the amount only for another period, the paid placements and the
 * comparison sites and intermediaries that fit. `limit` bounds the ranked offers and, apart, those of other periods.
 */
function offerBlockOf(
  response: offersV1.MatchOffersResponse,
  request: OfferRequest,
  locale: LoadContext<unknown>['locale'],
  limit = OFFER_BLOCK_LIMIT,
): OfferBlock {
  const items = toMatchedCards(response.offers.slice(0, limit));
  return {
    items,
    total: response.total,
    sponsored: toMatchedCards(response.sponsored.slice(0, OFFER_BLOCK_SPONSORED_LIMIT)),
    intermediaries: toMatchedCards(response.intermediaries.slice(0, OFFER_BLOCK_INTERMEDIARY_LIMIT)),
    label: offerBlockHeading(request, locale),
    request: { amountZl: request.amountZl, periodDays: request.periodDays },
    otherPeriod: otherPeriodGroups(response.otherPeriod.slice(0, limit), items.length + 1),
    otherPeriodTotal: response.otherPeriodTotal,
    unsupported: response.unsupportedFilters,
    fallback: fallbackOf(request, locale),
  };
}

/**
 * A MatchOffers answer as the offers block (offerBlockOf), made once per answer, request, locale
 * and limit.
 */
export const toOfferBlock = oncePerAnswer(
  offerBlockOf,
  (request, locale, limit = OFFER_BLOCK_LIMIT) => `${locale.code}|${limit}|${JSON.stringify(request)}`,
);

/** The country's offers for a request, ranked by MatchOffers (the published method), as the offers block. */
export async function loadOfferBlock(
  ctx: LoadContext<unknown>,
  request: OfferRequest = DEFAULT_OFFER_REQUEST,
  limit = OFFER_BLOCK_LIMIT,
): Promise<OfferBlock> {
  return toOfferBlock(await matchRequest(ctx, request, limit), request, ctx.locale, limit);
}
