import { backoffDelay, type BackoffPolicy } from '@lib/config';
import { type Logger } from '@lib/observability';
import { OutboundStoppedError } from './outbound-requests';

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
 * TransientHttpError once the retries are spent, and OutboundStoppedError as soon as `stop` is
 * aborted (the service is stopping), whether a request or a pause is under way.
 */
export async function getWithRetry(
  url: string,
  accept: string,
  policy: RetryPolicy,
  logger: Logger,
  stop?: AbortSignal,
): Promise<{ status: number; text: string }> {
  const backoff: BackoffPolicy = { initialMs: policy.firstDelayMs, maxMs: 30_000, jitter: 'full' };
  for (let attempt = 1; ; attempt += 1) {
    if (stop?.aborted) throw new OutboundStoppedError();
    try {
      return await getOnce(url, accept, policy.timeoutMs, stop);
    } catch (error) {
      if (!(error instanceof TransientHttpError) || attempt > policy.retries) throw error;
      if (stop?.aborted) throw new OutboundStoppedError();
      logger.warn({ url, attempt, err: error }, 'HTTP request failed, retrying');
      await pause(backoffDelay(attempt, backoff), stop);
    }
  }
}

/** Waits `ms`, or less when `stop` is aborted meanwhile. */
function pause(ms: number, stop: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    stop?.addEventListener('abort', done, { once: true });
  });
}

async function getOnce(
  url: string,
  accept: string,
  timeoutMs: number,
  stop: AbortSignal | undefined,
): Promise<{ status: number; text: string }> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = stop ? AbortSignal.any([stop, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept }, signal });
  } catch (error) {
    if (stop?.aborted) throw new OutboundStoppedError();
    throw new TransientHttpError(`unreachable: ${(error as Error).message}`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (stop?.aborted) throw new OutboundStoppedError();
    throw new TransientHttpError(`body cut off: ${(error as Error).message}`);
  }
  if (response.status >= 500 || response.status === 429)
    throw new TransientHttpError(`answered ${response.status}`);
  return { status: response.status, text };
}
