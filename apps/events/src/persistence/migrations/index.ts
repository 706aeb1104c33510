import { CreateTrackingEvents1763683400000 } from './1763683400000-create-tracking-events';

/** The events schema's history, in the order it runs (the service definition and the migration test share it). */
export const EVENTS_MIGRATIONS = [CreateTrackingEvents1763683400000];
