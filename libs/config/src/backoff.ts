/** How long to wait between tries of something that failed: a first wait, doubling up to a cap. */
export interface BackoffPolicy {
  /** Wait after the first failure, ms. */
  initialMs: number;
  /** Longest wait, ms: the doubling stops here. */
  maxMs: number;
  /**
   * 'full': wait a random time between 0 and the doubled, capped wait, so clients that failed
   * together do not all come back at the same moment. Without it the wait is exact.
   */
  jitter?: 'full';
}

/**
 * Past this many doublings every wait is at its cap anyway; stopping here keeps the product finite
 * (2 ** 1100 is Infinity, and 0 × Infinity is NaN) for an attempt count that only ever grows.
 */
const MAX_DOUBLINGS = 52;

/**
 * The wait after `attempt` consecutive failures (1-based; 0 or less counts as 1): `initialMs`
 * doubled `attempt - 1` times, at most `maxMs`, then jittered if the policy says so. `random`
 * (values in [0, 1), as Math.random) is a parameter so tests can pin the jitter.
 */
export function backoffDelay(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  const doublings = Math.min(Math.max(Math.floor(attempt) - 1, 0), MAX_DOUBLINGS);
  const delay = Math.min(policy.initialMs * 2 ** doublings, policy.maxMs);
  return policy.jitter === 'full' ? Math.round(random() * delay) : delay;
}
