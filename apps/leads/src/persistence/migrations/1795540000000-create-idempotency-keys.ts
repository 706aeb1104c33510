import { createIdempotencyKeysTable, dropIdempotencyKeysTable } from '@lib/database';
import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Keys of keyed writes with their first answers (@lib/database writeOnce, IdempotencyKeyEntity). */
export class CreateIdempotencyKeys1795540000000 implements MigrationInterface {
  name = 'CreateIdempotencyKeys1795540000000';

  async up(q: QueryRunner): Promise<void> {
    await createIdempotencyKeysTable(q, 'leads');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropIdempotencyKeysTable(q, 'leads');
  }
}
