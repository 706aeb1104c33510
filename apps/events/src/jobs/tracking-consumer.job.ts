import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { backoffDelay } from '@lib/config';
import {
  type ConsumerGroup,
  type ConsumerLagMetrics,
  type MessageBatch,
  registerConsumerLagMetrics,
  startConsumerGroup,
} from '@lib/messaging';
import { type Logger } from '@lib/observability';
import { LOGGER, METRICS_REGISTRY, SERVICE_CONFIG } from '@lib/service-kit';
import { type Registry } from 'prom-client';
import { TRACKING_TOPICS } from '@lib/tracking';
import { EventIngestionUseCases, type RawBatchOutcome } from '../application/event-ingestion.use-cases';
import { type EventsConfig } from '../events.config';

/** Progress the consumer reports (logs at debug level; tests wait on it). */
export type ConsumerProgress = (batch: MessageBatch, outcome: RawBatchOutcome) => void;
export const CONSUMER_PROGRESS = Symbol('CONSUMER_PROGRESS');

/**
 * The consumer group on tracking.raw.v1 (only with KAFKA_BROKERS): each partition batch goes
 * through EventIngestionUseCases.processRawBatch, and its offset is committed only after that
 * resolved (stored, published clean, refused records in the DLQ). While PostgreSQL or Kafka fail,
 * the partition is paused and the batch retried with backoff: nothing is skipped or lost.
 */
@Injectable()
export class TrackingConsumerJob implements OnApplicationShutdown {
  private group: ConsumerGroup | undefined;
  private stopped = false;
  private joining: Promise<void> | undefined;
  private lagMetrics: ConsumerLagMetrics | undefined;

  constructor(
    private readonly ingestion: EventIngestionUseCases,
    @Inject(SERVICE_CONFIG) private readonly config: EventsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CONSUMER_PROGRESS) private readonly progress: ConsumerProgress,
    @Inject(METRICS_REGISTRY) private readonly registry: Registry,
  ) {}

  get enabled(): boolean {
    return this.config.KAFKA_BROKERS.length > 0;
  }

  /** Joins the group in the background, retrying while Kafka cannot be reached; the gRPC side serves meanwhile. */
  start(): void {
    if (!this.enabled || this.joining) return;
    // kafka_consumergroup_lag{group, topic, partition}, read from the brokers at each scrape.
    this.lagMetrics = registerConsumerLagMetrics(this.registry, {
      connection: { brokers: this.config.KAFKA_BROKERS, clientId: 'events-service-lag' },
      groupId: this.config.EVENTS_CONSUMER_GROUP,
      topics: [TRACKING_TOPICS.raw],
    });
    this.joining = this.join();
  }

  /** Resolves once the group has been joined (or the job stopped). */
  async joined(): Promise<void> {
    await this.joining;
  }

  private async join(): Promise<void> {
    for (let attempt = 1; !this.stopped; attempt++) {
      try {
        const group = await startConsumerGroup(
          { brokers: this.config.KAFKA_BROKERS, clientId: 'events-service', log: this.logger },
          {
            groupId: this.config.EVENTS_CONSUMER_GROUP,
            topics: [TRACKING_TOPICS.raw],
            fromBeginning: true,
            // Batches of different partitions are written in parallel (the pool has room); one
            // partition's batches stay in order.
            partitionsConcurrently: 3,
            handle: async (batch) => {
              const outcome = await this.ingestion.processRawBatch(batch);
              this.progress(batch, outcome);
            },
            onRetry: (error, tries, delayMs, batch) =>
              this.logger.warn(
                {
                  err: error,
                  attempt: tries,
                  delayMs,
                  topic: batch.topic,
                  partition: batch.partition,
                  firstOffset: batch.messages[0]?.offset,
                },
                'tracking batch not stored; partition paused, retrying',
              ),
          },
        );
        if (this.stopped) {
          await group.stop();
          return;
        }
        this.group = group;
        this.logger.info(
          { groupId: this.config.EVENTS_CONSUMER_GROUP, topic: TRACKING_TOPICS.raw },
          'tracking consumer joined',
        );
        return;
      } catch (error) {
        const delayMs = backoffDelay(attempt, { initialMs: 500, maxMs: 10_000 });
        this.logger.warn({ err: error, attempt, delayMs }, 'Kafka unreachable; tracking consumer retries');
        await new Promise((resolve) => setTimeout(resolve, delayMs).unref());
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.group?.stop();
    await this.lagMetrics?.close();
  }
}
