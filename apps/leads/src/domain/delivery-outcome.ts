import { backoffDelay, type BackoffPolicy } from '@lib/config';
import { leadAnswerSchema } from '@lib/partner-delivery';

/*
 * What one delivery attempt teaches us, and where the delivery goes next:
 *
 *   queued ──200 accepted──▶ accepted          queued ──4xx──────────────▶ failed (not retried:
 *   queued ──200 rejected──▶ rejected                                       the lender refused the request)
 *   queued ──202 pending───▶ sent ──callback──▶ accepted | rejected
 *   queued ──5xx / timeout / no answer──▶ queued again after a backoff, failed after MAX_DELIVERY_ATTEMPTS
 *   queued | sent ──consent withdrawn / data erased──▶ withdrawn
 *
 * A lender that answered is never sent the application again; one that did not (timeout, lost
 * answer) gets the same delivery id, which it uses as the idempotency key.
 */
export type DeliveryStateValue = 'queued' | 'sent' | 'accepted' | 'rejected' | 'failed' | 'withdrawn';

/** States after which nothing more is sent. */
export const FINAL_DELIVERY_STATES: readonly DeliveryStateValue[] = [
  'accepted',
  'rejected',
  'failed',
  'withdrawn',
];

/** Tries before a delivery is given up: about a day with the policy below. */
export const MAX_DELIVERY_ATTEMPTS = 12;

export const DELIVERY_BACKOFF: BackoffPolicy = { initialMs: 5_000, maxMs: 4 * 60 * 60_000, jitter: 'full' };

/** What came back from one POST. */
export type AttemptResult =
  | { kind: 'answered'; status: number; body: string }
  | { kind: 'timeout' }
  | { kind: 'network'; message: string };

/**
 * Why a delivery was given up: the lender refused the request (4xx), no attempt got a usable
 * answer, or it was never sent (the application, the lender or the consent was gone by then).
 */
export type FailureCause = 'refused' | 'unanswered' | 'notSent';

export type AttemptVerdict =
  | { state: 'accepted' | 'rejected' | 'sent'; httpStatus: number; reason: string | null; detail: string }
  | {
      state: 'failed';
      httpStatus: number | null;
      reason: string | null;
      detail: string;
      cause: FailureCause;
    }
  | { state: 'queued'; httpStatus: number | null; retryInMs: number; detail: string };

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The verdict on attempt number `attempt` (1-based) of delivery `deliveryId`. A 2xx whose body is
 * not a valid answer for this delivery is treated like a server error: the lender may have
 * stored it, so it is retried under the same id rather than given up.
 */
export function judgeAttempt(
  deliveryId: string,
  attempt: number,
  result: AttemptResult,
  random: () => number = Math.random,
): AttemptVerdict {
  const retry = (httpStatus: number | null, detail: string): AttemptVerdict =>
    attempt >= MAX_DELIVERY_ATTEMPTS
      ? {
          state: 'failed',
          httpStatus,
          reason: null,
          detail: clip(`${detail}; gave up after ${attempt} attempts`, 1000),
          cause: 'unanswered',
        }
      : {
          state: 'queued',
          httpStatus,
          retryInMs: backoffDelay(attempt, DELIVERY_BACKOFF, random),
          detail: clip(detail, 1000),
        };
  if (result.kind === 'timeout') return retry(null, 'no answer within the timeout');
  if (result.kind === 'network') return retry(null, `not reached: ${result.message}`);
  const { status, body } = result;
  const detail = clip(`HTTP ${status}: ${body}`, 1000);
  if (status >= 500 || status === 408 || status === 429) return retry(status, detail);
  if (status >= 400) return { state: 'failed', httpStatus: status, reason: null, detail, cause: 'refused' };
  if (status < 200 || status >= 300) return retry(status, detail);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return retry(status, `${detail} (not JSON)`);
  }
  const answer = leadAnswerSchema.safeParse(json);
  if (!answer.success || answer.data.deliveryId !== deliveryId)
    return retry(status, `${detail} (not an answer to this delivery)`);
  const reason = answer.data.reason ? clip(answer.data.reason, 500) : null;
  if (answer.data.decision === 'pending') return { state: 'sent', httpStatus: status, reason, detail };
  return { state: answer.data.decision, httpStatus: status, reason, detail };
}

/**
 * Whether a lender's later decision may change a delivery in `current`: it may decide what it had
 * only received ('sent'), or what we were still retrying (its answer to an attempt was lost);
 * the same decision again is a repeat (no change); a different one after a decision is refused.
 */
export function callbackChange(
  current: DeliveryStateValue,
  decision: 'accepted' | 'rejected',
): 'apply' | 'repeat' | 'conflict' {
  if (current === decision) return 'repeat';
  if (current === 'sent' || current === 'queued' || current === 'failed') return 'apply';
  return 'conflict';
}
