import { env, SERVICE_PORTS } from '@lib/config';
import { compile as compileTrustedProxies } from 'proxy-addr';
import { z } from 'zod';
import { operatorEnvFields, resolveOperator } from './operator-env';

/**
 * TRUST_PROXY as Express reads it: 'false' (default: the socket address is the client), 'true'
 * (every proxy), a hop count ('1'), or addresses/subnets ('loopback, 10.0.0.0/8').
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): boolean | number | string => {
    const parsed =
      value === 'true'
        ? true
        : value === 'false' || value === ''
          ? false
          : /^\d+$/.test(value)
            ? Number(value)
            : value;
    // Checked with the parser Express itself uses for 'trust proxy' (not Express: instrument.ts
    // reads this schema before OpenTelemetry has patched express).
    try {
      if (typeof parsed === 'string') compileTrustedProxies(parsed.split(/\s*,\s*/));
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: "must be 'true', 'false', a hop count or a list of addresses/subnets",
      });
    }
    return parsed;
  });

/**
 * The origin while PUBLIC_ORIGIN is unset (development and test only: production requires it): this
 * machine on the configured port. Never the request's Host, which is whatever the client wrote.
 */
export const localOrigin = (port: number): string => `http://localhost:${port}`;

/** The gateway's Redis namespace: every key it writes starts with `gateway:` (page data, rate budgets, builds). */
export const GATEWAY_REDIS_NAMESPACE = 'gateway';

