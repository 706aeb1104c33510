import { z } from 'zod';

/**
 * Size limits of the tracking pipeline, the same at every hop: the browser's POST /api/event body,
 * the gateway's Kafka record, the events service's validation and its table's columns.
 */
export const TRACKING_LIMITS = {
  /** POST /api/event: largest body in bytes (413 above). */
  bodyBytes: 64 * 1024,
  /** POST /api/event: most events in one body (413 above). */
  batch: 100,
  /** IngestEvents (gRPC): most events in one call. */
  grpcBatch: 500,
  /** provider_id, sub1…sub8, utm_*, domain: characters. */
  text: 255,
  /** session_id / client_id as sent (a UUID is 32 or 36 characters). */
  id: 64,
  /** referer and page_path: characters. */
  url: 2048,
  /** user_agent: characters kept (longer ones are cut, not refused). */
  userAgent: 512,
  /** ip_hash: characters. */
  ipHash: 128,
} as const;

/** Kafka topics of the pipeline (definitions in deploy/kafka/topics.json). */
export const TRACKING_TOPICS = {
  /** What the gateway accepted, keyed by session id: JSON form of events.v1.TrackingEvent. */
  raw: 'tracking.raw.v1',
  /** Validated, de-duplicated and enriched events, keyed by session id: JSON form of events.v1.CleanTrackingEvent. */
  clean: 'tracking.events.v1',
  /** Records the events service refused, with the reason: JSON form of events.v1.DeadLetter. */
  dlq: 'tracking.dlq.v1',
} as const;

/** The consent state the gateway records with each event (from the visitor's cookie-notice choice). */
export const CONSENT_STATES = ['', 'granted', 'denied'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
/** A sub-field: text, or an integer the browser sent as a number (a field index), kept as its decimal text. */
const sub = z.union([text(TRACKING_LIMITS.text), z.number().int().min(0).max(999_999_999).transform(String)]);

/**
 * One event as the browser sends it to POST /api/event (fields in snake_case). Every
 * field but event_id may be left out; unknown fields are refused so a typo is not silently lost.
 * session_id / client_id are only hints: the gateway takes the ids from its own cookies.
 */
export const browserEventSchema = z.strictObject({
  event_id: z.number().int().positive(),
  provider_id: text(TRACKING_LIMITS.text).optional(),
  sub1: sub.optional(),
  sub3: sub.optional(),
  sub4: sub.optional(),
  sub5: sub.optional(),
  sub6: sub.optional(),
  sub7: sub.optional(),
  sub8: sub.optional(),
  utm_source: text(TRACKING_LIMITS.text).optional(),
  utm_medium: text(TRACKING_LIMITS.text).optional(),
  utm_campaign: text(TRACKING_LIMITS.text).optional(),
  utm_content: text(TRACKING_LIMITS.text).optional(),
  utm_term: text(TRACKING_LIMITS.text).optional(),
  session_id: text(TRACKING_LIMITS.id).optional(),
  client_id: text(TRACKING_LIMITS.id).optional(),
  domain: text(TRACKING_LIMITS.text).optional(),
  referer: text(TRACKING_LIMITS.url).optional(),
  /** location.pathname of the page the event happened on (added to the spec's fields for page types). */
  page_path: text(TRACKING_LIMITS.url).optional(),
});
export type BrowserEvent = z.output<typeof browserEventSchema>;

/** The body of POST /api/event: one event, or a batch of 1 to TRACKING_LIMITS.batch events. */
export const browserEventBodySchema = z.union([
  browserEventSchema.transform((event) => [event]),
  z
    .array(browserEventSchema)
    .min(1, 'must contain at least one event')
    .max(TRACKING_LIMITS.batch, `must contain at most ${TRACKING_LIMITS.batch} events`),
]);

/**
 * One record of tracking.raw.v1 (and the fields of events.v1.TrackingEvent): the browser's event
 * plus what the gateway adds. Keys are the proto field names, so the JSON is the message's JSON
 * form with original field names. Absent text = ''.
 */
export interface RawTrackingRecord {
  event_id: number;
  provider_id: string;
  sub1: string;
  sub3: string;
  sub4: string;
  sub5: string;
  sub6: string;
  sub7: string;
  sub8: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_content: string;
  utm_term: string;
  session_id: string;
  client_id: string;
  domain: string;
  referer: string;
  /** Gateway time of receipt, RFC 3339 with zone. */
  received_at: string;
  user_agent: string;
  ip_hash: string;
  /** UUID v4 the gateway gives the event once; the de-duplication key. */
  ingest_id: string;
  page_path: string;
  consent: ConsentState;
}

/** Gateway additions to one browser event when it becomes a raw record. */
export interface RawRecordContext {
  sessionId: string;
  clientId: string;
  receivedAt: Date;
  userAgent: string;
  ipHash: string;
  ingestId: string;
  consent: ConsentState;
}

/** Builds the tracking.raw.v1 record of one validated browser event (ids from the gateway's cookies). */
export function toRawTrackingRecord(event: BrowserEvent, context: RawRecordContext): RawTrackingRecord {
  return {
    event_id: event.event_id,
    provider_id: event.provider_id ?? '',
    sub1: event.sub1 ?? '',
    sub3: event.sub3 ?? '',
    sub4: event.sub4 ?? '',
    sub5: event.sub5 ?? '',
    sub6: event.sub6 ?? '',
    sub7: event.sub7 ?? '',
    sub8: event.sub8 ?? '',
    utm_source: event.utm_source ?? '',
    utm_medium: event.utm_medium ?? '',
    utm_campaign: event.utm_campaign ?? '',
    utm_content: event.utm_content ?? '',
    utm_term: event.utm_term ?? '',
    session_id: context.sessionId,
    client_id: context.clientId,
    domain: event.domain ?? '',
    referer: event.referer ?? '',
    received_at: context.receivedAt.toISOString(),
    user_agent: context.userAgent.slice(0, TRACKING_LIMITS.userAgent),
    ip_hash: context.ipHash,
    ingest_id: context.ingestId,
    page_path: event.page_path ?? '',
    consent: context.consent,
  };
}

/**
 * How the events service reads a tracking.raw.v1 value: the JSON types only (every field optional,
 * extra fields ignored, so an older or newer producer is still read); the meaning is checked after.
 */
export const rawTrackingRecordSchema = z.object({
  event_id: z.number().int(),
  provider_id: z.string().optional(),
  sub1: z.string().optional(),
  sub3: z.string().optional(),
  sub4: z.string().optional(),
  sub5: z.string().optional(),
  sub6: z.string().optional(),
  sub7: z.string().optional(),
  sub8: z.string().optional(),
  utm_source: z.string().optional(),
  utm_medium: z.string().optional(),
  utm_campaign: z.string().optional(),
  utm_content: z.string().optional(),
  utm_term: z.string().optional(),
  session_id: z.string().optional(),
  client_id: z.string().optional(),
  domain: z.string().optional(),
  referer: z.string().optional(),
  received_at: z.string().optional(),
  user_agent: z.string().optional(),
  ip_hash: z.string().optional(),
  ingest_id: z.string().optional(),
  page_path: z.string().optional(),
  consent: z.string().optional(),
});
