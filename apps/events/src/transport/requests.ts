import { type eventsV1 } from '@lib/contracts';
import { z } from 'zod';
import { LIMITS } from '../domain/tracking-event';

/**
 * IngestEvents: a batch of 1 to LIMITS.batch events. Each event is checked on its own later
 * (domain/tracking-event.ts), so one bad event is a verdict in the answer, not a refused batch.
 */
export const ingestEventsRequest = z.object({
  events: z.preprocess(
    (events) => events ?? [],
    z
      .array(z.custom<eventsV1.TrackingEvent>())
      .min(1, 'must contain at least one event')
      .max(LIMITS.batch, `must contain at most ${LIMITS.batch} events`),
  ),
});

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date 'YYYY-MM-DD'").refine((v) => !Number.isNaN(Date.parse(v)), 'is not a real date');
const MAX_RANGE_DAYS = 366;

/** CountEvents: calendar days from..to inclusive, at most a year apart; an event id narrows the count. */
export const countEventsRequest = z
  .object({
    from: isoDay,
    to: isoDay,
    // proto3 optional: absent (or null) means every event id.
    eventId: z
      .number()
      .int()
      .positive()
      .nullish()
      .transform((id) => id ?? undefined),
  })
  .refine((r) => r.from <= r.to, { path: ['to'], error: 'must not be before from' })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < MAX_RANGE_DAYS, {
    path: ['to'],
    error: `range must be at most ${MAX_RANGE_DAYS} days`,
  });
