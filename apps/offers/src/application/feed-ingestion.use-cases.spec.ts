import { type Cache, MemoryCache } from '@lib/cache';
import { offersV1 } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { silentLogger, strictMock } from '@lib/testing';
import { type FeedSource } from '../persistence/feed-source';
import { type FeedsRepository } from '../persistence/feeds.repository';
import { FEED_ERROR_MESSAGE, FeedIngestionUseCases } from './feed-ingestion.use-cases';
import { type OfferCatalogue } from './offer-catalogue';
import { feedHashKey } from './offers-cache';

const feed = (value: unknown) => {
  const body = Buffer.from(JSON.stringify(value));
  return { body, byteLength: body.length };
};

describe('FeedIngestionUseCases', () => {
  let cache: Cache;
  let logger: Logger;
  beforeEach(() => {
    cache = new MemoryCache({ logger: silentLogger() });
    logger = silentLogger();
  });

  const build = (fetch: FeedSource['fetch'], store: Partial<FeedsRepository> = {}, sample = false) => {
    const markRunning = jest.fn().mockResolvedValue(undefined);
    const forget = jest.fn();
    const useCases = new FeedIngestionUseCases(
      strictMock<FeedsRepository>('feeds', { markRunning, ...store }),
      strictMock<FeedSource>('source', {
        fetch,
        location: 'file:///feeds/',
        isSample: jest.fn().mockResolvedValue(sample),
        urlOf: (fileName: string) => `file:///feeds/${fileName}`,
      }),
      strictMock<OfferCatalogue>('catalogue', { forget }),
      cache,
      logger,
    );
    return { useCases, markRunning, forget };
  };

  it('stores a valid feed with its hash and counts, and clears the feed’s cached hash', async () => {
    const storeSuccess = jest.fn().mockResolvedValue(undefined);
    await cache.set(feedHashKey('pl'), { value: { hash: 'old' }, freshUntil: Infinity }, 60_000);
    const fetch = jest
      .fn()
      .mockResolvedValue(
        feed([{ offer_id: 1, header: 'Vivus', lender_link: 'https://x.pl/' }, { header: 'bez id' }]),
      );
    const { useCases, forget } = build(fetch, { storeSuccess });

    await useCases.ingest(['pl']);

    expect(fetch).toHaveBeenCalledWith('pl_feed.json');
    expect(storeSuccess).toHaveBeenCalledWith(
      'pl',
      expect.objectContaining({
        received: 2,
        rejected: 1,
        leftOut: [{ index: 1, offerId: 0, reason: 'offer_id: is required' }],
        stored: 1,
        dropped: 0,
        contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        sourceUrl: 'file:///feeds/pl_feed.json',
        sample: false,
      }),
      expect.any(Date),
    );
    expect(forget).toHaveBeenCalledWith('pl');
    expect(await cache.get(feedHashKey('pl'))).toBeUndefined();
  });

  it('stores the rest of a feed with an invalid offer, says at warn how many were left out, and records the source as sample', async () => {
    const storeSuccess = jest.fn().mockResolvedValue(undefined);
    const warn = jest.spyOn(logger, 'warn');
    const fetch = jest.fn().mockResolvedValue(
      feed([
        { offer_id: 1, header: 'Vivus', lender_link: 'https://x.pl/' },
        { offer_id: 2, header: 'Zły', lender_link: 'https://y.pl/', amount_max: 'dużo' },
        { offer_id: 3, header: 'Bez linku', lender_link: '' },
      ]),
    );
    const { useCases } = build(fetch, { storeSuccess }, true);

    await useCases.ingest(['pl']);

    expect(storeSuccess).toHaveBeenCalledWith(
      'pl',
      expect.objectContaining({
        offers: [
          { offer_id: 1, header: 'Vivus', lender_link: 'https://x.pl/' },
          { offer_id: 3, header: 'Bez linku' },
        ],
        received: 3,
        rejected: 1,
        leftOut: [{ index: 1, offerId: 2, reason: expect.stringMatching(/^amount_max: /) }],
        // Listed: Vivus; the offer without a link is inactive and so not listed (dropped).
        stored: 1,
        dropped: 1,
        sample: true,
      }),
      expect.any(Date),
    );
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ feedKey: 'pl', leftOut: 1 }),
      '1 of the 3 offers of the pl feed left out as invalid; the rest stored',
    );
  });

  it.each([
    ['not JSON', { body: Buffer.from('<html>'), byteLength: 6 }, /not JSON/],
    ['too large', { body: Buffer.alloc(0), byteLength: 6 * 1024 * 1024 }, /more than the 5242880/],
    [
      'without one valid offer',
      feed([{ offer_id: 'x', header: 'A' }]),
      /none of the 1 offers is valid.*offer 0, offer_id/,
    ],
  ])(
    'logs ERROR WHILE LOADING OFFERS with the cause and keeps the last good copy for a feed %s',
    async (_, fetched, cause) => {
      const storeFailure = jest.fn().mockResolvedValue(undefined);
      const error = jest.spyOn(logger, 'error');
      const { useCases } = build(jest.fn().mockResolvedValue(fetched), { storeFailure });

      await useCases.ingest(['es']);

      // No storeSuccess stub: the strict mock fails the test if the copy were replaced.
      expect(storeFailure).toHaveBeenCalledWith('es', expect.stringMatching(cause), expect.any(Date));
      expect(error).toHaveBeenCalledWith(
        expect.objectContaining({ feedKey: 'es', cause: expect.stringMatching(cause) }),
        FEED_ERROR_MESSAGE,
      );
    },
  );

  it('logs an unreachable feed the same way', async () => {
    const storeFailure = jest.fn().mockResolvedValue(undefined);
    const error = jest.spyOn(logger, 'error');
    const { useCases } = build(jest.fn().mockRejectedValue(new Error('fetch of x answered HTTP 502')), {
      storeFailure,
    });

    await useCases.ingest(['mx']);

    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ cause: 'fetch of x answered HTTP 502' }),
      FEED_ERROR_MESSAGE,
    );
    expect(storeFailure).toHaveBeenCalledTimes(1);
  });

  it('answers a trigger at once with the statuses, and joins a fetch already running instead of starting another', async () => {
    let release!: (value: unknown) => void;
    const fetch = jest.fn().mockReturnValue(new Promise((resolve) => (release = resolve)));
    const states = jest.fn().mockResolvedValue([
      {
        feedKey: 'pl',
        state: 'running',
        startedAt: new Date('2026-11-24T10:00:00Z'),
        finishedAt: null,
        offersReceived: 0,
        offersStored: 0,
        offersDropped: 0,
        errorMessage: null,
        lastSuccessAt: null,
      },
    ]);
    const storeSuccess = jest.fn().mockResolvedValue(undefined);
    const { useCases, markRunning } = build(fetch, { states, storeSuccess });

    const first = await useCases.trigger(['pl', 'es'].slice(0, 1) as ['pl']);
    await useCases.trigger(['pl']);

    expect(first).toEqual([
      expect.objectContaining({
        feedKey: 'pl',
        country: 'PL',
        state: offersV1.FeedIngestionState.RUNNING,
        startedAt: '2026-11-24T10:00:00.000Z',
        finishedAt: '',
      }),
    ]);
    expect(markRunning).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    release(feed([]));
    await useCases.settle();
    expect(storeSuccess).toHaveBeenCalledTimes(1);
  });

  it('reports a feed never fetched as IDLE', async () => {
    const { useCases } = build(jest.fn(), { states: jest.fn().mockResolvedValue([]) });
    await expect(useCases.status(['kz_ru'])).resolves.toEqual([
      expect.objectContaining({
        feedKey: 'kz_ru',
        country: 'KZ',
        state: offersV1.FeedIngestionState.IDLE,
        lastSuccessAt: '',
      }),
    ]);
  });
});

describe('FeedIngestionUseCases when the database fails mid-run', () => {
  it('records the failure instead of staying RUNNING', async () => {
    const storeFailure = jest.fn().mockResolvedValue(undefined);
    const body = Buffer.from('[]');
    const useCases = new FeedIngestionUseCases(
      strictMock<FeedsRepository>('feeds', {
        markRunning: jest.fn().mockResolvedValue(undefined),
        storeSuccess: jest.fn().mockRejectedValue(new Error('connection terminated')),
        storeFailure,
      }),
      strictMock<FeedSource>('source', {
        fetch: jest.fn().mockResolvedValue({ body, byteLength: 2 }),
        location: 'file:///feeds/',
        isSample: jest.fn().mockResolvedValue(false),
        urlOf: (fileName: string) => `file:///feeds/${fileName}`,
      }),
      strictMock<OfferCatalogue>('catalogue'),
      new MemoryCache({ logger: silentLogger() }),
      silentLogger(),
    );
    await useCases.ingest(['za']);
    expect(storeFailure).toHaveBeenCalledWith(
      'za',
      'the feed could not be stored: connection terminated',
      expect.any(Date),
    );
  });
});
