import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createKafkaPublisher, type OutgoingMessage, type Publisher } from '@lib/messaging';
import { type Logger } from '@lib/observability';
import { LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import { TRACKING_TOPICS } from '@lib/tracking';
import { type EnrichedTrackingEvent } from '../domain/enrichment';
import { cleanRecordOf, deadLetterOf, type RecordSource } from '../domain/stream-records';
import { type EventsConfig } from '../events.config';

const JSON_HEADERS = { 'content-type': 'application/json' } as const;

/**
 * The service's side of the Kafka topics it writes: tracking.events.v1 (clean records, keyed by
 * session id) and tracking.dlq.v1 (refused records, keyed like the original). Without KAFKA_BROKERS
 * it is switched off and publishes nothing. Connects on first use and again after a failure, so a
 * broker that is down at start does not stop the service.
 */
@Injectable()
export class TrackingStreamPublisher implements OnApplicationShutdown {
  private publisher: Promise<Publisher> | undefined;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: EventsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  get enabled(): boolean {
    return this.config.KAFKA_BROKERS.length > 0;
  }

  private connected(): Promise<Publisher> {
    this.publisher ??= createKafkaPublisher({
      brokers: this.config.KAFKA_BROKERS,
      clientId: 'events-service',
      log: this.logger,
    }).catch((error: unknown) => {
      this.publisher = undefined;
      throw error;
    });
    return this.publisher;
  }

  private async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    if (!this.enabled || messages.length === 0) return;
    await (await this.connected()).publish(topic, messages);
  }

  /** Publishes stored events to tracking.events.v1; resolves once Kafka acknowledged them all. */
  async publishClean(events: readonly EnrichedTrackingEvent[]): Promise<void> {
    if (!this.enabled) return; // without Kafka there is nothing to build either
    await this.publish(
      TRACKING_TOPICS.clean,
      events.map((e) => ({
        key: e.sessionId,
        value: JSON.stringify(cleanRecordOf(e)),
        headers: { ...JSON_HEADERS, schema: 'events.v1.CleanTrackingEvent' },
      })),
    );
  }

  /** Publishes refused records to tracking.dlq.v1 with their reasons. */
  async publishDeadLetters(
    refused: readonly { source: RecordSource; reason: string }[],
    failedAt: Date,
  ): Promise<void> {
    await this.publish(
      TRACKING_TOPICS.dlq,
      refused.map(({ source, reason }) => ({
        key: source.key,
        value: JSON.stringify(deadLetterOf(source, reason, failedAt)),
        headers: { ...JSON_HEADERS, schema: 'events.v1.DeadLetter' },
      })),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    const publisher = this.publisher;
    this.publisher = undefined;
    if (publisher) await (await publisher.catch(() => undefined))?.close();
  }
}
