import { type eventsV1 } from '@lib/contracts';
import { normalizeUuid } from '@lib/pl-validation';
import {
  checkEventFields,
  CONSENT_STATES,
  type ConsentState,
  type EventOrigin,
  TRACKING_LIMITS,
} from '@lib/tracking';
import { z } from 'zod';

/** Limits that keep one batch and one row bounded whatever a browser sends (the catalogue's, one source). */
export const LIMITS = {
  batch: TRACKING_LIMITS.grpcBatch,
  text: TRACKING_LIMITS.text,
  referer: TRACKING_LIMITS.url,
  pagePath: TRACKING_LIMITS.url,
  userAgent: TRACKING_LIMITS.userAgent,
  ipHash: TRACKING_LIMITS.ipHash,
} as const;

export interface ValidTrackingEvent {
  ingestId: string;
  eventId: number;
  providerId: string | null;
  sub1: string | null;
  sub3: string | null;
  sub4: string | null;
  sub5: string | null;
  sub6: string | null;
  sub7: string | null;
  sub8: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmContent: string | null;
  utmTerm: string | null;
  sessionId: string;
  /** Null when the visitor has not consented to the client id cookie (the gateway then sends ''). */
  clientId: string | null;
  domain: string | null;
  referer: string | null;
  pagePath: string | null;
  userAgent: string | null;
  ipHash: string | null;
  consent: ConsentState;
  receivedAt: Date;
}

export type Validation = { ok: true; event: ValidTrackingEvent } | { ok: false; reason: string };

const TEXT_FIELDS = [
  'providerId',
  'sub1',
  'sub3',
  'sub4',
  'sub5',
  'sub6',
  'sub7',
  'sub8',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmContent',
  'utmTerm',
  'domain',
] as const;

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const RFC3339 = z.iso.datetime({ offset: true });
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A sender's clock may run ahead; a day ahead is no clock but a bad value (and a partition nobody needs). */
const MAX_CLOCK_SKEW_MS = 86_400_000;

/** Where a new ingest id (a v4 UUID) comes from for an event sent without one; the caller owns randomness. */
export type NewIngestId = () => string;

const isConsentState = (value: string): value is ConsentState =>
  (CONSENT_STATES as readonly string[]).includes(value);

/**
 * Checks one event the way the spec and the stream schema demand: the event id is in the catalogue
 * and its sub-fields keep the catalogue's rules (sub4 'pageView' for 5, sub8 a field index, …), ids
 * are v4 UUIDs (hyphens optional, stored canonical; client_id may be empty without consent), texts
 * are bounded. Empty strings mean "not sent". `origin` is how the event came in: from the
 * browser (tracking.raw.v1, or IngestEvents from the gateway) the catalogue's server-only ids are
 * refused, so a visitor cannot forge a delivery or consent event. Returns the reason as a value; a
 * bad event never fails its batch.
 */
export function validateTrackingEvent(
  input: eventsV1.TrackingEvent,
  now: Date,
  newIngestId: NewIngestId,
  origin: EventOrigin = 'browser',
): Validation {
  if (!Number.isInteger(input.eventId) || input.eventId < 1)
    return { ok: false, reason: 'event_id must be a positive integer' };
  const sessionId = normalizeUuid(input.sessionId ?? '');
  if (!sessionId) return { ok: false, reason: 'session_id is not a UUID v4' };
  let clientId: string | null = null;
  if (input.clientId) {
    const id = normalizeUuid(input.clientId);
    if (!id) return { ok: false, reason: 'client_id is not a UUID v4' };
    clientId = id;
  }

  // PostgreSQL text holds neither U+0000 nor half of a surrogate pair: refused here, such a value
  // never reaches (and never blocks) the sink.
  for (const field of [...TEXT_FIELDS, 'referer', 'pagePath', 'userAgent', 'ipHash'] as const) {
    const value = input[field] ?? '';
    if (value.includes('\u0000')) return { ok: false, reason: `${snake(field)} contains a NUL character` };
    if (LONE_SURROGATE.test(value)) return { ok: false, reason: `${snake(field)} is not valid Unicode` };
  }
  const texts: Partial<Record<(typeof TEXT_FIELDS)[number], string | null>> = {};
  for (const field of TEXT_FIELDS) {
    const value = input[field] ?? '';
    if (value.length > LIMITS.text)
      return { ok: false, reason: `${snake(field)} is longer than ${LIMITS.text} characters` };
    texts[field] = value === '' ? null : value;
  }
  const fieldRule = checkEventFields(
    input.eventId,
    {
      sub1: input.sub1 ?? '',
      sub3: input.sub3 ?? '',
      sub4: input.sub4 ?? '',
      sub5: input.sub5 ?? '',
      sub6: input.sub6 ?? '',
      sub7: input.sub7 ?? '',
      sub8: input.sub8 ?? '',
    },
    origin,
  );
  if (fieldRule) return { ok: false, reason: fieldRule };
  const referer = input.referer ?? '';
  if (referer.length > LIMITS.referer)
    return { ok: false, reason: `referer is longer than ${LIMITS.referer} characters` };
  const pagePath = input.pagePath ?? '';
  if (pagePath.length > LIMITS.pagePath)
    return { ok: false, reason: `page_path is longer than ${LIMITS.pagePath} characters` };
  const userAgent = (input.userAgent ?? '').slice(0, LIMITS.userAgent);
  const ipHash = input.ipHash ?? '';
  if (ipHash.length > LIMITS.ipHash) return { ok: false, reason: 'ip_hash is too long' };
  const consent = input.consent ?? '';
  if (!isConsentState(consent)) return { ok: false, reason: "consent must be 'granted', 'denied' or empty" };

  let receivedAt = now;
  if (input.receivedAt) {
    // RFC 3339 only, with its zone (Z or an offset) and a real day and time: `new Date()` alone
    // would read "1" as 2001-01-01 and "March 5" as a day of 2001.
    if (!RFC3339.safeParse(input.receivedAt).success)
      return { ok: false, reason: 'received_at is not an RFC 3339 timestamp' };
    receivedAt = new Date(input.receivedAt);
    if (receivedAt.getTime() > now.getTime() + MAX_CLOCK_SKEW_MS)
      return { ok: false, reason: 'received_at is more than a day in the future' };
  }
  let ingestId: string;
  if (input.ingestId) {
    const id = normalizeUuid(input.ingestId);
    if (!id) return { ok: false, reason: 'ingest_id is not a UUID v4' };
    ingestId = id;
  } else {
    ingestId = newIngestId();
  }

  return {
    ok: true,
    event: {
      ingestId,
      eventId: input.eventId,
      providerId: texts.providerId ?? null,
      sub1: texts.sub1 ?? null,
      sub3: texts.sub3 ?? null,
      sub4: texts.sub4 ?? null,
      sub5: texts.sub5 ?? null,
      sub6: texts.sub6 ?? null,
      sub7: texts.sub7 ?? null,
      sub8: texts.sub8 ?? null,
      utmSource: texts.utmSource ?? null,
      utmMedium: texts.utmMedium ?? null,
      utmCampaign: texts.utmCampaign ?? null,
      utmContent: texts.utmContent ?? null,
      utmTerm: texts.utmTerm ?? null,
      sessionId,
      clientId,
      domain: texts.domain ?? null,
      referer: referer === '' ? null : referer,
      pagePath: pagePath === '' ? null : pagePath,
      userAgent: userAgent === '' ? null : userAgent,
      ipHash: ipHash === '' ? null : ipHash,
      consent,
      receivedAt,
    },
  };
}
