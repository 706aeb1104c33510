import { type GatewayConfig } from '../../server/config';
import { type RateBudgets } from '../../server/rate-limit/rate-budgets';
import { type RateLimit, type RateLimiter } from '../../server/rate-limit/rate-limiter';
import { APPLICATION_BUDGET } from '../../server/rate-limit/rate-budgets';

export function applicationRateLimit(
  config: Pick<GatewayConfig, 'APPLICATION_RATE_LIMIT' | 'APPLICATION_RATE_WINDOW_MS'>,
): RateLimit {
  return { limit: config.APPLICATION_RATE_LIMIT, windowMs: config.APPLICATION_RATE_WINDOW_MS };
}

/**
 * The journey's posts per client address (IPv6: per /64): the `application` budget of the gateway's
 * rate budgets (Redis when REDIS_URL is set, shared by every replica; in process otherwise). The
 * leads service limits submissions per e-mail and phone on top of it.
 */
export function applicationLimiter(config: GatewayConfig, budgets: RateBudgets): RateLimiter {
  return budgets.budget(APPLICATION_BUDGET, applicationRateLimit(config));
}
