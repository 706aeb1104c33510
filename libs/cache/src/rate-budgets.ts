import { type Logger } from '@lib/observability';
import {
  MemoryRateLimiter,
  type RateLimit,
  type RateLimiter,
  type RedisDownPolicy,
  RedisRateLimiter,
} from './rate-limiter';
import { closeRedisClient, createRedisClient } from './redis-client';
import { MemorySubmissionBudget, RedisSubmissionBudget, type SubmissionBudget } from './submission-budget';

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
  /**
   * The budget of one form's stored submissions (the same one for the same name; its first rule
   * holds): `take(client, submissionKey)` holds a place under `<budget>:<client>` (a hash of the
   * window's submissions). A name is either a hit budget or a submission budget, never both.
   */
  submissions(name: string, rule: BudgetRule): SubmissionBudget;
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
  // One limiter per name: every user of a name shares its counters, in process as in Redis.
  const limiters = new Map<string, RateLimiter>();
  const submissionBudgets = new Map<string, SubmissionBudget>();
  // A name counts one way only: hits or submissions, never both under the same keys.
  const named = <T>(
    own: Map<string, T>,
    other: { map: Map<string, unknown>; counts: string },
    name: string,
    make: () => T,
  ): T => {
    if (other.map.has(name)) throw new Error(`rate budget ${name} already counts ${other.counts}`);
    let found = own.get(name);
    if (!found) {
      found = make();
      own.set(name, found);
    }
    return found;
  };
  const keyPrefix = (name: string) => `${rateBudgetPrefix(namespace)}${name}:`;
  return {
    budget: (name, rule) =>
      named(limiters, { map: submissionBudgets, counts: 'submissions' }, name, () =>
        redis
          ? new RedisRateLimiter(
              redis,
              rule,
              logger,
              keyPrefix(name),
              `${name} rate limit`,
              rule.whenRedisDown,
            )
          : new MemoryRateLimiter(rule),
      ),
    submissions: (name, rule) =>
      named(submissionBudgets, { map: limiters, counts: 'hits' }, name, () =>
        redis
          ? new RedisSubmissionBudget(
              redis,
              rule,
              logger,
              keyPrefix(name),
              `${name} rate limit`,
              rule.whenRedisDown,
            )
          : new MemorySubmissionBudget(rule),
      ),
    close: () => (redis ? closeRedisClient(redis) : Promise.resolve()),
  };
}
