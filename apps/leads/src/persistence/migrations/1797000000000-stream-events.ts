import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Deliveries and consents reach the analysts' event stream: the outbox of events the leads
 * service reports to the events service (docs/EVENTS.md, "Server events").
 */
export class StreamEvents1797000000000 implements MigrationInterface {
  name = 'StreamEvents1797000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "leads"."stream_events" (
      "id" BIGSERIAL NOT NULL,
      "ingest_id" uuid NOT NULL,
      "event_id" integer NOT NULL,
      "subject_key" uuid NOT NULL,
      "subs" jsonb NOT NULL,
      "source" jsonb NOT NULL,
      "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "state" character varying(16) NOT NULL,
      "attempts" integer NOT NULL DEFAULT 0,
      "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "last_error" character varying(500),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "published_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "CHK_stream_events_state" CHECK ("state" IN ('queued', 'published', 'refused')),
      CONSTRAINT "UQ_stream_events_ingest_id" UNIQUE ("ingest_id"),
      CONSTRAINT "PK_stream_events" PRIMARY KEY ("id")
    )`);
    await q.query(
      `CREATE INDEX "ix_stream_events_due" ON "leads"."stream_events" ("next_attempt_at") WHERE "state" = 'queued'`,
    );
    await q.query(
      `CREATE INDEX "ix_stream_events_published" ON "leads"."stream_events" ("published_at") WHERE "state" = 'published'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "leads"."stream_events"`);
  }
}
