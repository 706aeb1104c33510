/**
 * Every cached answer of this service starts with this; an import or a moderation decision clears it.
 * The cache puts the service's namespace in front (Redis `content:cache:page:/o-nas/`), so a key
 * here never names the service itself.
 */
export const CONTENT_CACHE_PREFIX = 'cache:';

/**
 * Cached answers change only through an import (which clears them) or views and comment counts,
 * for which a minute is fresh enough; the stale hour keeps pages up while PostgreSQL is away.
 */
export const CONTENT_CACHE_POLICY = { ttlMs: 60_000, staleMs: 3_600_000 };

export const cacheKey = (...parts: (string | number)[]) => `${CONTENT_CACHE_PREFIX}${parts.join(':')}`;
