import { backoffDelay, type BackoffPolicy } from '@lib/config';
import { type Logger } from '@lib/observability';

export interface RetryPolicy {
  /** Tries after the first. */
  retries: number;
  /** First pause; doubles each time, at most 30 s, with full jitter. */
  firstDelayMs: number;
  /** Time one request may take. */
  timeoutMs: number;
}

/** A 5xx, 429, a timeout or a dropped connection: worth another try after a pause. */
export class TransientHttpError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransientHttpError';
  }
}

/**
 * GET with retries and a doubling, jittered pause between them on what a retry can fix; any
 * other answer (2xx, 4xx) is returned as status and text for the caller to judge. Throws
 * TransientHttpError once the retries are spent.
 */
export async function getWithRetry(
  url: string,
  accept: string,
  policy: RetryPolicy,
  logger: Logger,
): Promise<{ status: number; text: string }> {
  const backoff: BackoffPolicy = { initialMs: policy.firstDelayMs, maxMs: 30_000, jitter: 'full' };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await getOnce(url, accept, policy.timeoutMs);
    } catch (error) {
      if (!(error instanceof TransientHttpError) || attempt > policy.retries) throw error;
      logger.warn({ url, attempt, err: error }, 'HTTP request failed, retrying');
      await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt, backoff)));
    }
  }
}

async function getOnce(
  url: string,
  accept: string,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new TransientHttpError(`unreachable: ${(error as Error).message}`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new TransientHttpError(`body cut off: ${(error as Error).message}`);
  }
  if (response.status >= 500 || response.status === 429)
    throw new TransientHttpError(`answered ${response.status}`);
  return { status: response.status, text };
}
