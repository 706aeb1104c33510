import { type ReadThroughOptions } from '@lib/cache';
import { type FeedKey } from '../domain/feed-countries';

/**
 * Every cache key of the offers service starts with this, so a feed ingestion can clear them all at
 * once. The cache puts the service's namespace in front (Redis `offers:cache:feed-hash:pl`).
 */
export const OFFERS_CACHE_PREFIX = 'cache:';

/** The version of a feed's last good copy: content hash, provenance, fetch day (the catalogue's in-process list is keyed by it). */
export const feedHashKey = (feedKey: FeedKey) => `${OFFERS_CACHE_PREFIX}feed-hash:${feedKey}`;

/**
 * A feed changes only when it is ingested (hourly at most), and every page with offers asks: the
 * hash of its last good copy is read from PostgreSQL at most once a minute per replica set
 * (ingestion clears it at once), and kept an hour stale so offers keep showing while the database
 * is briefly away. The offers themselves are normalised once per replica, hash and day and kept in
 * process: a loaded, non-empty list is not loaded again.
 */
export const FEED_HASH_CACHE: ReadThroughOptions = { ttlMs: 60_000, staleMs: 3_600_000 };
