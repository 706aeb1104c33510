export {
  resolveDatabase,
  runningEmbeddedServer,
  EMBEDDED_DATABASE,
  type ResolveDatabaseOptions,
  type ResolvedDatabase,
} from './resolve-database';
export { createDataSource, initializeDatabase, schemaOf, type DataSourceOptions } from './data-source';
export { type DatabaseEnv, openDatabase, type OpenedDatabase } from './open-database';
export { databaseReadinessCheck } from './readiness';
export { pendingSchemaChanges } from './schema-drift';
export {
  createDatabaseIfMissing,
  probePostgres,
  withClient,
  withDatabase,
  quoteIdentifier,
  type ProbeResult,
} from './pg-admin';
export { PinoTypeOrmLogger, SLOW_QUERY_MS } from './typeorm-logger';
export {
  writeOnce,
  requestFingerprint,
  createIdempotencyKeysTable,
  dropIdempotencyKeysTable,
  IdempotencyKeyEntity,
  IDEMPOTENCY_KEY_TTL_MS,
  type WriteOnceOptions,
  type WriteOnceResult,
} from './idempotency';
export { poolUsage, registerPoolMetrics, type PoolUsage } from './pool-metrics';
export { runExclusive, type ExclusiveRun } from './exclusive';
export { ScheduledWork, type ScheduledWorkOptions } from './scheduled-work';
