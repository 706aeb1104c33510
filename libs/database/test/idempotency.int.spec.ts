import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@lib/test-support';
import pino from 'pino';
import {
  Column,
  type DataSource,
  Entity,
  type MigrationInterface,
  PrimaryGeneratedColumn,
  type QueryRunner,
} from 'typeorm';
import {
  createDataSource,
  createIdempotencyKeysTable,
  dropIdempotencyKeysTable,
  IdempotencyKeyEntity,
  initializeDatabase,
  pendingSchemaChanges,
  quoteIdentifier,
  resolveDatabase,
  withClient,
  withDatabase,
  writeOnce,
  type WriteOnceOptions,
} from '../src';

// Deliberately no @lib/testing here: it depends on this library, and Nx forbids the cycle
// (@lib/test-support depends on nothing of ours, so its freePort is fine).
// DATABASE_URL when set (CI); otherwise an embedded cluster in a temporary directory.

@Entity({ name: 'notes' })
class NoteEntity {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_notes' })
  id!: number;

  @Column({ type: 'text' })
  text!: string;
}

class CreateTables1000000000000 implements MigrationInterface {
  name = 'CreateTables1000000000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "notes" ("id" SERIAL NOT NULL, "text" text NOT NULL, CONSTRAINT "PK_notes" PRIMARY KEY ("id"))`,
    );
    await createIdempotencyKeysTable(q, 'notes');
  }
  async down(q: QueryRunner): Promise<void> {
    await dropIdempotencyKeysTable(q, 'notes');
    await q.query(`DROP TABLE "notes"`);
  }
}

const KEY = '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c';
const OTHER_KEY = '5f0c3b2a-8d7e-4f1a-b2c3-d4e5f6a7b8c9';

