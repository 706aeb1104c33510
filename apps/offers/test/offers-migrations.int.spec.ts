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
            // The table as this migration made it (the entity has columns of later ones).
            await db.query(
              `INSERT INTO "offers"."feeds" ("feed_key", "offers", "content_hash", "fetched_at", "state")
               VALUES ('pl', $1, $2, '2026-11-24T10:00:00Z', 'succeeded')`,
              [JSON.stringify([{ offer_id: 1, header: 'Vivus' }]), 'a'.repeat(64)],
            );
            // A feed that never had a good fetch: no copy, so nothing to call sample.
            await db.query(
              `INSERT INTO "offers"."feeds" ("feed_key", "state", "error_message") VALUES ('vn', 'failed', 'HTTP 503')`,
            );
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

    expect(report.applied).toEqual([
      'CreateOffers1763683600000',
      'FeedStore1796000000000',
      'FeedProvenance1797000000000',
    ]);
    // A copy stored before its source was recorded came from the bundled folder (the only default): sample.
    expect(feeds.sort((a, b) => a.feedKey.localeCompare(b.feedKey))).toMatchObject([
      {
        feedKey: 'pl',
        offers: [{ offer_id: 1, header: 'Vivus' }],
        offersReceived: 0,
        errorMessage: null,
        sample: true,
        sourceUrl: null,
        leftOut: null,
      },
      { feedKey: 'vn', offers: null, sample: false },
    ]);
    expect(leads).toMatchObject([{ amountGrosze: 200_000, periodDays: 61, feedKey: 'pl' }]);
    expect(report.reverted).toEqual([
      'FeedProvenance1797000000000',
      'FeedStore1796000000000',
      'CreateOffers1763683600000',
    ]);
    expect(report.leftAfterDown).toEqual([]);
    expect(report.pendingAfterReapply).toEqual([]);
  });
});
