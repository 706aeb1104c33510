import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { type Logger } from '@lib/observability';
import { LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import { FeedIngestionUseCases } from '../application/feed-ingestion.use-cases';
import { type OffersConfig } from '../offers.config';

/**
 * Fetches every feed every OFFERS_FEED_INTERVAL_MS (the first fetch is the start-up one, see the
 * service definition). Each replica fetches on its own: a fetch of an unchanged feed only renews its
 * fetch time, so replicas need no coordination.
 */
@Injectable()
export class FeedIngestionJob implements OnModuleInit, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ingestion: FeedIngestionUseCases,
    @Inject(SERVICE_CONFIG) private readonly config: OffersConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.ingestion.ingest().catch((error: unknown) => this.logger.warn({ err: error }, 'scheduled feed ingestion failed'));
    }, this.config.OFFERS_FEED_INTERVAL_MS);
    // The schedule alone never keeps the process alive.
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.ingestion.settle();
  }
}
