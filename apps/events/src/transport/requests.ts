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

/** A calendar day 'YYYY-MM-DD' that exists (zod's ISO date: no 2026-02-30, no 2025-02-29). */
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date 'YYYY-MM-DD'")
  .pipe(z.iso.date({ error: 'is not a real date' }));
export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;
/** The range checks need two real days; a bad day is reported once, by its own field. */
const onValidDays = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

/** CountEvents: calendar days from..to inclusive, at most 366 of them; an event id narrows the count. */
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
  .refine((r) => r.from <= r.to, { path: ['to'], error: 'must not be before from', ...onValidDays })
  // Both days count: from 2024-01-01 to 2024-12-31 is 366 days (a leap year), one more is too many.
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / DAY_MS + 1 <= MAX_RANGE_DAYS, {
    path: ['to'],
    error: `range must be at most ${MAX_RANGE_DAYS} days`,
    ...onValidDays,
  });
