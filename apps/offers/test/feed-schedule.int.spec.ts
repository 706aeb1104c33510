import { type Logger } from '@lib/observability';
import { LOGGER } from '@lib/service-kit';
import { startTestService, type TestService, until } from '@lib/testing';
import { FeedIngestionUseCases } from '../src/application/feed-ingestion.use-cases';
import { FEED_INGESTION_LOCK } from '../src/jobs/feed-ingestion.job';
import { offersService } from '../src/offers.service-definition';

/*
 * The scheduled feed fetch runs on one replica at a time (several offers pods share one database):
 * while another process holds the feed-ingestion advisory lock, this replica's ticks skip the fetch;
 * once the lock is free, the next tick fetches. Real service, real PostgreSQL, real DI wiring.
 */
/** What the job logs (debug) for a tick that found the lock taken, after that tick's attempt. */
const SKIPPED = 'scheduled feed ingestion runs on another replica; skipped here';

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
    const skipped = jest.spyOn(t.service.app.get<Logger>(LOGGER), 'debug');
    const skips = () => skipped.mock.calls.filter(([message]) => message === SKIPPED).length;
    // "Another replica": a separate session of the same database holding the job's lock.
    const other = t.service.dataSource.createQueryRunner();
    await other.connect();
    try {
      await other.query(`SELECT pg_advisory_lock(hashtext('scheduled-work'), hashtext($1))`, [
        FEED_INGESTION_LOCK,
      ]);
      // pg_advisory_lock returned, so a tick that held the lock has finished its fetch by now: every
      // fetch counted from here on ran while the other replica held the lock.
      ingest.mockClear();
      skipped.mockClear();
      // Each skipped tick says so once its attempt is over; two of them is two whole ticks without a fetch.
      await until(() => skips() >= 2);
      expect(ingest).not.toHaveBeenCalled();
      await other.query(`SELECT pg_advisory_unlock(hashtext('scheduled-work'), hashtext($1))`, [
        FEED_INGESTION_LOCK,
      ]);
      await until(() => ingest.mock.calls.length > 0);
    } finally {
      await other.release();
      ingest.mockRestore();
      skipped.mockRestore();
    }
  });
});
