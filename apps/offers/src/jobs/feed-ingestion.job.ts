import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit, Optional } from '@nestjs/common';
import { runExclusive } from '@lib/database';
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
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ingestion: FeedIngestionUseCases,
    @Inject(SERVICE_CONFIG) private readonly config: OffersConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    // The service's DataSource; absent in unit tests, which then run every tick.
    @Optional() @Inject(DataSource) private readonly dataSource?: DataSource,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.scheduledRun().catch((error: unknown) =>
        this.logger.warn({ err: error }, 'scheduled feed ingestion failed'),
      );
    }, this.config.OFFERS_FEED_INTERVAL_MS);
    // The schedule alone never keeps the process alive.
    this.timer.unref();
  }

  private scheduledRun(): Promise<unknown> {
    const dataSource = this.dataSource;
    if (!dataSource) return this.ingestion.ingest();
    return runExclusive(dataSource, FEED_INGESTION_LOCK, () => this.ingestion.ingest()).then((run) => {
      if (!run.ran) this.logger.debug('scheduled feed ingestion runs on another replica; skipped here');
    });
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.ingestion.settle();
  }
}
