import { type GatewayConfig } from '../../server/config';
import { type RateBudgets } from '../../server/rate-limit/rate-budgets';
import { type RateLimiter } from '../../server/rate-limit/rate-limiter';

/**
 * The `events` rate budget: POST /api/event requests per client address (IPv4, or IPv6 /64) over
 * EVENT_RATE_WINDOW_MS. Redis key `gateway:rate:events:<ip>` when REDIS_URL is set.
 */
export function eventLimiter(
  config: Pick<GatewayConfig, 'EVENT_RATE_LIMIT' | 'EVENT_RATE_WINDOW_MS'>,
  budgets: RateBudgets,
): RateLimiter {
  return budgets.budget('events', { limit: config.EVENT_RATE_LIMIT, windowMs: config.EVENT_RATE_WINDOW_MS });
}
