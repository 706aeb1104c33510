/**
 * Between the 202 of POST /api/event and the sink (Kafka topic tracking.raw.v1, or the events
 * service over gRPC): a bounded in-memory buffer with batching and retry, so the endpoint answers
 * without waiting for the sink and nothing it accepted is dropped while the sink is briefly down.
 *
 * - Events wait at most `lingerMs` (or until `batchSize` are waiting), then go out in batches, at
 *   most `concurrency` batches at a time.
 * - A batch the sink could not take is put back at the head of the line and tried again after a
 *   back-off (100 ms doubling to 5 s) for as long as the process runs; its events keep their
 *   ingest ids, so a batch that did arrive after all is stored once (the events service
 *   de-duplicates by ingest id).
 * - The buffer holds at most `limit` events (accepted but not yet delivered). A request whose
 *   events do not fit is refused (the endpoint answers 503 with Retry-After) rather than accepted
 *   and lost: accepted means kept.
 * - On shutdown `drain` delivers what is left within the time given; what it cannot deliver is
 *   counted in one error log line (the only loss: a crash or a sink down for the whole shutdown).
 */
import { backoffDelay, type BackoffPolicy } from '@lib/config';
import { type Logger } from '@lib/observability';
import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import { type RawTrackingRecord } from '@lib/tracking';
import { rememberTraceContext } from './record-trace';

/** Where delivered events go. */
export interface EventSink {
  /** 'kafka' or 'grpc', for logs and metrics. */
  readonly kind: string;
  /**
   * Delivers one batch. Resolves once the sink holds it, with the number of events it refused as
   * invalid (logged, never retried); rejects when the batch must be sent again.
   */
  deliver(records: readonly RawTrackingRecord[]): Promise<{ refused: number }>;
  close(): Promise<void>;
}

export interface DeliveryOptions {
  sink: EventSink;
  logger: Logger;
  /** Most events accepted and not yet delivered. */
  limit: number;
  /** Events per batch to the sink. */
  batchSize: number;
  /** Batches in flight at once. */
  concurrency: number;
  /** Longest wait of an event for its batch to fill. */
  lingerMs: number;
  /** Back-off after a failed batch: initialMs doubling to maxMs. */
  retry: BackoffPolicy;
}

export interface DeliveryStats {
  /** Accepted, not yet delivered (waiting or in flight). */
  pending: number;
  delivered: number;
  refused: number;
  failedBatches: number;
}

export class EventDelivery {
  private readonly queue: RawTrackingRecord[] = [];
  private inFlight = 0;
  private inFlightEvents = 0;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private retryAt = 0;
  /** When the oldest event now waiting arrived (roughly: reset as batches leave). */
  private waitingSince = 0;
  private closing = false;
  private readonly waiters = new Set<() => void>();
  private readonly counts = { delivered: 0, refused: 0, failedBatches: 0 };

  constructor(private readonly options: DeliveryOptions) {}

  get kind(): string {
    return this.options.sink.kind;
  }

  stats(): DeliveryStats {
    return { pending: this.pending, ...this.counts };
  }

  private get pending(): number {
    return this.queue.length + this.inFlightEvents;
  }

  /** Takes the events for delivery; false (nothing taken) when they do not fit or the delivery is closing. */
  offer(records: readonly RawTrackingRecord[]): boolean {
    if (this.closing || this.pending + records.length > this.options.limit) return false;
    if (this.queue.length === 0) this.waitingSince = Date.now();
    const wasShort = this.queue.length < this.options.batchSize;
    rememberTraceContext(records);
    for (const record of records) this.queue.push(record);
    // A batch just filled up: it need not wait for the linger timer.
    if (wasShort && this.queue.length >= this.options.batchSize) this.reschedule();
    else this.schedule();
    return true;
  }

