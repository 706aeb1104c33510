import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateNbpTables1763683200000 implements MigrationInterface {
  name = 'CreateNbpTables1763683200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "rates"."nbp_tables" (
      "id" SERIAL NOT NULL,
      "table_type" character(1) NOT NULL,
      "no" character varying(32) NOT NULL,
      "effective_date" date NOT NULL,
      "trading_date" date,
      "source" character varying(32) NOT NULL,
      "imported_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "UQ_nbp_tables_no" UNIQUE ("no"),
      CONSTRAINT "PK_nbp_tables" PRIMARY KEY ("id"),
      CONSTRAINT "CHK_nbp_tables_type" CHECK ("table_type" IN ('A', 'B', 'C'))
    )`);
    await q.query(
      `CREATE UNIQUE INDEX "uq_nbp_tables_type_date" ON "rates"."nbp_tables" ("table_type", "effective_date")`,
    );
    await q.query(`CREATE TABLE "rates"."nbp_rates" (
      "table_id" integer NOT NULL,
      "code" character(3) NOT NULL,
      "currency" character varying(100) NOT NULL,
      "mid" numeric(18,10),
      "bid" numeric(18,10),
      "ask" numeric(18,10),
      CONSTRAINT "PK_nbp_rates" PRIMARY KEY ("table_id", "code"),
      CONSTRAINT "FK_nbp_rates_table" FOREIGN KEY ("table_id") REFERENCES "rates"."nbp_tables"("id") ON DELETE CASCADE
    )`);
    await q.query(`CREATE INDEX "ix_nbp_rates_code" ON "rates"."nbp_rates" ("code", "table_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "rates"."nbp_rates"`);
    await q.query(`DROP TABLE "rates"."nbp_tables"`);
  }
}
