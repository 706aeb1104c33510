import { type BudgetRule, type RateBudgets, type SubmissionBudget } from '@lib/cache';
import { type GatewayConfig } from '../../kit/config/gateway-config';

/** The journey's budget: Redis keys `gateway:rate:form-application:<ip or /64>`. */
const APPLICATION_BUDGET = 'form-application';

/**
 * The journey's saved steps per client address (IPv6: per /64), default 30 per 10 minutes: an
 * application is three steps, and a person going back to correct a step or applying for a
 * second amount stays far below it, as does a household sharing one address; a script does not.
 * A step sent again unchanged shares its place, and a repeat of a submitted application gives its
 * place back. While Redis is down it counts in process: an applicant is never refused for an
 * outage, and the limit still holds per replica. The leads service limits submissions per e-mail
 * and phone on top of it.
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

export function applicationBudget(config: GatewayConfig, budgets: RateBudgets): SubmissionBudget {
  return budgets.submissions(APPLICATION_BUDGET, applicationRateLimit(config));
}
