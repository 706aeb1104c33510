import { checkMigrations } from '@lib/testing';
import { FeedEntity } from '../src/persistence/feed.entity';
import { LeadRequestEntity } from '../src/persistence/lead-request.entity';
import { OFFERS_ENTITIES, OFFERS_MIGRATIONS, OFFERS_SCHEMA } from '../src/persistence/offers-schema';

describe('offers migrations (real PostgreSQL)', () => {
  it('apply one by one over existing data, revert completely and apply again without drift', async () => {
    let feeds: FeedEntity[] = [];
    let leads: LeadRequestEntity[] = [];
    const report = await checkMigrations(
      { schema: OFFERS_SCHEMA, entities: OFFERS_ENTITIES, migrations: OFFERS_MIGRATIONS },
      {
        seedAfter: {
          // An installation with the starter list and an offer of its own: the feed store replaces both.
          CreateOffers1763683600000: async (db) => {
            await db.query(
              `INSERT INTO "offers"."offers" ("country", "offer_id", "header", "lender_slug", "stars", "field2_value", "field4_value",
                "product_type", "amount_min_grosze", "amount_max_grosze", "period_min_days", "period_max_days")
               VALUES ('es', 77, 'Prestamo Uno', 'prestamo-uno', 4.1, 'hasta 1 000 €', '30 días', 'payday', 5000, 100000, 30, 30)`,
            );
          },
          FeedStore1796000000000: async (db) => {
            await db.getRepository(FeedEntity).insert({
              feedKey: 'pl',
              offers: [{ offer_id: 1, header: 'Vivus' }] as never,
              contentHash: 'a'.repeat(64),
              fetchedAt: new Date('2026-11-24T10:00:00Z'),
              state: 'succeeded',
            });
            await db.getRepository(LeadRequestEntity).insert({
              applicationId: '3f1c2a9e-5b7d-4c1a-9e2f-0a1b2c3d4e5f',
              amountGrosze: 200_000,
              periodDays: 61,
              purpose: 1,
              age: 30,
              feedKey: 'pl',
            });
          },
        },
        verify: async (db) => {
          feeds = await db.getRepository(FeedEntity).find();
          leads = await db.getRepository(LeadRequestEntity).find();
        },
      },
    );

    expect(report.applied).toEqual(['CreateOffers1763683600000', 'FeedStore1796000000000']);
    expect(feeds).toMatchObject([
      { feedKey: 'pl', offers: [{ offer_id: 1, header: 'Vivus' }], offersReceived: 0, errorMessage: null },
    ]);
    expect(leads).toMatchObject([{ amountGrosze: 200_000, periodDays: 61, feedKey: 'pl' }]);
    expect(report.reverted).toEqual(['FeedStore1796000000000', 'CreateOffers1763683600000']);
    expect(report.leftAfterDown).toEqual([]);
    expect(report.pendingAfterReapply).toEqual([]);
  });
});
