import { Inject, Injectable } from '@nestjs/common';
import { type eventsV1 } from '@lib/contracts';
import { type NewIngestId, validateTrackingEvent, type ValidTrackingEvent } from '../domain/tracking-event';
import { TrackingEventsRepository } from '../persistence/tracking-events.repository';

/** Nest token of the NewIngestId the service uses (random v4 UUIDs; tests pass their own). */
export const NEW_INGEST_ID = Symbol('NEW_INGEST_ID');

/** Taking tracking events in (IngestEvents; the Kafka consumer in jobs/ will call the same use case). */
@Injectable()
export class EventIngestionUseCases {
  constructor(
    private readonly events: TrackingEventsRepository,
    @Inject(NEW_INGEST_ID) private readonly newIngestId: NewIngestId,
  ) {}

  /**
   * Validates each event on its own and stores the good ones before answering, with one result per
   * event in the batch's order. An event whose ingest id is already stored, or repeated earlier in
   * the same batch, is accepted as a duplicate and stored once.
   */
  async ingest(batch: readonly eventsV1.TrackingEvent[]): Promise<eventsV1.IngestEventsResponse> {
    const now = new Date();
    const verdicts = batch.map((item) => validateTrackingEvent(item, now, this.newIngestId));
    const valid = verdicts.flatMap((v) => (v.ok ? [v.event] : []));
    // A batch may repeat an ingest id; the database would accept the first, so only send it once.
    const unique = [...new Map<string, ValidTrackingEvent>(valid.map((e) => [e.ingestId, e])).values()];
    const inserted = await this.events.insertBatch(unique);
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
}
