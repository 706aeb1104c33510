import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * An erasure request keeps the ids of the applications it erased until the offers service has
 * forgotten their stored requests (ForgetLeadRequests): the local erasure removes what would find
 * them again, so a retry after the offers service was away needs them here.
 */
export class ErasureApplicationIds1797300000000 implements MigrationInterface {
  name = 'ErasureApplicationIds1797300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "leads"."erasure_requests" ADD "application_ids" uuid array`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "leads"."erasure_requests" DROP COLUMN "application_ids"`);
  }
}
