import { checkMigrations } from '@lib/testing';
import { OFFERS_MIGRATIONS } from '../src/persistence/migrations';
import { OfferEntity } from '../src/persistence/offer.entity';

describe('offers migrations (real PostgreSQL)', () => {
  it('apply one by one over existing data, revert completely and apply again without drift', async () => {
    let seeded: OfferEntity[] = [];
    const report = await checkMigrations(
      { schema: 'offers', entities: [OfferEntity], migrations: OFFERS_MIGRATIONS },
      {
        seedAfter: {
          // An installation whose ES feed already brought an offer, next to the starter list.
          CreateOffers1763683600000: async (db) => {
            await db.getRepository(OfferEntity).insert({
              country: 'es',
              offerId: 77,
              header: 'Prestamo Uno',
              lenderSlug: 'prestamo-uno',
              lenderLink: 'https://example.com/uno',
              stars: '4.1',
              field2Value: 'hasta 1 000 €',
              field4Value: '30 días',
              tags: ['nuevo'],
              productType: 'payday',
              amountMinGrosze: 5_000,
              amountMaxGrosze: 100_000,
              periodMinDays: 30,
              periodMaxDays: 30,
              position: 1,
            });
          },
        },
        verify: async (db) => {
          seeded = await db.getRepository(OfferEntity).find({ order: { country: 'ASC', position: 'ASC' } });
        },
      },
    );

    expect(report.applied).toEqual(['CreateOffers1763683600000']);
    expect(seeded.map((o) => `${o.country}:${o.offerId}`)).toEqual(['es:77', 'pl:1001', 'pl:1002', 'pl:1003', 'pl:1004', 'pl:1005']);
    expect(seeded[0]).toMatchObject({ header: 'Prestamo Uno', isActive: true, tags: ['nuevo'], stars: '4.1' });
    expect(report.reverted).toEqual(['CreateOffers1763683600000']);
    expect(report.leftAfterDown).toEqual([]);
    expect(report.pendingAfterReapply).toEqual([]);
  });
});
