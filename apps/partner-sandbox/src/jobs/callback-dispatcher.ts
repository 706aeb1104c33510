import { backoffDelay, type BackoffPolicy } from '@lib/config';
import { signBody } from '@lib/partner-delivery';
import { type CallbackJob, type CallbackQueue } from '../application/ports';
import { type CallbackOutcome, type SignedCallback } from '../persistence/callback-client';

export interface CallbackDispatcherDeps {
  send(callback: SignedCallback, signal: AbortSignal): Promise<CallbackOutcome>;
  /** Records the final answer; a rejection counts as a failed attempt, so the callback is sent again. */
  done(deliveryId: string, status: number): Promise<void>;
  secretOf(lender: string): string | undefined;
  onAttempt?(
    job: CallbackJob,
    attempt: number,
    outcome: CallbackOutcome | { kind: 'unrecorded'; message: string },
  ): void;
  nowMs?: () => number;
  random?: () => number;
  policy?: BackoffPolicy;
}

/** From a quarter of a second, doubling to half a minute: a receiver that is down for a restart is soon reached again. */
export const CALLBACK_BACKOFF: BackoffPolicy = { initialMs: 250, maxMs: 30_000, jitter: 'full' };

/**
 * A final answer ends the retries: 2xx (taken) or a 4xx (refused: sending it again would not
 * change that), except 408 and 429, which ask for another try later, as our own sender reads them.
 */
export function isFinalStatus(status: number): boolean {
  return (
    (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 408 && status !== 429)
  );
}

/**
 * Posts each later decision once it is due, signed anew on every attempt (so a retry is inside
 * the receiver's replay window), until it gets a final answer, waiting backoffDelay between
 * attempts. Nothing is forgotten on a stop: a callback without a final answer stays pending in
 * the state file and is scheduled again at the next start.
 */
export class CallbackDispatcher implements CallbackQueue {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private stopped = false;

  constructor(private readonly deps: CallbackDispatcherDeps) {}

  schedule(job: CallbackJob): void {
    this.later(Math.max(0, job.dueAtMs - this.now()), () => this.attempt(job, 1));
  }

  /** Cancels every wait and aborts every POST in flight. */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
  }

  private async attempt(job: CallbackJob, attempt: number): Promise<void> {
    if (this.stopped) return;
    const secret = this.deps.secretOf(job.lender);
    if (secret === undefined) {
      this.deps.onAttempt?.(job, attempt, {
        kind: 'failed',
        message: `lender ${job.lender} is not played any more`,
      });
      return;
    }
    const signature = signBody(secret, job.body, this.now() / 1000);
    const controller = new AbortController();
    this.inFlight.add(controller);
    let outcome: CallbackOutcome;
    try {
      outcome = await this.deps.send(
        { deliveryId: job.deliveryId, lender: job.lender, body: job.body, signature },
        controller.signal,
      );
    } catch (error) {
      outcome = { kind: 'failed', message: (error as Error).message };
    } finally {
      this.inFlight.delete(controller);
    }
    if (this.stopped) return;
    if (outcome.kind === 'answered' && isFinalStatus(outcome.status)) {
      try {
        await this.deps.done(job.deliveryId, outcome.status);
        this.deps.onAttempt?.(job, attempt, outcome);
        return;
      } catch (error) {
        this.deps.onAttempt?.(job, attempt, { kind: 'unrecorded', message: (error as Error).message });
      }
    } else this.deps.onAttempt?.(job, attempt, outcome);
    const wait = backoffDelay(attempt, this.deps.policy ?? CALLBACK_BACKOFF, this.deps.random);
    this.later(wait, () => this.attempt(job, attempt + 1));
  }

  private later(ms: number, run: () => Promise<void>): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void run();
    }, ms);
    this.timers.add(timer);
  }

  private now(): number {
    return this.deps.nowMs?.() ?? Date.now();
  }
}
