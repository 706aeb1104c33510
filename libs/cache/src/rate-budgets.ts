import { type Logger } from '@lib/observability';
import {
  MemoryRateLimiter,
  type RateLimit,
  type RateLimiter,
  type RedisDownPolicy,
  RedisRateLimiter,
} from './rate-limiter';
import { closeRedisClient, createRedisClient } from './redis-client';

/** One budget: how many hits per window, and what it does while Redis does not answer. */
export interface BudgetRule extends RateLimit {
  whenRedisDown: RedisDownPolicy;
}

/**
 * A process's named rate budgets: each its own rule and its own counters, so one kind of traffic
 * never spends another's allowance. One Redis client serves them all when a Redis URL is given
 * (counters shared by every replica, keys `<namespace>:rate:<budget>:<key>`); in process otherwise.
 */
export interface RateBudgets {
  /** The limiter of one budget (the same one for the same name; its first rule holds); `hit(key)` counts under `<budget>:<key>`. */
  budget(name: string, rule: BudgetRule): RateLimiter;
  close(): Promise<void>;
}

/** The Redis key prefix of a process's budgets: `<namespace>:rate:`. */
export const rateBudgetPrefix = (namespace: string): string => `${namespace}:rate:`;

export function createRateBudgets(
  redisUrl: string | undefined,
  namespace: string,
  logger: Logger,
): RateBudgets {
  const redis = redisUrl ? createRedisClient(redisUrl) : undefined;
  // One limiter per name: forms that share a budget share its counters in process as in Redis.
  const limiters = new Map<string, RateLimiter>();
  return {
    budget: (name, rule) => {
      let limiter = limiters.get(name);
      if (!limiter) {
        limiter = redis
          ? new RedisRateLimiter(
              redis,
              rule,
              logger,
              `${rateBudgetPrefix(namespace)}${name}:`,
              `${name} rate limit`,
              rule.whenRedisDown,
            )
          : new MemoryRateLimiter(rule);
        limiters.set(name, limiter);
      }
      return limiter;
    },
    close: () => (redis ? closeRedisClient(redis) : Promise.resolve()),
  };
}
