import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Personal data: applications (drafts and leads) with their consents, partner enquiries, the marketing
 * suppression list, unsubscribe and erasure requests, and the data keys of the envelope encryption;
 * contact messages gain sealed personal fields and blind indexes (old plaintext columns become
 * nullable: `npm run leads:rotate-keys` seals the rows written before).
 */
export class ProtectPersonalData1796300000000 implements MigrationInterface {
  name = 'ProtectPersonalData1796300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "leads"."data_keys" (
      "id" uuid NOT NULL,
      "master_key_id" character varying(32) NOT NULL,
      "wrapped" bytea NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "rewrapped_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "PK_data_keys" PRIMARY KEY ("id")
    )`);
    await q.query(`CREATE TABLE "leads"."applications" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "status" character varying(16) NOT NULL,
      "step" smallint NOT NULL DEFAULT 0,
      "amount_grosze" integer,
      "period_days" integer,
      "purpose" character varying(32),
      "income_source" character varying(32),
      "form_version" smallint NOT NULL DEFAULT 0,
      "attribution" jsonb,
      "data_key_id" uuid,
      "sealed" bytea,
      "email_index" character(64),
      "phone_index" character(64),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "submitted_at" TIMESTAMP WITH TIME ZONE,
      "erased_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "CHK_applications_status" CHECK ("status" IN ('draft', 'received', 'matched', 'rejected', 'erased')),
      CONSTRAINT "PK_applications" PRIMARY KEY ("id")
    )`);
    await q.query(`CREATE INDEX "ix_applications_email_index" ON "leads"."applications" ("email_index")`);
    await q.query(`CREATE INDEX "ix_applications_phone_index" ON "leads"."applications" ("phone_index")`);
    await q.query(
      `CREATE INDEX "ix_applications_status_updated" ON "leads"."applications" ("status", "updated_at")`,
    );
    await q.query(`CREATE TABLE "leads"."application_consents" (
      "id" BIGSERIAL NOT NULL,
      "application_id" uuid NOT NULL,
      "consent_key" character varying(32) NOT NULL,
      "granted" boolean NOT NULL,
      "text_version" character varying(64) NOT NULL,
      "answered_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_application_consents" PRIMARY KEY ("id"),
      CONSTRAINT "FK_application_consents_application" FOREIGN KEY ("application_id") REFERENCES "leads"."applications"("id") ON DELETE CASCADE
    )`);
    await q.query(
      `CREATE INDEX "ix_application_consents_application" ON "leads"."application_consents" ("application_id", "answered_at")`,
    );
    await q.query(`CREATE TABLE "leads"."partner_enquiries" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company" character varying(200) NOT NULL,
      "website" character varying(200),
      "traffic_sources" character varying(1000),
      "message" text NOT NULL,
      "data_key_id" uuid,
      "sealed" bytea,
      "email_index" character(64),
      "phone_index" character(64),
      "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "erased_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "PK_partner_enquiries" PRIMARY KEY ("id")
    )`);
    await q.query(
      `CREATE INDEX "ix_partner_enquiries_email_index" ON "leads"."partner_enquiries" ("email_index")`,
    );
    await q.query(
      `CREATE INDEX "ix_partner_enquiries_phone_index" ON "leads"."partner_enquiries" ("phone_index")`,
    );
    await q.query(
      `CREATE INDEX "ix_partner_enquiries_received_at" ON "leads"."partner_enquiries" ("received_at")`,
    );
    await q.query(`CREATE TABLE "leads"."suppressions" (
      "blind_index" character(64) NOT NULL,
      "channel" character varying(8) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_suppressions" PRIMARY KEY ("blind_index")
    )`);
    await q.query(`CREATE TABLE "leads"."unsubscribe_requests" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "subject_hash" character varying(200) NOT NULL,
      "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_unsubscribe_requests" PRIMARY KEY ("id")
    )`);
    await q.query(`CREATE TABLE "leads"."erasure_requests" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "status" character varying(16) NOT NULL,
      "subject_hash" character varying(200) NOT NULL,
      "email_index" character(64),
      "phone_index" character(64),
      "data_key_id" uuid,
      "sealed" bytea,
      "erased_records" integer NOT NULL DEFAULT 0,
      "attempts" smallint NOT NULL DEFAULT 0,
      "rejection_reason" character varying(500),
      "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "completed_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "CHK_erasure_requests_status" CHECK ("status" IN ('received', 'in_progress', 'completed', 'rejected')),
      CONSTRAINT "PK_erasure_requests" PRIMARY KEY ("id")
    )`);
    await q.query(
      `CREATE INDEX "ix_erasure_requests_pending" ON "leads"."erasure_requests" ("status", "received_at")`,
    );

    await q.query(`ALTER TABLE "leads"."contact_messages" ALTER COLUMN "name" DROP NOT NULL`);
    await q.query(`ALTER TABLE "leads"."contact_messages" ALTER COLUMN "email" DROP NOT NULL`);
    await q.query(`ALTER TABLE "leads"."contact_messages" ADD "data_key_id" uuid`);
    await q.query(`ALTER TABLE "leads"."contact_messages" ADD "sealed" bytea`);
    await q.query(`ALTER TABLE "leads"."contact_messages" ADD "email_index" character(64)`);
    await q.query(`ALTER TABLE "leads"."contact_messages" ADD "phone_index" character(64)`);
    await q.query(`ALTER TABLE "leads"."contact_messages" ADD "erased_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(
      `CREATE INDEX "ix_contact_messages_email_index" ON "leads"."contact_messages" ("email_index")`,
    );
    await q.query(
      `CREATE INDEX "ix_contact_messages_phone_index" ON "leads"."contact_messages" ("phone_index")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    // Sealed rows cannot be turned back into plaintext here (no key in migrations): going down
    // removes them, as it removes the tables that only this migration created.
    await q.query(`DELETE FROM "leads"."contact_messages" WHERE "email" IS NULL OR "name" IS NULL`);
    await q.query(`DROP INDEX "leads"."ix_contact_messages_phone_index"`);
    await q.query(`DROP INDEX "leads"."ix_contact_messages_email_index"`);
    await q.query(`ALTER TABLE "leads"."contact_messages" DROP COLUMN "erased_at"`);
    await q.query(`ALTER TABLE "leads"."contact_messages" DROP COLUMN "phone_index"`);
    await q.query(`ALTER TABLE "leads"."contact_messages" DROP COLUMN "email_index"`);
    await q.query(`ALTER TABLE "leads"."contact_messages" DROP COLUMN "sealed"`);
    await q.query(`ALTER TABLE "leads"."contact_messages" DROP COLUMN "data_key_id"`);
    await q.query(`ALTER TABLE "leads"."contact_messages" ALTER COLUMN "email" SET NOT NULL`);
    await q.query(`ALTER TABLE "leads"."contact_messages" ALTER COLUMN "name" SET NOT NULL`);
    await q.query(`DROP TABLE "leads"."erasure_requests"`);
    await q.query(`DROP TABLE "leads"."unsubscribe_requests"`);
    await q.query(`DROP TABLE "leads"."suppressions"`);
    await q.query(`DROP TABLE "leads"."partner_enquiries"`);
    await q.query(`DROP TABLE "leads"."application_consents"`);
    await q.query(`DROP TABLE "leads"."applications"`);
    await q.query(`DROP TABLE "leads"."data_keys"`);
  }
}
