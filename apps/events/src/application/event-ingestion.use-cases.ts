import { Inject, Injectable } from '@nestjs/common';
import { type eventsV1 } from '@lib/contracts';
import { type MessageBatch } from '@lib/messaging';
import { CallDeadline, type Deadline } from '@lib/service-kit';
import { type EventOrigin } from '@lib/tracking';
import { enrichTrackingEvent, type EnrichedTrackingEvent } from '../domain/enrichment';
import { ingestIdOfRecord, readRawRecord, type RecordSource } from '../domain/stream-records';
import { type NewIngestId, validateTrackingEvent, type Validation } from '../domain/tracking-event';
import {
  isRecordRefusedByDatabase,
  TrackingEventsRepository,
} from '../persistence/tracking-events.repository';
import { TrackingStreamPublisher } from '../persistence/tracking-stream.publisher';

/** Nest token of the NewIngestId the service uses (random v4 UUIDs; tests pass their own). */
export const NEW_INGEST_ID = Symbol('NEW_INGEST_ID');
/** Nest token of the clock (tests pass a fixed one). */
export const CLOCK = Symbol('CLOCK');
export type Clock = () => Date;

export interface RawBatchOutcome {
  /** Records stored now. */
  stored: number;
  /** Valid records whose ingest id was stored before (re-deliveries, re-sends). */
  duplicates: number;
  /** Records sent to tracking.dlq.v1. */
  deadLetters: number;
}

/**
 * Taking tracking events in, both ways: IngestEvents (gRPC; the only way without Kafka) and the
 * tracking.raw.v1 consumer (jobs/). Both run the same steps: validate (domain/tracking-event.ts),
 * enrich (domain/enrichment.ts), store once per ingest id (the partitioned table behind its key
 * ledger), then publish the clean records to tracking.events.v1 when Kafka is configured. What
 * differs is the origin the validation is given: the raw topic only ever carries what browsers
 * sent; IngestEvents carries browser events (the gateway without Kafka) unless its caller says
 * 'server' (the leads service's delivery and consent events).
 */
@Injectable()
export class EventIngestionUseCases {
  constructor(
    private readonly events: TrackingEventsRepository,
    private readonly stream: TrackingStreamPublisher,
    @Inject(NEW_INGEST_ID) private readonly newIngestId: NewIngestId,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Stores the valid events (ingest ids unique among them) and answers which ids were new. */
  private async store(valid: readonly EnrichedTrackingEvent[], deadline: Deadline): Promise<Set<string>> {
    const inserted = await this.events.insertBatch(valid, () => deadline.assertTimeLeft());
    // At-least-once on the clean topic: every valid event goes out, the new and the re-delivered
    // (a crash between the write and the publish must not lose the clean record); ingest_id dedupes.
    await this.stream.publishClean(valid);
    return inserted;
  }

  /**
   * IngestEvents: validates each event on its own and stores the good ones before answering, with
   * one result per event in the batch's order. An event whose ingest id is already stored, or
   * repeated earlier in the same batch, is accepted as a duplicate and stored once. `origin` is
   * what the caller said it is; a caller that says nothing is a browser.
   */
  async ingest(
    batch: readonly eventsV1.TrackingEvent[],
    deadline: Deadline = CallDeadline.none(),
    origin: EventOrigin = 'browser',
  ): Promise<eventsV1.IngestEventsResponse> {
    const now = this.clock();
    const verdicts = batch.map((item) => validateTrackingEvent(item, now, this.newIngestId, origin));
    const unique = uniqueValid(verdicts);
    const inserted = await this.store(unique, deadline);
    const firstSeen = new Set<string>();

    const results = verdicts.map((verdict, index): eventsV1.IngestResult => {
      if (!verdict.ok) return { index, accepted: false, reason: verdict.reason, duplicate: false };
      const id = verdict.event.ingestId;
      const duplicate = !inserted.has(id) || firstSeen.has(id);
      firstSeen.add(id);
      return { index, accepted: true, reason: '', duplicate };
    });
    const accepted = results.filter((r) => r.accepted).length;
    return { accepted, rejected: results.length - accepted, results };
  }

  /**
   * One batch of tracking.raw.v1: records that cannot be read or fail validation go to
   * tracking.dlq.v1 with the reason, the rest are stored and published clean. Resolves only when
   * all of that is done (the consumer then commits the offset); rejects when PostgreSQL or Kafka
   * failed, and the consumer hands the same batch again (the ingest ids make that harmless).
   */
  async processRawBatch(batch: MessageBatch): Promise<RawBatchOutcome> {
    const now = this.clock();
    const refused: { source: RecordSource; reason: string }[] = [];
    const verdicts: Validation[] = [];
    const sourceOf = new Map<string, RecordSource>();
    for (const message of batch.messages) {
      const read = readRawRecord(message.value);
      // The gateway produces only what browsers sent to POST /api/event: never a server event.
      const verdict: Validation = read.ok
        ? validateTrackingEvent(
            read.event,
            now,
            () => ingestIdOfRecord(message.topic, message.partition, message.offset),
            'browser',
          )
        : read;
      if (verdict.ok) {
        verdicts.push(verdict);
        if (!sourceOf.has(verdict.event.ingestId)) sourceOf.set(verdict.event.ingestId, message);
      } else refused.push({ source: message, reason: verdict.reason });
    }
    let unique = uniqueValid(verdicts);
    let inserted: Set<string>;
    let refusedByDatabase = 0;
    try {
      inserted = await this.store(unique, CallDeadline.none());
    } catch (error) {
      if (!isRecordRefusedByDatabase(error)) throw error; // PostgreSQL down or slow: the batch is retried
      // A record PostgreSQL refuses for its content would block the partition for ever: find it
      // by writing one at a time, and send it to the DLQ like any invalid record.
      inserted = new Set();
      const stored: EnrichedTrackingEvent[] = [];
      for (const event of unique) {
        try {
          for (const id of await this.events.insertBatch([event])) inserted.add(id);
          stored.push(event);
        } catch (single) {
          if (!isRecordRefusedByDatabase(single)) throw single;
          refusedByDatabase += 1;
          refused.push({
            source: sourceOf.get(event.ingestId)!,
            reason: `refused by the database: ${(single as Error).message}`,
          });
        }
      }
      unique = stored;
      await this.stream.publishClean(unique);
    }
    await this.stream.publishDeadLetters(refused, now);
    return {
      stored: inserted.size,
      duplicates: verdicts.length - refusedByDatabase - inserted.size,
      deadLetters: refused.length,
    };
  }
}

/** The valid events of a batch, enriched, each ingest id once (the first occurrence wins, as the database would keep it). */
function uniqueValid(verdicts: readonly Validation[]): EnrichedTrackingEvent[] {
  const byId = new Map<string, EnrichedTrackingEvent>();
  for (const verdict of verdicts) {
    if (verdict.ok && !byId.has(verdict.event.ingestId))
      byId.set(verdict.event.ingestId, enrichTrackingEvent(verdict.event));
  }
  return [...byId.values()];
}
