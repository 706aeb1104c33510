import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Tables for the editorial import (content/ files): the pages table becomes the route table of every
 * kind of page, with rendered text, FAQ, table of contents and the source's hash; articles, authors,
 * tags and lender reviews keep their own fields beside it; navigation is one JSON document.
 */
export class EditorialImport1763740000000 implements MigrationInterface {
  name = 'EditorialImport1763740000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "content"."pages"
      ADD "intro_html" text NOT NULL DEFAULT '',
      ADD "faq" jsonb NOT NULL DEFAULT '[]',
      ADD "related" text array NOT NULL DEFAULT '{}',
      ADD "toc" jsonb NOT NULL DEFAULT '[]',
      ADD "word_count" integer NOT NULL DEFAULT 0,
      ADD "reading_minutes" integer NOT NULL DEFAULT 0,
      ADD "show_offers" boolean NOT NULL DEFAULT false,
      ADD "content_hash" character varying(64),
      ADD "render_version" integer NOT NULL DEFAULT 0,
      ADD "source_file" character varying(300)`);

    await q.query(`CREATE TABLE "content"."authors" (
      "id" SERIAL NOT NULL,
      "page_id" integer NOT NULL,
      "slug" character varying(100) NOT NULL,
      "name" character varying(120) NOT NULL,
      "role" character varying(120) NOT NULL,
      "image_url" character varying(300) NOT NULL DEFAULT '',
      CONSTRAINT "UQ_authors_slug" UNIQUE ("slug"),
      CONSTRAINT "UQ_authors_page" UNIQUE ("page_id"),
      CONSTRAINT "PK_authors" PRIMARY KEY ("id"),
      CONSTRAINT "FK_authors_page" FOREIGN KEY ("page_id") REFERENCES "content"."pages"("id") ON DELETE RESTRICT
    )`);

    await q.query(`CREATE TABLE "content"."tags" (
      "id" SERIAL NOT NULL,
      "page_id" integer NOT NULL,
      "slug" character varying(100) NOT NULL,
      "name" character varying(80) NOT NULL,
      "description" text NOT NULL,
      "position" integer NOT NULL,
      CONSTRAINT "UQ_tags_slug" UNIQUE ("slug"),
      CONSTRAINT "UQ_tags_page" UNIQUE ("page_id"),
      CONSTRAINT "PK_tags" PRIMARY KEY ("id"),
      CONSTRAINT "FK_tags_page" FOREIGN KEY ("page_id") REFERENCES "content"."pages"("id") ON DELETE RESTRICT
    )`);

    await q.query(`CREATE TABLE "content"."articles" (
      "id" SERIAL NOT NULL,
      "page_id" integer NOT NULL,
      "slug" character varying(100) NOT NULL,
      "author_id" integer NOT NULL,
      "tags" text array NOT NULL,
      "written_on" date NOT NULL,
      "edited_on" date NOT NULL,
      "sources" jsonb NOT NULL DEFAULT '[]',
      "views" bigint NOT NULL DEFAULT 0,
      "ratings_count" integer NOT NULL DEFAULT 0,
      "ratings_sum" integer NOT NULL DEFAULT 0,
      "comments_count" integer NOT NULL DEFAULT 0,
      CONSTRAINT "UQ_articles_slug" UNIQUE ("slug"),
      CONSTRAINT "UQ_articles_page" UNIQUE ("page_id"),
      CONSTRAINT "CHK_articles_counts" CHECK ("views" >= 0 AND "ratings_count" >= 0 AND "ratings_sum" >= 0 AND "comments_count" >= 0),
      CONSTRAINT "PK_articles" PRIMARY KEY ("id"),
      CONSTRAINT "FK_articles_page" FOREIGN KEY ("page_id") REFERENCES "content"."pages"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_articles_author" FOREIGN KEY ("author_id") REFERENCES "content"."authors"("id") ON DELETE RESTRICT
    )`);

    await q.query(`CREATE TABLE "content"."lender_reviews" (
      "id" SERIAL NOT NULL,
      "page_id" integer NOT NULL,
      "slug" character varying(100) NOT NULL,
      "name" character varying(120) NOT NULL,
      "subtitle" character varying(300) NOT NULL,
      "info" jsonb NOT NULL,
      "logo_url" character varying(300) NOT NULL DEFAULT '',
      "reviews_count" integer NOT NULL DEFAULT 0,
      "ratings_sum" integer NOT NULL DEFAULT 0,
      CONSTRAINT "UQ_lender_reviews_slug" UNIQUE ("slug"),
      CONSTRAINT "UQ_lender_reviews_page" UNIQUE ("page_id"),
      CONSTRAINT "CHK_lender_reviews_counts" CHECK ("reviews_count" >= 0 AND "ratings_sum" >= 0),
      CONSTRAINT "PK_lender_reviews" PRIMARY KEY ("id"),
      CONSTRAINT "FK_lender_reviews_page" FOREIGN KEY ("page_id") REFERENCES "content"."pages"("id") ON DELETE RESTRICT
    )`);

    await q.query(`CREATE TABLE "content"."navigation" (
      "key" character varying(32) NOT NULL,
      "document" jsonb NOT NULL,
      "content_hash" character varying(64) NOT NULL,
      "render_version" integer NOT NULL DEFAULT 0,
      "source_file" character varying(300) NOT NULL,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_navigation" PRIMARY KEY ("key")
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "content"."navigation"`);
    await q.query(`DROP TABLE "content"."lender_reviews"`);
    await q.query(`DROP TABLE "content"."articles"`);
    await q.query(`DROP TABLE "content"."tags"`);
    await q.query(`DROP TABLE "content"."authors"`);
    await q.query(`ALTER TABLE "content"."pages"
      DROP COLUMN "source_file",
      DROP COLUMN "render_version",
      DROP COLUMN "content_hash",
      DROP COLUMN "show_offers",
      DROP COLUMN "reading_minutes",
      DROP COLUMN "word_count",
      DROP COLUMN "toc",
      DROP COLUMN "related",
      DROP COLUMN "faq",
      DROP COLUMN "intro_html"`);
  }
}
