import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError } from '@lib/contracts';
import { loadOfferBlock } from '../../app/loaders/offer-block.loader';
import { type LoadContext } from '../../app/route-types';
import { type Crumb } from '../../app/seo/structured-data';
import { toContentView, toOfferCard } from '../../app/view-models';
import { type CommentsQuery } from '../comments';
import { loadComments } from '../comments/comments.loader';
import { LENDER_REVIEWS_PATH, type LenderReviewData, type LenderReviewsData } from './lender-reviews-data';
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

export interface LenderReviewParams {
  slug: string;
  comments: CommentsQuery;
}

/** One lender: GetLenderReview and its comments, then the offer it names (if any). */
export async function loadLenderReview(ctx: LoadContext<LenderReviewParams>): Promise<LenderReviewData> {
  const [review, comments] = await Promise.all([
    ctx.services.content.getLenderReview({ slug: ctx.params.slug }),
    loadComments(ctx, `${LENDER_REVIEWS_PATH}${ctx.params.slug}/`, ctx.params.comments),
  ]);
  const offer =
    review.offerId > 0
      ? await ctx.section(async () => {
          try {
            const found = await ctx.services.offers.getOffer({ offerId: review.offerId, country: ctx.locale.country });
            return found.isActive ? toOfferCard(found) : null;
          } catch (error) {
            // An offer the feed no longer has is a known state, not an outage.
            if (error instanceof GrpcCallError && error.code === GrpcStatus.NOT_FOUND) return null;
            throw error;
          }
        })
      : null;
  return { review: toLenderReviewView(review, ctx.params.slug), offer, comments };
}
