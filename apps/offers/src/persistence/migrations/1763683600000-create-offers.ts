import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { STARTER_OFFERS_PL } from './starter-offers';

export class CreateOffers1763683600000 implements MigrationInterface {
  name = 'CreateOffers1763683600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "offers"."offers" (
      "id" SERIAL NOT NULL,
      "country" character varying(8) NOT NULL,
      "offer_id" integer NOT NULL,
      "header" character varying(120) NOT NULL,
      "lender_slug" character varying(64) NOT NULL,
      "lender_link" character varying(2048),
      "is_active" boolean NOT NULL DEFAULT true,
      "stars" numeric(2,1) NOT NULL,
      "field2_value" character varying(120) NOT NULL,
      "field4_value" character varying(120) NOT NULL,
      "tags" text array NOT NULL DEFAULT '{}',
      "asnef_value" boolean NOT NULL DEFAULT true,
      "product_type" character varying(32) NOT NULL,
      "amount_min_grosze" integer NOT NULL,
      "amount_max_grosze" integer NOT NULL,
      "period_min_days" integer NOT NULL,
      "period_max_days" integer NOT NULL,
      "first_loan_free" boolean NOT NULL DEFAULT false,
      "position" integer NOT NULL DEFAULT 0,
      CONSTRAINT "UQ_offers_country_offer" UNIQUE ("country", "offer_id"),
      CONSTRAINT "PK_offers" PRIMARY KEY ("id")
    )`);
    await q.query(`CREATE INDEX "ix_offers_country_position" ON "offers"."offers" ("country", "position")`);
    for (const [position, o] of STARTER_OFFERS_PL.entries()) {
      await q.query(
        `INSERT INTO "offers"."offers" ("country", "offer_id", "header", "lender_slug", "lender_link", "stars", "field2_value",
          "field4_value", "tags", "product_type", "amount_min_grosze", "amount_max_grosze", "period_min_days", "period_max_days",
          "first_loan_free", "position") VALUES ('pl', $1, $2, $3, NULL, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          o.offerId,
          o.header,
          o.lenderSlug,
          o.stars,
          o.field2,
          o.field4,
          o.tags,
          o.productType,
          o.amountMin * 100,
          o.amountMax * 100,
          o.periodMinDays,
          o.periodMaxDays,
          o.firstLoanFree,
          position + 1,
        ],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "offers"."offers"`);
  }
}
