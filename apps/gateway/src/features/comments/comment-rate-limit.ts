import { type BudgetRule, type RateBudgets, type SubmissionBudget } from '@lib/cache';
import { type GatewayConfig } from '../../kit/config/gateway-config';

/** The name of the comment budget: Redis keys `gateway:rate:form-comments:<ip or /64>`. */
export const COMMENT_BUDGET = 'form-comments';

/**
 * Stored comments per client address (default 5 per 10 minutes: a reader comments once and may
 * answer a reply or two; a script posting under every article is held back). Repeats of one
 * comment share its place and a repeat of one stored before gives its place back, so only new
 * comments count. While Redis is down it counts in process, so an outage neither blocks comments
 * nor lifts the limit (it holds per replica).
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

/** The comment budget of a running gateway: its own, so comments never spend another form's allowance. */
export function commentBudget(config: GatewayConfig, budgets: RateBudgets): SubmissionBudget {
  return budgets.submissions(COMMENT_BUDGET, commentRateLimit(config));
}
