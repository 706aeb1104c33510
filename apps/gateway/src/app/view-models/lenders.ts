import { type contentV1 } from '@lib/contracts';
import { type LenderReviewView } from '../pages/lender-review/lender-review-data';
import { type LenderCard } from '../pages/lender-reviews/lender-reviews-data';
import { average } from './blog';

export function toLenderCard(lender: contentV1.LenderReviewSummary): LenderCard {
  return {
    slug: lender.slug,
    path: lender.path || `/opinie-o-pozyczkach/${lender.slug}/`,
    name: lender.name,
    logoUrl: lender.logoUrl,
    reviewsCount: lender.reviewsCount,
    ratingAverage: average(lender.reviewsCount, lender.ratingsSum),
  };
}

export function toLenderReviewView(review: contentV1.LenderReview, slug: string): LenderReviewView {
  const card = review.summary ? toLenderCard(review.summary) : toLenderCard({ slug, path: '', name: review.title, logoUrl: '', reviewsCount: 0, ratingsSum: 0 });
  return {
    ...card,
    title: review.title || card.name,
    subtitle: review.subtitle,
    description: review.description,
    faq: review.faq.map((item) => ({ question: item.question, answerHtml: item.answerHtml })),
    info: review.info.map((item) => ({ label: item.label, value: item.value })),
    infoCheckedAt: review.infoCheckedAt,
    bodyHtml: review.bodyHtml,
  };
}
