import { env } from '@lib/config';
import { z } from 'zod';

const file = (fallback: string) => z.string().min(1).default(fallback);

/**
 * Everything the partner sandbox reads from its environment (README, "Environment"). Relative
 * paths are read from the working directory: the workspace root under `npm start` and tests.
 */
export const sandboxConfigSchema = z.object({
  PARTNER_SANDBOX_PORT: env.port(8090),
  PARTNER_SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
  /** The lender file whose lenders are played; its `environment` must be "sandbox". */
  LENDER_DELIVERY_FILE: file('deploy/lenders/lender-delivery.sandbox.json'),
  /** The offers feed the lenders' limits come from (amounts in złoty, ages in years). */
  PARTNER_SANDBOX_FEED: file('apps/offers/feeds/pl_feed.json'),
  /** Which lender decides at once, later or never (the reviewed behaviour file). */
  SANDBOX_BEHAVIOUR_FILE: file('apps/partner-sandbox/sandbox-behaviour.json'),
  /** Where the 'decide-later' lenders post their signed decisions. */
  LEAD_STATUS_CALLBACK_URL: z
    .string({ error: 'must be set: the URL the sandbox posts later decisions to' })
    .refine(
      (value) => /^https?:\/\//.test(value) && URL.canParse(value),
      'must be an http:// or https:// URL',
    ),
  /** Every answered delivery, one JSON line each, synced before the answer; read back at start. */
  SANDBOX_STATE_FILE: file('tmp/partner-sandbox/deliveries.jsonl'),
  /** How long after a delivery a 'decide-later' lender posts its decision. */
  SANDBOX_LATER_MS: env.positiveMs(2_000),
  /** How long a 'timeout' lender keeps a request open before dropping it unanswered. */
  SANDBOX_TIMEOUT_HOLD_MS: env.positiveMs(60_000),
  LOG_LEVEL: env.logLevel,
});

export type SandboxConfig = z.output<typeof sandboxConfigSchema>;

/** Why the sandbox must not run in this environment, or null when it may. */
export function refusal(source: Readonly<Record<string, string | undefined>>): string | null {
  return source['NODE_ENV']?.trim() === 'production'
    ? 'partner-sandbox: NODE_ENV=production: the partner sandbox is for local runs and tests only; it plays lenders with made-up decisions and must never receive real applications'
    : null;
}
