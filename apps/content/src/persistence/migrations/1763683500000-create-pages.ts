import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { CORE_PAGES } from './core-pages';

export class CreatePages1763683500000 implements MigrationInterface {
  name = 'CreatePages1763683500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "content"."pages" (
      "id" SERIAL NOT NULL,
      "path" character varying(512) NOT NULL,
      "type" character varying(16) NOT NULL,
      "link" character varying(512) NOT NULL,
      "title" character varying(120) NOT NULL,
      "description" character varying(300) NOT NULL,
      "h1" character varying(200) NOT NULL,
      "body_html" text NOT NULL,
      "published" boolean NOT NULL DEFAULT true,
      "published_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "UQ_pages_path" UNIQUE ("path"),
      CONSTRAINT "CHK_pages_type" CHECK ("type" IN ('page', 'seo', 'blog', 'tag', 'lender', 'doc', 'author')),
      CONSTRAINT "PK_pages" PRIMARY KEY ("id")
    )`);
    // The core pages ship with the schema so a fresh installation has a working home page; the
    // editorial import (content/ files) takes them over by path later.
    for (const page of CORE_PAGES) {
      await q.query(
        `INSERT INTO "content"."pages" ("path", "type", "link", "title", "description", "h1", "body_html") VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [page.path, page.type, page.path, page.title, page.description, page.h1, page.bodyHtml],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "content"."pages"`);
  }
}
