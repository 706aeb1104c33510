import { backOff } from 'exponential-backoff';
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
 * GET with retries and exponential backoff (exponential-backoff) on what a retry can fix; any
 * other answer (2xx, 4xx) is returned as status and text for the caller to judge. Throws
 * TransientHttpError once the retries are spent.
 */
export async function getWithRetry(url: string, accept: string, policy: RetryPolicy, logger: Logger): Promise<{ status: number; text: string }> {
  return backOff(
    async () => {
      let response: Response;
      try {
        response = await fetch(url, { headers: { accept }, signal: AbortSignal.timeout(policy.timeoutMs) });
      } catch (error) {
        throw new TransientHttpError(`unreachable: ${(error as Error).message}`);
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw new TransientHttpError(`body cut off: ${(error as Error).message}`);
      }
      if (response.status >= 500 || response.status === 429) throw new TransientHttpError(`answered ${response.status}`);
      return { status: response.status, text };
    },
    {
      numOfAttempts: policy.retries + 1,
      startingDelay: policy.firstDelayMs,
      timeMultiple: 2,
      maxDelay: 30_000,
      jitter: 'full',
      retry: (error: unknown, attempt: number) => {
        const again = error instanceof TransientHttpError;
        if (again) logger.warn({ url, attempt, err: error }, 'HTTP request failed, retrying');
        return again;
      },
    },
  );
}
