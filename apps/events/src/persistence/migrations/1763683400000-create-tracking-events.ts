import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateTrackingEvents1763683400000 implements MigrationInterface {
  name = 'CreateTrackingEvents1763683400000';

  async up(q: QueryRunner): Promise<void> {
    const text = (name: string, length = 255) => `"${name}" character varying(${length})`;
    await q.query(`CREATE TABLE "events"."tracking_events" (
      "id" BIGSERIAL NOT NULL,
      "event_id" integer NOT NULL,
      ${text('provider_id', 64)},
      ${['sub1', 'sub3', 'sub4', 'sub5', 'sub6', 'sub7', 'sub8'].map((c) => text(c)).join(',\n      ')},
      ${['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'].map((c) => text(c)).join(',\n      ')},
      "session_id" uuid NOT NULL,
      "client_id" uuid NOT NULL,
      ${text('domain')},
      ${text('referer', 2048)},
      ${text('user_agent', 512)},
      ${text('ip_hash', 128)},
      "ingest_id" uuid NOT NULL,
      "received_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "UQ_tracking_events_ingest_id" UNIQUE ("ingest_id"),
      CONSTRAINT "PK_tracking_events" PRIMARY KEY ("id")
    )`);
    await q.query(
      `CREATE INDEX "ix_tracking_events_received_at" ON "events"."tracking_events" ("received_at")`,
    );
    await q.query(
      `CREATE INDEX "ix_tracking_events_event_day" ON "events"."tracking_events" ("event_id", "received_at")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "events"."tracking_events"`);
  }
}
