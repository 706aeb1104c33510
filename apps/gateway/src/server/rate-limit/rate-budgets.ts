import { closeRedisClient, createRedisClient } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { MemoryRateLimiter, type RateLimit, type RateLimiter, RedisRateLimiter } from './rate-limiter';

/** Redis keys of every named budget: `gateway:rate:<budget>:<ip or /64>`. */
export const RATE_BUDGET_PREFIX = 'gateway:rate:';

/** The loan application journey's posts per client address (features/application, APPLICATION_RATE_LIMIT). */
export const APPLICATION_BUDGET = 'application';

/**
 * Named rate budgets (views, visits, later the forms): each its own rule and its own counters,
 * so one kind of traffic never spends another's allowance. One Redis client serves them all when
 * REDIS_URL is set (shared by every replica); in process otherwise.
 */
export interface RateBudgets {
  /** The limiter of one budget; `hit(key)` counts under `<budget>:<key>`. */
  budget(name: string, rule: RateLimit): RateLimiter;
  close(): Promise<void>;
}

export function createRateBudgets(redisUrl: string | undefined, logger: Logger): RateBudgets {
  const redis = redisUrl ? createRedisClient(redisUrl) : undefined;
  return {
    budget: (name, rule) =>
      redis
        ? new RedisRateLimiter(redis, rule, logger, `${RATE_BUDGET_PREFIX}${name}:`, `${name} rate limit`)
        : new MemoryRateLimiter(rule),
    close: () => (redis ? closeRedisClient(redis) : Promise.resolve()),
  };
}
