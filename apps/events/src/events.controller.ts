import { Controller } from '@nestjs/common';
import { eventsV1 } from '@lib/contracts';
import { GrpcService, invalidArgument, parseRequest } from '@lib/service-kit';
import { z } from 'zod';
import { LIMITS, validateTrackingEvent, type ValidTrackingEvent } from './domain/tracking-event';
import { TrackingEventsRepository } from './persistence/tracking-events.repository';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date 'YYYY-MM-DD'").refine((v) => !Number.isNaN(Date.parse(v)), 'is not a real date');
const MAX_RANGE_DAYS = 366;

const countEventsRequest = z
  .object({ from: isoDay, to: isoDay, eventId: z.number().int().positive().nullish() })
  .refine((r) => r.from <= r.to, { path: ['to'], error: 'must not be before from' })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < MAX_RANGE_DAYS, {
    path: ['to'],
    error: `range must be at most ${MAX_RANGE_DAYS} days`,
  });

@Controller()
@GrpcService(eventsV1.EVENTS_SERVICE_NAME)
export class EventsController implements Pick<eventsV1.EventsServiceController, 'ingestEvents' | 'countEvents'> {
  constructor(private readonly events: TrackingEventsRepository) {}

  /** Validates each event on its own and stores the good ones before answering. */
  async ingestEvents(request: eventsV1.IngestEventsRequest): Promise<eventsV1.IngestEventsResponse> {
    const items = request.events ?? [];
    if (items.length === 0) throw invalidArgument([{ field: 'events', description: 'must contain at least one event' }]);
    if (items.length > LIMITS.batch) {
      throw invalidArgument([{ field: 'events', description: `must contain at most ${LIMITS.batch} events` }]);
    }
    const now = new Date();
    const verdicts = items.map((item) => validateTrackingEvent(item, now));
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

  async countEvents(request: eventsV1.CountEventsRequest): Promise<eventsV1.CountEventsResponse> {
    const { from, to, eventId } = parseRequest(countEventsRequest, request);
    const buckets = await this.events.countByDay(from, to, eventId ?? undefined);
    return { buckets, total: buckets.reduce((sum, b) => sum + b.count, 0) };
  }
}
