import { status } from '@grpc/grpc-js';
import { ServiceError } from './errors';

/**
 * The time a caller still waits for its answer. A use case that writes asks before it commits:
 * once the caller has given up (its deadline passed, or it cancelled), it was told "failed", so a
 * write committed now would be a write it does not know about, and its retry would store it twice.
 */
export interface Deadline {
  /** Milliseconds left; Infinity when the caller set no deadline. */
  remainingMs(): number;
  /** True once the deadline has passed or the caller cancelled the call. */
  readonly expired: boolean;
  /** Throws DEADLINE_EXCEEDED (or CANCELLED) when the caller no longer waits: call it right before committing. */
  assertTimeLeft(): void;
}

/** The grpc-js ServerUnaryCall as NestJS passes it to a handler (third argument) and to interceptors. */
interface GrpcServerCall {
  getDeadline?: () => Date | number;
  cancelled?: boolean;
}

export const deadlineExceeded = (message: string) =>
  new ServiceError(status.DEADLINE_EXCEEDED, message, { reason: 'DEADLINE_EXCEEDED' });

export class CallDeadline implements Deadline {
  private constructor(
    /** Epoch milliseconds; Infinity when none. */
    readonly at: number,
    private readonly cancelled: () => boolean,
    private readonly now: () => number,
  ) {}

  /**
   * The deadline of the gRPC call a NestJS handler receives as its third argument
   * (`(request, metadata, call)`). grpc-js computes it when the call's headers arrive, from the
   * caller's grpc-timeout; `cancelled` turns true when the caller resets the call.
   */
  static of(call: unknown, now: () => number = Date.now): CallDeadline {
    const grpcCall = call as GrpcServerCall | null | undefined;
    const raw = grpcCall?.getDeadline?.();
    const at =
      raw instanceof Date ? raw.getTime() : typeof raw === 'number' && !Number.isNaN(raw) ? raw : Infinity;
    return new CallDeadline(at, () => grpcCall?.cancelled === true, now);
  }

  /** A fixed deadline (tests, jobs and command-line tools that set their own). */
  static at(epochMs: number, now: () => number = Date.now): CallDeadline {
    return new CallDeadline(epochMs, () => false, now);
  }

  /** No deadline: work started outside a gRPC call (start-up, jobs, tests of the happy path). */
  static none(): CallDeadline {
    return new CallDeadline(Infinity, () => false, Date.now);
  }

  remainingMs(): number {
    return this.at === Infinity ? Infinity : this.at - this.now();
  }

  get expired(): boolean {
    return this.cancelled() || this.now() >= this.at;
  }

  assertTimeLeft(): void {
    // A caller whose deadline passed also cancels the call: the deadline is the better reason.
    if (this.now() >= this.at) throw deadlineExceeded("the caller's deadline passed: nothing was committed");
    if (this.cancelled()) {
      throw new ServiceError(status.CANCELLED, 'the caller cancelled the call: nothing was committed', {
        reason: 'CANCELLED',
      });
    }
  }
}
