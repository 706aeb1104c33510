/**
 * The two sinks of POST /api/event (event-delivery.ts sends to one of them):
 * - with KAFKA_BROKERS: the Kafka topic tracking.raw.v1 through the @lib/messaging publisher
 *   (idempotent producer, acks from all in-sync replicas, GZIP), keyed by session id so one visit's
 *   events stay in order on one partition; the events service's consumer validates and stores them;
 * - without (the embedded default of `npm start`): the events service's IngestEvents over gRPC,
 *   which runs the same validation into the same table.
 * The gateway's own events (offer clicks) always take IngestEvents with the server origin (the
 * raw topic is the browsers' only), through the gRPC sink given that origin.
 */
import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError, type ServiceClient, eventsV1 } from '@lib/contracts';
import { createKafkaPublisher, type Publisher } from '@lib/messaging';
import { type Logger } from '@lib/observability';
import { type EventOrigin, type RawTrackingRecord, TRACKING_TOPICS } from '@lib/tracking';
import { type EventSink } from './event-delivery';
import { traceContextOf } from './record-trace';

/** The record as the proto message (the gRPC client takes ts-proto's camelCase fields). */
export function toTrackingEvent(record: RawTrackingRecord): eventsV1.TrackingEvent {
  return {
    eventId: record.event_id,
    providerId: record.provider_id,
    sub1: record.sub1,
    sub3: record.sub3,
    sub4: record.sub4,
    sub5: record.sub5,
    sub6: record.sub6,
    sub7: record.sub7,
    sub8: record.sub8,
    utmSource: record.utm_source,
    utmMedium: record.utm_medium,
    utmCampaign: record.utm_campaign,
    utmContent: record.utm_content,
    utmTerm: record.utm_term,
    sessionId: record.session_id,
    clientId: record.client_id,
    domain: record.domain,
    referer: record.referer,
    receivedAt: record.received_at,
    userAgent: record.user_agent,
    ipHash: record.ip_hash,
    ingestId: record.ingest_id,
    pagePath: record.page_path,
    consent: record.consent,
  };
}

/** gRPC answers that no repeat can change: the batch itself is at fault. */
const PERMANENT = new Set<number>([
  GrpcStatus.INVALID_ARGUMENT,
  GrpcStatus.OUT_OF_RANGE,
  GrpcStatus.FAILED_PRECONDITION,
]);

/**
 * True when IngestEvents failed for the batch itself (sending it again cannot help); any other
 * failure (UNAVAILABLE, DEADLINE_EXCEEDED, an overloaded upstream, …) is worth a retry.
 */
export function isPermanentIngestFailure(error: unknown): boolean {
  return error instanceof GrpcCallError && PERMANENT.has(error.code);
}

/** The wire value of an origin: what the events service validates the events as. */
export function ingestOrigin(origin: EventOrigin): eventsV1.EventOrigin {
  return origin === 'server' ? eventsV1.EventOrigin.SERVER : eventsV1.EventOrigin.BROWSER;
}

/**
 * IngestEvents per batch, as `origin` (the browsers' events relayed, or the gateway's own); a
 * refused event is logged with its reason, an outage is thrown for a retry. Its kind is 'grpc' for
 * the browser origin and 'grpc-server' for the server's (logs, the `sink` label of the metrics).
 */
export function grpcEventSink(
  events: ServiceClient<'events'>,
  deadlineMs: number,
  logger: Logger,
  origin: EventOrigin,
): EventSink {
  return {
    kind: origin === 'server' ? 'grpc-server' : 'grpc',
    async deliver(records) {
      try {
        const answer = await events.ingestEvents(
          { events: records.map(toTrackingEvent), origin: ingestOrigin(origin) },
          { deadlineMs },
        );
        if (answer.rejected > 0) {
          const reasons = answer.results
            .filter((result) => !result.accepted)
            .slice(0, 5)
            .map((result) => result.reason);
          logger.warn(
            { refused: answer.rejected, reasons, origin },
            'tracking events refused by the events service',
          );
        }
        return { refused: answer.rejected };
      } catch (error) {
        if (isPermanentIngestFailure(error)) {
          logger.error(
            { err: error, events: records.length, origin },
            'tracking batch refused by the events service',
          );
          return { refused: records.length };
        }
        throw error;
      }
    },
    close: () => Promise.resolve(),
  };
}

/**
 * tracking.raw.v1 through one publisher, connected on first use and again after a failed connect,
 * so the gateway starts (and buffers) while Kafka is still down.
 */
export function kafkaEventSink(brokers: readonly string[], logger: Logger, clientId = 'gateway'): EventSink {
  let publisher: Promise<Publisher> | undefined;
  const log = {
    warn: (fields: Record<string, unknown>, message: string) => logger.warn(fields, message),
    error: (fields: Record<string, unknown>, message: string) => logger.error(fields, message),
  };
  const connect = () => {
    publisher ??= createKafkaPublisher({ brokers, clientId, log });
    publisher.catch(() => {
      publisher = undefined;
    });
    return publisher;
  };
  return {
    kind: 'kafka',
    async deliver(records) {
      const connected = await connect();
      await connected.publish(
        TRACKING_TOPICS.raw,
        records.map((record) => ({
          key: record.session_id || null,
          value: JSON.stringify(record),
          // traceparent of the request that accepted the record (not of whichever request flushed the batch).
          headers: { 'content-type': 'application/json', ...traceContextOf(record) },
        })),
      );
      return { refused: 0 };
    },
    async close() {
      const current = publisher;
      publisher = undefined;
      if (current) await (await current.catch(() => undefined))?.close();
    },
  };
}
