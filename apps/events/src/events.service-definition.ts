import { type ServiceDefinition } from '@lib/service-kit';
import { EventsModule } from './events.module';
import { CreateTrackingEvents1763683400000 } from './migrations/1763683400000-create-tracking-events';
import { TrackingEventEntity } from './persistence/tracking-event.entity';

export const eventsService: ServiceDefinition<'events'> = {
  name: 'events',
  module: EventsModule,
  entities: [TrackingEventEntity],
  migrations: [CreateTrackingEvents1763683400000],
};
