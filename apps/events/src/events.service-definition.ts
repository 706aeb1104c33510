import { type ServiceDefinition } from '@lib/service-kit';
import { eventsConfigSchema, type EventsConfig } from './events.config';
import { EventsModule } from './events.module';
import { TrackingConsumerJob } from './jobs/tracking-consumer.job';
import { TrackingPartitionsJob } from './jobs/tracking-partitions.job';
import { EVENTS_ENTITIES, EVENTS_MIGRATIONS } from './persistence/events-schema';

export const eventsService: ServiceDefinition<'events', EventsConfig> = {
  name: 'events',
  configSchema: eventsConfigSchema,
  module: EventsModule,
  entities: EVENTS_ENTITIES,
  migrations: EVENTS_MIGRATIONS,
  onDatabaseReady: async (app) => {
    // Partitions first (readiness waits for them), then the Kafka consumer in the background.
    await app.get(TrackingPartitionsJob).start();
    app.get(TrackingConsumerJob).start();
  },
  readinessDetails: (app) =>
    Promise.resolve({
      kafkaConsumer: app.get(TrackingConsumerJob).enabled ? 'enabled' : 'off (no KAFKA_BROKERS)',
    }),
};
