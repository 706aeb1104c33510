import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Indexes for ListComments, the one content query an uncached article or lender page always runs.
 * Measured on 400,000 comments (EXPLAIN ANALYZE, docs/OPERATIONS.md "Load and deadlines"): the
 * replies of a page's comments were found by a sequential scan of the whole table (110 ms, growing
 * with every comment on the site) and the counts read every row of the page (3–13 ms); with these
 * partial indexes each part is an index scan under 1 ms. Partial (published only) because pending
 * and rejected comments are never listed for visitors, so they cost the indexes nothing.
 */
export class IndexPublishedComments1795610000000 implements MigrationInterface {
  name = 'IndexPublishedComments1795610000000';

  async up(q: QueryRunner): Promise<void> {
    // A page's top-level comments, newest or oldest first, one page of them at a time.
    await q.query(
      `CREATE INDEX "ix_comments_published_top" ON "content"."comments" ("page_path", "created_at", "id")
         WHERE "state" = 'published' AND "reply_to" IS NULL`,
    );
    // The replies of the comments shown.
    await q.query(
      `CREATE INDEX "ix_comments_published_replies" ON "content"."comments" ("reply_to", "created_at", "id")
         WHERE "state" = 'published' AND "reply_to" IS NOT NULL`,
    );
    // The page's counts (all, top-level, ratings) from the index alone.
    await q.query(
      `CREATE INDEX "ix_comments_published_counts" ON "content"."comments" ("page_path", "reply_to", "rating")
         WHERE "state" = 'published'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "content"."ix_comments_published_counts"`);
    await q.query(`DROP INDEX "content"."ix_comments_published_replies"`);
    await q.query(`DROP INDEX "content"."ix_comments_published_top"`);
  }
}
