import { type DataSource } from 'typeorm';

/**
 * The SQL a generated migration would contain right now: empty when entities and the applied
 * migrations agree. Services assert it in their tests, so a changed entity without a migration
 * fails CI instead of production.
 */
export async function pendingSchemaChanges(ds: DataSource): Promise<string[]> {
  if (!ds.isInitialized)
    throw new Error('pendingSchemaChanges needs an initialised DataSource (run initializeDatabase first)');
  const sql = await ds.driver.createSchemaBuilder().log();
  return sql.upQueries.map((query) => query.query);
}