  /** Delivers what is left within `timeoutMs`, then closes the sink; answers how many events were not delivered. */
  async drain(timeoutMs: number): Promise<number> {
    this.closing = true;
    this.retryAt = 0;
    this.pump();
    if (this.pending > 0) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(deadline);
          this.waiters.delete(done);
          resolve();
        };
        const deadline = setTimeout(done, timeoutMs);
        this.waiters.add(done);
      });
    }
    clearTimeout(this.timer);
    const left = this.pending;
    if (left > 0)
      this.options.logger.error(
        { events: left, sink: this.kind },
        'tracking events not delivered at shutdown',
      );
    await this.options.sink
      .close()
      .catch((error: unknown) =>
        this.options.logger.warn({ err: error }, 'tracking sink did not close cleanly'),
      );
    return left;
  }

  private schedule(): void {
    if (this.timer !== undefined) return;
    const now = Date.now();
    const waitForRetry = Math.max(this.retryAt - now, 0);
    const full = this.queue.length >= this.options.batchSize;
    const lingerLeft = Math.max(this.waitingSince + this.options.lingerMs - now, 0);
    const delay = waitForRetry > 0 ? waitForRetry : full || this.closing ? 0 : lingerLeft;
    // Outside the context of the request that happened to schedule it: a batch mixes requests, and
    // each record carries its own (record-trace.ts).
    this.timer = setTimeout(
      context.bind(ROOT_CONTEXT, () => {
        this.timer = undefined;
        this.pump();
      }),
      delay,
    );
    // A pending batch never keeps the process alive; shutdown drains it explicitly.
    this.timer.unref?.();
  }

  private pump(): void {
    if (Date.now() < this.retryAt) {
      this.schedule();
      return;
    }
    while (this.inFlight < this.options.concurrency && this.queue.length > 0) {
      // After a failure one batch probes the sink before the others follow.
      if (this.failures > 0 && this.inFlight > 0) break;
      // A batch that is not full waits until its oldest event has lingered long enough.
      const lingered = Date.now() - this.waitingSince >= this.options.lingerMs;
      if (this.queue.length < this.options.batchSize && !lingered && !this.closing && this.failures === 0)
        break;
      this.send(this.queue.splice(0, this.options.batchSize));
      this.waitingSince = Date.now();
    }
    if (this.queue.length > 0 && this.inFlight < this.options.concurrency) this.schedule();
  }

  private send(batch: RawTrackingRecord[]): void {
    this.inFlight += 1;
    this.inFlightEvents += batch.length;
    const settle = () => {
      this.inFlight -= 1;
      this.inFlightEvents -= batch.length;
    };
    this.options.sink.deliver(batch).then(
      ({ refused }) => {
        settle();
        if (this.failures > 0)
          this.options.logger.info(
            { sink: this.kind, failedAttempts: this.failures },
            'tracking sink reachable again',
          );
        this.failures = 0;
        this.counts.delivered += batch.length - refused;
        this.counts.refused += refused;
        this.afterBatch();
      },
      (error: unknown) => {
        settle();
        this.failures += 1;
        this.counts.failedBatches += 1;
        // Back at the head of the line, in order, and tried again after the back-off.
        this.queue.unshift(...batch);
        const backoff = backoffDelay(this.failures, this.options.retry);
        this.retryAt = Date.now() + (this.closing ? Math.min(backoff, 250) : backoff);
        const fields = {
          err: error,
          sink: this.kind,
          events: batch.length,
          pending: this.pending,
          retryInMs: backoff,
        };
        if (this.failures === 1 || this.failures % 20 === 0)
          this.options.logger.warn(fields, 'tracking events not delivered yet; will retry');
        this.afterBatch();
      },
    );
  }

  private afterBatch(): void {
    if (this.pending === 0) {
      for (const waiter of [...this.waiters]) waiter();
      return;
    }
    if (this.queue.length > 0) this.reschedule();
  }

  /** Replaces a waiting timer: the line changed (filled up, or a batch came back). */
  private reschedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.schedule();
  }
}
