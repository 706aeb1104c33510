import { createIdempotencyKeysTable, dropIdempotencyKeysTable } from '@lib/database';
import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Keys of keyed writes (SubmitComment, PostStaffReply) with their first answers
 * (@lib/database writeOnce, IdempotencyKeyEntity).
 */
export class CreateIdempotencyKeys1795600000000 implements MigrationInterface {
  name = 'CreateIdempotencyKeys1795600000000';

  async up(q: QueryRunner): Promise<void> {
    await createIdempotencyKeysTable(q, 'content');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropIdempotencyKeysTable(q, 'content');
  }
}
