import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Each stored feed copy says where it came from and whether it is the bundled sample data, and
 * names the offers validation left out of it. Copies stored before this migration came from the
 * only source the service had by default, the bundled sample folder: they are marked sample until
 * the next good fetch says otherwise, so none is ever shown as a partner's feed by mistake.
 */
export class FeedProvenance1797000000000 implements MigrationInterface {
  name = 'FeedProvenance1797000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "offers"."feeds" ADD "left_out" jsonb`);
    await q.query(`ALTER TABLE "offers"."feeds" ADD "source_url" character varying(2048)`);
    await q.query(`ALTER TABLE "offers"."feeds" ADD "sample" boolean NOT NULL DEFAULT false`);
    await q.query(`UPDATE "offers"."feeds" SET "sample" = true WHERE "offers" IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "offers"."feeds" DROP COLUMN "sample"`);
    await q.query(`ALTER TABLE "offers"."feeds" DROP COLUMN "source_url"`);
    await q.query(`ALTER TABLE "offers"."feeds" DROP COLUMN "left_out"`);
  }
}
