import { CreateTrackingEvents1763683400000 } from './migrations/1763683400000-create-tracking-events';
import { PartitionTrackingEvents1796200000000 } from './migrations/1796200000000-partition-tracking-events';
import { TrackingEventEntity, TrackingEventIdEntity } from './tracking-event.entity';

/**
 * The PostgreSQL schema the events service owns: its name, its tables and their history. The
 * service, the tail command, the bench and the tests all open the database with these, so an entity
 * or a migration added here is seen by every one of them.
 */
export const EVENTS_SCHEMA = 'events';

export const EVENTS_ENTITIES = [TrackingEventEntity, TrackingEventIdEntity];

/** In the order they run. */
export const EVENTS_MIGRATIONS = [CreateTrackingEvents1763683400000, PartitionTrackingEvents1796200000000];
