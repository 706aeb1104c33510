import { type BudgetRule, type RateBudgets, type RateLimiter } from '@lib/cache';

/** The lenders' callback budget: Redis keys `gateway:rate:partner-status:<ip or /64>`. */
const PARTNER_STATUS_BUDGET = 'partner-status';

/**
 * POST /api/partner/lead-status requests per client address (a lender's servers: a few addresses,
 * one callback per delivery and answer, retried by the lender on 429/503) per minute. While Redis is
 * down it counts in process: a lender's answer is neither refused for our outage nor unlimited.
 */
export const PARTNER_STATUS_RATE: BudgetRule = { limit: 600, windowMs: 60_000, whenRedisDown: 'local' };

export function partnerStatusLimiter(budgets: RateBudgets): RateLimiter {
  return budgets.budget(PARTNER_STATUS_BUDGET, PARTNER_STATUS_RATE);
}
