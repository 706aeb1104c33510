import { closeRedisClient, createRedisClient } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { type GatewayConfig } from '../../server/config';
import { MemoryRateLimiter, type RateLimit, type RateLimiter, RedisRateLimiter } from '../../server/rate-limit/rate-limiter';

/** Keys of the comment limit in Redis: `gateway:rate:comments:<ip or /64>`. */
export const COMMENT_RATE_PREFIX = 'gateway:rate:';

export function commentRateLimit(config: Pick<GatewayConfig, 'COMMENT_RATE_LIMIT' | 'COMMENT_RATE_WINDOW_MS'>): RateLimit {
  return { limit: config.COMMENT_RATE_LIMIT, windowMs: config.COMMENT_RATE_WINDOW_MS };
}

/**
 * The comment limiter of a running gateway: in Redis when REDIS_URL is set (shared by every
 * replica), in process otherwise. The Redis client is the project's one (createRedisClient: no
 * offline queue, short timeouts), so a post never waits on a dead Redis; the limiter then counts
 * in process.
 */
export function createCommentRateLimiter(config: GatewayConfig, logger: Logger): { limiter: RateLimiter; close(): Promise<void> } {
  const rule = commentRateLimit(config);
  if (!config.REDIS_URL) return { limiter: new MemoryRateLimiter(rule), close: () => Promise.resolve() };
  const redis = createRedisClient(config.REDIS_URL);
  return {
    limiter: new RedisRateLimiter(redis, rule, logger, COMMENT_RATE_PREFIX),
    close: () => closeRedisClient(redis),
  };
}
