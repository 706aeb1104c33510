import { type RateBudgets, type RateLimiter } from '@lib/cache';
import { type GatewayConfig } from '../../kit/config/gateway-config';

export interface ViewLimits {
  views: RateLimiter;
  visits: RateLimiter;
}

/**
 * The view beacon's budgets per client address (IPv4, or IPv6 /64): `views` (every report past
 * the origin and body checks) and `visits` (new visit cookies), both over VIEW_RATE_WINDOW_MS.
 * Redis keys `gateway:rate:views:<ip>` and `gateway:rate:visits:<ip>` when REDIS_URL is set.
 */
export function viewLimits(
  config: Pick<GatewayConfig, 'VIEW_RATE_LIMIT' | 'VISIT_RATE_LIMIT' | 'VIEW_RATE_WINDOW_MS'>,
  budgets: RateBudgets,
): ViewLimits {
  return {
    views: budgets.budget('views', {
      limit: config.VIEW_RATE_LIMIT,
      windowMs: config.VIEW_RATE_WINDOW_MS,
      whenRedisDown: 'local',
    }),
    visits: budgets.budget('visits', {
      limit: config.VISIT_RATE_LIMIT,
      windowMs: config.VIEW_RATE_WINDOW_MS,
      whenRedisDown: 'local',
    }),
  };
}
