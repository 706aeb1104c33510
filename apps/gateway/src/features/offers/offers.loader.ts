import { loadOfferBlock } from '../../app/loaders/offer-block.loader';
import { DEFAULT_OFFER_REQUEST } from '../../app/loaders/offer-request';
import { type LoadContext } from '../../app/route-types';
import { lenderReviewPath } from '../../app/site-paths/lender-reviews';
import { lenderNames, toArticleCard, toOfferCard } from '../../app/view-models';
import { type OfferFilters } from './offer-filters';
import {
  DEBT_ADVICE_LIMIT,
  DEBT_ADVICE_TAG,
  type LandingKind,
  type LandingPageData,
  REFUSAL_LANDINGS,
  type LenderOfferData,
  OFFERS_PAGE_LIMIT,
  type OffersLayout,
  type OffersPageData,
} from './offers-data';

export interface OffersParams {
  layout: OffersLayout;
  filters: OfferFilters;
}

/**
 * A list page: MatchOffers for the filters, every offer able to lend the amount (essential: without
 * it the page has nothing to say).
 */
export async function loadOffersPage(ctx: LoadContext<OffersParams>): Promise<OffersPageData> {
  const { filters, layout } = ctx.params;
  const offers = await loadOfferBlock(
    ctx,
    { amountZl: filters.amountZl, periodDays: filters.periodDays, age: 0 },
    OFFERS_PAGE_LIMIT,
  );
  return { layout, path: ctx.path, filters, offers };
}

/**
 * Landings that show offers carry the default request's ranking as a section of their own. The
 * refusal landings never do: after a lender said no, the page suggests waiting and reading about
 * debt before another application, not the next offer.
 */
const LANDINGS_WITH_OFFERS: ReadonlySet<LandingKind> = new Set(['offers', 'trafficback']);
/** Offers on a landing page. */
export const LANDING_OFFER_LIMIT = 10;

export async function loadLanding(ctx: LoadContext<{ kind: LandingKind }>): Promise<LandingPageData> {
  const { kind } = ctx.params;
  if (REFUSAL_LANDINGS.has(kind)) {
    // The newest articles about debt; without the content service the page still links the tag's listing.
    const advice = await ctx.section(async () => {
      const list = await ctx.services.content.listArticles({
        page: { page: 1, pageSize: DEBT_ADVICE_LIMIT },
        tagSlug: DEBT_ADVICE_TAG,
        authorId: 0,
        authorSlug: '',
      });
      return list.articles.map(toArticleCard);
    });
    return { kind, offers: null, advice };
  }
  if (!LANDINGS_WITH_OFFERS.has(kind)) return { kind, offers: null, advice: null };
  return {
    kind,
    offers: await loadOfferBlock(ctx, DEFAULT_OFFER_REQUEST, LANDING_OFFER_LIMIT),
    advice: null,
  };
}

/** /lenders/{id}/: GetLender (NOT_FOUND → the 404 page), its active offers as cards. */
export async function loadLenderOffer(ctx: LoadContext<{ lenderId: number }>): Promise<LenderOfferData> {
  const lender = await ctx.services.offers.getLender({ lenderId: ctx.params.lenderId, slug: '' });
  const active = lender.offers.filter((offer) => offer.isActive && offer.country === ctx.locale.country);
  const reviewSlug = lender.offers.find((offer) => offer.reviewSlug !== '')?.reviewSlug ?? '';
  return {
    lenderId: String(lender.lenderId),
    name: lender.name,
    names: lenderNames(lender.name, lender.nameForms),
    website: lender.website,
    reviewPath: lenderReviewPath(reviewSlug),
    offers: active.map((offer, index) => toOfferCard(offer, index + 1)),
  };
}
