import { type Cache, MemoryCache } from '@lib/cache';
import { silentLogger, strictMock } from '@lib/testing';
import { type FeedsRepository } from '../persistence/feeds.repository';
import { OfferCatalogue } from './offer-catalogue';
import { feedHashKey } from './offers-cache';

const copy = (hash: string, headers: string[]) => ({
  feedKey: 'pl',
  contentHash: hash,
  offers: headers.map((header, i) => ({ offer_id: i + 1, header, lender_link: `https://x${i}.pl/` })),
});

describe('OfferCatalogue (loaded once, not reloaded while non-empty)', () => {
  let cache: Cache;
  beforeEach(() => {
    jest.useFakeTimers({
      now: new Date('2026-11-24T12:00:00Z'),
      doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'],
    });
    cache = new MemoryCache({ logger: silentLogger(), now: () => Date.now() });
  });
  afterEach(() => jest.useRealTimers());

  it('normalises a feed once per content hash and day, sharing one load between concurrent callers', async () => {
    let hash = 'h1';
    const contentHash = jest.fn(() => Promise.resolve(hash));
    const lastGood = jest.fn(() =>
      Promise.resolve(hash === 'h1' ? copy('h1', ['B', 'A']) : copy('h2', ['C'])),
    );
    const catalogue = new OfferCatalogue(
      strictMock<FeedsRepository>('feeds', { contentHash, lastGood }),
      cache,
    );

    const [first, second] = await Promise.all([catalogue.offers('pl'), catalogue.offers('pl')]);
    expect(first.map((o) => o.header)).toEqual(['A', 'B']);
    expect(second).toBe(first);
    await expect(catalogue.offers('pl')).resolves.toBe(first);
    expect(lastGood).toHaveBeenCalledTimes(1);
    expect(contentHash).toHaveBeenCalledTimes(1);

    // A new copy: seen once the cached hash is cleared (as an ingestion does) and reloaded once.
    hash = 'h2';
    await cache.delete(feedHashKey('pl'));
    catalogue.forget('pl');
    expect((await catalogue.offers('pl')).map((o) => o.header)).toEqual(['C']);
    expect(lastGood).toHaveBeenCalledTimes(2);

    // A new Warsaw day re-draws the seeded values: normalised again from the same copy.
    jest.setSystemTime(new Date('2026-11-24T23:30:00Z'));
    await cache.delete(feedHashKey('pl'));
    await catalogue.offers('pl');
    expect(lastGood).toHaveBeenCalledTimes(3);
  });

  it('answers an empty list for a feed never stored, without reading a copy', async () => {
    const catalogue = new OfferCatalogue(
      strictMock<FeedsRepository>('feeds', { contentHash: jest.fn(() => Promise.resolve(undefined)) }),
      cache,
    );
    await expect(catalogue.offers('vn')).resolves.toEqual([]);
  });
});
