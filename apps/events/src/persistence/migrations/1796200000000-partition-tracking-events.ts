import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { CreateTrackingEvents1763683400000 } from './1763683400000-create-tracking-events';

const TEXTS = [
  'provider_id',
  'sub1',
  'sub3',
  'sub4',
  'sub5',
  'sub6',
  'sub7',
  'sub8',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'domain',
  'referer',
  'user_agent',
  'ip_hash',
];
/** Columns the first table and this one share (what moves across, both ways). */
const SHARED = ['event_id', ...TEXTS, 'session_id', 'client_id', 'ingest_id', 'received_at']
  .map((c) => `"${c}"`)
  .join(', ');

/**
 * events.tracking_events becomes a table PARTITIONED BY RANGE (received_at), one partition per UTC
 * day, created ahead by the service (events.create_tracking_event_partitions, called by the
 * partition job and before each write for the days it holds). Dedupe moves to a key ledger,
 * events.tracking_event_ids (a unique constraint on a partitioned table would have to include the
 * day, and a re-sent event may carry another day). New columns: page_path and what enrichment adds
 * (page_type, device_class, is_bot), consent; client_id becomes optional (no consent, no client id);
 * provider_id takes 255 characters like every other text (the browser may send that many).
 * Existing rows move across with page_type 'other', device_class 'unknown', is_bot false.
 */
export class PartitionTrackingEvents1796200000000 implements MigrationInterface {
  name = 'PartitionTrackingEvents1796200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "events"."tracking_events" RENAME TO "tracking_events_v1"`);
    await q.query(
      `ALTER TABLE "events"."tracking_events_v1" RENAME CONSTRAINT "PK_tracking_events" TO "PK_tracking_events_v1"`,
    );
    await q.query(
      `ALTER TABLE "events"."tracking_events_v1" RENAME CONSTRAINT "UQ_tracking_events_ingest_id" TO "UQ_tracking_events_v1_ingest_id"`,
    );
    await q.query(
      `ALTER INDEX "events"."ix_tracking_events_received_at" RENAME TO "ix_tracking_events_v1_received_at"`,
    );
    await q.query(
      `ALTER INDEX "events"."ix_tracking_events_event_day" RENAME TO "ix_tracking_events_v1_event_day"`,
    );

    const text = (name: string, length = 255) => `"${name}" character varying(${length})`;
    await q.query(`CREATE TABLE "events"."tracking_events" (
      "received_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "ingest_id" uuid NOT NULL,
      "event_id" integer NOT NULL,
      ${text('provider_id')},
      ${['sub1', 'sub3', 'sub4', 'sub5', 'sub6', 'sub7', 'sub8'].map((c) => text(c)).join(',\n      ')},
      ${['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'].map((c) => text(c)).join(',\n      ')},
      "session_id" uuid NOT NULL,
      "client_id" uuid,
      ${text('domain')},
      ${text('referer', 2048)},
      ${text('page_path', 2048)},
      "page_type" character varying(32) NOT NULL,
      ${text('user_agent', 512)},
      "device_class" character varying(16) NOT NULL,
      "is_bot" boolean NOT NULL,
      ${text('ip_hash', 128)},
      "consent" character varying(16) NOT NULL,
      CONSTRAINT "PK_tracking_events" PRIMARY KEY ("received_at", "ingest_id")
    ) PARTITION BY RANGE ("received_at")`);
    // The primary key leads with received_at: it is the time index (one btree fewer per row written).
    await q.query(
      `CREATE INDEX "ix_tracking_events_event_day" ON "events"."tracking_events" ("event_id", "received_at")`,
    );
    await q.query(
      `CREATE INDEX "ix_tracking_events_page_day" ON "events"."tracking_events" ("page_path", "received_at")`,
    );
    await q.query(`CREATE TABLE "events"."tracking_event_ids" (
      "ingest_id" uuid NOT NULL,
      "received_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_tracking_event_ids" PRIMARY KEY ("ingest_id")
    )`);
    // One partition per UTC day; safe to call concurrently and again (a day that exists is skipped).
    await q.query(`CREATE FUNCTION "events"."create_tracking_event_partitions"(first_day date, last_day date) RETURNS integer
      LANGUAGE plpgsql AS $fn$
      DECLARE
        d date;
        created integer := 0;
        part text;
      BEGIN
        FOR d IN SELECT generate_series(first_day, last_day, interval '1 day')::date LOOP
          part := 'tracking_events_p' || to_char(d, 'YYYYMMDD');
          IF to_regclass(format('events.%I', part)) IS NULL THEN
            BEGIN
              EXECUTE format('CREATE TABLE events.%I PARTITION OF events.tracking_events FOR VALUES FROM (%L) TO (%L)',
                part, (d::timestamp AT TIME ZONE 'UTC'), ((d + 1)::timestamp AT TIME ZONE 'UTC'));
              created := created + 1;
            EXCEPTION WHEN duplicate_table OR unique_violation THEN
              NULL; -- another session created it first
            END;
          END IF;
        END LOOP;
        RETURN created;
      END
      $fn$`);
    await q.query(`SELECT "events"."create_tracking_event_partitions"(d::date, d::date)
                     FROM (SELECT DISTINCT (received_at AT TIME ZONE 'UTC')::date AS d FROM "events"."tracking_events_v1") days`);
    await q.query(
      `SELECT "events"."create_tracking_event_partitions"((now() AT TIME ZONE 'UTC')::date - 1, (now() AT TIME ZONE 'UTC')::date + 7)`,
    );
    await q.query(`INSERT INTO "events"."tracking_events" (${SHARED}, "page_type", "device_class", "is_bot", "consent")
                   SELECT ${SHARED}, 'other', 'unknown', false, '' FROM "events"."tracking_events_v1"`);
    await q.query(
      `INSERT INTO "events"."tracking_event_ids" ("ingest_id", "received_at") SELECT "ingest_id", "received_at" FROM "events"."tracking_events_v1"`,
    );
    await q.query(`DROP TABLE "events"."tracking_events_v1"`);
  }

  /** Back to one plain table; an event without a client id gets the nil UUID there (the old column was required). */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "events"."tracking_events" RENAME TO "tracking_events_v2"`);
    await q.query(
      `ALTER TABLE "events"."tracking_events_v2" RENAME CONSTRAINT "PK_tracking_events" TO "PK_tracking_events_v2"`,
    );
    await q.query(
      `ALTER INDEX "events"."ix_tracking_events_event_day" RENAME TO "ix_tracking_events_v2_event_day"`,
    );
    await new CreateTrackingEvents1763683400000().up(q);
    const selected = SHARED.replace(
      '"client_id"',
      `COALESCE("client_id", '00000000-0000-0000-0000-000000000000'::uuid)`,
    ).replace('"provider_id"', 'left("provider_id", 64)');
    await q.query(
      `INSERT INTO "events"."tracking_events" (${SHARED}) SELECT ${selected} FROM "events"."tracking_events_v2" ORDER BY "received_at", "ingest_id"`,
    );
    await q.query(`DROP TABLE "events"."tracking_events_v2"`);
    await q.query(`DROP TABLE "events"."tracking_event_ids"`);
    await q.query(`DROP FUNCTION "events"."create_tracking_event_partitions"(date, date)`);
  }
}
