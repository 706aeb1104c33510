import { closeRedisClient } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { Redis } from 'ioredis';
import { type GatewayConfig } from '../config';
import { MemoryRateLimiter, type RateLimit, type RateLimiter, RedisRateLimiter } from './rate-limiter';

/** Keys of the comment limit in Redis: `gateway:rate:comments:<ip or /64>`. */
export const COMMENT_RATE_PREFIX = 'gateway:rate:';

export function commentRateLimit(config: Pick<GatewayConfig, 'COMMENT_RATE_LIMIT' | 'COMMENT_RATE_WINDOW_MS'>): RateLimit {
  return { limit: config.COMMENT_RATE_LIMIT, windowMs: config.COMMENT_RATE_WINDOW_MS };
}

/**
 * The comment limiter of a running gateway: in Redis when REDIS_URL is set (shared by every
 * replica), in process otherwise. The Redis client fails fast (no offline queue) so a post never
 * waits on a dead Redis; the limiter then counts in process.
 */
export function createCommentRateLimiter(config: GatewayConfig, logger: Logger): { limiter: RateLimiter; close(): Promise<void> } {
  const rule = commentRateLimit(config);
  if (!config.REDIS_URL) return { limiter: new MemoryRateLimiter(rule), close: () => Promise.resolve() };
  const redis = new Redis(config.REDIS_URL, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    disconnectTimeout: 500,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Failures are reported by the limiter, once per outage; this keeps ioredis from printing them.
  redis.on('error', () => undefined);
  return {
    limiter: new RedisRateLimiter(redis, rule, logger, COMMENT_RATE_PREFIX),
    close: async () => {
      await closeRedisClient(redis);
    },
  };
}
