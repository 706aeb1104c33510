import { IdempotencyKeyEntity } from '@lib/database';
import { checkMigrations } from '@lib/testing';
import { ContactMessageEntity } from '../src/persistence/contact-message.entity';
import { LEADS_MIGRATIONS } from '../src/persistence/migrations';

const KEY = '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c';

describe('leads migrations (real PostgreSQL)', () => {
  it('apply one by one over existing data, revert completely and apply again without drift', async () => {
    let stored: ContactMessageEntity[] = [];
    let keys: IdempotencyKeyEntity[] = [];
    const report = await checkMigrations(
      { schema: 'leads', entities: [ContactMessageEntity, IdempotencyKeyEntity], migrations: LEADS_MIGRATIONS },
      {
        seedAfter: {
          CreateContactMessages1763683300000: async (db) => {
            await db.getRepository(ContactMessageEntity).insert({ name: 'Anna Nowak', email: 'anna@example.pl', phone: null, message: 'Dzień dobry, mam pytanie.' });
          },
          CreateIdempotencyKeys1795540000000: async (db) => {
            const [message] = await db.getRepository(ContactMessageEntity).find();
            await db.getRepository(IdempotencyKeyEntity).insert({
              scope: 'SubmitContactMessage',
              key: KEY,
              requestHash: 'a'.repeat(64),
              answer: { id: message!.id, receivedAt: message!.receivedAt.toISOString() },
              expiresAt: new Date('2026-11-21T10:00:00.000Z'),
            });
          },
        },
        verify: async (db) => {
          stored = await db.getRepository(ContactMessageEntity).find();
          keys = await db.getRepository(IdempotencyKeyEntity).find();
        },
      },
    );

    expect(report.applied).toEqual(['CreateContactMessages1763683300000', 'CreateIdempotencyKeys1795540000000']);
    expect(stored).toEqual([expect.objectContaining({ name: 'Anna Nowak', email: 'anna@example.pl', phone: null, receivedAt: expect.any(Date) })]);
    expect(keys).toEqual([
      expect.objectContaining({
        scope: 'SubmitContactMessage',
        key: KEY,
        answer: { id: stored[0]!.id, receivedAt: stored[0]!.receivedAt.toISOString() },
        createdAt: expect.any(Date),
        expiresAt: new Date('2026-11-21T10:00:00.000Z'),
      }),
    ]);
    expect(report.reverted).toEqual(['CreateIdempotencyKeys1795540000000', 'CreateContactMessages1763683300000']);
    expect(report.leftAfterDown).toEqual([]);
    expect(report.pendingAfterReapply).toEqual([]);
  });
});
