import { type Cache, MemoryCache } from '@lib/cache';
import { silentLogger, strictMock } from '@lib/testing';
import { type FeedCopy, type FeedsRepository } from '../persistence/feeds.repository';
import { OfferCatalogue } from './offer-catalogue';
import { feedHashKey } from './offers-cache';

const FETCHED = new Date('2026-11-24T09:00:00Z');
const copy = (version: string, headers: string[], extra: Partial<FeedCopy> = {}): FeedCopy => ({
  feedKey: 'pl',
  contentHash: version,
  version,
  fetchedAt: FETCHED,
  sample: false,
  offers: headers.map((header, i) => ({ offer_id: i + 1, header, lender_link: `https://x${i}.pl/` })),
  ...extra,
});
const DEVELOPMENT = { NODE_ENV: 'development', OFFERS_ALLOW_SAMPLE_FEEDS: false } as const;

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

  it('normalises a feed once per copy version and day, sharing one load between concurrent callers', async () => {
    let version = 'v1';
    const copyVersion = jest.fn(() => Promise.resolve(version));
    const lastGood = jest.fn(() =>
      Promise.resolve(version === 'v1' ? copy('v1', ['B', 'A']) : copy('v2', ['C'])),
    );
    const catalogue = new OfferCatalogue(
      strictMock<FeedsRepository>('feeds', { copyVersion, lastGood }),
      cache,
      DEVELOPMENT,
    );

    const [first, second] = await Promise.all([catalogue.offers('pl'), catalogue.offers('pl')]);
    expect(first.map((o) => o.header)).toEqual(['A', 'B']);
    expect(second).toBe(first);
    await expect(catalogue.offers('pl')).resolves.toBe(first);
    expect(lastGood).toHaveBeenCalledTimes(1);
    expect(copyVersion).toHaveBeenCalledTimes(1);

    // A new copy: seen once the cached version is cleared (as an ingestion does) and reloaded once.
    version = 'v2';
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

  it('gives every offer its copy’s provenance: sample or not, and the Warsaw day it was fetched', async () => {
    // 23:30 UTC on the 24th is already the 25th in Warsaw (UTC+1 in November).
    const late = new Date('2026-11-24T23:30:00Z');
    const catalogue = new OfferCatalogue(
      strictMock<FeedsRepository>('feeds', {
        copyVersion: jest.fn(() => Promise.resolve('v1')),
        lastGood: jest.fn(() => Promise.resolve(copy('v1', ['A', 'B'], { sample: true, fetchedAt: late }))),
      }),
      cache,
      DEVELOPMENT,
    );
    expect((await catalogue.offers('pl')).map((o) => [o.header, o.sample, o.asOf])).toEqual([
      ['A', true, '2026-11-25'],
      ['B', true, '2026-11-25'],
    ]);
  });

  it('answers no offers from a sample copy under NODE_ENV=production unless sample feeds are allowed', async () => {
    const feeds = (sample: boolean) =>
      strictMock<FeedsRepository>('feeds', {
        copyVersion: jest.fn(() => Promise.resolve('v1')),
        lastGood: jest.fn(() => Promise.resolve(copy('v1', ['A'], { sample }))),
      });
    const production = { NODE_ENV: 'production', OFFERS_ALLOW_SAMPLE_FEEDS: false } as const;
    await expect(new OfferCatalogue(feeds(true), cache, production).offers('pl')).resolves.toEqual([]);
    await cache.delete(feedHashKey('pl'));
    expect(await new OfferCatalogue(feeds(false), cache, production).offers('pl')).toHaveLength(1);
    await cache.delete(feedHashKey('pl'));
    const allowed = { NODE_ENV: 'production', OFFERS_ALLOW_SAMPLE_FEEDS: true } as const;
    expect(await new OfferCatalogue(feeds(true), cache, allowed).offers('pl')).toHaveLength(1);
    await cache.delete(feedHashKey('pl'));
    expect(await new OfferCatalogue(feeds(true), cache, DEVELOPMENT).offers('pl')).toHaveLength(1);
  });

  it('answers an empty list for a feed never stored, without reading a copy', async () => {
    const catalogue = new OfferCatalogue(
      strictMock<FeedsRepository>('feeds', { copyVersion: jest.fn(() => Promise.resolve(undefined)) }),
      cache,
      DEVELOPMENT,
    );
    await expect(catalogue.offers('vn')).resolves.toEqual([]);
  });
});
