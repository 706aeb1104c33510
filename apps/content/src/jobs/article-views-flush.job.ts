import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { type Logger } from '@lib/observability';
import { LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import { ArticleViewsUseCases } from '../application/article-views.use-cases';
import { type ContentConfig } from '../content.config';

/** Moves counted article views to PostgreSQL every CONTENT_VIEWS_FLUSH_MS, and once more at shutdown. */
@Injectable()
export class ArticleViewsFlushJob implements OnModuleInit, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly views: ArticleViewsUseCases,
    @Inject(SERVICE_CONFIG) private readonly config: ContentConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.views
        .flush()
        .catch((error: unknown) =>
          this.logger.warn({ err: error }, 'article views flush failed; counts kept for the next one'),
        );
    }, this.config.CONTENT_VIEWS_FLUSH_MS);
    // The schedule alone never keeps the process alive.
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.views.shutdown();
  }
}
