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
export const DEVELOPMENT_LINK_KEY = 'q1Wk8n0y3S0JmZ8h5cP4yv2bX9rT6eL1uD7aF0gH2jI=';

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

/** Local runs and tests: MailDev, which `npm start` runs on this port (README, "Local mail"). */
export const DEFAULT_SMTP_URL = 'smtp://127.0.0.1:1025';
export const DEFAULT_MAIL_FROM = 'Porównywarka pożyczek <no-reply@localhost>';
/** The gateway's own default (`npm start` serves the site on port 3000). */
export const DEFAULT_PUBLIC_ORIGIN = 'http://localhost:3000';

/** `address@domain` or `Name <address@domain>`, as a From header is written; undefined when neither. */
export function mailboxAddress(mailbox: string): { address: string; domain: string } | undefined {
  // A name with a comma or semicolon must be quoted: unquoted, mail software reads two addresses.
  const match =
    /^(?:(?:"[^"]*"\s*|[^<>",;]*)<([^<>\s@]+@([A-Za-z0-9.-]+))>|([^<>\s@",;]+@([A-Za-z0-9.-]+)))$/.exec(
      mailbox.trim(),
    );
  if (!match) return undefined;
  const address = match[1] ?? match[3];
  const domain = match[2] ?? match[4];
  return address && domain ? { address, domain } : undefined;
}

const mailbox = z
  .string()
  .refine(
    (text) => mailboxAddress(text) !== undefined,
    'must be an address or "Name <address@domain>", e.g. Porównywarka pożyczek <no-reply@example.pl>',
  );

/** Everything the leads service reads from its environment (README, "Environment variables"). */
export const leadsConfigSchema = serviceEnvSchema('leads')
  .extend({
    /** The master key new data keys are wrapped with: `id:base64(32 bytes)`. */
    LEADS_MASTER_KEY: masterKey.optional(),
    /** Earlier master keys, comma-separated `id:base64`: data keys they wrap stay readable until `npm run leads:rotate-keys`. */
    LEADS_PREVIOUS_MASTER_KEYS: masterKeyList.default([]),
    /**
     * HMAC key of the e-mail and phone blind indexes (base64 of 32 bytes), and of the stream events'
     * subject keys; changing it loses lookups of stored rows and gives applications new keys.
     */
    LEADS_BLIND_INDEX_KEY: indexKey.optional(),
    /** Submitted applications, contact messages and partner enquiries are deleted after this many days. */
    LEADS_RETENTION_DAYS: env.days(365),
    /** How often the retention and erasure jobs run. */
    LEADS_JOB_INTERVAL_MS: env.positiveMs(60_000),
    /** Submitted applications per e-mail and per phone in one hour; more are refused (RESOURCE_EXHAUSTED). */
    LEADS_SUBMIT_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
    /** The offers service (MatchOffers after a submit, ForgetLeadRequests on erasure). */
    OFFERS_SERVICE_ADDR: env.hostPort(`127.0.0.1:${SERVICE_PORTS.offers.grpc}`),
    /** The content service (AnonymiseCommenter on erasure). */
    CONTENT_SERVICE_ADDR: env.hostPort(`127.0.0.1:${SERVICE_PORTS.content.grpc}`),
    /** The events service (IngestEvents: delivery, consent and erasure events for the analysts' stream). */
    EVENTS_SERVICE_ADDR: env.hostPort(`127.0.0.1:${SERVICE_PORTS.events.grpc}`),
    /** Deadline of the calls to offers, content and events. */
    LEADS_PEER_DEADLINE_MS: env.positiveMs(2_000),
    /** HMAC key of the status links (base64 of 32 bytes); changing it invalidates the links already sent. */
    LEADS_LINK_KEY: indexKey.optional(),
    /**
     * The reviewed file of lenders that take applications (deploy/lenders/README.md); required in
     * production. Unset elsewhere: no lender takes applications (they are matched only); `npm start`
     * sets the sandbox file.
     */
    LENDER_DELIVERY_FILE: z.string().min(1).optional(),
    /** How often the outbox dispatcher looks for due deliveries, messages and stream events (a submit also wakes it). */
    LEADS_DISPATCH_INTERVAL_MS: env.positiveMs(1_000),
    /** SMTP server of outgoing mail: smtp://host:port (STARTTLS when offered) or smtps://user:pass@host:465. */
    SMTP_URL: env.url(['smtp', 'smtps']).optional(),
    /** Sender of every message (From, and the domain of its Message-ID). */
    MAIL_FROM: mailbox.optional(),
    /** 'none': no SMS is sent; 'mail-catcher' (local runs and tests only): an SMS becomes a mail to <digits>@sms.localhost. */
    SMS_TRANSPORT: z
      .enum(['none', 'mail-catcher'], { error: 'must be none or mail-catcher' })
      .default('none'),
    /** The site's public origin, the base of the links in messages (the gateway's PUBLIC_ORIGIN). */
    PUBLIC_ORIGIN: env
      .url(['http', 'https'])
      .optional()
      .transform((value) => value && new URL(value).origin),
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
    if (!config.LEADS_LINK_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['LEADS_LINK_KEY'],
        message: 'is required in production (base64 of 32 random bytes)',
      });
    if (!config.LENDER_DELIVERY_FILE)
      ctx.addIssue({
        code: 'custom',
        path: ['LENDER_DELIVERY_FILE'],
        message: 'is required in production (the production lender file, never the sandbox one)',
      });
    if (!config.SMTP_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required in production (smtp://host:port or smtps://user:password@host:465)',
      });
    if (!config.MAIL_FROM)
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'is required in production (e.g. Porównywarka pożyczek <no-reply@example.pl>)',
      });
    if (!config.PUBLIC_ORIGIN)
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_ORIGIN'],
        message: 'is required in production (the https origin of the site, as the gateway has it)',
      });
    if (config.SMS_TRANSPORT === 'mail-catcher')
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_TRANSPORT'],
        message: 'mail-catcher is for local runs and tests only, never production',
      });
  })
  .transform((config) => ({
    ...config,
    LEADS_MASTER_KEY: config.LEADS_MASTER_KEY ?? (parseMasterKey(DEVELOPMENT_MASTER_KEY) as MasterKey),
    LEADS_BLIND_INDEX_KEY: config.LEADS_BLIND_INDEX_KEY ?? Buffer.from(DEVELOPMENT_BLIND_INDEX_KEY, 'base64'),
    LEADS_LINK_KEY: config.LEADS_LINK_KEY ?? Buffer.from(DEVELOPMENT_LINK_KEY, 'base64'),
    SMTP_URL: config.SMTP_URL ?? DEFAULT_SMTP_URL,
    MAIL_FROM: config.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    PUBLIC_ORIGIN: config.PUBLIC_ORIGIN ?? DEFAULT_PUBLIC_ORIGIN,
  }));

export type LeadsConfig = z.output<typeof leadsConfigSchema>;
