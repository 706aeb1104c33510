import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { type Logger } from '@lib/observability';
import { LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import { DataSource } from 'typeorm';
import { type ContentConfig } from '../content.config';
import { ArticlesRepository } from '../persistence/articles.repository';
import { MemoryViewCounter } from './memory-view-counter';
import { RedisViewCounter } from './redis-view-counter';
import { type RecordedView, type ViewCounter } from './view-counter';

/**
 * Article views: counted per visit in Redis (or memory), moved to PostgreSQL every
 * CONTENT_VIEWS_FLUSH_MS and once more when the service shuts down.
 */
@Injectable()
export class ArticleViewsService implements OnModuleInit, OnApplicationShutdown {
  readonly counter: ViewCounter;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<number> | undefined;

  constructor(
    private readonly articles: ArticlesRepository,
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: ContentConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.counter = config.REDIS_URL
      ? new RedisViewCounter(config.REDIS_URL, config.CONTENT_VIEWS_KEY_PREFIX)
      : new MemoryViewCounter();
  }

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.flush().catch((error: unknown) =>
        this.logger.warn({ err: error }, 'article views flush failed; counts kept for the next one'),
      );
    }, this.config.CONTENT_VIEWS_FLUSH_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    try {
      await this.flush();
    } catch (error) {
      this.logger.error(
        { err: error, counter: this.counter.kind },
        'article views could not be flushed at shutdown',
      );
    }
    await this.counter.close();
  }

  record(slug: string, sessionId: string | undefined): Promise<RecordedView> {
    return this.counter.record(slug, sessionId);
  }

  /** Moves pending counts to PostgreSQL; one flush at a time, a second caller waits for the running one. */
  flush(): Promise<number> {
    if (!this.dataSource.isInitialized) return Promise.resolve(0);
    this.flushing ??= this.counter
      .flush((counts) => this.articles.addViews(counts))
      .then((flushed) => {
        if (flushed > 0) this.logger.debug({ flushed }, 'article views flushed');
        return flushed;
      })
      .finally(() => {
        this.flushing = undefined;
      });
    return this.flushing;
  }
}
