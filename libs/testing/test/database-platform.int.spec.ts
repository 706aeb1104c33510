// The @lib/database behaviour that needs a real server lives here, beside the provider: tests
// inside libs/database cannot import @lib/testing (it depends on @lib/database; Nx forbids cycles).
import { Writable } from 'node:stream';
import pino from 'pino';
import { Column, Entity, type MigrationInterface, PrimaryGeneratedColumn, type QueryRunner } from 'typeorm';
import {
  createDataSource,
  createDatabaseIfMissing,
  databaseReadinessCheck,
  initializeDatabase,
  type DataSourceOptions,
  pendingSchemaChanges,
  withClient,
} from '@lib/database';
import { provideTestDatabase, type TestDatabase } from '../src';

@Entity({ name: 'lender' })
class Lender {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'integer', name: 'max_amount_pln' })
  maxAmountPln!: number;
}

/** Same table, plus a column no migration creates: the drift check must notice. */
@Entity({ name: 'lender' })
class LenderWithRating {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'integer', name: 'max_amount_pln' })
  maxAmountPln!: number;

  @Column({ type: 'numeric', precision: 3, scale: 2, nullable: true })
  rating!: string | null;
}

class CreateLender1700000000000 implements MigrationInterface {
  name = 'CreateLender1700000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Unqualified on purpose: the search_path puts it in the service's schema.
    await queryRunner.query(
      'CREATE TABLE "lender" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL, "max_amount_pln" integer NOT NULL, CONSTRAINT "PK_lender" PRIMARY KEY ("id"))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "lender"');
  }
}

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('@lib/database on a real PostgreSQL', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await provideTestDatabase();
  });
  afterAll(() => db.drop());

  const source = (entities: DataSourceOptions['entities'], logger = pino({ level: 'silent' })) =>
    createDataSource({
      url: db.url,
      schema: 'offers',
      entities,
      migrations: [CreateLender1700000000000],
      applicationName: 'offers-test',
      logger,
    });

  it('creates the schema, applies each migration once, and keeps its migrations table inside the schema', async () => {
    const first = capturingLogger();
    const ds = await initializeDatabase(source([Lender], first.logger));
    try {
      expect(first.lines).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            msg: 'applied 1 migration(s)',
            migrations: ['CreateLender1700000000000'],
          }),
        ]),
      );
      const tables = await ds.query<{ schemaname: string; tablename: string }[]>(
        "SELECT schemaname, tablename FROM pg_tables WHERE schemaname = 'offers' ORDER BY tablename",
      );
      expect(tables).toEqual([
        { schemaname: 'offers', tablename: 'lender' },
        { schemaname: 'offers', tablename: 'migrations' },
      ]);
      const saved = await ds.getRepository(Lender).save({ name: 'Pożyczka Plus', maxAmountPln: 25_000 });
      expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);
      const [activity] = await ds.query<{ application_name: string }[]>(
        'SELECT application_name FROM pg_stat_activity WHERE pid = pg_backend_pid()',
      );
      expect(activity?.application_name).toBe('offers-test');
    } finally {
      await ds.destroy();
    }

    const second = capturingLogger();
    const again = await initializeDatabase(source([Lender], second.logger));
    try {
      expect(second.lines.map((l) => l.msg)).toContain('database schema is up to date');
      const rows = await again.query<{ name: string }[]>('SELECT name FROM offers.migrations');
      expect(rows).toEqual([{ name: 'CreateLender1700000000000' }]);
      expect(await again.getRepository(Lender).count()).toBe(1);
    } finally {
      await again.destroy();
    }
  });

  it('lets replicas starting together take turns instead of racing on the migrations', async () => {
    const fresh = await provideTestDatabase();
    try {
      const replicas = [1, 2, 3].map(() =>
        createDataSource({
          url: fresh.url,
          schema: 'leads',
          entities: [Lender],
          migrations: [CreateLender1700000000000],
          logger: pino({ level: 'silent' }),
        }),
      );
      await Promise.all(replicas.map((ds) => initializeDatabase(ds)));
      const rows = await replicas[0]!.query<{ name: string }[]>('SELECT name FROM leads.migrations');
      expect(rows).toHaveLength(1);
      await Promise.all(replicas.map((ds) => ds.destroy()));
    } finally {
      await fresh.drop();
    }
  });

  it('reports no pending schema changes when entities and migrations agree, and the SQL when they do not', async () => {
    const agreeing = await initializeDatabase(source([Lender]));
    try {
      expect(await pendingSchemaChanges(agreeing)).toEqual([]);
    } finally {
      await agreeing.destroy();
    }
    const drifted = await initializeDatabase(source([LenderWithRating]));
    try {
      const changes = await pendingSchemaChanges(drifted);
      expect(changes).toHaveLength(1);
      expect(changes[0]).toMatch(/ALTER TABLE ("offers"\.)?"lender" ADD "rating" numeric\(3,2\)/);
    } finally {
      await drifted.destroy();
    }
  });

  it('readiness: ok while connected, failing with a reason once closed', async () => {
    const ds = await initializeDatabase(source([Lender]));
    const check = databaseReadinessCheck(ds);
    expect(check.name).toBe('postgres');
    await expect(check.check()).resolves.toBeUndefined();
    await ds.destroy();
    await expect(check.check()).rejects.toThrow(/not initialised/);
  });

  it('fails initialisation cleanly when a migration fails, leaving no half-applied migration', async () => {
    class Broken1700000000001 implements MigrationInterface {
      name = 'Broken1700000000001';
      async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query('CREATE TABLE "half_done" (id int)');
        await queryRunner.query('SELECT * FROM table_that_does_not_exist');
      }
      async down(): Promise<void> {}
    }
    const ds = createDataSource({
      url: db.url,
      schema: 'broken',
      entities: [],
      migrations: [Broken1700000000001],
      logger: pino({ level: 'silent' }),
    });
    await expect(initializeDatabase(ds)).rejects.toThrow(/table_that_does_not_exist/);
    expect(ds.isInitialized).toBe(false);
    await withClient(db.url, async (client) => {
      const { rows } = await client.query(
        "SELECT 1 FROM pg_tables WHERE schemaname = 'broken' AND tablename = 'half_done'",
      );
      expect(rows).toHaveLength(0);
    });
  });

  it('rejects schema names that are not plain identifiers and pools too small for the migration lock', () => {
    expect(() =>
      createDataSource({ url: db.url, schema: 'Offers; DROP', entities: [], migrations: [] }),
    ).toThrow(/schema/);
    expect(() =>
      createDataSource({ url: db.url, schema: 'offers', entities: [], migrations: [], poolMax: 1 }),
    ).toThrow(/poolMax/);
  });

  it('createDatabaseIfMissing creates once and returns the URL both times', async () => {
    const name = `t_created_${Date.now()}`;
    const url1 = await createDatabaseIfMissing(db.url, name);
    const url2 = await createDatabaseIfMissing(db.url, name);
    expect(url1).toBe(url2);
    expect(new URL(url1).pathname).toBe(`/${name}`);
    await withClient(url1, async (client) => {
      const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db');
      expect(rows[0]?.db).toBe(name);
    });
    await withClient(db.url, (client) => client.query(`DROP DATABASE "${name}" WITH (FORCE)`));
  });
});
