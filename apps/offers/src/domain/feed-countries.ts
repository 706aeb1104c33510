/**
 * The feed countries and keys live in `@lib/offers-domain` (the gateway needs the same rules);
 * re-exported here so the service speaks of them in one way.
 */
export { FEED_COUNTRIES, FEED_KEYS, type FeedCountry, type FeedKey } from '@lib/offers-domain';
