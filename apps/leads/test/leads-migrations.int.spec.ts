import { checkMigrations } from '@lib/testing';
import { ContactMessageEntity } from '../src/persistence/contact-message.entity';
import { LEADS_MIGRATIONS } from '../src/persistence/migrations';

describe('leads migrations (real PostgreSQL)', () => {
  it('apply one by one over existing data, revert completely and apply again without drift', async () => {
    let stored: ContactMessageEntity[] = [];
    const report = await checkMigrations(
      { schema: 'leads', entities: [ContactMessageEntity], migrations: LEADS_MIGRATIONS },
      {
        seedAfter: {
          CreateContactMessages1763683300000: async (db) => {
            await db.getRepository(ContactMessageEntity).insert({ name: 'Anna Nowak', email: 'anna@example.pl', phone: null, message: 'Dzień dobry, mam pytanie.' });
          },
        },
        verify: async (db) => {
          stored = await db.getRepository(ContactMessageEntity).find();
        },
      },
    );

    expect(report.applied).toEqual(['CreateContactMessages1763683300000']);
    expect(stored).toEqual([expect.objectContaining({ name: 'Anna Nowak', email: 'anna@example.pl', phone: null, receivedAt: expect.any(Date) })]);
    expect(report.reverted).toEqual(['CreateContactMessages1763683300000']);
    expect(report.leftAfterDown).toEqual([]);
    expect(report.pendingAfterReapply).toEqual([]);
  });
});
