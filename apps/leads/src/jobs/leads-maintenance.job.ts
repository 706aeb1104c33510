import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit, Optional } from '@nestjs/common';
import { ScheduledWork } from '@lib/database';
import { type Logger } from '@lib/observability';
import { LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import { DataSource } from 'typeorm';
import { ApplicationsUseCases } from '../application/applications.use-cases';
import { PrivacyUseCases } from '../application/privacy.use-cases';
import { SelfServiceUseCases } from '../application/self-service.use-cases';
import { type LeadsConfig } from '../leads.config';

/**
 * Every LEADS_JOB_INTERVAL_MS: finishes pending erasures (the content service was away, or the
 * process stopped mid-way), completes submits left unmatched, deletes expired self-service links,
 * and applies retention (drafts after 30 days, leads and messages after
 * LEADS_RETENTION_DAYS). Runs never overlap, in this process nor across replicas (the PostgreSQL
 * advisory lock LEADS_MAINTENANCE_LOCK; a replica that does not get it skips the run); a failed run
 * is logged and the next one tries again.
 */
export const LEADS_MAINTENANCE_LOCK = 'leads:maintenance';

const RECEIVED_GRACE_MS = 30_000;

@Injectable()
export class LeadsMaintenanceJob implements OnModuleInit, OnApplicationShutdown {
  private readonly schedule: ScheduledWork<void>;

  constructor(
    private readonly privacy: PrivacyUseCases,
    private readonly applications: ApplicationsUseCases,
    private readonly selfService: SelfServiceUseCases,
    @Inject(SERVICE_CONFIG) config: LeadsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    // The service's DataSource (one runner across replicas); without it every run goes ahead.
    @Optional() @Inject(DataSource) dataSource?: DataSource,
  ) {
    this.schedule = new ScheduledWork({
      name: 'leads maintenance',
      lockName: LEADS_MAINTENANCE_LOCK,
      dataSource,
      everyMs: config.LEADS_JOB_INTERVAL_MS,
      logger,
      work: () => this.maintain(),
    });
  }

  onModuleInit(): void {
    this.schedule.start();
  }

  /** One run (also what tests call); a run already going is joined, not doubled. */
  runOnce(): Promise<void> {
    return this.schedule.runOnce();
  }

  private async maintain(): Promise<void> {
    const finished = await this.privacy.finishPendingErasures();
    const removed = await this.privacy.applyRetention();
    const tokens = await this.selfService.deleteExpiredTokens();
    // A submit the offers service could not match is matched and delivered now (a grace period
    // keeps this away from submits still in their own transaction).
    const completed = await this.applications.completeReceived(new Date(Date.now() - RECEIVED_GRACE_MS));
    if (finished + tokens + completed > 0 || removed.drafts + removed.leads + removed.messages > 0)
      this.logger.info(
        { erasuresFinished: finished, ...removed, expiredTokens: tokens, receivedCompleted: completed },
        'leads maintenance',
      );
  }

  onApplicationShutdown(): Promise<void> {
    return this.schedule.stop();
  }
}
