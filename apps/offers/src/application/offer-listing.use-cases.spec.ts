import { type Cache, MemoryCache } from '@lib/cache';
import { silentLogger, strictMock } from '@lib/testing';
import { OfferEntity } from '../persistence/offer.entity';
import { type OffersRepository } from '../persistence/offers.repository';
import { OfferListingUseCases } from './offer-listing.use-cases';
import { OFFERS_CACHE_PREFIX } from './offers-cache';

const stored = (overrides: Partial<OfferEntity> = {}): OfferEntity =>
  Object.assign(new OfferEntity(), {
    id: 1,
    country: 'pl',
    offerId: 1001,
    header: 'Vivus',
    lenderSlug: 'vivus',
    lenderLink: 'https://example.com/vivus',
    isActive: true,
    stars: '4.8',
    field2Value: 'do 3 000 zł',
    field4Value: 'od 61 dni',
    tags: ['pierwsza darmowa'],
    asnefValue: true,
    productType: 'payday',
    amountMinGrosze: 10_000,
    amountMaxGrosze: 300_000,
    periodMinDays: 61,
    periodMaxDays: 61,
    firstLoanFree: true,
    position: 1,
    ...overrides,
  });

describe('OfferListingUseCases.listOffers', () => {
  let cache: Cache;
  beforeEach(() => {
    // Expiry follows the faked clock: readThrough reads Date.now, the LRU reads `now`.
    jest.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z'), doNotFake: ['nextTick', 'queueMicrotask'] });
    cache = new MemoryCache({ logger: silentLogger(), now: () => Date.now() });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('asks the repository for the page and answers every stored field as the contract’s Offer', async () => {
    const listByCountry = jest.fn().mockResolvedValue({ offers: [stored()], total: 7 });
    const listing = new OfferListingUseCases(strictMock<OffersRepository>('offers', { listByCountry }), cache);

    const answer = await listing.listOffers({ country: 'pl', limit: 20, offset: 40 });

    expect(listByCountry).toHaveBeenCalledWith('pl', 20, 40);
    expect(answer).toEqual({
      total: 7,
      offers: [
        {
          offerId: 1001,
          header: 'Vivus',
          lenderLink: 'https://example.com/vivus',
          isActive: true,
          stars: '4.8',
          field2Value: 'do 3 000 zł',
          field4Value: 'od 61 dni',
          tags: ['pierwsza darmowa'],
          asnefValue: true,
          productType: 'payday',
          lenderId: 0,
          lenderSlug: 'vivus',
          amountMinGrosze: 10_000,
          amountMaxGrosze: 300_000,
          periodMinDays: 61,
          periodMaxDays: 61,
          aprBasisPoints: 0,
          firstLoanFree: true,
          country: 'PL',
          logoUrl: '',
          position: 1,
        },
      ],
    });
  });

  it('answers an offer without a lender link with an empty link, never as active', async () => {
    const listByCountry = jest.fn().mockResolvedValue({ offers: [stored({ lenderLink: null, isActive: true })], total: 1 });
    const listing = new OfferListingUseCases(strictMock<OffersRepository>('offers', { listByCountry }), cache);

    const { offers } = await listing.listOffers({ country: 'pl', limit: 20, offset: 0 });

    expect(offers[0]).toMatchObject({ lenderLink: '', isActive: false });
  });

  it('answers an empty page with the total still counted', async () => {
    const listByCountry = jest.fn().mockResolvedValue({ offers: [], total: 5 });
    const listing = new OfferListingUseCases(strictMock<OffersRepository>('offers', { listByCountry }), cache);

    await expect(listing.listOffers({ country: 'pl', limit: 20, offset: 100 })).resolves.toEqual({ offers: [], total: 5 });
  });

  it('reads a list once per minute from the database, then from the cache, page by page', async () => {
    const listByCountry = jest.fn().mockResolvedValue({ offers: [stored()], total: 1 });
    const listing = new OfferListingUseCases(strictMock<OffersRepository>('offers', { listByCountry }), cache);

    const first = await listing.listOffers({ country: 'pl', limit: 20, offset: 0 });
    await expect(listing.listOffers({ country: 'pl', limit: 20, offset: 0 })).resolves.toEqual(first);
    expect(listByCountry).toHaveBeenCalledTimes(1);

    await listing.listOffers({ country: 'pl', limit: 20, offset: 20 });
    await listing.listOffers({ country: 'es', limit: 20, offset: 0 });
    expect(listByCountry).toHaveBeenCalledTimes(3);
    expect(await cache.get(`${OFFERS_CACHE_PREFIX}list:pl:20:0`)).toBeDefined();

    jest.setSystemTime(new Date('2026-11-24T12:01:01Z'));
    await listing.listOffers({ country: 'pl', limit: 20, offset: 0 });
    // Stale: served at once, refreshed in the background.
    await jest.runAllTimersAsync();
    expect(listByCountry).toHaveBeenCalledTimes(4);
  });
});
