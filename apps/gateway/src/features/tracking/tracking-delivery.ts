import { type ServiceClient } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { TRACKING_LIMITS } from '@lib/tracking';
import { type GatewayConfig } from '../../kit/config/gateway-config';
import { EventDelivery } from './event-delivery';
import { grpcEventSink, kafkaEventSink } from './event-sinks';

/** How long an event waits for its batch to fill before it goes out anyway. */
const LINGER_MS = 20;

/**
 * The delivery of POST /api/event: to Kafka when KAFKA_BROKERS is set, else to the events service
 * over gRPC (event-sinks.ts), through the bounded, retrying buffer of event-delivery.ts. main.ts
 * drains it at shutdown.
 */
export function createEventDelivery(
  config: Pick<GatewayConfig, 'KAFKA_BROKERS' | 'EVENT_BUFFER_LIMIT' | 'GRPC_DEADLINE_MS'>,
  events: ServiceClient<'events'>,
  logger: Logger,
): EventDelivery {
  const kafka = config.KAFKA_BROKERS.length > 0;
  return new EventDelivery({
    sink: kafka
      ? kafkaEventSink(config.KAFKA_BROKERS, logger)
      : grpcEventSink(events, config.GRPC_DEADLINE_MS, logger, 'browser'),
    logger,
    limit: config.EVENT_BUFFER_LIMIT,
    batchSize: TRACKING_LIMITS.grpcBatch,
    // The publisher keeps one request in flight per broker (order per key); gRPC calls run side by side.
    concurrency: kafka ? 2 : 4,
    lingerMs: LINGER_MS,
    retry: { initialMs: 100, maxMs: 5_000 },
  });
}

/**
 * The retried delivery of the gateway's own events (offer clicks whose direct IngestEvents call
 * failed for a passing reason): always the events service over gRPC as the server origin, whether
 * or not KAFKA_BROKERS is set (tracking.raw.v1 carries browsers' events only). Same buffer, batching
 * and back-off as the browsers' delivery; main.ts drains it at shutdown too.
 */
export function createServerEventDelivery(
  config: Pick<GatewayConfig, 'EVENT_BUFFER_LIMIT' | 'GRPC_DEADLINE_MS'>,
  events: ServiceClient<'events'>,
  logger: Logger,
): EventDelivery {
  return new EventDelivery({
    sink: grpcEventSink(events, config.GRPC_DEADLINE_MS, logger, 'server'),
    logger,
    limit: config.EVENT_BUFFER_LIMIT,
    batchSize: TRACKING_LIMITS.grpcBatch,
    concurrency: 2,
    lingerMs: LINGER_MS,
    retry: { initialMs: 100, maxMs: 5_000 },
  });
}
