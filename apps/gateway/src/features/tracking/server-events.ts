/**
 * The gateway's own events (offer clicks) into the events service as the server origin: stored
 * before the request is answered, so the answer knows whether it was, and never lost to a brief
 * outage.
 *
 * - One IngestEvents call with `origin: EVENT_ORIGIN_SERVER` within `deadlineMs` (short: the
 *   visitor waits for it). Its verdict is the outcome: stored, a duplicate of a stored ingest id,
 *   or refused with the events service's reason.
 * - A failure no repeat can change (INVALID_ARGUMENT and the like) is a refusal too.
 * - Any other failure (UNAVAILABLE, DEADLINE_EXCEEDED, an overloaded upstream) hands the same
 *   record, same ingest id, to the retried server-origin delivery: a call that did store it after
 *   all makes the retry a duplicate, stored once. A full buffer drops it (the outcome says so).
 */
import { type ServiceClient } from '@lib/contracts';
import { type RawTrackingRecord } from '@lib/tracking';
import { type EventIntake, type ServerEventIntake, type ServerEventOutcome } from '../../kit/feature';
import { ingestOrigin, isPermanentIngestFailure, toTrackingEvent } from './event-sinks';

export interface ServerEventRecorderOptions {
  events: ServiceClient<'events'>;
  /** The retried server-origin delivery (tracking-delivery.ts, createServerEventDelivery). */
  retry: EventIntake;
  /** Deadline of the direct call. */
  deadlineMs: number;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createServerEventRecorder(options: ServerEventRecorderOptions): ServerEventIntake {
  return {
    async record(record: RawTrackingRecord): Promise<ServerEventOutcome> {
      try {
        const answer = await options.events.ingestEvents(
          { events: [toTrackingEvent(record)], origin: ingestOrigin('server') },
          { deadlineMs: options.deadlineMs },
        );
        const verdict = answer.results.find((result) => result.index === 0);
        if (verdict?.accepted) return { outcome: verdict.duplicate ? 'duplicate' : 'stored' };
        if (verdict) return { outcome: 'refused', reason: verdict.reason || 'refused without a reason' };
        // An answer without a verdict for it tells nothing: the retry asks again (same ingest id).
        return queue(record, 'no verdict in the IngestEvents answer');
      } catch (error) {
        if (isPermanentIngestFailure(error)) return { outcome: 'refused', reason: messageOf(error) };
        return queue(record, messageOf(error));
      }
    },
  };

  function queue(record: RawTrackingRecord, cause: string): ServerEventOutcome {
    return options.retry.offer([record])
      ? { outcome: 'queued', cause }
      : { outcome: 'dropped', reason: `the retry buffer is full (${cause})` };
  }
}
