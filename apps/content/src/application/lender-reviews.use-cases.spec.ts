import { MemoryCache } from '@lib/cache';
import { notFound } from '@lib/service-kit';
import { silentLogger, strictMock } from '@lib/testing';
import { lenderRow } from '../../test/support/content-rows';
import { sameServiceError } from '../../test/support/service-errors';
import { type LendersRepository } from '../persistence/lenders.repository';
import { LenderReviewsUseCases } from './lender-reviews.use-cases';

describe('LenderReviewsUseCases', () => {
  let cache: MemoryCache;
  beforeEach(() => {
    cache = new MemoryCache({ logger: silentLogger() });
  });

  it('lists lender summaries in Polish alphabetical order, cached', async () => {
    const list = jest
      .fn()
      .mockResolvedValue([
        lenderRow({ slug: 'zefin', name: 'Zefin' }),
        lenderRow({ slug: 'lukas', name: 'Łukas' }),
        lenderRow({ slug: 'kuki', name: 'Kuki' }),
      ]);
    const useCases = new LenderReviewsUseCases(strictMock<LendersRepository>('lenders', { list }), cache);

    const { lenders } = await useCases.listLenderReviews();
    expect(lenders.map((l) => l.name)).toEqual(['Kuki', 'Łukas', 'Zefin']);
    expect(lenders[0]).toEqual({
      slug: 'kuki',
      path: '/opinie-o-pozyczkach/vivus/',
      name: 'Kuki',
      logoUrl: '',
      reviewsCount: 2,
      ratingsSum: 9,
    });
    await useCases.listLenderReviews();
    expect(list).toHaveBeenCalledTimes(1);
    expect(await cache.get('cache:lenders')).toBeDefined();
  });

  it('answers a review with the known facts labelled and the unknown ones left out', async () => {
    const find = jest.fn().mockResolvedValue(lenderRow());
    const useCases = new LenderReviewsUseCases(strictMock<LendersRepository>('lenders', { find }), cache);

    await expect(useCases.getLenderReview('vivus')).resolves.toEqual({
      summary: expect.objectContaining({ slug: 'vivus', name: 'Vivus' }),
      title: 'Vivus – opinie',
      subtitle: 'Pożyczki online',
      faq: [{ question: 'Pytanie?', answerHtml: '<p>Odpowiedź.</p>' }],
      info: [
        { label: 'Firma', value: 'Vivus Finance sp. z o.o.' },
        { label: 'Pierwsza pożyczka za 0 zł', value: 'Tak' },
      ],
      bodyHtml: '<p>Vivus udziela pożyczek online.</p>',
      offerId: 0,
      description: 'Opis pożyczkodawcy.',
      infoCheckedAt: '2026-11-21',
    });
    expect(find).toHaveBeenCalledWith('vivus');
    await useCases.getLenderReview('vivus');
    expect(find).toHaveBeenCalledTimes(1);
    expect(await cache.get('cache:lender:vivus')).toBeDefined();
  });

  it('answers NOT_FOUND for a lender without a review', async () => {
    const useCases = new LenderReviewsUseCases(
      strictMock<LendersRepository>('lenders', { find: jest.fn().mockResolvedValue(undefined) }),
      cache,
    );
    await expect(useCases.getLenderReview('nie-ma')).rejects.toEqual(
      sameServiceError(notFound('lender', 'nie-ma')),
    );
  });
});
