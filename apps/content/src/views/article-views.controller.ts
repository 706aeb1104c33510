import { Controller } from '@nestjs/common';
import { contentV1 } from '@lib/contracts';
import { GrpcService, notFound, parseRequest, unavailable } from '@lib/service-kit';
import { z } from 'zod';
import { ArticlesRepository } from '../persistence/articles.repository';
import { sessionIdField, slugField } from '../requests';
import { ArticleViewsService } from './article-views.service';

const recordArticleViewRequest = z.object({ slug: slugField, sessionId: sessionIdField });

/** Counts article views per visit (the gateway calls it from the browser's beacon, not during SSR). */
@Controller()
@GrpcService(contentV1.CONTENT_SERVICE_NAME)
export class ArticleViewsController implements Pick<contentV1.ContentServiceController, 'recordArticleView'> {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly views: ArticleViewsService,
  ) {}

  async recordArticleView(
    request: contentV1.RecordArticleViewRequest,
  ): Promise<contentV1.RecordArticleViewResponse> {
    const { slug, sessionId } = parseRequest(recordArticleViewRequest, request);
    const stored = await this.articles.storedViews(slug);
    if (stored === undefined) throw notFound('article', slug);
    let recorded;
    try {
      recorded = await this.views.record(slug, sessionId);
    } catch (error) {
      throw unavailable(`view counter unavailable: ${(error as Error).message}`);
    }
    return { views: stored + recorded.pending, counted: recorded.counted };
  }
}
