import { type contentV1 } from '@lib/contracts';
import { average } from '../../app/view-models';
import { LENDER_REVIEWS_PATH, type LenderCard, type LenderReviewView } from './lender-reviews-data';

export function toLenderCard(lender: contentV1.LenderReviewSummary): LenderCard {
  return {
    slug: lender.slug,
    path: lender.path || `${LENDER_REVIEWS_PATH}${lender.slug}/`,
    name: lender.name,
    logoUrl: lender.logoUrl,
    reviewsCount: lender.reviewsCount,
    ratingAverage: average(lender.reviewsCount, lender.ratingsSum),
  };
}

export function toLenderReviewView(review: contentV1.LenderReview, slug: string): LenderReviewView {
  const card = review.summary
    ? toLenderCard(review.summary)
    : toLenderCard({ slug, path: '', name: review.title, logoUrl: '', reviewsCount: 0, ratingsSum: 0 });
  return {
    ...card,
    title: review.title || card.name,
    subtitle: review.subtitle,
    description: review.description,
    faq: review.faq.map((item) => ({ question: item.question, answerHtml: item.answerHtml })),
    bodyHtml: review.bodyHtml,
  };
}
