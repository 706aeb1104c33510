import { loadSync } from '@grpc/proto-loader';
import { type DynamicModule, type INestMicroservice, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import { createCache, type Cache } from '@lib/cache';
import { backoffDelay, type BackoffPolicy, ConfigError, type ServiceEnv } from '@lib/config';
import { LOADER_OPTIONS, protoPathsFor, SERVICES, type ServiceName } from '@lib/contracts';
import {
  databaseReadinessCheck,
  initializeDatabase,
  openDatabase,
  registerPoolMetrics,
  type DataSourceOptions,
} from '@lib/database';
import {
  createLogger,
  createMetricsRegistry,
  type Logger,
  NestPinoLogger,
  type ReadinessCheck,
  shutdownTelemetry,
  startOpsServer,
} from '@lib/observability';
import { Histogram } from 'prom-client';
import { type z } from 'zod';
import { DataSource } from 'typeorm';
import { withKeptEncodings } from './kept-encodings';
import { traceServerCalls } from './call-tracing';
import { GrpcCallInterceptor } from './grpc-call.interceptor';
import { GrpcExceptionFilter } from './grpc-exception.filter';
import { isDatabaseUnavailable } from './grpc-error';
import { HealthController } from './health.controller';
import { HealthState } from './health';
import { CACHE, HEALTH_STATE, LOGGER, METRICS_REGISTRY, SERVICE_CONFIG } from './tokens';
import { runUnconfigured } from './unconfigured';

export interface ServiceDefinition<N extends ServiceName = ServiceName, C extends ServiceEnv = ServiceEnv> {
  name: N;
  /**
   * The service's whole environment (`serviceEnvSchema(name)`, extended with its own variables).
   * Validated once per process, in `instrument.ts`, before anything else loads; tests build their
   * configuration from it too.
   */
  configSchema: z.ZodType<C>;
  /** The feature module: the gRPC controller implementing the generated interface, and its providers. */
  module: Type<unknown>;
  entities: DataSourceOptions['entities'];
  migrations: DataSourceOptions['migrations'];
  /** Work that needs the migrated schema (reference-data import, …); readiness waits for it. */
  onDatabaseReady?: (app: INestMicroservice, logger: Logger) => Promise<void>;
  /** Facts /readyz adds under `details` (informative only, never decide readiness). */
  readinessDetails?: (app: INestMicroservice) => Promise<Record<string, unknown>>;
  /**
   * The service's own conditions for readiness besides storage (and Redis), checked with them by
   * grpc.health.v1 and /readyz: a failing one keeps the process up and unready, never restarted.
   */
  readinessChecks?: (app: INestMicroservice) => ReadinessCheck[];
}

export interface RunningService {
  app: INestMicroservice;
  dataSource: DataSource;
  cache: Cache;
  health: HealthState;
  grpcPort: number;
  /** Address the ops server bound (OPS_HOST). */
  opsHost: string;
  opsPort: number;
  /** Resolves once migrations and onDatabaseReady have run. */
  databaseReady: Promise<void>;
  close(): Promise<void>;
}

const HEALTH_INTERVAL_MS = 5_000;

@Module({})
class InfraModule {}

@Module({})
class ServiceRootModule {}

/**
 * Starts one service: gRPC server (its package + grpc.health.v1), ops HTTP server, storage. The gRPC
 * server answers at once (health NOT_SERVING, business calls UNAVAILABLE) while PostgreSQL is reached
 * and migrated in the background, so an orchestrator sees a live but unready process, not a crash loop.
 */
export async function startService<C extends ServiceEnv>(
  def: ServiceDefinition<ServiceName, C>,
  config: C,
  logger: Logger,
): Promise<RunningService> {
  const spec = SERVICES[def.name];
  const { database, dataSource } = await openDatabase(config, {
    schema: def.name,
    entities: def.entities,
    migrations: def.migrations,
    poolMax: config.DATABASE_POOL_MAX,
    applicationName: `${def.name}-service`,
    logger,
  });
  // Services keep answers in the cache and hand them on unchanged: an unchanged entry is parsed once.
  const cache = createCache({ redisUrl: config.REDIS_URL, namespace: def.name, logger, shareValues: true });

  let storageReady = false;
  const storageCheck: ReadinessCheck = {
    name: 'postgresql',
    timeoutMs: 1_000,
    check: async () => {
      if (!storageReady) throw new Error('schema not migrated yet');
      await databaseReadinessCheck(dataSource).check();
    },
  };
  const checks: ReadinessCheck[] = [
    storageCheck,
    ...(cache.kind === 'redis' ? [cache.readinessCheck()] : []),
  ];
  const health = new HealthState([`${spec.package}.${spec.service}`], checks, logger);

  const registry = createMetricsRegistry({ serviceName: def.name });
  const histogram = new Histogram({
    name: 'grpc_server_handling_seconds',
    help: 'Time to answer a gRPC call, by method and status code',
    labelNames: ['method', 'code'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  // db_pool_connections{state=total|idle|waiting} and db_pool_max_connections, read at each scrape.
  registerPoolMetrics(registry, dataSource);

  const infra: DynamicModule = {
    module: InfraModule,
    global: true,
    providers: [
      { provide: DataSource, useValue: dataSource },
      { provide: CACHE, useValue: cache },
      { provide: LOGGER, useValue: logger },
      { provide: SERVICE_CONFIG, useValue: config },
      { provide: HEALTH_STATE, useValue: health },
      { provide: METRICS_REGISTRY, useValue: registry },
    ],
    exports: [DataSource, CACHE, LOGGER, SERVICE_CONFIG, HEALTH_STATE, METRICS_REGISTRY],
  };
  const root: DynamicModule = {
    module: ServiceRootModule,
    imports: [infra, def.module],
    controllers: [HealthController],
  };

  const app = await NestFactory.createMicroservice<MicroserviceOptions>(root, {
    transport: Transport.GRPC,
    options: {
      package: [spec.package, 'grpc.health.v1'],
      // Loaded here rather than by NestJS (protoPath) so that answers the caches share are encoded once.
      packageDefinition: withKeptEncodings(loadSync(protoPathsFor(def.name), LOADER_OPTIONS)),
      url: `${config.GRPC_HOST}:${config.GRPC_PORT}`,
      loader: LOADER_OPTIONS,
      gracefulShutdown: true,
      // NestJS hands these to the grpc-js Server it makes: the server's interceptors go there.
      channelOptions: { interceptors: [traceServerCalls] },
    },
    logger: new NestPinoLogger(logger),
  });
  app.useGlobalFilters(new GrpcExceptionFilter(logger, `${def.name}.v1`));
  app.useGlobalInterceptors(
    new GrpcCallInterceptor(
      histogram,
      () => storageReady,
      new Set<Type<unknown>>([HealthController]),
      `${def.name}.v1`,
      logger,
    ),
  );
  await app.listen();
  // Appended before the health state and the ops server first run them.
  checks.push(...(def.readinessChecks?.(app) ?? []));

  const readinessDetails = def.readinessDetails;
  const ops = await startOpsServer({
    host: config.OPS_HOST,
    port: config.OPS_PORT,
    registry,
    checks,
    logger,
    details: readinessDetails && (() => readinessDetails(app)),
  });
  health.start(HEALTH_INTERVAL_MS);
  logger.info(
    { grpcPort: config.GRPC_PORT, opsHost: ops.host, opsPort: ops.port, embeddedDatabase: database.embedded },
    `${def.name} service listening`,
  );

  let closing = false;
  const databaseReady = prepareStorage(dataSource, logger, () => closing).then(async () => {
    if (closing) return;
    await def.onDatabaseReady?.(app, logger);
    storageReady = true;
    await health.probe();
  });
  // A failure here is a bug (bad migration, bad seed data), not an outage: stop instead of limping.
  databaseReady.catch((error: unknown) => {
    logger.fatal({ err: error }, 'storage preparation failed');
    process.exitCode = 1;
    void close().finally(() => process.exit(1));
  });

  async function close(): Promise<void> {
    if (closing) return;
    closing = true;
    health.drain();
    ops.setShuttingDown();
    await app.close(); // tryShutdown: refuse new calls, let in-flight ones finish
    health.stop();
    if (dataSource.isInitialized) await dataSource.destroy();
    await cache.close();
    await ops.close();
    await database.stop();
  }

  return {
    app,
    dataSource,
    cache,
    health,
    grpcPort: config.GRPC_PORT,
    opsHost: ops.host,
    opsPort: ops.port,
    databaseReady,
    close,
  };
}

/** Waits between tries to reach PostgreSQL at start-up. */
const DATABASE_RETRY: BackoffPolicy = { initialMs: 500, maxMs: 10_000 };

/** Connects and migrates, retrying while PostgreSQL is unreachable (it may start after us). */
async function prepareStorage(
  dataSource: DataSource,
  logger: Logger,
  cancelled: () => boolean,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await initializeDatabase(dataSource);
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || cancelled()) throw error;
      const delay = backoffDelay(attempt, DATABASE_RETRY);
      logger.warn({ attempt, delayMs: delay, err: error }, 'PostgreSQL unreachable, retrying');
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (cancelled()) return;
    }
  }
}

/**
 * The process argument that makes a service apply its migrations and exit instead of serving
 * (`node dist/apps/<name>/src/main.js --migrate-only`; the Kubernetes init container `migrate`).
 */
export const MIGRATE_ONLY_FLAG = '--migrate-only';

/**
 * Applies the service's pending migrations (waiting, with backoff, while PostgreSQL is unreachable;
 * under the same per-schema advisory lock as a serving replica) and closes every connection again.
 * Reference data is not loaded here: that stays with the serving process (`onDatabaseReady`).
 */
export async function migrateStorage<C extends ServiceEnv>(
  def: ServiceDefinition<ServiceName, C>,
  config: C,
  logger: Logger,
): Promise<void> {
  const { database, dataSource } = await openDatabase(config, {
    schema: def.name,
    entities: def.entities,
    migrations: def.migrations,
    // The advisory lock holds one connection while the migrations run on another.
    poolMax: 2,
    applicationName: `${def.name}-migrate`,
    logger,
  });
  try {
    await prepareStorage(dataSource, logger, () => false);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await database.stop();
  }
}

/**
 * Process entry point: JSON logs, SIGTERM/SIGINT drain within SHUTDOWN_TIMEOUT_MS. `loaded` is the
 * environment `instrument.ts` validated against `def.configSchema` (once per process), or the
 * ConfigError of an invalid one (loadConfigOrUnready): the process then serves unready (serveUnconfigured). With
 * MIGRATE_ONLY_FLAG among the arguments it migrates and exits: 0 when the schema is current, 1 with
 * one fatal log line when a migration failed.
 */
export async function runService<C extends ServiceEnv>(
  def: ServiceDefinition<ServiceName, C>,
  loaded: C | ConfigError,
): Promise<void> {
  // An invalid environment in a deployment (loadConfigOrUnready): up, never ready, one log line naming the variables.
  if (loaded instanceof ConfigError) {
    if (process.argv.includes(MIGRATE_ONLY_FLAG)) {
      process.stderr.write(`${loaded.message}\n`);
      process.exit(78);
    }
    return runUnconfigured(def.name, loaded);
  }
  const config = loaded;
  const logger = createLogger({ name: def.name, level: config.LOG_LEVEL });
  if (process.argv.includes(MIGRATE_ONLY_FLAG)) {
    try {
      await migrateStorage(def, config, logger);
      logger.info(`${def.name} schema migrated (${MIGRATE_ONLY_FLAG}); exiting`);
      await shutdownTelemetry();
      process.exit(0);
    } catch (error) {
      logger.fatal({ err: error }, `${def.name} migration failed (${MIGRATE_ONLY_FLAG})`);
      process.exit(1);
    }
  }
  let service: RunningService;
  try {
    service = await startService(def, config, logger);
  } catch (error) {
    logger.fatal({ err: error }, `${def.name} service failed to start`);
    process.exit(1);
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out, exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    service
      .close()
      .then(() => shutdownTelemetry())
      .then(() => {
        logger.info('stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
