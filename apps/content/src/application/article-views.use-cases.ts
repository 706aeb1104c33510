import { Inject, Injectable } from '@nestjs/common';
import { type contentV1 } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { LOGGER, notFound, unavailable } from '@lib/service-kit';
import { ArticlesRepository } from '../persistence/articles.repository';
import { VIEW_COUNTER, type ViewCounter } from '../persistence/view-counter';

/**
 * Article views: counted per visit in Redis (or memory), moved to PostgreSQL by the flush job every
 * CONTENT_VIEWS_FLUSH_MS and once more when the service shuts down.
 */
@Injectable()
export class ArticleViewsUseCases {
  private flushing: Promise<number> | undefined;

  constructor(
    private readonly articles: ArticlesRepository,
    @Inject(VIEW_COUNTER) private readonly counter: ViewCounter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Counts a visit; the total is what PostgreSQL holds plus what is counted and not yet flushed. The
   * two are read one after the other, so an answer given while a flush moves counts across may be a
   * few views short (never over); the next answer is whole again. It is a displayed counter, not a
   * ledger: the counts themselves are never lost or doubled (see RedisViewCounter.flush).
   */
  async recordArticleView(
    slug: string,
    sessionId: string | undefined,
  ): Promise<contentV1.RecordArticleViewResponse> {
    const stored = await this.articles.storedViews(slug);
    if (stored === undefined) throw notFound('article', slug);
    let recorded;
    try {
      recorded = await this.counter.record(slug, sessionId);
    } catch (error) {
      throw unavailable(`view counter unavailable: ${(error as Error).message}`);
    }
    return { views: stored + recorded.pending, counted: recorded.counted };
  }

  /** Moves pending counts to PostgreSQL; one flush at a time, a second caller waits for the running one. */
  flush(): Promise<number> {
    if (!this.articles.isConnected()) return Promise.resolve(0);
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

  /** The last flush, then the counter lets go of Redis; a failed flush is logged, never thrown. */
  async shutdown(): Promise<void> {
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
}
