import { IdempotencyKeyEntity } from '@lib/database';
import { checkMigrations } from '@lib/testing';
import { ContactMessageEntity } from '../src/persistence/contact-message.entity';
import { DataKeyEntity } from '../src/persistence/data-key.entity';
import { LEADS_ENTITIES, LEADS_MIGRATIONS, LEADS_SCHEMA } from '../src/persistence/leads-schema';

const KEY = '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c';
const DATA_KEY = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

describe('leads migrations (real PostgreSQL)', () => {
  it('apply one by one over existing data, revert completely and apply again without drift', async () => {
    let stored: ContactMessageEntity[] = [];
    let keys: IdempotencyKeyEntity[] = [];
    const report = await checkMigrations(
      { schema: LEADS_SCHEMA, entities: LEADS_ENTITIES, migrations: LEADS_MIGRATIONS },
      {
        seedAfter: {
          CreateContactMessages1763683300000: async (db) => {
            // Raw SQL: the entity already has the columns of later migrations.
            await db.query(
              `INSERT INTO leads.contact_messages (name, email, phone, message) VALUES ('Anna Nowak', 'anna@example.pl', NULL, 'Dzień dobry, mam pytanie.')`,
            );
          },
          CreateIdempotencyKeys1795540000000: async (db) => {
            const [message] = await db.query<{ id: string; received_at: Date }[]>(
              `SELECT id, received_at FROM leads.contact_messages`,
            );
            await db.getRepository(IdempotencyKeyEntity).insert({
              scope: 'SubmitContactMessage',
              key: KEY,
              requestHash: 'a'.repeat(64),
              answer: { id: message!.id, receivedAt: message!.received_at.toISOString() },
              expiresAt: new Date('2026-11-21T10:00:00.000Z'),
            });
          },
          ProtectPersonalData1796300000000: async (db) => {
            // A sealed message (no plaintext) and a data key: the new columns take data.
            await db
              .getRepository(DataKeyEntity)
              .insert({ id: DATA_KEY, masterKeyId: 'dev-1', wrapped: Buffer.from([1, 2, 3]) });
            await db.getRepository(ContactMessageEntity).insert({
              name: null,
              email: null,
              phone: null,
              message: 'Zaszyfrowana wiadomość.',
              dataKeyId: DATA_KEY,
              sealed: Buffer.from([4, 5, 6]),
              emailIndex: 'e'.repeat(64),
              phoneIndex: null,
            });
          },
        },
        verify: async (db) => {
          stored = await db.getRepository(ContactMessageEntity).find();
          keys = await db.getRepository(IdempotencyKeyEntity).find();
        },
      },
    );

    expect(report.applied).toEqual([
      'CreateContactMessages1763683300000',
      'CreateIdempotencyKeys1795540000000',
      'ProtectPersonalData1796300000000',
      'DeliverApplications1796900000000',
      'StreamEvents1797000000000',
      'ErasureApplicationIds1797300000000',
    ]);
    // The message from before the migration is kept as it was; the sealed one sits beside it.
    expect(stored).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'Anna Nowak',
          email: 'anna@example.pl',
          phone: null,
          sealed: null,
          receivedAt: expect.any(Date),
        }),
        expect.objectContaining({
          name: null,
          email: null,
          dataKeyId: DATA_KEY,
          sealed: Buffer.from([4, 5, 6]),
          emailIndex: 'e'.repeat(64),
        }),
      ]),
    );
    expect(stored).toHaveLength(2);
    expect(keys).toEqual([
      expect.objectContaining({
        scope: 'SubmitContactMessage',
        key: KEY,
        answer: { id: stored.find((m) => m.name === 'Anna Nowak')!.id, receivedAt: expect.any(String) },
        createdAt: expect.any(Date),
        expiresAt: new Date('2026-11-21T10:00:00.000Z'),
      }),
    ]);
    expect(report.reverted).toEqual([
      'ErasureApplicationIds1797300000000',
      'StreamEvents1797000000000',
      'DeliverApplications1796900000000',
      'ProtectPersonalData1796300000000',
      'CreateIdempotencyKeys1795540000000',
      'CreateContactMessages1763683300000',
    ]);
    expect(report.leftAfterDown).toEqual([]);
    expect(report.pendingAfterReapply).toEqual([]);
  });
});
