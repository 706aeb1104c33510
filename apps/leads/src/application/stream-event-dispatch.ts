import { Inject, Injectable } from '@nestjs/common';
import { backoffDelay, type BackoffPolicy } from '@lib/config';
import { eventsV1 } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { LOGGER } from '@lib/service-kit';
import { TRACKING_LIMITS } from '@lib/tracking';
import { toTrackingEvent } from '../domain/stream-events';
import { PeerServices } from '../persistence/peer-services';
import { type StreamEventEntity } from '../persistence/stream-event.entity';
import { StreamEventsRepository } from '../persistence/stream-events.repository';

/** Events sent in one IngestEvents call (the events service takes up to TRACKING_LIMITS.grpcBatch). */
export const STREAM_EVENT_BATCH = Math.min(100, TRACKING_LIMITS.grpcBatch);

/**
 * Waits after a try that did not publish: short at first (a restart of the events service), then
 * at most five minutes, jittered so that replicas coming back do not all call at once.
 */
export const STREAM_EVENT_BACKOFF: BackoffPolicy = { initialMs: 2_000, maxMs: 5 * 60_000, jitter: 'full' };

/**
 * Tries before an event the events service refuses is set aside. A refusal is deterministic for
 * one version of the catalogue, but a rollout may run an events service older than this leads
 * service for a while (an id it does not know yet): about an hour of tries covers that. An events
 * service that does not answer is never a reason to give an event up.
 */
export const MAX_REFUSED_ATTEMPTS = 20;

/** Published events are kept this long for operators, then deleted (they are on the stream). */
export const KEEP_PUBLISHED_MS = 7 * 24 * 60 * 60_000;
const PRUNE_BATCH = 1_000;

/** What one pass did, for the log and the tests. */
export interface StreamEventPass {
  published: number;
  retried: number;
  refused: number;
}

/**
 * Sends the stream events of the outbox to the events service's IngestEvents, as the server origin
 * (its catalogue accepts the server-only ids from no one else). An event is marked published only
 * after the events service answered that it stored it, now or before: the ingest id makes a
 * repeat a duplicate it stores once, so a pass that dies between the call and the mark, or two
 * dispatchers taking the same rows after a lease ran out, change nothing on the stream.
 */
@Injectable()
export class StreamEventDispatch {
  constructor(
    private readonly outbox: StreamEventsRepository,
    private readonly peers: PeerServices,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async publishDue(now: () => Date = () => new Date()): Promise<StreamEventPass> {
    const pass: StreamEventPass = { published: 0, retried: 0, refused: 0 };
    for (;;) {
      const claimed = await this.outbox.claimDue(STREAM_EVENT_BATCH, now());
      if (claimed.length === 0) break;
      const sent = await this.send(claimed, now);
      pass.published += sent.published;
      pass.retried += sent.retried;
      pass.refused += sent.refused;
      // A failed call leaves the rest for the next pass rather than trying the service again at once.
      if (sent.callFailed || claimed.length < STREAM_EVENT_BATCH) break;
    }
    await this.outbox.deletePublishedBefore(new Date(now().getTime() - KEEP_PUBLISHED_MS), PRUNE_BATCH);
    return pass;
  }

  private async send(
    claimed: readonly StreamEventEntity[],
    now: () => Date,
  ): Promise<StreamEventPass & { callFailed: boolean }> {
    const retryAt = (row: StreamEventEntity) =>
      new Date(now().getTime() + backoffDelay(row.attempts, STREAM_EVENT_BACKOFF));
    let answer: eventsV1.IngestEventsResponse;
    try {
      answer = await this.peers.events.ingestEvents({
        events: claimed.map(toTrackingEvent),
        origin: eventsV1.EventOrigin.SERVER,
      });
    } catch (error) {
      const why = `IngestEvents failed: ${(error as Error).message}`;
      await this.outbox.markRetry(claimed.map((row) => ({ id: row.id, at: retryAt(row), error: why })));
      this.logger.warn(
        { err: error, events: claimed.length },
        'stream events not published: the events service did not take them; retried later',
      );
      return { published: 0, retried: claimed.length, refused: 0, callFailed: true };
    }

    const byIndex = new Map(answer.results.map((result) => [result.index, result]));
    const published: string[] = [];
    const retries: { id: string; at: Date; error: string }[] = [];
    let refused = 0;
    for (const [index, row] of claimed.entries()) {
      const result = byIndex.get(index);
      if (result?.accepted) {
        published.push(row.id);
        continue;
      }
      // No verdict for it (an answer that does not cover the batch) is a try that did not publish.
      const reason = result?.reason || 'no verdict in the IngestEvents answer';
      if (result && row.attempts >= MAX_REFUSED_ATTEMPTS) {
        await this.outbox.markRefused(row.id, reason);
        refused += 1;
        this.logger.error(
          { ingestId: row.ingestId, eventId: row.eventId, reason, attempts: row.attempts },
          'stream event refused by the events service; set aside',
        );
      } else {
        retries.push({ id: row.id, at: retryAt(row), error: reason });
        this.logger.warn(
          { ingestId: row.ingestId, eventId: row.eventId, reason, attempts: row.attempts },
          'stream event not taken by the events service; retried later',
        );
      }
    }
    await this.outbox.markPublished(published, now());
    await this.outbox.markRetry(retries);
    return { published: published.length, retried: retries.length, refused, callFailed: false };
  }
}
