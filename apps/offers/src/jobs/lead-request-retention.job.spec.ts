import { silentLogger, strictMock } from '@lib/testing';
import { type MatchingUseCases } from '../application/matching.use-cases';
import { type OffersConfig } from '../offers.config';
import { LEAD_REQUEST_RETENTION_INTERVAL_MS, LeadRequestRetentionJob } from './lead-request-retention.job';

const config = { OFFERS_LEAD_REQUEST_RETENTION_DAYS: 30 } as OffersConfig;

function jobWith(forget: jest.Mock) {
  const logger = silentLogger();
  const info = jest.spyOn(logger, 'info');
  const warn = jest.spyOn(logger, 'warn');
  const job = new LeadRequestRetentionJob(
    strictMock<MatchingUseCases>('matching', { forgetLeadRequestsStoredBefore: forget }),
    config,
    logger,
  );
  return { job, info, warn };
}

describe('LeadRequestRetentionJob', () => {
  afterEach(() => jest.useRealTimers());

  it('deletes the requests stored more than OFFERS_LEAD_REQUEST_RETENTION_DAYS before now, and says how many', async () => {
    const forget = jest.fn().mockResolvedValue(4);
    const { job, info } = jobWith(forget);
    expect(await job.runOnce(new Date('2026-11-29T10:00:00Z'))).toBe(4);
    expect(forget).toHaveBeenCalledWith(new Date('2026-10-30T10:00:00Z'));
    expect(info).toHaveBeenCalledWith(
      { leadRequestsDeleted: 4, storedBefore: '2026-10-30T10:00:00.000Z' },
      'lead request retention',
    );
  });

  it('logs nothing when nothing was old enough, and a failure as a warning for the next run', async () => {
    const forget = jest.fn().mockResolvedValueOnce(0).mockRejectedValueOnce(new Error('database away'));
    const { job, info, warn } = jobWith(forget);
    expect(await job.runOnce()).toBe(0);
    expect(info).not.toHaveBeenCalled();
    expect(await job.runOnce()).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      { err: expect.any(Error) },
      'lead request retention failed; the next run tries again',
    );
  });

  it('joins a run already going instead of starting a second', async () => {
    let finish: (count: number) => void = () => undefined;
    const forget = jest.fn().mockReturnValue(new Promise<number>((resolve) => (finish = resolve)));
    const { job } = jobWith(forget);
    const first = job.runOnce();
    const second = job.runOnce();
    finish(2);
    expect(await first).toBe(2);
    expect(await second).toBe(2);
    expect(forget).toHaveBeenCalledTimes(1);
  });

  it('runs every hour once started, and not after shutdown', async () => {
    jest.useFakeTimers();
    const forget = jest.fn().mockResolvedValue(0);
    const { job } = jobWith(forget);
    job.onModuleInit();
    jest.advanceTimersByTime(LEAD_REQUEST_RETENTION_INTERVAL_MS - 1);
    expect(forget).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(forget).toHaveBeenCalledTimes(1);
    await job.onApplicationShutdown();
    jest.advanceTimersByTime(3 * LEAD_REQUEST_RETENTION_INTERVAL_MS);
    expect(forget).toHaveBeenCalledTimes(1);
  });
});
