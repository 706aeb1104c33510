import { serviceEnvSchema } from '@lib/config';
import { type z } from 'zod';

/** Everything the rates service reads from its environment (README, "Environment variables"). */
export const ratesConfigSchema = serviceEnvSchema('rates');

export type RatesConfig = z.output<typeof ratesConfigSchema>;
