import { type ServiceDefinition } from '@lib/service-kit';
import { EventsModule } from './events.module';
import { CreateTrackingEvents1763683400000 } from './migrations/1763683400000-create-tracking-events';
import { TrackingEventEntity } from './persistence/tracking-event.entity';
import { eventsConfigSchema, type EventsConfig } from './events.config';

export const eventsService: ServiceDefinition<'events', EventsConfig> = {
  name: 'events',
  configSchema: eventsConfigSchema,
  module: EventsModule,
  entities: [TrackingEventEntity],
  migrations: [CreateTrackingEvents1763683400000],
};
