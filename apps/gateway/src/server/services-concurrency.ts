import { status } from '@grpc/grpc-js';
import { type CallGate, GrpcCallError } from '@lib/contracts';

/** Why a call was refused without being sent. */
export type RefusalReason = 'queue-full' | 'deadline';

/** What the limiter reports, for the metrics (services.ts) and for tests. */
export interface LimiterObserver {
  /** a call may be sent after waiting this long for a slot (0 when one was free) */
  admitted(method: string, waitedMs: number): void;
  /** a call took its slot this long (the call, its retry included) */
  released(method: string, heldMs: number): void;
  refused(method: string, reason: RefusalReason): void;
  /** after every change of the counts */
  changed(inFlight: number, queued: number): void;
}

export interface UpstreamLimiterOptions {
  /** the upstream's name, for error texts */
  name: string;
  /** calls in flight at once */
  limit: number;
  /** calls that may wait for a slot; one more is refused at once (0: never wait) */
  queueLimit: number;
  observer?: Partial<LimiterObserver>;
}

interface Waiter {
  method: string;
  queuedAt: number;
  admit: (release: () => void) => void;
  refuse: (error: GrpcCallError) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** Weight of the newest call in the running mean of how long a call holds its slot. */
const MEAN_WEIGHT = 0.2;

/**
 * At most `limit` calls to one upstream in flight; the others wait in a bounded FIFO queue. A call
 * waits at most until its deadline; one that cannot get a slot in time is refused with UNAVAILABLE
 * without being sent (the page answers 503, a write is known not to be stored), and so is one that
 * finds the queue full, or one whose expected wait (its place in the queue ÷ limit × the running
 * mean of a call's time) already exceeds its deadline. Waiting here instead of in the upstream
 * keeps the upstream working only on calls whose callers still wait for them.
 */
export class UpstreamLimiter implements CallGate {
  private inFlight = 0;
  private readonly queue: Waiter[] = [];
  private meanHeldMs: number | undefined;

  constructor(private readonly options: UpstreamLimiterOptions) {
    if (!Number.isInteger(options.limit) || options.limit < 1)
      throw new RangeError(`limit must be a positive integer, got ${options.limit}`);
    if (!Number.isInteger(options.queueLimit) || options.queueLimit < 0) {
      throw new RangeError(`queueLimit must be a non-negative integer, got ${options.queueLimit}`);
    }
  }

  get counts(): { inFlight: number; queued: number } {
    return { inFlight: this.inFlight, queued: this.queue.length };
  }

  enter(method: string, deadline: number): Promise<() => void> {
    const now = Date.now();
    if (this.inFlight < this.options.limit && this.queue.length === 0) {
      return Promise.resolve(this.take(method, 0));
    }
    if (this.queue.length >= this.options.queueLimit) {
      return Promise.reject(
        this.refuse(
          method,
          'queue-full',
          `${this.inFlight} calls in flight and ${this.queue.length} waiting`,
        ),
      );
    }
    const expectedWaitMs =
      this.meanHeldMs === undefined ? 0 : ((this.queue.length + 1) / this.options.limit) * this.meanHeldMs;
    if (now + expectedWaitMs >= deadline) {
      return Promise.reject(
        this.refuse(
          method,
          'deadline',
          `a slot is expected in ${Math.round(expectedWaitMs)} ms, after the call's deadline`,
        ),
      );
    }
    return new Promise((admit, refuse) => {
      const waiter: Waiter = {
        method,
        queuedAt: now,
        admit,
        refuse,
        timer: setTimeout(() => {
          this.queue.splice(this.queue.indexOf(waiter), 1);
          this.changed();
          refuse(
            this.refuse(
              method,
              'deadline',
              `no slot free within the call's deadline (waited ${Date.now() - now} ms)`,
            ),
          );
        }, deadline - now),
      };
      this.queue.push(waiter);
      this.changed();
    });
  }

  private take(method: string, waitedMs: number): () => void {
    this.inFlight += 1;
    const since = Date.now();
    this.options.observer?.admitted?.(method, waitedMs);
    this.changed();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const heldMs = Date.now() - since;
      this.meanHeldMs =
        this.meanHeldMs === undefined ? heldMs : this.meanHeldMs + MEAN_WEIGHT * (heldMs - this.meanHeldMs);
      this.inFlight -= 1;
      this.options.observer?.released?.(method, heldMs);
      this.next();
    };
  }

  /** Hands free slots to the longest-waiting calls. */
  private next(): void {
    while (this.inFlight < this.options.limit) {
      const waiter = this.queue.shift();
      if (!waiter) break;
      clearTimeout(waiter.timer);
      waiter.admit(this.take(waiter.method, Date.now() - waiter.queuedAt));
    }
    this.changed();
  }

  private refuse(method: string, reason: RefusalReason, why: string): GrpcCallError {
    this.options.observer?.refused?.(method, reason);
    return new GrpcCallError({
      code: status.UNAVAILABLE,
      details: `gateway limit for ${this.options.name} (${this.options.limit} in flight, ${this.options.queueLimit} waiting): ${why}; not sent`,
      method,
    });
  }

  private changed(): void {
    this.options.observer?.changed?.(this.inFlight, this.queue.length);
  }
}
