/**
 * Feed countries of the marketing setup (spec point 1); the key is lower-case as in `{country}_feed.json`.
 * Listing, feed ingestion and matching all speak of a country by this key.
 */
export const FEED_COUNTRIES = ['es', 'mx', 'vn', 'pl', 'ph', 'my', 'za', 'kz', 'ua'] as const;

export type FeedCountry = (typeof FEED_COUNTRIES)[number];
