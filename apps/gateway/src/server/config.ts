import { env, SERVICE_PORTS } from '@lib/config';
import { compile as compileTrustedProxies } from 'proxy-addr';
import { z } from 'zod';

/**
 * TRUST_PROXY as Express reads it: 'false' (default: the socket address is the client), 'true'
 * (every proxy), a hop count ('1'), or addresses/subnets ('loopback, 10.0.0.0/8').
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): boolean | number | string => {
    const parsed = value === 'true' ? true : value === 'false' || value === '' ? false : /^\d+$/.test(value) ? Number(value) : value;
    // Checked with the parser Express itself uses for 'trust proxy' (not Express: instrument.ts
    // reads this schema before OpenTelemetry has patched express).
    try {
      if (typeof parsed === 'string') compileTrustedProxies(parsed.split(/\s*,\s*/));
    } catch {
      ctx.addIssue({ code: 'custom', message: "must be 'true', 'false', a hop count or a list of addresses/subnets" });
    }
    return parsed;
  });

/** Every variable the gateway reads, validated once at start (see README for the table). */
export const gatewayEnvSchema = z.object({
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
  /** Deadline of every gRPC call a page makes; a slow service cannot hold a page longer. */
  GRPC_DEADLINE_MS: env.positiveMs(1500),
  /** Public origin: the locale's host and the base of canonical URLs. */
  PUBLIC_ORIGIN: env
    .url(['http', 'https'])
    .default('http://localhost:3000')
    .transform((value) => new URL(value).origin),
  REDIS_URL: env.url(['redis', 'rediss']).optional(),
  /** Stale-while-revalidate cache of page data (never of anything personal). */
  PAGE_CACHE: env.bool(true),
  PAGE_CACHE_TTL_MS: env.positiveMs(30_000),
  PAGE_CACHE_STALE_MS: env.positiveMs(600_000),
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
});

export type GatewayConfig = z.output<typeof gatewayEnvSchema>;
