import { status } from '@grpc/grpc-js';
import { type GrpcCallError } from '@lib/contracts';
import { startTestService, type TestService } from '@lib/testing';
import { offersService } from '../src/offers.service-definition';
import { OfferEntity } from '../src/persistence/offer.entity';

describe('offers service over gRPC (real PostgreSQL)', () => {
  let t: TestService<'offers'>;
  beforeAll(async () => {
    t = await startTestService(offersService);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('lists a country’s offers from the database in display order, paged', async () => {
    const all = await t.client.listOffers({ country: 'PL', limit: 0, offset: 0 });
    expect(all.total).toBe(5);
    expect(all.offers.map((o) => o.position)).toEqual([1, 2, 3, 4, 5]);
    expect(all.offers[0]).toMatchObject({ header: 'Vivus', country: 'PL', firstLoanFree: true, amountMaxGrosze: 300_000, isActive: false });

    const page = await t.client.listOffers({ country: 'pl', limit: 2, offset: 2 });
    expect(page.total).toBe(5);
    expect(page.offers.map((o) => o.position)).toEqual([3, 4]);
  });

  it('reflects database changes (no hard-coded list): an offer with a link becomes active', async () => {
    await t.service.dataSource.getRepository(OfferEntity).update({ offerId: 1002 }, { lenderLink: 'https://example.com/smartney' });
    const { offers } = await t.client.listOffers({ country: 'pl', limit: 5, offset: 0 });
    expect(offers.find((o) => o.offerId === 1002)).toMatchObject({ isActive: true, lenderLink: 'https://example.com/smartney' });
    const es = await t.client.listOffers({ country: 'es', limit: 5, offset: 0 });
    expect(es).toEqual({ offers: [], total: 0 });
  });

  it('rejects an unknown country and limits above 100', async () => {
    const error = (await t.client.listOffers({ country: 'de', limit: 500, offset: 0 }).catch((e: unknown) => e)) as GrpcCallError;
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations.map((v) => v.field).sort()).toEqual(['country', 'limit']);
  });

  it('answers UNIMPLEMENTED over the wire for an RPC listed as not built yet', async () => {
    const error = (await t.client.getOffer({ offerId: 1001, country: 'pl' }).catch((e: unknown) => e)) as GrpcCallError;
    expect(error.code).toBe(status.UNIMPLEMENTED);
    expect(error.message).toContain('GetOffer is not implemented yet');
  });

  it('keeps entities and migrations in agreement', async () => {
    await expect(t.pendingSchemaChanges()).resolves.toEqual([]);
  });
});
