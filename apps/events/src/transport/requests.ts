import { eventsV1 } from '@lib/contracts';
import { z } from 'zod';
import { type EventOrigin, TRACKING_LIMITS } from '@lib/tracking';
import { LIMITS } from '../domain/tracking-event';

/**
 * IngestEvents: a batch of 1 to LIMITS.batch events. Each event is checked on its own later
 * (domain/tracking-event.ts), so one bad event is a verdict in the answer, not a refused batch.
 * The origin is 'server' only when the caller says EVENT_ORIGIN_SERVER; absent or unspecified is
 * 'browser' (the gateway relays visitors' events without saying), an unknown value is refused.
 */
export const ingestEventsRequest = z.object({
  events: z.preprocess(
    (events) => events ?? [],
    z
      .array(z.custom<eventsV1.TrackingEvent>())
      .min(1, 'must contain at least one event')
      .max(LIMITS.batch, `must contain at most ${LIMITS.batch} events`),
  ),
  origin: z
    .enum(eventsV1.EventOrigin, { error: 'must be EVENT_ORIGIN_BROWSER or EVENT_ORIGIN_SERVER' })
    .nullish()
    .transform((origin): EventOrigin => (origin === eventsV1.EventOrigin.SERVER ? 'server' : 'browser')),
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

const days = (r: object) => r as { from: string; to: string };

/** Calendar days from..to inclusive, at most 366 of them (the rules every report shares). */
const dayRange = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ from: isoDay, to: isoDay, ...shape })
    .refine((r) => days(r).from <= days(r).to, {
      path: ['to'],
      error: 'must not be before from',
      ...onValidDays,
    })
    // Both days count: from 2024-01-01 to 2024-12-31 is 366 days (a leap year), one more is too many.
    .refine((r) => (Date.parse(days(r).to) - Date.parse(days(r).from)) / DAY_MS + 1 <= MAX_RANGE_DAYS, {
      path: ['to'],
      error: `range must be at most ${MAX_RANGE_DAYS} days`,
      ...onValidDays,
    });

/** A row limit: 0 or absent means the default, more than the maximum is refused. */
const rowLimit = (fallback: number, max: number) =>
  z
    .number()
    .int()
    .min(0, 'must not be negative')
    .max(max, `must be at most ${max}`)
    .nullish()
    .transform((limit) => (limit ? limit : fallback));

/** An optional text filter: empty means "no filter". */
const optionalText = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : undefined));

/** CountEvents: calendar days from..to inclusive, at most 366 of them; an event id narrows the count. */
export const countEventsRequest = dayRange({
  // proto3 optional: absent (or null) means every event id.
  eventId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((id) => id ?? undefined),
});

/** CountPageViews: a day range, optionally one page path, at most 10 000 rows (default 1000). */
export const countPageViewsRequest = dayRange({
  pagePath: optionalText(TRACKING_LIMITS.url),
  limit: rowLimit(1_000, 10_000),
});

/** CountUniqueClients: a day range. */
export const countUniqueClientsRequest = dayRange({});

/** CountSessionsBySource: a day range, at most 1000 sources (default 100). */
export const countSessionsBySourceRequest = dayRange({ limit: rowLimit(100, 1_000) });

/** GetFunnel: a day range, optionally one traffic source. */
export const getFunnelRequest = dayRange({ utmSource: optionalText(TRACKING_LIMITS.text) });
