import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Banks' currency tables (one per bank and day) and their rates; history reads by code. */
export class CreateBankTables1796100000000 implements MigrationInterface {
  name = 'CreateBankTables1796100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "rates"."bank_tables" (
      "id" SERIAL NOT NULL,
      "bank_slug" character varying(40) NOT NULL,
      "table_no" character varying(64) NOT NULL,
      "effective_date" date NOT NULL,
      "published_at" TIMESTAMP WITH TIME ZONE,
      "source" character varying(16) NOT NULL,
      "imported_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_bank_tables" PRIMARY KEY ("id"),
      CONSTRAINT "CHK_bank_tables_source" CHECK ("source" IN ('embedded', 'bank'))
    )`);
    await q.query(
      `CREATE UNIQUE INDEX "uq_bank_tables_bank_date" ON "rates"."bank_tables" ("bank_slug", "effective_date")`,
    );
    await q.query(`CREATE TABLE "rates"."bank_rates" (
      "table_id" integer NOT NULL,
      "code" character(3) NOT NULL,
      "units" integer NOT NULL,
      "buy" numeric(18,8) NOT NULL,
      "sell" numeric(18,8) NOT NULL,
      CONSTRAINT "PK_bank_rates" PRIMARY KEY ("table_id", "code"),
      CONSTRAINT "FK_bank_rates_table" FOREIGN KEY ("table_id") REFERENCES "rates"."bank_tables"("id") ON DELETE CASCADE
    )`);
    await q.query(`CREATE INDEX "ix_bank_rates_code" ON "rates"."bank_rates" ("code", "table_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "rates"."bank_rates"`);
    await q.query(`DROP TABLE "rates"."bank_tables"`);
  }
}
