import { type DatabaseEnv, type DataSourceOptions, initializeDatabase, openDatabase } from '@lib/database';
import { type DataSource } from 'typeorm';
import { type CliContext } from './cli-command';

/**
 * A command's connection to its service's schema, migrated like a starting service migrates it:
 * DATABASE_URL, or the embedded PostgreSQL `npm start` uses (started when not running). Closed,
 * and an embedded server this command started stopped, when the command ends (ctx.defer).
 */
export async function openCliDatabase(
  ctx: CliContext<unknown, DatabaseEnv>,
  schema: Pick<DataSourceOptions, 'schema' | 'entities' | 'migrations'>,
): Promise<DataSource> {
  const { database, dataSource } = await openDatabase(ctx.config, {
    ...schema,
    // The advisory lock of the migrations holds one connection; the command needs one more.
    poolMax: 2,
    applicationName: ctx.processName,
    logger: ctx.logger,
  });
  ctx.defer(() => database.stop());
  ctx.defer(async () => {
    if (dataSource.isInitialized) await dataSource.destroy();
  });
  await initializeDatabase(dataSource);
  return dataSource;
}
