import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ScheduledWork } from '@lib/database';
import { type Logger } from '@lib/observability';
import { LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import { ArticleViewsUseCases } from '../application/article-views.use-cases';
import { type ContentConfig } from '../content.config';

/**
 * Moves counted article views to PostgreSQL every CONTENT_VIEWS_FLUSH_MS, and once more at shutdown.
 * No lock: replicas may flush at the same time, each flush taking a batch of counts of its own (the
 * counter hands each count to one flush only).
 */
@Injectable()
export class ArticleViewsFlushJob implements OnModuleInit, OnApplicationShutdown {
  private readonly schedule: ScheduledWork<number>;

  constructor(
    private readonly views: ArticleViewsUseCases,
    @Inject(SERVICE_CONFIG) config: ContentConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.schedule = new ScheduledWork({
      name: 'article views flush',
      failedMessage: 'article views flush failed; counts kept for the next one',
      everyMs: config.CONTENT_VIEWS_FLUSH_MS,
      logger,
      work: () => this.views.flush(),
    });
  }

  onModuleInit(): void {
    this.schedule.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.schedule.stop();
    await this.views.shutdown();
  }
}
