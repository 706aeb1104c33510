import { Inject, Injectable } from '@nestjs/common';
import { type Cache, readThrough } from '@lib/cache';
import { type contentV1 } from '@lib/contracts';
import { CACHE, notFound } from '@lib/service-kit';
import { byPolishName } from '../domain/polish-order';
import { LendersRepository } from '../persistence/lenders.repository';
import { CONTENT_CACHE_POLICY, cacheKey } from './content-cache';
import { toLenderReview, toLenderSummary } from './lender-answers';

/** Lender review pages: the /opinie-o-pozyczkach/ listing and one page per lender. */
@Injectable()
export class LenderReviewsUseCases {
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

  async getLenderReview(slug: string): Promise<contentV1.LenderReview> {
    const review = await readThrough(this.cache, cacheKey('lender', slug), CONTENT_CACHE_POLICY, async () => {
      const row = await this.lenders.find(slug);
      return row ? toLenderReview(row) : null;
    });
    if (!review) throw notFound('lender', slug);
    return review;
  }
}
