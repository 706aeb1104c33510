import { CreateTrackingEvents1763683400000 } from './1763683400000-create-tracking-events';
import { PartitionTrackingEvents1796200000000 } from './1796200000000-partition-tracking-events';

/** The events schema's history, in the order it runs (the service definition and the migration test share it). */
export const EVENTS_MIGRATIONS = [CreateTrackingEvents1763683400000, PartitionTrackingEvents1796200000000];
