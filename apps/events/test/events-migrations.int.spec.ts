import { createDataSource, initializeDatabase } from '@lib/database';
import { checkMigrations, provideTestDatabase, silentLogger } from '@lib/testing';
import { EVENTS_ENTITIES, EVENTS_MIGRATIONS, EVENTS_SCHEMA } from '../src/persistence/events-schema';

interface StoredRow {
  ingest_id: string;
  event_id: number;
  sub4: string | null;
  sub1: string | null;
  client_id: string | null;
  page_type: string;
  device_class: string;
  received_at: Date;
  partition: string;
}

describe('events migrations (real PostgreSQL)', () => {
  it('move the rows of the first table into the day-partitioned one, revert completely and apply again without drift', async () => {
    let stored: StoredRow[] = [];
    let ledger: { ingest_id: string }[] = [];
    const report = await checkMigrations(
      { schema: EVENTS_SCHEMA, entities: EVENTS_ENTITIES, migrations: EVENTS_MIGRATIONS },
      {
        seedAfter: {
          // Rows as the first schema held them (no entity describes that table any more: plain SQL).
          CreateTrackingEvents1763683400000: async (db) => {
            await db.query(
              `INSERT INTO events.tracking_events (event_id, sub4, utm_source, session_id, client_id, ingest_id, received_at) VALUES
                 (5, 'pageView', 'google', '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c', '5f0c3b2a-8d7e-4f1a-b2c3-d4e5f6a7b8c9', '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5', '2026-11-20T10:00:00.000Z'),
                 (27, NULL, NULL, '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c', '5f0c3b2a-8d7e-4f1a-b2c3-d4e5f6a7b8c9', '1c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f6', '2025-03-01T23:59:59.000Z')`,
            );
          },
          // A row the new schema allows and the old one did not (no client id): down() must still move it back.
          PartitionTrackingEvents1796200000000: async (db) => {
            await db.query(`SELECT events.create_tracking_event_partitions('2026-11-21', '2026-11-21')`);
            await db.query(
              `INSERT INTO events.tracking_event_ids (ingest_id, received_at) VALUES ('2c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f7', '2026-11-21T08:00:00Z')`,
            );
            await db.query(
              `INSERT INTO events.tracking_events (ingest_id, received_at, event_id, sub4, session_id, client_id, page_type, device_class, is_bot, consent)
               VALUES ('2c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f7', '2026-11-21T08:00:00Z', 5, 'pageView', '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c', NULL, 'home', 'desktop', false, '')`,
            );
          },
        },
        verify: async (db) => {
          stored = await db.query<StoredRow[]>(
            `SELECT ingest_id, event_id, sub4, sub1, client_id, page_type, device_class, received_at, c.relname AS partition
               FROM events.tracking_events e JOIN pg_class c ON c.oid = e.tableoid ORDER BY received_at`,
          );
          ledger = await db.query<{ ingest_id: string }[]>(
            `SELECT ingest_id FROM events.tracking_event_ids ORDER BY ingest_id`,
          );
        },
      },
    );

    expect(report.applied).toEqual([
      'CreateTrackingEvents1763683400000',
      'PartitionTrackingEvents1796200000000',
    ]);
    // Once every migration ran, the rows seeded between them are all there, each in the partition
    // of its UTC day, each id in the ledger.
    expect(stored).toEqual([
      expect.objectContaining({
        ingest_id: '1c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f6',
        event_id: 27,
        sub1: null,
        page_type: 'other',
        device_class: 'unknown',
        partition: 'tracking_events_p20250301',
      }),
      expect.objectContaining({
        ingest_id: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5',
        event_id: 5,
        sub4: 'pageView',
        received_at: new Date('2026-11-20T10:00:00.000Z'),
        partition: 'tracking_events_p20261120',
      }),
      expect.objectContaining({
        ingest_id: '2c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f7',
        client_id: null,
        page_type: 'home',
        partition: 'tracking_events_p20261121',
      }),
    ]);
    expect(ledger.map((r) => r.ingest_id)).toEqual([
      '1c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f6',
      '2c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f7',
      '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5',
    ]);
    expect(report.reverted).toEqual([
      'PartitionTrackingEvents1796200000000',
      'CreateTrackingEvents1763683400000',
    ]);
    expect(report.leftAfterDown).toEqual([]);
    expect(report.pendingAfterReapply).toEqual([]);
  });
});

describe('PartitionTrackingEvents1796200000000.down (real PostgreSQL)', () => {
  it('moves every row back into the plain table, an event without a client id with the nil UUID', async () => {
    const database = await provideTestDatabase();
    const db = createDataSource({
      url: database.url,
      schema: EVENTS_SCHEMA,
      entities: EVENTS_ENTITIES,
      migrations: EVENTS_MIGRATIONS,
      poolMax: 2,
      logger: silentLogger(),
    });
    try {
      await initializeDatabase(db);
      await db.query(`SELECT events.create_tracking_event_partitions('2026-11-20', '2026-11-21')`);
      await db.query(`INSERT INTO events.tracking_event_ids (ingest_id, received_at) VALUES
        ('9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5', '2026-11-20T10:00:00Z'), ('2c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f7', '2026-11-21T08:00:00Z')`);
      await db.query(`INSERT INTO events.tracking_events (ingest_id, received_at, event_id, sub4, session_id, client_id, page_type, device_class, is_bot, consent) VALUES
        ('9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5', '2026-11-20T10:00:00Z', 5, 'pageView', '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c', '5f0c3b2a-8d7e-4f1a-b2c3-d4e5f6a7b8c9', 'home', 'desktop', false, 'granted'),
        ('2c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f7', '2026-11-21T08:00:00Z', 27, NULL, '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c', NULL, 'other', 'unknown', false, '')`);

      await db.undoLastMigration({ transaction: 'each' });

      const rows = await db.query<{ id: string; ingest_id: string; client_id: string; event_id: number }[]>(
        `SELECT id, ingest_id, client_id, event_id FROM events.tracking_events ORDER BY id`,
      );
      expect(rows).toEqual([
        {
          id: '1',
          ingest_id: '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5',
          client_id: '5f0c3b2a-8d7e-4f1a-b2c3-d4e5f6a7b8c9',
          event_id: 5,
        },
        {
          id: '2',
          ingest_id: '2c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f7',
          client_id: '00000000-0000-0000-0000-000000000000',
          event_id: 27,
        },
      ]);
    } finally {
      if (db.isInitialized) await db.destroy();
      await database.drop();
    }
  });
});
