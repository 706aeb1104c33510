import { env, SERVICE_PORTS, serviceEnvSchema } from '@lib/config';
import { z } from 'zod';
import { KEY_BYTES, type MasterKey, parseMasterKey } from './domain/envelope-crypto';

/**
 * Keys for development and tests only (`npm start` works without configuration); with
 * NODE_ENV=production the service refuses to start unless LEADS_MASTER_KEY and
 * LEADS_BLIND_INDEX_KEY are set.
 */
export const DEVELOPMENT_MASTER_KEY = 'dev-1:vpkpnUrfMorCNeXxIR/VSgF27P+3nuWAWl3NwXZB+f4=';
export const DEVELOPMENT_BLIND_INDEX_KEY = 'OrEghBu+XBRDN2Jo1fw0b01H2aVBHMTFD43uE6zdv7w=';

const masterKey = z.string().transform((text, ctx): MasterKey => {
  const parsed = parseMasterKey(text);
  if (typeof parsed === 'string') {
    ctx.addIssue({ code: 'custom', message: parsed });
    return z.NEVER;
  }
  return parsed;
});

const masterKeyList = z.string().transform((text, ctx): MasterKey[] => {
  const keys: MasterKey[] = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const parsed = parseMasterKey(part);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    keys.push(parsed);
  }
  return keys;
});

const indexKey = z.string().transform((text, ctx) => {
  const key = Buffer.from(text, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || key.length !== KEY_BYTES) {
    ctx.addIssue({ code: 'custom', message: 'must be base64 of 32 random bytes (openssl rand -base64 32)' });
    return z.NEVER;
  }
  return key;
});

const days = (fallback: number) =>
  z.coerce.number({ error: 'must be a number of days' }).int().min(1).max(3650).default(fallback);

/** Everything the leads service reads from its environment (README, "Environment variables"). */
export const leadsConfigSchema = serviceEnvSchema('leads')
  .extend({
    /** The master key new data keys are wrapped with: `id:base64(32 bytes)`. */
    LEADS_MASTER_KEY: masterKey.optional(),
    /** Earlier master keys, comma-separated `id:base64`: data keys they wrap stay readable until `npm run leads:rotate-keys`. */
    LEADS_PREVIOUS_MASTER_KEYS: masterKeyList.default([]),
    /** HMAC key of the e-mail and phone blind indexes (base64 of 32 bytes); changing it loses lookups of stored rows. */
    LEADS_BLIND_INDEX_KEY: indexKey.optional(),
    /** Submitted applications, contact messages and partner enquiries are deleted after this many days. */
    LEADS_RETENTION_DAYS: days(365),
    /** How often the retention and erasure jobs run. */
    LEADS_JOB_INTERVAL_MS: env.positiveMs(60_000),
    /** Submitted applications per e-mail and per phone in one hour; more are refused (RESOURCE_EXHAUSTED). */
    LEADS_SUBMIT_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
    /** The offers service (MatchOffers after a submit). */
    OFFERS_SERVICE_ADDR: env.hostPort(`127.0.0.1:${SERVICE_PORTS.offers.grpc}`),
    /** The content service (AnonymiseCommenter on erasure). */
    CONTENT_SERVICE_ADDR: env.hostPort(`127.0.0.1:${SERVICE_PORTS.content.grpc}`),
    /** Deadline of the calls to offers and content. */
    LEADS_PEER_DEADLINE_MS: env.positiveMs(2_000),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV !== 'production') return;
    if (!config.LEADS_MASTER_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['LEADS_MASTER_KEY'],
        message: 'is required in production (id:base64 of 32 random bytes)',
      });
    if (!config.LEADS_BLIND_INDEX_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['LEADS_BLIND_INDEX_KEY'],
        message: 'is required in production (base64 of 32 random bytes)',
      });
  })
  .transform((config) => ({
    ...config,
    LEADS_MASTER_KEY: config.LEADS_MASTER_KEY ?? (parseMasterKey(DEVELOPMENT_MASTER_KEY) as MasterKey),
    LEADS_BLIND_INDEX_KEY: config.LEADS_BLIND_INDEX_KEY ?? Buffer.from(DEVELOPMENT_BLIND_INDEX_KEY, 'base64'),
  }));

export type LeadsConfig = z.output<typeof leadsConfigSchema>;
