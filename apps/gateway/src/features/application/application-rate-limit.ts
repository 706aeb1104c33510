import { type BudgetRule, type RateBudgets, type RateLimiter } from '@lib/cache';
import { type GatewayConfig } from '../../kit/config/gateway-config';

/** The journey's budget: Redis keys `gateway:rate:application:<ip or /64>`. */
const APPLICATION_BUDGET = 'application';

/**
 * The journey's posts per client address (IPv6: per /64). While Redis is down it counts in
 * process: an applicant is never refused for an outage, and the limit still holds per replica.
 * The leads service limits submissions per e-mail and phone on top of it.
 */
export function applicationRateLimit(
  config: Pick<GatewayConfig, 'APPLICATION_RATE_LIMIT' | 'APPLICATION_RATE_WINDOW_MS'>,
): BudgetRule {
  return {
    limit: config.APPLICATION_RATE_LIMIT,
    windowMs: config.APPLICATION_RATE_WINDOW_MS,
    whenRedisDown: 'local',
  };
}

export function applicationLimiter(config: GatewayConfig, budgets: RateBudgets): RateLimiter {
  return budgets.budget(APPLICATION_BUDGET, applicationRateLimit(config));
}
