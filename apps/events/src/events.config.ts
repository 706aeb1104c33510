import { env, serviceEnvSchema } from '@lib/config';
import { z } from 'zod';

const BROKER = /^[A-Za-z0-9.-]+:\d{1,5}$/;

/** Everything the events service reads from its environment (README, "Environment variables"). */
export const eventsConfigSchema = serviceEnvSchema('events').extend({
  /**
   * Kafka brokers, comma-separated host:port. Set: the service consumes tracking.raw.v1 and publishes
   * tracking.events.v1 / tracking.dlq.v1. Unset (the embedded default): no Kafka; IngestEvents over
   * gRPC is the only way in, through the same validation and sink.
   */
  KAFKA_BROKERS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((b) => b.trim())
        .filter((b) => b !== ''),
    )
    .refine(
      (brokers) => brokers.every((b) => BROKER.test(b)),
      'must be a comma-separated list of host:port, e.g. kafka:9092',
    ),
  /** Consumer group of the sink on tracking.raw.v1 (one group per environment; members share partitions). */
  EVENTS_CONSUMER_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,100}$/, 'must be 1-100 letters, digits, ".", "_" or "-"')
    .default('events-sink'),
  /** Daily partitions of events.tracking_events created ahead of today (UTC days). */
  EVENTS_PARTITION_DAYS_AHEAD: z.coerce.number().int().min(1).max(60).default(7),
  /** How often the partition job runs (it also applies the retention below). */
  EVENTS_PARTITION_JOB_MS: env.positiveMs(3_600_000),
  /**
   * Days of tracking events kept in PostgreSQL: older day partitions are dropped and the dedupe
   * ledger pruned by the partition job (13 months by default: a year-on-year comparison plus a month;
   * the cookie policy states the same). The Kafka topics keep their own, shorter retention.
   */
  EVENTS_RETENTION_DAYS: z.coerce.number().int().min(2).max(3650).default(395),
});

export type EventsConfig = z.output<typeof eventsConfigSchema>;
