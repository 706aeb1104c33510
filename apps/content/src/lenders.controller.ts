import { Controller, Inject } from '@nestjs/common';
import { type Cache, readThrough } from '@lib/cache';
import { contentV1 } from '@lib/contracts';
import { CACHE, GrpcService, notFound, parseRequest } from '@lib/service-kit';
import { z } from 'zod';
import { CONTENT_CACHE_POLICY, cacheKey } from './cache-keys';
import { byPolishName, lenderInfoItems, toLenderSummary } from './mappers';
import { LendersRepository } from './persistence/lenders.repository';
import { slugField } from './requests';

const getLenderReviewRequest = z.object({ slug: slugField });

/** Lender review pages: the /opinie-o-pozyczkach/ listing and one page per lender. */
@Controller()
@GrpcService(contentV1.CONTENT_SERVICE_NAME)
export class LendersController implements Pick<
  contentV1.ContentServiceController,
  'listLenderReviews' | 'getLenderReview'
> {
  constructor(
    private readonly lenders: LendersRepository,
    @Inject(CACHE) private readonly cache: Cache,
  ) {}

  async listLenderReviews(): Promise<contentV1.ListLenderReviewsResponse> {
    const lenders = await readThrough(this.cache, cacheKey('lenders'), CONTENT_CACHE_POLICY, async () =>
      (await this.lenders.list()).map(toLenderSummary).sort(byPolishName),
    );
    return { lenders };
  }

  async getLenderReview(request: contentV1.GetLenderReviewRequest): Promise<contentV1.LenderReview> {
    const { slug } = parseRequest(getLenderReviewRequest, request);
    const review = await readThrough(this.cache, cacheKey('lender', slug), CONTENT_CACHE_POLICY, async () => {
      const row = await this.lenders.find(slug);
      if (!row) return null;
      return {
        summary: toLenderSummary(row),
        title: row.title,
        subtitle: row.subtitle,
        faq: row.faq.map((item) => ({ question: item.question, answerHtml: item.answerHtml })),
        info: lenderInfoItems(row.info),
        bodyHtml: row.bodyHtml,
        // Offers belong to the offers service; the gateway matches them to lenders itself.
        offerId: 0,
        description: row.description,
        infoCheckedAt: row.info.checked,
      };
    });
    if (!review) throw notFound('lender', slug);
    return review;
  }
}
