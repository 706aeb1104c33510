import { serviceEnvSchema } from '@lib/config';
import { type z } from 'zod';

/** Everything the leads service reads from its environment (README, "Environment variables"). */
export const leadsConfigSchema = serviceEnvSchema('leads');

export type LeadsConfig = z.output<typeof leadsConfigSchema>;
