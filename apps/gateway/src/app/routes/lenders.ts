import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError } from '@lib/contracts';
import { type LenderReviewData } from '../pages/lender-review/lender-review-data';
import { type LenderReviewsData } from '../pages/lender-reviews/lender-reviews-data';
import { commentsQuery } from '../comments/comments-query';
import { defineRoute } from '../route-types';
import { type Crumb } from '../seo/structured-data';
import { toContentView, toLenderCard, toLenderReviewView, toOfferCard, withoutBodyHtml } from '../view-models';
import { loadComments } from '../view-models/comments';
import { HOME_CRUMB, contentHead, pageHead } from './head';
import { loadOfferBlock } from './offers-block';
import { noParams, slugParam } from './params';

export const LENDER_REVIEWS_PATH = '/opinie-o-pozyczkach/';

/** The listing's trail when the content page brings none: 'Pożyczki online > Opinie o pożyczkach'. */
export const LENDER_REVIEWS_CRUMBS: Crumb[] = [
  { text: 'Pożyczki online', link: '/' },
  { text: 'Opinie o pożyczkach', link: '' },
];

export const lenderReviewsRoute = defineRoute({
  name: 'lender-reviews',
  page: 'lender-reviews',
  pattern: LENDER_REVIEWS_PATH,
  layout: 'default',
  params: noParams,
  async load(ctx): Promise<LenderReviewsData> {
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
  },
  head: (data, ctx) => contentHead(ctx, data.page),
  hydrationData: (data) => ({ ...data, page: withoutBodyHtml(data.page) }),
});

export const lenderReviewRoute = defineRoute({
  name: 'lender-review',
  page: 'lender-review',
  pattern: `${LENDER_REVIEWS_PATH}:slug/`,
  layout: 'default',
  params(raw, query) {
    const slug = slugParam(raw, 'slug');
    return slug === null ? null : { slug, comments: commentsQuery(query) };
  },
  async load(ctx): Promise<LenderReviewData> {
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
  },
  head: (data, ctx) =>
    pageHead(ctx, {
      title: data.review.title,
      description: data.review.description || data.review.subtitle,
      breadcrumbs: [HOME_CRUMB, { text: 'Opinie o pożyczkach', link: LENDER_REVIEWS_PATH }, { text: data.review.name, link: '' }],
      faq: data.review.faq,
    }),
  hydrationData: (data) => ({ ...data, review: { ...data.review, bodyHtml: data.review.bodyHtml ? null : data.review.bodyHtml } }),
});
