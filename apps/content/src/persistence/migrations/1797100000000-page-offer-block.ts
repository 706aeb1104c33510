import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * What an SEO page's offers block shows (the front matter's `offers` declaration: amount, period,
 * product types, free first loan only, ages, fallback page), kept beside `show_offers` so GetPage
 * carries it. Null for pages without a block; the next import fills it (the importer's render
 * version rises with this column, so unchanged files are written again).
 */
export class PageOfferBlock1797100000000 implements MigrationInterface {
  name = 'PageOfferBlock1797100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "content"."pages" ADD "offer_block" jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "content"."pages" DROP COLUMN "offer_block"`);
  }
}
