/**
 * The history ranges of the currency and bank pages (the spec's 48 hours, 1 week, 1 month,
 * 6 months, 12 months and 5 years), as the address names them: `?zakres=6-miesiecy`. A bounded
 * set, so the range may join the page-data cache key.
 */
export const HISTORY_RANGE_KEYS = [
  '48-godzin',
  '1-tydzien',
  '1-miesiac',
  '6-miesiecy',
  '12-miesiecy',
  '5-lat',
] as const;

export type HistoryRangeKey = (typeof HISTORY_RANGE_KEYS)[number];

export const RANGE_LABELS: Record<HistoryRangeKey, string> = {
  '48-godzin': '48 godzin',
  '1-tydzien': '1 tydzień',
  '1-miesiac': '1 miesiąc',
  '6-miesiecy': '6 miesięcy',
  '12-miesiecy': '12 miesięcy',
  '5-lat': '5 lat',
};

/** The query parameter that picks the range. */
export const RANGE_QUERY = 'zakres';

/** The range a page shows when the address names none. */
export const DEFAULT_RANGE: HistoryRangeKey = '1-miesiac';

/** The range an address asks for; anything unknown shows the default (the page itself exists). */
export function rangeFromQuery(query: URLSearchParams): HistoryRangeKey {
  const value = query.get(RANGE_QUERY);
  return (HISTORY_RANGE_KEYS as readonly string[]).includes(value ?? '')
    ? (value as HistoryRangeKey)
    : DEFAULT_RANGE;
}

/** Address of a page showing a range (the default range lives at the page's own address). */
export function rangeHref(pagePath: string, range: HistoryRangeKey, anchor = ''): string {
  return `${pagePath}${range === DEFAULT_RANGE ? '' : `?${RANGE_QUERY}=${range}`}${anchor ? `#${anchor}` : ''}`;
}
