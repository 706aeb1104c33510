import { type ServiceDefinition } from '@lib/service-kit';
import { eventsConfigSchema, type EventsConfig } from './events.config';
import { EventsModule } from './events.module';
import { EVENTS_MIGRATIONS } from './persistence/migrations';
import { TrackingEventEntity } from './persistence/tracking-event.entity';

export const eventsService: ServiceDefinition<'events', EventsConfig> = {
  name: 'events',
  configSchema: eventsConfigSchema,
  module: EventsModule,
  entities: [TrackingEventEntity],
  migrations: EVENTS_MIGRATIONS,
};
