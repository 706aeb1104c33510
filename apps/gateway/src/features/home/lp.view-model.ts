import { type contentV1 } from '@lib/contracts';
import { formatRating } from '../../shared/format';
import { type Locale } from '../../shared/locale';
import { QUOTE_LENGTH, type RecentRatingsView } from './lp-data';

/** A comment cut at the last word boundary before `max` characters, with '…' when cut. */
export function quote(text: string, max = QUOTE_LENGTH): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  const cut = trimmed.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–-]+$/u, '')}…`;
}

/**
 * The latest published ratings of lenders as the campaign page quotes them, each linked to where it
 * is published; null when none is published (the page then shows no block at all).
 */
export function toRecentRatingsView(
  response: contentV1.ListRecentLenderRatingsResponse,
  locale: Pick<Locale, 'code'>,
): RecentRatingsView | null {
  if (response.totalCount === 0 || response.ratings.length === 0) return null;
  return {
    total: response.totalCount,
    ratings: response.ratings.map((rating) => ({
      id: String(rating.commentId),
      lender: rating.lenderName,
      link: `${rating.pagePath}#komentarz-${rating.commentId}`,
      author: rating.name,
      text: quote(rating.text),
      rating: rating.rating,
      writtenAt: rating.createdAt,
      lenderRatings: rating.lenderRatingsCount,
      lenderAverage:
        rating.lenderRatingsCount > 0
          ? formatRating(locale, rating.lenderRatingsSum / rating.lenderRatingsCount)
          : '',
    })),
  };
}