/** The variables as read; gatewayEnvSchema below adds what follows from them. */
const gatewayEnvFields = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: env.port(3000),
  /** Address of the ops server (/metrics, detailed /readyz): private, loopback unless told otherwise. */
  OPS_HOST: z.string().default('127.0.0.1'),
  OPS_PORT: env.port(9464),
  CONTENT_SERVICE_ADDR: env.hostPort(`127.0.0.1:${SERVICE_PORTS.content.grpc}`),
  OFFERS_SERVICE_ADDR: env.hostPort(`127.0.0.1:${SERVICE_PORTS.offers.grpc}`),
  RATES_SERVICE_ADDR: env.hostPort(`127.0.0.1:${SERVICE_PORTS.rates.grpc}`),
  LEADS_SERVICE_ADDR: env.hostPort(`127.0.0.1:${SERVICE_PORTS.leads.grpc}`),
  EVENTS_SERVICE_ADDR: env.hostPort(`127.0.0.1:${SERVICE_PORTS.events.grpc}`),
  /**
   * Deadline of every gRPC call, its wait for a slot of UPSTREAM_CONCURRENCY included: a slow
   * service cannot hold a page longer. Twice the p99 measured at 64 uncached connections on a
   * loaded 2-core machine (docs/OPERATIONS.md, "Load and deadlines").
   */
  GRPC_DEADLINE_MS: env.positiveMs(2500),
  /** gRPC calls in flight at once to each upstream service; more wait in its queue (same doc). */
  UPSTREAM_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(64),
  /** Calls that may wait for a slot per upstream service; one more answers 503 at once. */
  UPSTREAM_QUEUE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(512),
  /**
   * Public origin, the one origin of the site: the locale's host, the base of every absolute URL
   * (canonical links, sitemap, resume links), the only authority an absolute-form request may name,
   * and our origin for the same-origin checks of posts. Required in production; unset elsewhere,
   * localOrigin(PORT).
   */
  PUBLIC_ORIGIN: env
    .url(['http', 'https'])
    .optional()
    .transform((value) => value && new URL(value).origin),
  REDIS_URL: env.url(['redis', 'rediss']).optional(),
  /**
   * With REDIS_URL: how long a build's hashed assets and meta stay in Redis after its last gateway
   * stopped renewing them, for the tabs still open on it (http/build-archive.ts). 1 hour to 90 days.
   */
  BUILD_ARCHIVE_TTL_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .int()
    .min(1)
    .max(2_160)
    .default(168),
  /** A hashed asset larger than this is not published (1 KiB to 64 MiB). */
  BUILD_ARCHIVE_MAX_FILE_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int()
    .min(1_024)
    .max(64 * 1024 * 1024)
    .default(4 * 1024 * 1024),
  /** Bytes of hashed assets one build may publish; the rest is not (1 KiB to 512 MiB). */
  BUILD_ARCHIVE_MAX_BUILD_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int()
    .min(1_024)
    .max(512 * 1024 * 1024)
    .default(32 * 1024 * 1024),
  /** Stale-while-revalidate cache of page data (never of anything personal). */
  PAGE_CACHE: env.bool(true),
  PAGE_CACHE_TTL_MS: env.positiveMs(30_000),
  PAGE_CACHE_STALE_MS: env.positiveMs(600_000),
  /**
   * Stale-while-revalidate in this process, with the page data's TTL and stale window, of the
   * service answers every visitor gets alike and many pages show (navigation, catalogue figures,
   * offers-block rankings, the NBP table, the application's limits: server/pages/shared-answers.ts),
   * so a page whose own data is not cached asks only for that data. Default: as PAGE_CACHE.
   */
  SHARED_ANSWER_CACHE: env.optionalBool(),
  /**
   * With PAGE_CACHE on: finished pages are kept by address this long and sent again without a
   * render (render/kept-answers.ts); 0 turns it off. Adds at most this much to a page's staleness.
   */
  PAGE_MEMO_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .max(60_000)
    .default(1_000),
  /** A stream still open after this long is aborted; what React has not rendered yet is dropped. */
  RENDER_TIMEOUT_MS: env.positiveMs(5_000),
  LOG_LEVEL: env.logLevel,
  OTEL_EXPORTER_OTLP_ENDPOINT: env.url(['http', 'https']).optional(),
  SHUTDOWN_TIMEOUT_MS: env.positiveMs(10_000),
  /** Directory with the built client (client-manifest.json and public/); next to the server by default. */
  CLIENT_DIST_DIR: z.string().optional(),
  /** '1' additionally serves GET /__static/<path> for the benchmark's static baseline. */
  BENCH_STATIC: env.bool(false),
  /** Whose X-Forwarded-For to believe for the client IP (comment rate limit); none by default. */
  TRUST_PROXY: trustProxy,
  /** Comments one IP may post per COMMENT_RATE_WINDOW_MS (Redis when REDIS_URL is set). */
  COMMENT_RATE_LIMIT: z.coerce.number().int().min(1).max(1000).default(5),
  COMMENT_RATE_WINDOW_MS: env.positiveMs(600_000),
  /** Article view reports one IP (IPv6: one /64) may send per VIEW_RATE_WINDOW_MS; the rest are not counted. */
  VIEW_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(120),
  VIEW_RATE_WINDOW_MS: env.positiveMs(600_000),
  /** New visits (visit cookies issued) one IP may start per VIEW_RATE_WINDOW_MS. */
  VISIT_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * Key that signs the visit cookie (pp_visit). Every replica needs the same one; unset, each
   * process draws its own at start (fine for one process: visits then end at a restart).
   */
  VISIT_COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Key of the CSRF tokens of the form posts (kit/csrf). Every replica needs the same one;
   * unset, each process draws its own at start (open forms then need a reload after a restart).
   */
  CSRF_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Posts of the loan application journey one IP (IPv6: one /64) may send per APPLICATION_RATE_WINDOW_MS (Redis when REDIS_URL is set). */
  APPLICATION_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  APPLICATION_RATE_WINDOW_MS: env.positiveMs(600_000),
  /**
   * Kafka brokers, comma-separated host:port. Set: POST /api/event produces to tracking.raw.v1.
   * Unset (the embedded default): the events go to the events service's IngestEvents over gRPC.
   */
  KAFKA_BROKERS: z
    .string()
    .optional()
    // Not @lib/messaging's parseBrokers: instrument.ts reads this schema before OpenTelemetry patches kafkajs.
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((broker) => broker.trim())
        .filter((broker) => broker !== ''),
    )
    .refine(
      (brokers) => brokers.every((broker) => /^[A-Za-z0-9.-]+:\d{1,5}$/.test(broker)),
      'must be a comma-separated list of host:port, e.g. kafka:9092',
    ),
  /**
   * POST /api/event requests one client (IP, IPv6 /64) may send per EVENT_RATE_WINDOW_MS (up to
   * 100 events each). The default is what our pages send: the tracker sends what is waiting one
   * second after the first of it, so an open page sends at most 60 requests a minute, and a person
   * filling a form (a focus and a value per field, seconds apart) about 20; 120 is two pages at
   * that ceiling, or a handful of visitors behind one household or office address
   * (docs/EVENTS.md, "How much a browser may send").
   */
  EVENT_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(120),
  EVENT_RATE_WINDOW_MS: env.positiveMs(60_000),
  /** Tracking events accepted but not yet delivered to Kafka or the events service; past it POST /api/event answers 503. */
  EVENT_BUFFER_LIMIT: z.coerce.number().int().min(100).max(10_000_000).default(50_000),
  /**
   * Salt of the IP hash stored with each event and of the key an offer click without a session
   * cookie is counted under; every replica needs the same one (unset: one drawn per process).
   */
  TRACKING_IP_SALT: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Deadline of the offer redirect's IngestEvents call (the click stored before the 302): the
   * visitor waits at most this long; a click not stored in time is queued and sent again.
   */
  OFFER_CLICK_DEADLINE_MS: env.positiveMs(1_500),
  /** The company that runs the site (OPERATOR_*, kit/config/operator-env.ts); checked below. */
  ...operatorEnvFields,
});

/** Every variable the gateway reads, validated once at start (see README for the table). */
export const gatewayEnvSchema = gatewayEnvFields.transform(({ PUBLIC_ORIGIN, ...rest }, ctx) => {
  // OPERATOR: who runs the site, for the footer, /kontakt/ and the legal documents; production
  // without OPERATOR_EXAMPLE=true refuses to start on missing, invalid or example values.
  const { operator, problems } = resolveOperator(rest, rest.NODE_ENV === 'production');
  for (const problem of problems)
    ctx.addIssue({ code: 'custom', path: [problem.variable], message: problem.message });
  // A deployment has one public address; without it every absolute URL and the same-origin check
  // would rest on a guess (a default host, or the Host header a client wrote).
  const origin = PUBLIC_ORIGIN ?? (rest.NODE_ENV === 'production' ? undefined : localOrigin(rest.PORT));
  if (origin === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_ORIGIN'],
      message: 'is required in production (the https origin of the site, e.g. https://www.example.pl)',
    });
  if (operator === null || origin === undefined) return z.NEVER;
  return {
    ...rest,
    SHARED_ANSWER_CACHE: rest.SHARED_ANSWER_CACHE ?? rest.PAGE_CACHE,
    PUBLIC_ORIGIN: origin,
    OPERATOR: operator,
  };
});

export type GatewayConfig = z.output<typeof gatewayEnvSchema>;
