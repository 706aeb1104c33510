import { DataSource, MigrationExecutor } from 'typeorm';
import { createLogger, type Logger } from '@lib/observability';
import { quoteIdentifier } from './pg-admin';
import { PinoTypeOrmLogger, SLOW_QUERY_MS } from './typeorm-logger';

export interface DataSourceOptions {
  url: string;
  /** The service's own PostgreSQL schema; its tables and its `migrations` table live there. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for entity and migration classes
  entities: Function[];
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: Function[];
  /** Pool size per process (10 by default, at least 2: migrations hold one connection for their lock). */
  poolMax?: number;
  /** Shown in pg_stat_activity, so a DBA can tell which service holds a connection. */
  applicationName?: string;
  logger?: Logger;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function schemaOf(ds: DataSource): string {
  const schema = 'schema' in ds.options ? ds.options.schema : undefined;
  if (!schema) throw new Error('this DataSource was not created by createDataSource (no schema)');
  return schema;
}

function loggerOf(ds: DataSource): Logger | undefined {
  return ds.logger instanceof PinoTypeOrmLogger ? ds.logger.pino : undefined;
}

/**
 * A TypeORM DataSource for one service's schema. Never synchronises and never migrates on its own:
 * initializeDatabase applies migrations, so what runs in production is exactly what was reviewed.
 */
export function createDataSource(opts: DataSourceOptions): DataSource {
  if (!SCHEMA_NAME.test(opts.schema)) {
    throw new Error(
      `schema "${opts.schema}" must be lower-case letters, digits and underscores, starting with a letter or _`,
    );
  }
  const poolMax = opts.poolMax ?? 10;
  if (!Number.isInteger(poolMax) || poolMax < 2)
    throw new Error(`poolMax must be an integer of at least 2, got ${poolMax}`);

  return new DataSource({
    type: 'postgres',
    url: opts.url,
    schema: opts.schema,
    entities: opts.entities,
    migrations: opts.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    dropSchema: false,
    applicationName: opts.applicationName,
    poolSize: poolMax,
    // gen_random_uuid() is built into PostgreSQL 13+; no extension to install, no superuser needed.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    extra: {
      max: poolMax,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      // Unqualified names in hand-written migration SQL land in the service's schema, not public.
      options: `-c search_path=${opts.schema},public`,
    },
    maxQueryExecutionTime: SLOW_QUERY_MS,
    // Without a logger of the caller's, still JSON lines on stdout rather than TypeORM's console output.
    logger: new PinoTypeOrmLogger(opts.logger ?? createLogger({ name: `database:${opts.schema}` })),
    logging: ['error', 'warn', 'migration'],
  });
}

/**
 * Connects, creates the schema if needed and applies pending migrations, each in its own
 * transaction. A session advisory lock per schema makes replicas that start together take turns.
 * On failure the pool is closed again and the error rethrown.
 */
export async function initializeDatabase(ds: DataSource): Promise<DataSource> {
  const schema = schemaOf(ds);
  const logger = loggerOf(ds);
  if (!ds.isInitialized) await ds.initialize();
  try {
    const runner = ds.createQueryRunner();
    try {
      await runner.connect();
      await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${schema}`]);
      try {
        await runner.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
        const executor = new MigrationExecutor(ds, runner);
        executor.transaction = 'each';
        const applied = await executor.executePendingMigrations();
        if (applied.length > 0) {
          logger?.info(
            { schema, migrations: applied.map((m) => m.name) },
            `applied ${applied.length} migration(s)`,
          );
        } else {
          logger?.info({ schema }, 'database schema is up to date');
        }
      } finally {
        await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrations:${schema}`]);
      }
    } finally {
      await runner.release();
    }
  } catch (error) {
    await ds.destroy().catch(() => undefined);
    throw error;
  }
  return ds;
}
