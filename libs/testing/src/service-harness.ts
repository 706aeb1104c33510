import * as grpc from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { loadConfig, type ServiceEnv } from '@lib/config';
import {
  createServiceClient,
  HEALTH,
  LOADER_OPTIONS,
  PROTO_ROOT,
  type ServiceClient,
  type ServiceName,
} from '@lib/contracts';
import { pendingSchemaChanges } from '@lib/database';
import { type Logger } from '@lib/observability';
import { type RunningService, type ServiceDefinition, startService } from '@lib/service-kit';
import path from 'node:path';
import { provideTestDatabase } from './database';
import { freePort } from '@lib/test-support';
import { silentLogger } from './logger';

export interface TestService<N extends ServiceName> {
  service: RunningService;
  client: ServiceClient<N>;
  logger: Logger;
  opsUrl: string;
  grpcTarget: string;
  /** grpc.health.v1 Check for any service name ('' = the whole server); rejects with the gRPC error. */
  healthCheck(service?: string): Promise<number>;
  /** SQL a generated migration would add: must be empty when entities and migrations agree. */
  pendingSchemaChanges(): Promise<string[]>;
  stop(): Promise<void>;
}

export interface TestServiceOptions {
  /** Use this database instead of a fresh one (e.g. an unreachable URL to test degraded start). */
  databaseUrl?: string;
  redisUrl?: string;
  /** Wait for migrations and reference data before returning (default true). */
  waitForDatabase?: boolean;
  /** More variables of the service's own (e.g. CONTENT_DIR), validated by its config schema. */
  env?: Record<string, string | undefined>;
}

/**
 * Starts a real service in this process on random ports against a fresh database, with a real
 * gRPC client: the "medium" test tier (real PostgreSQL, real gRPC, real migrations).
 */
export async function startTestService<N extends ServiceName, C extends ServiceEnv>(
  definition: ServiceDefinition<N, C>,
  options: TestServiceOptions = {},
): Promise<TestService<N>> {
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => {} }
    : await provideTestDatabase();
  const grpcPort = await freePort();
  const config = loadConfig(definition.configSchema, {
    ...options.env,
    DATABASE_URL: database.url,
    REDIS_URL: options.redisUrl,
    GRPC_HOST: '127.0.0.1',
    GRPC_PORT: String(grpcPort),
    OPS_PORT: '0',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
  });
  const logger = silentLogger();
  const service = await startService(definition, config, logger);
  if (options.waitForDatabase !== false) await service.databaseReady;
  else service.databaseReady.catch(() => undefined);

  const grpcTarget = `127.0.0.1:${grpcPort}`;
  const client = createServiceClient(definition.name, { target: grpcTarget, deadlineMs: 5_000 });
  const healthDefinition = loadSync(path.join(PROTO_ROOT, HEALTH.protoFile), LOADER_OPTIONS);
  const HealthClient = grpc.loadPackageDefinition(healthDefinition)['grpc'] as unknown as {
    health: { v1: { Health: grpc.ServiceClientConstructor } };
  };
  const health = new HealthClient.health.v1.Health(grpcTarget, grpc.credentials.createInsecure());

  return {
    service,
    client,
    logger,
    grpcTarget,
    opsUrl: `http://127.0.0.1:${service.opsPort}`,
    healthCheck: (name = '') =>
      new Promise<number>((resolve, reject) => {
        const check = health['Check'] as (
          req: unknown,
          opts: grpc.CallOptions,
          cb: (error: grpc.ServiceError | null, res?: { status: number }) => void,
        ) => void;
        check.call(health, { service: name }, { deadline: Date.now() + 3_000 }, (error, res) =>
          error ? reject(error) : resolve(res?.status ?? -1),
        );
      }),
    pendingSchemaChanges: () => pendingSchemaChanges(service.dataSource),
    stop: async () => {
      client.close();
      health.close();
      await service.close();
      await database.drop();
    },
  };
}
