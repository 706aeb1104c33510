import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { CreateOffers1763683600000 } from './1763683600000-create-offers';

/**
 * Offers now come from the country feeds: the last good copy of each feed with its fetch
 * time, content hash and ingestion state, and the loan requests of applications for the lead feed.
 * The starter list table goes; reverting brings it back with its starter rows.
 */
export class FeedStore1796000000000 implements MigrationInterface {
  name = 'FeedStore1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "offers"."feeds" (
      "feed_key" character varying(8) NOT NULL,
      "offers" jsonb,
      "content_hash" character(64),
      "fetched_at" TIMESTAMP WITH TIME ZONE,
      "state" character varying(16) NOT NULL DEFAULT 'idle',
      "started_at" TIMESTAMP WITH TIME ZONE,
      "finished_at" TIMESTAMP WITH TIME ZONE,
      "offers_received" integer NOT NULL DEFAULT 0,
      "offers_rejected" integer NOT NULL DEFAULT 0,
      "offers_stored" integer NOT NULL DEFAULT 0,
      "offers_dropped" integer NOT NULL DEFAULT 0,
      "error_message" character varying(1000),
      "last_success_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "PK_feeds" PRIMARY KEY ("feed_key")
    )`);
    await q.query(`CREATE TABLE "offers"."lead_requests" (
      "application_id" uuid NOT NULL,
      "amount_grosze" bigint NOT NULL,
      "period_days" integer NOT NULL,
      "purpose" smallint NOT NULL,
      "age" smallint NOT NULL DEFAULT 0,
      "feed_key" character varying(8) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_lead_requests" PRIMARY KEY ("application_id")
    )`);
    await q.query(`DROP TABLE "offers"."offers"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await new CreateOffers1763683600000().up(q);
    await q.query(`DROP TABLE "offers"."lead_requests"`);
    await q.query(`DROP TABLE "offers"."feeds"`);
  }
}
