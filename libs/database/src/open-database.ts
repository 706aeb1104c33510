import { type DataSource } from 'typeorm';
import { createDataSource, type DataSourceOptions } from './data-source';
import { resolveDatabase, type ResolvedDatabase } from './resolve-database';

/** The database variables every service's configuration has (@lib/config serviceEnvSchema). */
export interface DatabaseEnv {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
  EMBEDDED_PG_PORT: number;
}

export interface OpenedDatabase {
  database: ResolvedDatabase;
  /** Not initialised yet: the caller migrates or initialises it (initializeDatabase, prepareStorage). */
  dataSource: DataSource;
}

/**
 * The server a service or one of its commands uses (DATABASE_URL, or the embedded cluster of
 * DATA_DIR on EMBEDDED_PG_PORT, started when not running) and a data source for one schema on it.
 * The caller destroys the data source and stops the database when done.
 */
export async function openDatabase(
  env: DatabaseEnv,
  source: Omit<DataSourceOptions, 'url'> & Required<Pick<DataSourceOptions, 'logger'>>,
): Promise<OpenedDatabase> {
  const database = await resolveDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    embeddedPort: env.EMBEDDED_PG_PORT,
    logger: source.logger,
  });
  try {
    return { database, dataSource: createDataSource({ ...source, url: database.url }) };
  } catch (error) {
    await database.stop();
    throw error;
  }
}
