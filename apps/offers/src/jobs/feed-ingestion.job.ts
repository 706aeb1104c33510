import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit, Optional } from '@nestjs/common';
import { ScheduledWork } from '@lib/database';
import { type Logger } from '@lib/observability';
import { LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import { DataSource } from 'typeorm';
import { FeedIngestionUseCases } from '../application/feed-ingestion.use-cases';
import { type OffersConfig } from '../offers.config';

/**
 * Fetches every feed every OFFERS_FEED_INTERVAL_MS (the first fetch is the start-up one, see the
 * service definition). One replica at a time: the run takes the PostgreSQL advisory lock
 * FEED_INGESTION_LOCK and a replica that does not get it skips the run; every replica serves the
 * stored feeds (the catalogue follows their content hash), so no replica needs its own fetch.
 */
export const FEED_INGESTION_LOCK = 'offers:feed-ingestion';

@Injectable()
export class FeedIngestionJob implements OnModuleInit, OnApplicationShutdown {
  private readonly schedule: ScheduledWork<void>;

  constructor(
    private readonly ingestion: FeedIngestionUseCases,
    @Inject(SERVICE_CONFIG) config: OffersConfig,
    @Inject(LOGGER) logger: Logger,
    // The service's DataSource; absent in unit tests, which then run every tick.
    @Optional() @Inject(DataSource) dataSource?: DataSource,
  ) {
    this.schedule = new ScheduledWork({
      name: 'scheduled feed ingestion',
      failedMessage: 'scheduled feed ingestion failed',
      lockName: FEED_INGESTION_LOCK,
      dataSource,
      everyMs: config.OFFERS_FEED_INTERVAL_MS,
      logger,
      work: () => this.ingestion.ingest(),
    });
  }

  onModuleInit(): void {
    this.schedule.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.schedule.stop();
    // Fetches started outside the schedule (at start-up, by an RPC) are waited for too.
    await this.ingestion.settle();
  }
}
