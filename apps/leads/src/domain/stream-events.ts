import { type eventsV1 } from '@lib/contracts';
import { type ConsentKey } from '@lib/pl-validation';
import { EVENT, type SubField } from '@lib/tracking';
import { createHmac } from 'node:crypto';
import { type AttemptVerdict, type DeliveryStateValue } from './delivery-outcome';

/*
 * What the leads service tells the analysts' event stream (docs/EVENTS.md, "Server events"), as
 * pure functions of the state changes it reports. Nothing personal goes in: no name, e-mail,
 * phone, PESEL or any other field of the application, no visitor session or client id, and no
 * id a lender knows (lenders receive the application and delivery ids with the applicant's data,
 * so either would let a lender's records name the person behind an event). An event is about a
 * subject (an application, or an erasure request) and carries only the subject's pseudonymous key
 * as its session_id: a keyed hash of the subject's id that only this service can compute.
 */

/** What an event is about. */
export interface StreamSubject {
  kind: 'application' | 'erasure';
  id: string;
}

/** An event to record: the outbox gives it its ingest id, its time and its subject's key. */
export interface StreamEventDraft {
  eventId: number;
  subject: StreamSubject;
  /** The catalogue's sub-fields for the event id (libs/tracking); sub-fields not set stay empty. */
  subs: Partial<Record<SubField, string>>;
}

/** The facts of a delivery an event states (never its id: the lender has it). */
export interface DeliveryFacts {
  applicationId: string;
  lenderSlug: string;
  /** Attempts counted so far (the dispatcher counts an attempt before it is sent). */
  attempts: number;
}

/** Why deliveries not sent yet were stopped. */
export type WithdrawalCause = 'consentWithdrawn' | 'erased';

/** Where a consent was withdrawn. */
export type WithdrawalChannel = 'selfService' | 'unsubscribe' | 'withdrawConsent';

/** What one erasure removed from the leads tables (counts only). */
export interface ErasureCounts {
  applications: number;
  drafts: number;
  contactRecords: number;
  deliveriesStopped: number;
}

const deliveryEvent = (
  eventId: number,
  delivery: DeliveryFacts,
  state: DeliveryStateValue,
  how: string,
  httpStatus: number | null,
): StreamEventDraft => ({
  eventId,
  subject: { kind: 'application', id: delivery.applicationId },
  subs: {
    sub4: delivery.lenderSlug,
    sub5: state,
    sub6: how,
    sub7: String(delivery.attempts),
    ...(httpStatus === null ? {} : { sub8: String(httpStatus) }),
  },
});

const decided = (decision: 'accepted' | 'rejected') =>
  decision === 'accepted' ? EVENT.applicationAccepted : EVENT.applicationRejected;

/**
 * The events of one recorded attempt. An answer means the lender received the application
 * (applicationDelivered), and a decision in it is reported as well; a retry is no event (the
 * delivery is still on its way); a delivery given up is applicationDeliveryFailed with its cause.
 */
export function attemptEvents(delivery: DeliveryFacts, verdict: AttemptVerdict): StreamEventDraft[] {
  switch (verdict.state) {
    case 'queued':
      return [];
    case 'failed':
      return [
        deliveryEvent(EVENT.applicationDeliveryFailed, delivery, 'failed', verdict.cause, verdict.httpStatus),
      ];
    case 'sent':
      return [deliveryEvent(EVENT.applicationDelivered, delivery, 'sent', 'answer', verdict.httpStatus)];
    case 'accepted':
    case 'rejected':
      return [
        deliveryEvent(EVENT.applicationDelivered, delivery, verdict.state, 'answer', verdict.httpStatus),
        deliveryEvent(decided(verdict.state), delivery, verdict.state, 'answer', verdict.httpStatus),
      ];
  }
}

/**
 * The events of a lender's later decision that changed a delivery in state `before`. A decision
 * on a delivery we never saw answered (its answer was lost while we retried, or we gave up on it)
 * is also the first sign that the lender received it: applicationDelivered comes with it, so every
 * decided delivery has been delivered exactly once on the stream.
 */
