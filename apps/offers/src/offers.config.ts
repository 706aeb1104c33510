import { serviceEnvSchema } from '@lib/config';
import { type z } from 'zod';

/** Everything the offers service reads from its environment (README, "Environment variables"). */
export const offersConfigSchema = serviceEnvSchema('offers');

export type OffersConfig = z.output<typeof offersConfigSchema>;
