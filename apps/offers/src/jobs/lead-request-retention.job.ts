import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit, Optional } from '@nestjs/common';
import { ScheduledWork } from '@lib/database';
import { type Logger } from '@lib/observability';
import { LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import { DataSource } from 'typeorm';
import { MatchingUseCases } from '../application/matching.use-cases';
import { type OffersConfig } from '../offers.config';

/**
 * Every hour: deletes the loan applications' stored requests older than
 * OFFERS_LEAD_REQUEST_RETENTION_DAYS (the leads service deletes the applications after its own
 * LEADS_RETENTION_DAYS; an erasure deletes both at once through ForgetLeadRequests). Retention is
 * counted in days, so an hourly run deletes a request at most an hour late. One replica at a time
 * (the PostgreSQL advisory lock LEAD_REQUEST_RETENTION_LOCK; a replica that does not get it skips
 * the run); a failed run is logged and the next one tries again.
 */
export const LEAD_REQUEST_RETENTION_LOCK = 'offers:lead-request-retention';
export const LEAD_REQUEST_RETENTION_INTERVAL_MS = 3_600_000;

const DAY_MS = 86_400_000;

@Injectable()
export class LeadRequestRetentionJob implements OnModuleInit, OnApplicationShutdown {
  private readonly schedule: ScheduledWork<number>;

  constructor(
    private readonly matching: MatchingUseCases,
    @Inject(SERVICE_CONFIG) private readonly config: OffersConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    // The service's DataSource (one runner across replicas); absent in unit tests, which run every time.
    @Optional() @Inject(DataSource) dataSource?: DataSource,
  ) {
    this.schedule = new ScheduledWork({
      name: 'lead request retention',
      lockName: LEAD_REQUEST_RETENTION_LOCK,
      dataSource,
      everyMs: LEAD_REQUEST_RETENTION_INTERVAL_MS,
      logger,
      work: () => this.forgetStoredBefore(new Date()),
    });
  }

  onModuleInit(): void {
    this.schedule.start();
  }

  /**
   * One run (also what tests call): how many requests it deleted, or undefined when it did not
   * run here (another replica holds the lock, or the run failed). A run already going is joined.
   */
  runOnce(now: Date = new Date()): Promise<number | undefined> {
    return this.schedule.runOnce(() => this.forgetStoredBefore(now));
  }

  private async forgetStoredBefore(now: Date): Promise<number> {
    const before = new Date(now.getTime() - this.config.OFFERS_LEAD_REQUEST_RETENTION_DAYS * DAY_MS);
    const deleted = await this.matching.forgetLeadRequestsStoredBefore(before);
    if (deleted > 0)
      this.logger.info(
        { leadRequestsDeleted: deleted, storedBefore: before.toISOString() },
        'lead request retention',
      );
    return deleted;
  }

  onApplicationShutdown(): Promise<void> {
    return this.schedule.stop();
  }
}
