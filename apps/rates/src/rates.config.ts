import { env, serviceEnvSchema } from '@lib/config';
import { z } from 'zod';
import { parseBankSourceUrls } from './domain/banks/bank-registry';

/** Everything the rates service reads from its environment (README, "Environment variables"). */
export const ratesConfigSchema = serviceEnvSchema('rates')
  .extend({
    /** NBP Web API base ('https://api.nbp.pl/api/'); a local server in tests. */
    NBP_API_URL: env.url(['http', 'https']).default('https://api.nbp.pl/api/'),
    /** Time one NBP request may take before it counts as failed (and is retried). */
    NBP_TIMEOUT_MS: env.positiveMs(10_000),
    /** Retries after a 5xx, a timeout or a dropped connection (exponential backoff with jitter). */
    NBP_RETRIES: z.coerce.number().int().min(0).max(10).default(4),
    /** First pause before a retry; it doubles each time (at most 30 s). */
    NBP_RETRY_DELAY_MS: env.positiveMs(1_000),
    /** Scheduled NBP and bank fetches: on by default, off under NODE_ENV=test unless set to on. */
    RATES_SCHEDULE: z.enum(['on', 'off']).optional(),
    /**
     * Under NODE_ENV=production the bundled sample data (shipped bank tables, NBP rates known only
     * from the shipped archive) keeps the service NOT ready and the shipped bank tables are neither
     * loaded nor answered; `true` lets a deployment that is not public (test stacks, a local
     * compose) use them anyway, every page still saying they are sample data.
     */
    RATES_ALLOW_SAMPLE_DATA: env.bool(false),
    /**
     * Where each bank's table is fetched from: 'slug=url,slug=url'. A bank listed is shown from
     * what it publishes only; one not listed shows the shipped sample table outside production.
     */
    BANK_SOURCE_URLS: z
      .string()
      .default('')
      .transform((text, ctx) => {
        const parsed = parseBankSourceUrls(text);
        if (parsed.ok) return parsed.urls;
        ctx.addIssue({ code: 'custom', message: parsed.problem });
        return z.NEVER;
      }),
  })
  .transform((c) => ({
    ...c,
    scheduleOn: c.RATES_SCHEDULE ? c.RATES_SCHEDULE === 'on' : c.NODE_ENV !== 'test',
    sampleDataRefused: c.NODE_ENV === 'production' && !c.RATES_ALLOW_SAMPLE_DATA,
  }));

export type RatesConfig = z.output<typeof ratesConfigSchema>;
