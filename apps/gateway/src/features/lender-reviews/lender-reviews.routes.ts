import { defineRoute } from '../../app/route-types';
import { HOME_CRUMB, contentHead, pageHead } from '../../app/routes/head';
import { noParams, slugParam } from '../../app/routes/params';
import { commentsQuery } from '../comments';
import { LENDER_REVIEWS_PATH } from './lender-reviews-data';
import { type LenderReviewParams, loadLenderReview, loadLenderReviews } from './lender-reviews.loader';

export const lenderReviewsRoute = defineRoute({
  name: 'lender-reviews',
  page: 'lender-reviews',
  pattern: LENDER_REVIEWS_PATH,
  layout: 'default',
  params: noParams,
  load: loadLenderReviews,
  head: (data, ctx) => contentHead(ctx, data.page),
});

export const lenderReviewRoute = defineRoute({
  name: 'lender-review',
  page: 'lender-review',
  pattern: `${LENDER_REVIEWS_PATH}:slug/`,
  layout: 'default',
  params(raw, query): LenderReviewParams | null {
    const slug = slugParam(raw, 'slug');
    return slug === null ? null : { slug, comments: commentsQuery(query) };
  },
  load: loadLenderReview,
  head: (data, ctx) =>
    pageHead(ctx, {
      title: data.review.title,
      description: data.review.description || data.review.subtitle,
      breadcrumbs: [
        HOME_CRUMB,
        { text: 'Opinie o pożyczkach', link: LENDER_REVIEWS_PATH },
        { text: data.review.name, link: '' },
      ],
      faq: data.review.faq,
    }),
});
