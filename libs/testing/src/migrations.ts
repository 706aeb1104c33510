import { createDataSource, initializeDatabase, pendingSchemaChanges } from '@lib/database';
import { type DataSource } from 'typeorm';
import { provideTestDatabase } from './database';
import { silentLogger } from './logger';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for entity and migration classes
type Classes = Function[];

export interface MigrationHistory {
  /** The service's schema (its name). */
  schema: string;
  entities: Classes;
  /** In the order they run. */
  migrations: Classes;
}

export interface MigrationCheckOptions {
  /**
   * Rows an installation would hold after the named migration (class name) ran, written before the
   * next one runs: the upgrade is then tested with existing data, as production meets it.
   */
  seedAfter?: Record<string, (db: DataSource) => Promise<void>>;
  /** Reads the seeded rows back once every migration has run. */
  verify?: (db: DataSource) => Promise<void>;
}

export interface MigrationCheckReport {
  /** Names of the migrations applied one at a time, in order. */
  applied: string[];
  /** Names reverted by down(), newest first. */
  reverted: string[];
  /** What was left in the schema after every down() ran: nothing but TypeORM's own table (and its id sequence). */
  leftAfterDown: string[];
  /** SQL a generated migration would add after the final up (empty when entities agree). */
  pendingAfterReapply: string[];
}

const nameOf = (migration: Classes[number]) => migration.name;

async function objectsIn(db: DataSource, schema: string): Promise<string[]> {
  const rows = await db.query<{ object: string }[]>(
    `SELECT 'table ' || table_name AS object FROM information_schema.tables
      WHERE table_schema = $1 AND table_name <> 'migrations'
     UNION ALL
     SELECT 'sequence ' || sequence_name FROM information_schema.sequences
      WHERE sequence_schema = $1 AND sequence_name <> 'migrations_id_seq'
     UNION ALL
     SELECT 'type ' || t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = $1 AND t.typtype IN ('e', 'd', 'r')
     ORDER BY 1`,
    [schema],
  );
  return rows.map((row) => row.object);
}

/**
 * Runs a service's migration history the ways production will: one migration at a time on a fresh
 * database (seeding data between steps), every down() from the newest back to the first, then all
 * of them up again. Throws on the first failing step, naming it; returns what it saw for the
 * test's own assertions (nothing left after down, no pending schema change after the re-apply).
 */
export async function checkMigrations(
  history: MigrationHistory,
  options: MigrationCheckOptions = {},
): Promise<MigrationCheckReport> {
  const database = await provideTestDatabase();
  const open = (migrations: Classes) =>
    createDataSource({
      url: database.url,
      schema: history.schema,
      entities: history.entities,
      migrations,
      poolMax: 2,
      logger: silentLogger(),
    });
  const report: MigrationCheckReport = {
    applied: [],
    reverted: [],
    leftAfterDown: [],
    pendingAfterReapply: [],
  };
  try {
    for (let count = 1; count <= history.migrations.length; count += 1) {
      const name = nameOf(history.migrations[count - 1]!);
      const step = open(history.migrations.slice(0, count));
      try {
        await initializeDatabase(step).catch((error: unknown) => {
          throw new Error(`migration ${name} failed on top of the earlier ones: ${(error as Error).message}`);
        });
        report.applied.push(name);
        await options.seedAfter?.[name]?.(step);
      } finally {
        if (step.isInitialized) await step.destroy();
      }
    }

    const full = await initializeDatabase(open(history.migrations));
    try {
      await options.verify?.(full);
      for (let left = history.migrations.length; left > 0; left -= 1) {
        const name = nameOf(history.migrations[left - 1]!);
        await full.undoLastMigration({ transaction: 'each' }).catch((error: unknown) => {
          throw new Error(`down() of ${name} failed: ${(error as Error).message}`);
        });
        report.reverted.push(name);
      }
      report.leftAfterDown = await objectsIn(full, history.schema);
      await full.runMigrations({ transaction: 'each' }).catch((error: unknown) => {
        throw new Error(`migrations failed when applied again after down(): ${(error as Error).message}`);
      });
      report.pendingAfterReapply = await pendingSchemaChanges(full);
    } finally {
      await full.destroy();
    }
  } finally {
    await database.drop();
  }
  return report;
}
