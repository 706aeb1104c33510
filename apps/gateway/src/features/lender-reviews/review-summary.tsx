import { useRenderContext } from '../../app/render-context';
import { formatInteger, formatRating, plural } from '../../shared/format';
import { type LenderCard } from './lender-reviews-data';

/** Our readers' ratings (the comments under the review): '★ 4,6/5 · 128 opinii czytelników', or 'Brak opinii czytelników'. */
export function ReviewSummary({ lender }: { lender: Pick<LenderCard, 'reviewsCount' | 'ratingAverage'> }) {
  const { locale } = useRenderContext();
  if (lender.ratingAverage === null) return <span className="review-summary">Brak opinii czytelników</span>;
  const count = `${formatInteger(locale, lender.reviewsCount)} ${plural(lender.reviewsCount, 'opinia', 'opinie', 'opinii')}`;
  return (
    <span className="review-summary">
      <span aria-hidden="true">★ </span>
      {`${formatRating(locale, lender.ratingAverage)}/5 · ${count} czytelników`}
    </span>
  );
}
