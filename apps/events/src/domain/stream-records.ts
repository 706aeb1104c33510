import { createHash } from 'node:crypto';
import { type eventsV1 } from '@lib/contracts';
import { rawTrackingRecordSchema } from '@lib/tracking';
import { type EnrichedTrackingEvent } from './enrichment';

type Snake<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${Snake<T>}`
  : S;

/** A message's JSON form with the proto field names (snake_case), as the topics carry it: the compiler checks every field. */
export type ProtoJson<M> = { [K in keyof M as Snake<K & string>]: M[K] };

/** A dead letter keeps at most this much of the refused value. */
export const DEAD_LETTER_VALUE_CHARS = 65_536;

export type RawRecordReading = { ok: true; event: eventsV1.TrackingEvent } | { ok: false; reason: string };

/**
 * Reads one tracking.raw.v1 value (JSON with the proto field names, docs/EVENTS.md) into the
 * message IngestEvents takes, so both ways in share one validation. Only the JSON types are
 * checked here; a wrong type names its field.
 */
export function readRawRecord(value: Buffer | null): RawRecordReading {
  if (value === null || value.length === 0) return { ok: false, reason: 'empty record value' };
  let json: unknown;
  try {
    json = JSON.parse(value.toString('utf8'));
  } catch {
    return { ok: false, reason: 'value is not JSON' };
  }
  const parsed = rawTrackingRecordSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || 'value';
    return { ok: false, reason: `${field}: ${issue.message}` };
  }
  const r = parsed.data;
  return {
    ok: true,
    event: {
      eventId: r.event_id,
      providerId: r.provider_id ?? '',
      sub1: r.sub1 ?? '',
      sub3: r.sub3 ?? '',
      sub4: r.sub4 ?? '',
      sub5: r.sub5 ?? '',
      sub6: r.sub6 ?? '',
      sub7: r.sub7 ?? '',
      sub8: r.sub8 ?? '',
      utmSource: r.utm_source ?? '',
      utmMedium: r.utm_medium ?? '',
      utmCampaign: r.utm_campaign ?? '',
      utmContent: r.utm_content ?? '',
      utmTerm: r.utm_term ?? '',
      sessionId: r.session_id ?? '',
      clientId: r.client_id ?? '',
      domain: r.domain ?? '',
      referer: r.referer ?? '',
      receivedAt: r.received_at ?? '',
      userAgent: r.user_agent ?? '',
      ipHash: r.ip_hash ?? '',
      ingestId: r.ingest_id ?? '',
      pagePath: r.page_path ?? '',
      consent: r.consent ?? '',
    },
  };
}

/** The tracking.events.v1 record of a stored event: JSON form of events.v1.CleanTrackingEvent with proto field names. */
export function cleanRecordOf(e: EnrichedTrackingEvent): ProtoJson<eventsV1.CleanTrackingEvent> {
  return {
    ingest_id: e.ingestId,
    event_id: e.eventId,
    event_name: e.eventName,
    provider_id: e.providerId ?? '',
    sub1: e.sub1 ?? '',
    sub3: e.sub3 ?? '',
    sub4: e.sub4 ?? '',
    sub5: e.sub5 ?? '',
    sub6: e.sub6 ?? '',
    sub7: e.sub7 ?? '',
    sub8: e.sub8 ?? '',
    utm_source: e.utmSource ?? '',
    utm_medium: e.utmMedium ?? '',
    utm_campaign: e.utmCampaign ?? '',
    utm_content: e.utmContent ?? '',
    utm_term: e.utmTerm ?? '',
    session_id: e.sessionId,
    client_id: e.clientId ?? '',
    domain: e.domain ?? '',
    referer: e.referer ?? '',
    page_path: e.pagePath ?? '',
    page_type: e.pageType,
    received_at: e.receivedAt.toISOString(),
    user_agent: e.userAgent ?? '',
    ip_hash: e.ipHash ?? '',
    device_class: e.deviceClass,
    is_bot: e.isBot,
    consent: e.consent,
  };
}

/** Where a refused record came from. */
export interface RecordSource {
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  value: Buffer | null;
}

/** The tracking.dlq.v1 record of a refused raw record: JSON form of events.v1.DeadLetter. */
export function deadLetterOf(
  source: RecordSource,
  reason: string,
  failedAt: Date,
): ProtoJson<eventsV1.DeadLetter> {
  return {
    reason,
    source_topic: source.topic,
    source_partition: source.partition,
    source_offset: source.offset,
    key: source.key ?? '',
    value: (source.value?.toString('utf8') ?? '').slice(0, DEAD_LETTER_VALUE_CHARS),
    failed_at: failedAt.toISOString(),
  };
}

/**
 * The ingest id of a raw record that came without one: derived from where it sits in Kafka
 * (topic, partition, offset), so every re-delivery of the record gets the same id and is stored
 * once. Shaped as a UUID v4 (version and variant bits set) like every other ingest id.
 */
export function ingestIdOfRecord(topic: string, partition: number, offset: string): string {
  const hex = createHash('sha256').update(`${topic}\u0000${partition}\u0000${offset}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
