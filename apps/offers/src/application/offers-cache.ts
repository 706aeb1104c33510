import { type ReadThroughOptions } from '@lib/cache';
import { type FeedCountry } from '../domain/feed-countries';

/** Every cache key of the offers service starts with this, so a feed ingestion can clear them all at once. */
export const OFFERS_CACHE_PREFIX = 'offers:';

export const offerListKey = (country: FeedCountry, limit: number, offset: number) =>
  `${OFFERS_CACHE_PREFIX}list:${country}:${limit}:${offset}`;

/**
 * A country's list changes only when its feed is ingested (a few times a day), and every SEO page
 * and the home page ask for it: a minute of freshness keeps PostgreSQL out of the page path, and an
 * hour of stale serving keeps the offers block up while the database is briefly away.
 */
export const OFFER_LIST_CACHE: ReadThroughOptions = { ttlMs: 60_000, staleMs: 3_600_000 };
