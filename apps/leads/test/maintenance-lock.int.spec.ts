import { startTestService, type TestService } from '@lib/testing';
import { PrivacyUseCases } from '../src/application/privacy.use-cases';
import { LEADS_MAINTENANCE_LOCK, LeadsMaintenanceJob } from '../src/jobs/leads-maintenance.job';
import { leadsService } from '../src/leads.service-definition';

/*
 * Several leads pods share one database: erasures and retention run on one replica at a time. While
 * another session holds the maintenance lock, this replica's run does nothing; then it runs.
 */
describe('leads: maintenance, one replica at a time', () => {
  let t: TestService<'leads'>;
  beforeAll(async () => {
    t = await startTestService(leadsService);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('skips the run while another replica holds the lock and runs once it is free', async () => {
    const privacy = t.service.app.get(PrivacyUseCases);
    const retention = jest.spyOn(privacy, 'applyRetention');
    const job = t.service.app.get(LeadsMaintenanceJob);
    const other = t.service.dataSource.createQueryRunner();
    await other.connect();
    try {
      await other.query(`SELECT pg_advisory_lock(hashtext('scheduled-work'), hashtext($1))`, [
        LEADS_MAINTENANCE_LOCK,
      ]);
      await job.runOnce();
      expect(retention).not.toHaveBeenCalled();
      await other.query(`SELECT pg_advisory_unlock(hashtext('scheduled-work'), hashtext($1))`, [
        LEADS_MAINTENANCE_LOCK,
      ]);
      await job.runOnce();
      expect(retention).toHaveBeenCalledTimes(1);
    } finally {
      await other.release();
      retention.mockRestore();
    }
  });
});
