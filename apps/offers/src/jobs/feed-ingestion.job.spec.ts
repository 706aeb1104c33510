import { silentLogger, strictMock } from '@lib/testing';
import { type FeedIngestionUseCases } from '../application/feed-ingestion.use-cases';
import { type OffersConfig } from '../offers.config';
import { FeedIngestionJob } from './feed-ingestion.job';

const config = { OFFERS_FEED_INTERVAL_MS: 3_600_000 } as OffersConfig;

describe('FeedIngestionJob', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('fetches every feed every OFFERS_FEED_INTERVAL_MS, keeps going after a failure, and stops at shutdown', async () => {
    const ingest = jest.fn().mockRejectedValueOnce(new Error('database away')).mockResolvedValue(undefined);
    const settle = jest.fn().mockResolvedValue(undefined);
    const logger = silentLogger();
    const warn = jest.spyOn(logger, 'warn');
    const job = new FeedIngestionJob(
      strictMock<FeedIngestionUseCases>('ingestion', { ingest, settle }),
      config,
      logger,
    );

    job.onModuleInit();
    await jest.advanceTimersByTimeAsync(3_599_999);
    expect(ingest).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(ingest).toHaveBeenCalledWith();
    expect(warn).toHaveBeenCalledWith({ err: expect.any(Error) }, 'scheduled feed ingestion failed');
    await jest.advanceTimersByTimeAsync(7_200_000);
    expect(ingest).toHaveBeenCalledTimes(3);

    await job.onApplicationShutdown();
    expect(settle).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(7_200_000);
    expect(ingest).toHaveBeenCalledTimes(3);
  });
});
