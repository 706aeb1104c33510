import { type contentV1 } from '@lib/contracts';
import { lenderInfoItems } from '../domain/lender-info';
import { type LenderRow, type LenderSummaryRow } from '../persistence/lenders.repository';

export function toLenderSummary(row: LenderSummaryRow): contentV1.LenderReviewSummary {
  return {
    slug: row.slug,
    path: row.path,
    name: row.name,
    logoUrl: row.logoUrl,
    reviewsCount: row.reviewsCount,
    ratingsSum: row.ratingsSum,
  };
}

export function toLenderReview(row: LenderRow): contentV1.LenderReview {
  return {
    summary: toLenderSummary(row),
    title: row.title,
    subtitle: row.subtitle,
    faq: row.faq.map((item) => ({ question: item.question, answerHtml: item.answerHtml })),
    info: lenderInfoItems(row.info),
    bodyHtml: row.bodyHtml,
    // Offers belong to the offers service; the gateway matches them to lenders itself.
    offerId: 0,
    description: row.description,
    infoCheckedAt: row.info.checked,
  };
}
