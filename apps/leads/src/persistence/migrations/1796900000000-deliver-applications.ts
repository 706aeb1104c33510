import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Applications reach lenders: the delivery outbox with its history, the outbox of e-mails and SMS,
 * and the self-service links and sessions.
 */
export class DeliverApplications1796900000000 implements MigrationInterface {
  name = 'DeliverApplications1796900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "leads"."lead_deliveries" (
      "id" uuid NOT NULL,
      "application_id" uuid NOT NULL,
      "lender_slug" character varying(64) NOT NULL,
      "lender_id" integer NOT NULL,
      "state" character varying(16) NOT NULL,
      "attempts" smallint NOT NULL DEFAULT 0,
      "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "fields" character varying(16) array NOT NULL,
      "lender_reason" character varying(500),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "CHK_lead_deliveries_state" CHECK ("state" IN ('queued', 'sent', 'accepted', 'rejected', 'failed', 'withdrawn')),
      CONSTRAINT "UQ_lead_deliveries_application_lender" UNIQUE ("application_id", "lender_slug"),
      CONSTRAINT "PK_lead_deliveries" PRIMARY KEY ("id"),
      CONSTRAINT "FK_lead_deliveries_application" FOREIGN KEY ("application_id") REFERENCES "leads"."applications"("id") ON DELETE CASCADE
    )`);
    await q.query(
      `CREATE INDEX "ix_lead_deliveries_due" ON "leads"."lead_deliveries" ("next_attempt_at") WHERE "state" = 'queued'`,
    );
    await q.query(`CREATE TABLE "leads"."lead_delivery_events" (
      "id" BIGSERIAL NOT NULL,
      "delivery_id" uuid NOT NULL,
      "state" character varying(16) NOT NULL,
      "attempt" smallint NOT NULL,
      "http_status" smallint,
      "detail" character varying(1000) NOT NULL,
      "at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_lead_delivery_events" PRIMARY KEY ("id"),
      CONSTRAINT "FK_lead_delivery_events_delivery" FOREIGN KEY ("delivery_id") REFERENCES "leads"."lead_deliveries"("id") ON DELETE CASCADE
    )`);
    await q.query(
      `CREATE INDEX "ix_lead_delivery_events_delivery" ON "leads"."lead_delivery_events" ("delivery_id", "at")`,
    );
    await q.query(`CREATE TABLE "leads"."outbound_messages" (
      "id" uuid NOT NULL,
      "channel" character varying(8) NOT NULL,
      "kind" character varying(40) NOT NULL,
      "state" character varying(16) NOT NULL,
      "attempts" smallint NOT NULL DEFAULT 0,
      "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "recipient_index" character(64) NOT NULL,
      "data_key_id" uuid,
      "sealed" bytea,
      "last_error" character varying(500),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "sent_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "CHK_outbound_messages_channel" CHECK ("channel" IN ('email', 'sms')),
      CONSTRAINT "CHK_outbound_messages_state" CHECK ("state" IN ('queued', 'sent', 'failed', 'cancelled')),
      CONSTRAINT "PK_outbound_messages" PRIMARY KEY ("id")
    )`);
    await q.query(
      `CREATE INDEX "ix_outbound_messages_due" ON "leads"."outbound_messages" ("next_attempt_at") WHERE "state" = 'queued'`,
    );
    await q.query(
      `CREATE INDEX "ix_outbound_messages_recipient" ON "leads"."outbound_messages" ("recipient_index")`,
    );
    await q.query(`CREATE TABLE "leads"."self_service_tokens" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "token_hash" character(64) NOT NULL,
      "kind" character varying(8) NOT NULL,
      "subject_kind" character varying(8) NOT NULL,
      "subject_index" character(64) NOT NULL,
      "masked_subject" character varying(100) NOT NULL,
      "data_key_id" uuid,
      "sealed" bytea,
      "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "used_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "CHK_self_service_tokens_kind" CHECK ("kind" IN ('link', 'session')),
      CONSTRAINT "CHK_self_service_tokens_subject" CHECK ("subject_kind" IN ('email', 'phone')),
      CONSTRAINT "PK_self_service_tokens" PRIMARY KEY ("id")
    )`);
    await q.query(
      `CREATE UNIQUE INDEX "ix_self_service_tokens_hash" ON "leads"."self_service_tokens" ("token_hash")`,
    );
    await q.query(
      `CREATE INDEX "ix_self_service_tokens_expiry" ON "leads"."self_service_tokens" ("expires_at")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "leads"."self_service_tokens"`);
    await q.query(`DROP TABLE "leads"."outbound_messages"`);
    await q.query(`DROP TABLE "leads"."lead_delivery_events"`);
    await q.query(`DROP TABLE "leads"."lead_deliveries"`);
  }
}