describe('writeOnce (real PostgreSQL)', () => {
  let adminUrl: string;
  let databaseName: string;
  let db: DataSource;
  let cleanup: () => Promise<void> = () => Promise.resolve();

  beforeAll(async () => {
    const configured = process.env.DATABASE_URL?.trim();
    if (configured) {
      adminUrl = configured;
    } else {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'idempotency-pg-'));
      await chmod(dataDir, 0o755);
      const embedded = await resolveDatabase({
        dataDir,
        embeddedPort: await freePort(),
        logger: pino({ level: 'silent' }),
      });
      adminUrl = embedded.url;
      cleanup = async () => {
        await embedded.stop();
        await rm(dataDir, { recursive: true, force: true });
      };
    }
    databaseName = `t_idem_${process.pid}_${Date.now()}`;
    await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${quoteIdentifier(databaseName)}`));
    db = await initializeDatabase(
      createDataSource({
        url: withDatabase(adminUrl, databaseName),
        schema: 'notes',
        entities: [NoteEntity, IdempotencyKeyEntity],
        migrations: [CreateTables1000000000000],
        logger: pino({ level: 'silent' }),
      }),
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await withClient(adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(databaseName)} WITH (FORCE)`),
    );
    await cleanup();
  });

  beforeEach(async () => {
    await db.query('TRUNCATE notes.notes, notes.idempotency_keys');
  });

  const notes = async () =>
    (await db.getRepository(NoteEntity).find({ order: { id: 'ASC' } })).map((n) => n.text);
  const note = (
    text: string,
    key: string | undefined,
    extra: Partial<WriteOnceOptions<{ id: number }>> = {},
  ) =>
    writeOnce(db, {
      scope: 'AddNote',
      key,
      request: { text },
      write: async (manager) => ({ id: (await manager.getRepository(NoteEntity).save({ text })).id }),
      ...extra,
    });
  const waitingForLocks = async () => {
    const [row] = await db.query<{ n: string }[]>(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    return Number(row?.n ?? 0);
  };
  const until = async (condition: () => Promise<boolean>) => {
    while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it('matches the migration a service writes for its table', async () => {
    await expect(pendingSchemaChanges(db)).resolves.toEqual([]);
  });

  it('writes once per key and answers a repeat with the first answer', async () => {
    const first = await note('pierwsza', KEY);
    expect(first).toEqual({ outcome: 'stored', answer: { id: expect.any(Number) } });
    await expect(note('pierwsza', KEY)).resolves.toEqual({
      outcome: 'repeated',
      answer: (first as { answer: unknown }).answer,
    });
    await expect(note('pierwsza', OTHER_KEY)).resolves.toMatchObject({ outcome: 'stored' });
    expect(await notes()).toEqual(['pierwsza', 'pierwsza']);
  });

  it('keeps keys of different scopes apart', async () => {
    await note('a', KEY);
    await expect(
      writeOnce(db, { scope: 'Other', key: KEY, request: { text: 'a' }, write: () => Promise.resolve('x') }),
    ).resolves.toEqual({
      outcome: 'stored',
      answer: 'x',
    });
  });

  it('refuses a key sent again with a different request, writing nothing', async () => {
    await note('oryginał', KEY);
    await expect(note('zmieniona', KEY)).resolves.toEqual({ outcome: 'key-reused' });
    expect(await notes()).toEqual(['oryginał']);
  });

  it('writes every time without a key', async () => {
    await note('bez', undefined);
    await note('bez', undefined);
    expect(await notes()).toEqual(['bez', 'bez']);
    expect(await db.getRepository(IdempotencyKeyEntity).count()).toBe(0);
  });

  it('commits neither the write nor the key when beforeCommit refuses, so a retry writes', async () => {
    const refuse = () => {
      throw new Error('deadline passed');
    };
    await expect(note('za późno', KEY, { beforeCommit: refuse })).rejects.toThrow('deadline passed');
    await expect(note('za późno', undefined, { beforeCommit: refuse })).rejects.toThrow('deadline passed');
    expect(await notes()).toEqual([]);
    expect(await db.getRepository(IdempotencyKeyEntity).count()).toBe(0);
    await expect(note('za późno', KEY)).resolves.toMatchObject({ outcome: 'stored' });
    expect(await notes()).toEqual(['za późno']);
  });

  /** A first call that has claimed the key and stays inside its transaction until finish(). */
  function heldFirst(text: string, outcome: 'commit' | 'fail') {
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    let inside!: () => void;
    const claimed = new Promise<void>((resolve) => (inside = resolve));
    const result = note(text, KEY, {
      write: async (manager) => {
        const saved = await manager.getRepository(NoteEntity).save({ text });
        inside();
        await gate;
        if (outcome === 'fail') throw new Error('first call failed');
        return { id: saved.id };
      },
    });
    return { result, claimed, finish };
  }

  it('makes a concurrent repeat wait for the first and get its answer', async () => {
    const first = heldFirst('równolegle', 'commit');
    await first.claimed;
    const repeat = note('równolegle', KEY);
    await until(async () => (await waitingForLocks()) >= 1);
    first.finish();
    const [a, b] = await Promise.all([first.result, repeat]);
    expect(a.outcome).toBe('stored');
    expect(b).toEqual({ outcome: 'repeated', answer: (a as { answer: unknown }).answer });
    expect(await notes()).toEqual(['równolegle']);
  });

  it('lets a concurrent repeat write when the first rolls back', async () => {
    const first = heldFirst('druga szansa', 'fail');
    await first.claimed;
    const repeat = note('druga szansa', KEY);
    await until(async () => (await waitingForLocks()) >= 1);
    first.finish();
    await expect(first.result).rejects.toThrow('first call failed');
    await expect(repeat).resolves.toMatchObject({ outcome: 'stored' });
    expect(await notes()).toEqual(['druga szansa']);
  });

  it('treats an expired key as new and removes expired keys as it goes', async () => {
    await note('stara', KEY);
    await note('inna', OTHER_KEY);
    await db.query(`UPDATE notes.idempotency_keys SET expires_at = now() - interval '1 second'`);
    await expect(note('stara', KEY)).resolves.toMatchObject({ outcome: 'stored' });
    expect(await notes()).toEqual(['stara', 'inna', 'stara']);
    // The expired key of the other note was purged by that write; the renewed one is kept for a day.
    const keys = await db.getRepository(IdempotencyKeyEntity).find();
    expect(keys.map((k) => k.key)).toEqual([KEY]);
    expect(keys[0]!.expiresAt.getTime() - keys[0]!.createdAt.getTime()).toBe(86_400_000);
  });
});