export function decisionEvents(
  delivery: DeliveryFacts,
  before: DeliveryStateValue,
  decision: 'accepted' | 'rejected',
): StreamEventDraft[] {
  const decisionEvent = deliveryEvent(decided(decision), delivery, decision, 'callback', null);
  if (before === 'sent') return [decisionEvent];
  return [deliveryEvent(EVENT.applicationDelivered, delivery, decision, 'callback', null), decisionEvent];
}

/** The event of a delivery stopped before it reached the lender. */
export function withdrawalEvent(delivery: DeliveryFacts, cause: WithdrawalCause): StreamEventDraft {
  return deliveryEvent(EVENT.applicationDeliveryWithdrawn, delivery, 'withdrawn', cause, null);
}

/** The event of a consent in force on an application that was withdrawn. */
export function consentWithdrawnEvent(
  applicationId: string,
  consent: ConsentKey,
  channel: WithdrawalChannel,
): StreamEventDraft {
  return {
    eventId: EVENT.consentWithdrawn,
    subject: { kind: 'application', id: applicationId },
    subs: { sub4: consent, sub5: channel },
  };
}

/** The event of one erasure request carried out on the leads tables. */
export function erasureEvent(requestId: string, counts: ErasureCounts): StreamEventDraft {
  return {
    eventId: EVENT.personalDataErased,
    subject: { kind: 'erasure', id: requestId },
    subs: {
      sub4: String(counts.applications),
      sub5: String(counts.drafts),
      sub6: String(counts.contactRecords),
      sub7: String(counts.deliveriesStopped),
    },
  };
}

/**
 * The subject's pseudonymous key: HMAC-SHA256 of its kind and id under `key` (the blind-index key,
 * under a label of its own so no blind index can equal it), shaped as a UUID v4 because the
 * stream's session_id must be one. The same subject always gets the same key, so its events group
 * together; without the key, nobody (a lender included) can tell which application it is.
 */
export function subjectKey(key: Buffer, subject: StreamSubject): string {
  const hex = createHmac('sha256', key).update(`stream-subject:${subject.kind}:${subject.id}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Where an application came from, as stored with it (utm_source, utm_medium, utm_campaign). */
export interface TrafficSource {
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

export const NO_SOURCE: TrafficSource = { utmSource: '', utmMedium: '', utmCampaign: '' };

/** A recorded event as the outbox keeps it. */
export interface RecordedStreamEvent {
  ingestId: string;
  eventId: number;
  subjectKey: string;
  subs: Partial<Record<SubField, string>>;
  source: TrafficSource;
  occurredAt: Date;
}

/**
 * The IngestEvents form of a recorded event. What a browser event has and a server event has not
 * stays empty: client id, domain, referer, page path, user agent, IP hash, consent; so do
 * utm_content and utm_term, which campaigns fill with free text (a paid-search term can be what the
 * person typed).
 */
export function toTrackingEvent(event: RecordedStreamEvent): eventsV1.TrackingEvent {
  return {
    eventId: event.eventId,
    providerId: '',
    sub1: event.subs.sub1 ?? '',
    sub3: event.subs.sub3 ?? '',
    sub4: event.subs.sub4 ?? '',
    sub5: event.subs.sub5 ?? '',
    sub6: event.subs.sub6 ?? '',
    sub7: event.subs.sub7 ?? '',
    sub8: event.subs.sub8 ?? '',
    utmSource: event.source.utmSource,
    utmMedium: event.source.utmMedium,
    utmCampaign: event.source.utmCampaign,
    utmContent: '',
    utmTerm: '',
    sessionId: event.subjectKey,
    clientId: '',
    domain: '',
    referer: '',
    receivedAt: event.occurredAt.toISOString(),
    userAgent: '',
    ipHash: '',
    ingestId: event.ingestId,
    pagePath: '',
    consent: '',
  };
}
