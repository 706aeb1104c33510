import { startTestService, type TestService, until } from '@lib/testing';
import { FeedIngestionUseCases } from '../src/application/feed-ingestion.use-cases';
import { FEED_INGESTION_LOCK } from '../src/jobs/feed-ingestion.job';
import { offersService } from '../src/offers.service-definition';

/*
 * The scheduled feed fetch runs on one replica at a time (several offers pods share one database):
 * while another process holds the feed-ingestion advisory lock, this replica's ticks skip the fetch;
 * once the lock is free, the next tick fetches. Real service, real PostgreSQL, real DI wiring.
 */
describe('offers: scheduled feed ingestion, one replica at a time', () => {
  let t: TestService<'offers'>;
  beforeAll(async () => {
    t = await startTestService(offersService, { env: { OFFERS_FEED_INTERVAL_MS: '100' } });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('skips its ticks while another replica holds the lock, and fetches again once it is released', async () => {
    const ingest = jest.spyOn(t.service.app.get(FeedIngestionUseCases), 'ingest');
    // "Another replica": a separate session of the same database holding the job's lock.
    const other = t.service.dataSource.createQueryRunner();
    await other.connect();
    try {
      await other.query(`SELECT pg_advisory_lock(hashtext('scheduled-work'), hashtext($1))`, [
        FEED_INGESTION_LOCK,
      ]);
      // A tick in flight when the lock was taken may still finish; count from a quiet moment on.
      await new Promise((resolve) => setTimeout(resolve, 300));
      ingest.mockClear();
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(ingest).not.toHaveBeenCalled();
      await other.query(`SELECT pg_advisory_unlock(hashtext('scheduled-work'), hashtext($1))`, [
        FEED_INGESTION_LOCK,
      ]);
      await until(() => ingest.mock.calls.length > 0);
    } finally {
      await other.release();
      ingest.mockRestore();
    }
  });
});
