import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateContactMessages1763683300000 implements MigrationInterface {
  name = 'CreateContactMessages1763683300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "leads"."contact_messages" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "name" character varying(100) NOT NULL,
      "email" character varying(254) NOT NULL,
      "phone" character varying(16),
      "message" text NOT NULL,
      "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_contact_messages" PRIMARY KEY ("id")
    )`);
    await q.query(
      `CREATE INDEX "ix_contact_messages_received_at" ON "leads"."contact_messages" ("received_at")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "leads"."contact_messages"`);
  }
}
