import { type ServiceName } from '@lib/contracts';
import { z } from 'zod';
import { env } from './env-fields';
import servicePorts from './service-ports.json';

/**
 * The default ports of every process (docs/ARCHITECTURE.md, "Ports"): gRPC 50051–50055 and the ops
 * HTTP server (metrics, health) at 9464 + the service's position. One table, in JSON so that
 * `npm start` (plain CommonJS, run before anything is built) reads the same file: services' own
 * schemas, the gateway's targets and the runner all take their defaults from it.
 */
export const SERVICE_PORTS: Readonly<Record<ServiceName, { readonly grpc: number; readonly ops: number }>> =
  servicePorts;

/**
 * The environment every NestJS gRPC service reads. Defaults suit `npm start` on a laptop:
 * no DATABASE_URL means an embedded PostgreSQL, no REDIS_URL means an in-process cache.
 * A service with variables of its own extends this object (`serviceEnvSchema('content').extend(…)`)
 * and validates the whole environment once, in its `instrument.ts`.
 */
export const serviceEnvSchema = (service: ServiceName) =>
  z.object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    GRPC_HOST: z.string().default('0.0.0.0'),
    GRPC_PORT: env.port(SERVICE_PORTS[service].grpc),
    /**
     * Address the ops HTTP server (/metrics, detailed /readyz) binds: private by default. Kubernetes
     * gives the pod IP (downward API) so kubelet probes and Prometheus reach it; compose 0.0.0.0 on
     * its internal network (the port is never published).
     */
    OPS_HOST: z.string().trim().min(1).default('127.0.0.1'),
    OPS_PORT: env.port(SERVICE_PORTS[service].ops),
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
