import { type RetryPolicy } from './messaging';

export const DEFAULT_RETRY: RetryPolicy = { initialMs: 100, maxMs: 5_000 };

/** The wait before attempt `attempt + 1` after `attempt` failures (1-based): doubling, capped. */
export function backoffDelay(attempt: number, policy: RetryPolicy = DEFAULT_RETRY): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  return Math.min(policy.initialMs * 2 ** exponent, policy.maxMs);
}
