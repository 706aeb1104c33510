import { status as GrpcStatus } from '@grpc/grpc-js';
import { type contentV1, GrpcCallError, type offersV1 } from '@lib/contracts';
import { loadOfferBlock } from '../../app/loaders/offer-block.loader';
import { oncePerAnswer } from '../../app/loaders/per-answer';
import { type LoadContext } from '../../app/route-types';
import { type Crumb } from '../../app/seo/structured-data';
import { type Locale } from '../../shared/locale';
import { toContentView, toOfferCard } from '../../app/view-models';
import { type CommentsQuery } from '../comments';
import { commentSliceRequest, commentsSectionOf } from '../comments/comments.loader';
import { LENDER_REVIEWS_PATH, type LenderReviewData, type LenderReviewsData } from './lender-reviews-data';
import { fillFigureTokensDeep } from '../../app/figures/figure-tokens';
import { toLenderFactsView } from '../../app/figures/lender-facts.view-model';
import { fillLenderTokens, lenderTokenValues } from '../../app/figures/lender-tokens';
import { SECTION_UNAVAILABLE, sectionOk } from '../../app/section';
import { toLenderCard, toLenderReviewView } from './lender-reviews.view-model';

/** The listing's trail when the content page brings none: 'Pożyczki online > Opinie o pożyczkach'. */
export const LENDER_REVIEWS_CRUMBS: Crumb[] = [
  { text: 'Pożyczki online', link: '/' },
  { text: 'Opinie o pożyczkach', link: '' },
];

/** The listing: its content page (hero, FAQ), every reviewed lender, and the offers block. */
export async function loadLenderReviews(ctx: LoadContext<unknown>): Promise<LenderReviewsData> {
  const [page, lenders, offers] = await Promise.all([
    ctx.services.content.getPage({ path: LENDER_REVIEWS_PATH }),
    ctx.services.content.listLenderReviews({}),
    ctx.section(() => loadOfferBlock(ctx)),
  ]);
  const view = toContentView(page);
  return {
    page: view.breadcrumbs.length > 0 ? view : { ...view, breadcrumbs: LENDER_REVIEWS_CRUMBS },
    lenders: lenders.lenders.map(toLenderCard),
    offers,
  };
}

/**
 * The facts block and the values of the review's `{{oferta.…}}` tokens, made once per GetLenderFacts
 * answer: the shared answers hand every review request of a lender the same facts object until it
 * is refreshed, so formatting its figures per request would repeat the same work.
 */
const lenderFiguresOf = oncePerAnswer(
  (facts: offersV1.LenderFacts, locale: Locale) => ({
    tokenValues: lenderTokenValues(facts, locale),
    view: toLenderFactsView(facts, locale),
  }),
  (locale) => locale.code,
);

/** The lender's current offer as its card, once per GetLender answer's offer. */
const currentOfferCardOf = oncePerAnswer(
  (offer: offersV1.Offer) => toOfferCard(offer, 1),
  () => '',
);

/**
 * The review as the page shows it, its `{{oferta.…}}` tokens filled: made once per review answer
 * and per set of token values (one per facts answer, lenderFiguresOf), so that an unchanged review
 * of an unchanged lender is not rebuilt and refilled on every request.
 */
const reviewViewOf = oncePerAnswer(
  (review: contentV1.LenderReview, slug: string) =>
    oncePerAnswer(
      (values: Partial<Record<string, string>>) =>
        fillFigureTokensDeep(toLenderReviewView(review, slug), (text) => fillLenderTokens(text, values)),
      () => '',
    ),
  (slug) => slug,
);

export interface LenderReviewParams {
  slug: string;
  comments: CommentsQuery;
}

/**
 * One lender: GetLenderReviewPage (the review and its comments in one call; comments the content
 * service could not list leave their section unavailable), and the lender's current offer from the
 * stored feeds: GetLender by the review's slug (the feeds use the review slugs) and its first active
 * offer in this country. No offer (or no such lender in the feed) is a
 * known state, not an outage: the page then invites to find a loan in about 5 minutes. The facts
 * block comes from GetLenderFacts (editorial facts and the feed's figures, each with its source);
 * the same answer fills the review text's `{{oferta.…}}` figure tokens.
 */
export async function loadLenderReview(ctx: LoadContext<LenderReviewParams>): Promise<LenderReviewData> {
  const { sort, page: commentPage } = commentSliceRequest(ctx.params.comments);
  const [reviewPage, offer, facts] = await Promise.all([
    ctx.services.content.getLenderReviewPage({ slug: ctx.params.slug, commentSort: sort, commentPage }),
    ctx.section(async () => {
      try {
        const lender = await ctx.services.offers.getLender({ lenderId: 0, slug: ctx.params.slug });
        const current = lender.offers.find(
          (candidate) => candidate.isActive && candidate.country === ctx.locale.country,
        );
        return current ? currentOfferCardOf(current) : null;
      } catch (error) {
        if (GrpcCallError.hasCode(error, GrpcStatus.NOT_FOUND)) return null;
        throw error;
      }
    }),
    ctx.section(() =>
      ctx.services.offers.getLenderFacts({ slug: ctx.params.slug, country: ctx.locale.country }),
    ),
  ]);
  const { review } = reviewPage;
  if (!review) throw new Error(`GetLenderReviewPage answered ${ctx.params.slug} without its review`);
  // The review's {{oferta.…}} tokens read as this lender's figures, or as their fallback wording
  // when the offers service did not answer (never a guessed number).
  const figures = facts.status === 'ok' ? lenderFiguresOf(facts.value, ctx.locale) : null;
  const values = figures?.tokenValues ?? lenderTokenValues(null, ctx.locale);
  const view = reviewViewOf(review, ctx.params.slug)(values);
  const pagePath = `${LENDER_REVIEWS_PATH}${ctx.params.slug}/`;
  return {
    review: view,
    offer,
    facts: figures ? sectionOk(figures.view) : SECTION_UNAVAILABLE,
    comments: commentsSectionOf(reviewPage, pagePath, ctx.params.comments),
  };
}
