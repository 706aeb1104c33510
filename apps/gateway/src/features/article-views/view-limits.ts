import { type GatewayConfig } from '../../server/config';
import { type RateBudgets } from '../../server/rate-limit/rate-budgets';
import { type ViewLimits } from './article-views.api';

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
    views: budgets.budget('views', { limit: config.VIEW_RATE_LIMIT, windowMs: config.VIEW_RATE_WINDOW_MS }),
    visits: budgets.budget('visits', {
      limit: config.VISIT_RATE_LIMIT,
      windowMs: config.VIEW_RATE_WINDOW_MS,
    }),
  };
}
