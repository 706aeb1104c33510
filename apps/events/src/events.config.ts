import { serviceEnvSchema } from '@lib/config';
import { type z } from 'zod';

/** Everything the events service reads from its environment (README, "Environment variables"). */
export const eventsConfigSchema = serviceEnvSchema('events');

export type EventsConfig = z.output<typeof eventsConfigSchema>;
