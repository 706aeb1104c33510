import { type eventsV1 } from '@lib/contracts';
import { normalizeUuid } from '@lib/pl-validation';
import { z } from 'zod';

/** Limits that keep one batch and one row bounded whatever a browser sends. */
export const LIMITS = { batch: 500, text: 255, referer: 2048, userAgent: 512, ipHash: 128, eventId: 100_000 } as const;

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
  clientId: string;
  domain: string | null;
  referer: string | null;
  userAgent: string | null;
  ipHash: string | null;
  receivedAt: Date;
}

export type Validation = { ok: true; event: ValidTrackingEvent } | { ok: false; reason: string };

const TEXT_FIELDS = ['providerId', 'sub1', 'sub3', 'sub4', 'sub5', 'sub6', 'sub7', 'sub8', 'utmSource', 'utmMedium', 'utmCampaign', 'utmContent', 'utmTerm', 'domain'] as const;

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const RFC3339 = z.iso.datetime({ offset: true });

/** Where a new ingest id (a v4 UUID) comes from for an event sent without one; the caller owns randomness. */
export type NewIngestId = () => string;

/**
 * Checks one event the way the spec and the stream schema demand: ids are v4 UUIDs (hyphens
 * optional, stored canonical), the event id is a positive integer, texts are bounded. Empty strings
 * mean "not sent". Returns the reason as a value; a bad event never fails its batch.
 */
export function validateTrackingEvent(input: eventsV1.TrackingEvent, now: Date, newIngestId: NewIngestId): Validation {
  if (!Number.isInteger(input.eventId) || input.eventId < 1 || input.eventId > LIMITS.eventId) {
    return { ok: false, reason: `event_id must be an integer from 1 to ${LIMITS.eventId}` };
  }
  const sessionId = normalizeUuid(input.sessionId ?? '');
  if (!sessionId) return { ok: false, reason: 'session_id is not a UUID v4' };
  const clientId = normalizeUuid(input.clientId ?? '');
  if (!clientId) return { ok: false, reason: 'client_id is not a UUID v4' };

  const texts: Partial<Record<(typeof TEXT_FIELDS)[number], string | null>> = {};
  for (const field of TEXT_FIELDS) {
    const value = input[field] ?? '';
    if (value.length > LIMITS.text) return { ok: false, reason: `${snake(field)} is longer than ${LIMITS.text} characters` };
    texts[field] = value === '' ? null : value;
  }
  const referer = input.referer ?? '';
  if (referer.length > LIMITS.referer) return { ok: false, reason: `referer is longer than ${LIMITS.referer} characters` };
  const userAgent = (input.userAgent ?? '').slice(0, LIMITS.userAgent);
  const ipHash = input.ipHash ?? '';
  if (ipHash.length > LIMITS.ipHash) return { ok: false, reason: 'ip_hash is too long' };

  let receivedAt = now;
  if (input.receivedAt) {
    // RFC 3339 only, with its zone (Z or an offset) and a real day and time: `new Date()` alone
    // would read "1" as 2001-01-01 and "March 5" as a day of 2001.
    if (!RFC3339.safeParse(input.receivedAt).success) return { ok: false, reason: 'received_at is not an RFC 3339 timestamp' };
    receivedAt = new Date(input.receivedAt);
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
      userAgent: userAgent === '' ? null : userAgent,
      ipHash: ipHash === '' ? null : ipHash,
      receivedAt,
    },
  };
}
