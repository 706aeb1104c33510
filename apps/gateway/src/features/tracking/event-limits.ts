import { type RateBudgets, type RateLimiter } from '@lib/cache';
import { type GatewayConfig } from '../../kit/config/gateway-config';

/**
 * The `events` rate budget: POST /api/event requests per client address (IPv4, or IPv6 /64) over
 * EVENT_RATE_WINDOW_MS. Redis key `gateway:rate:events:<ip>` when REDIS_URL is set.
 */
export function eventLimiter(
  config: Pick<GatewayConfig, 'EVENT_RATE_LIMIT' | 'EVENT_RATE_WINDOW_MS'>,
  budgets: RateBudgets,
): RateLimiter {
  return budgets.budget('events', {
    limit: config.EVENT_RATE_LIMIT,
    windowMs: config.EVENT_RATE_WINDOW_MS,
    whenRedisDown: 'local',
  });
}
