import { z } from 'zod';
import { env } from './env-fields';

/**
 * The environment every NestJS gRPC service reads. Defaults suit `npm start` on a laptop:
 * no DATABASE_URL means an embedded PostgreSQL, no REDIS_URL means an in-process cache.
 */
export const serviceEnvSchema = (defaults: { grpcPort: number; opsPort: number }) =>
  z.object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    GRPC_HOST: z.string().default('0.0.0.0'),
    GRPC_PORT: env.port(defaults.grpcPort),
    OPS_PORT: env.port(defaults.opsPort),
    DATABASE_URL: env.url(['postgres', 'postgresql']).optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    REDIS_URL: env.url(['redis', 'rediss']).optional(),
    LOG_LEVEL: env.logLevel,
    OTEL_EXPORTER_OTLP_ENDPOINT: env.url(['http', 'https']).optional(),
    SHUTDOWN_TIMEOUT_MS: env.positiveMs(10_000),
    DATA_DIR: z.string().default('.data'),
    EMBEDDED_PG_PORT: env.port(54329),
  });

export type ServiceEnv = z.output<ReturnType<typeof serviceEnvSchema>>;
