import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateComments1763750000000 implements MigrationInterface {
  name = 'CreateComments1763750000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "content"."comments" (
      "id" BIGSERIAL NOT NULL,
      "page_path" character varying(512) NOT NULL,
      "reply_to" bigint,
      "name" character varying(100) NOT NULL,
      "email" character varying(254) NOT NULL,
      "author_type" character varying(16) NOT NULL,
      "text" text NOT NULL,
      "rating" smallint,
      "state" character varying(16) NOT NULL,
      "session_id" character varying(36),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "moderated_at" TIMESTAMP WITH TIME ZONE,
      "moderated_by" character varying(100),
      "rejection_reason" character varying(500),
      CONSTRAINT "CHK_comments_state" CHECK ("state" IN ('pending', 'published', 'rejected')),
      CONSTRAINT "CHK_comments_author_type" CHECK ("author_type" IN ('visitor', 'company', 'expert')),
      CONSTRAINT "CHK_comments_rating" CHECK ("rating" IS NULL OR "rating" BETWEEN 1 AND 5),
      CONSTRAINT "PK_comments" PRIMARY KEY ("id")
    )`);
    await q.query(
      `CREATE INDEX "ix_comments_page_state" ON "content"."comments" ("page_path", "state", "created_at")`,
    );
    await q.query(`CREATE INDEX "ix_comments_state_created" ON "content"."comments" ("state", "created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "content"."comments"`);
  }
}
