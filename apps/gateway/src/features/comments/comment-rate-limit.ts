import { type GatewayConfig } from '../../server/config';
import { type RateBudgets } from '../../server/rate-limit/rate-budgets';
import { type RateLimit, type RateLimiter } from '../../server/rate-limit/rate-limiter';

/** The name of the comment budget: Redis keys `gateway:rate:comments:<ip or /64>`. */
export const COMMENT_BUDGET = 'comments';

export function commentRateLimit(config: Pick<GatewayConfig, 'COMMENT_RATE_LIMIT' | 'COMMENT_RATE_WINDOW_MS'>): RateLimit {
  return { limit: config.COMMENT_RATE_LIMIT, windowMs: config.COMMENT_RATE_WINDOW_MS };
}

/**
 * The comment limiter of a running gateway: one named budget of the gateway's rate budgets (in
 * Redis when REDIS_URL is set, shared by every replica; in process otherwise or while Redis fails),
 * so comments never spend the views' allowance or the other way round.
 */
export function commentLimiter(config: GatewayConfig, budgets: RateBudgets): RateLimiter {
  return budgets.budget(COMMENT_BUDGET, commentRateLimit(config));
}
