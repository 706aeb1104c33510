import { type BudgetRule, type RateBudgets, type RateLimiter } from '@lib/cache';
import { type GatewayConfig } from '../../kit/config/gateway-config';

/** The name of the comment budget: Redis keys `gateway:rate:comments:<ip or /64>`. */
export const COMMENT_BUDGET = 'comments';

/**
 * Stored comments per client address. While Redis is down it counts in process, so an outage
 * neither blocks comments nor lifts the limit (it holds per replica).
 */
export function commentRateLimit(
  config: Pick<GatewayConfig, 'COMMENT_RATE_LIMIT' | 'COMMENT_RATE_WINDOW_MS'>,
): BudgetRule {
  return {
    limit: config.COMMENT_RATE_LIMIT,
    windowMs: config.COMMENT_RATE_WINDOW_MS,
    whenRedisDown: 'local',
  };
}

/** The comment limiter of a running gateway: its own budget, so comments never spend the views' allowance or the other way round. */
export function commentLimiter(config: GatewayConfig, budgets: RateBudgets): RateLimiter {
  return budgets.budget(COMMENT_BUDGET, commentRateLimit(config));
}
