import { startTestService, type TestService } from '@lib/testing';
import { NbpImportUseCases } from '../src/application/nbp-import.use-cases';
import { IngestionScheduler } from '../src/jobs/ingestion.scheduler';
import { ratesService } from '../src/rates.service-definition';

/*
 * Several rates pods share one database: each scheduled fetch runs on one replica at a time. While
 * another session holds the lock of table A, this replica's run of A skips the fetch (B still runs);
 * once the lock is free, A is fetched. Real service and DI wiring; the NBP call itself is stubbed.
 */
describe('rates: scheduled fetches, one replica at a time', () => {
  let t: TestService<'rates'>;
  beforeAll(async () => {
    t = await startTestService(ratesService);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('skips a kind another replica is fetching and fetches it once the lock is free', async () => {
    const ingest = jest.spyOn(t.service.app.get(NbpImportUseCases), 'ingest').mockResolvedValue(0);
    const scheduler = t.service.app.get(IngestionScheduler);
    const other = t.service.dataSource.createQueryRunner();
    await other.connect();
    try {
      await other.query(`SELECT pg_advisory_lock(hashtext('scheduled-work'), hashtext('rates:ingestion:A'))`);
      await scheduler.run('A');
      await scheduler.run('B');
      expect(ingest.mock.calls.map(([kind]) => kind)).toEqual(['B']);
      await other.query(
        `SELECT pg_advisory_unlock(hashtext('scheduled-work'), hashtext('rates:ingestion:A'))`,
      );
      await scheduler.run('A');
      expect(ingest.mock.calls.map(([kind]) => kind)).toEqual(['B', 'A']);
    } finally {
      await other.release();
      ingest.mockRestore();
    }
  });
});
