import { deepFreeze, isSharedValue } from '@lib/cache';
import { type contentV1, type offersV1 } from '@lib/contracts';
import { type LoadContext } from '../../app/route-types';
import { SECTION_UNAVAILABLE, type Section } from '../../app/section';
import { loadContextOver } from '../../../test/support/load-context';
import { loadLenderReview, type LenderReviewParams } from './lender-reviews.loader';

const source = { name: 'dane z pliku ofert partnera', url: '' };

const reviewPage: contentV1.LenderReviewPage = {
  review: {
    summary: {
      slug: 'vivus',
      path: '/opinie-o-pozyczkach/vivus/',
      name: 'Vivus',
      logoUrl: '',
      reviewsCount: 0,
      ratingsSum: 0,
    },
    title: 'Vivus: opinie',
    subtitle: '',
    faq: [],
    info: [],
    bodyHtml: '<p>Pożyczysz {{oferta.kwota-max|najwyższą kwotę z oferty}}.</p>',
    offerId: 0,
    description: '',
    infoCheckedAt: '',
  },
  comments: null,
  commentsUnavailable: true,
};

const factsWithMaximum = (amountMaxGrosze: number): offersV1.LenderFacts => ({
  slug: 'vivus',
  name: 'Vivus',
  kind: null,
  company: null,
  register: null,
  registerEntry: null,
  nameForms: null,
  offer: {
    offerId: 1,
    amountMinGrosze: 10_000,
    amountMaxGrosze,
    periodMinDays: 61,
    periodMaxDays: 61,
    firstLoanFree: false,
    firstLoanFreeMaxGrosze: 0,
    representativeExample: null,
    repayment: 'single',
    isActive: true,
    sponsored: false,
    sample: false,
    source,
    checkedAt: '2026-11-24',
    ageMin: 0,
    ageMax: 0,
    interestRateBp: 0,
    commissionBp: 0,
  },
});

/** A context whose offers service answers GetLenderFacts with whatever `facts` holds at the time. */
function contextAnswering(facts: { current: offersV1.LenderFacts }): LoadContext<LenderReviewParams> {
  const services = {
    content: { getLenderReviewPage: () => Promise.resolve(reviewPage) },
    offers: {
      getLender: () => Promise.resolve({ lenderId: 1, slug: 'vivus', offers: [] }),
      getLenderFacts: () => Promise.resolve(facts.current),
    },
  };
  return loadContextOver(
    services,
    { slug: 'vivus', comments: { sort: 'newer', page: 1 } },
    '/opinie-o-pozyczkach/vivus/',
  );
}

const factsBlockOf = (facts: Section<unknown>) => (facts.status === 'ok' ? facts.value : null);

describe('loadLenderReview', () => {
  it('makes the facts block once per facts answer, and anew with the figures of a refreshed one', async () => {
    const facts = { current: factsWithMaximum(300_000) };
    const ctx = contextAnswering(facts);

    const first = await loadLenderReview(ctx);
    const second = await loadLenderReview(ctx);
    expect(factsBlockOf(second.facts)).toBe(factsBlockOf(first.facts));
    expect(second.review.bodyHtml.replace(/\u00a0/g, ' ')).toContain('Pożyczysz 3 000 zł.');

    facts.current = factsWithMaximum(500_000);
    const refreshed = await loadLenderReview(ctx);
    expect(factsBlockOf(refreshed.facts)).not.toBe(factsBlockOf(first.facts));
    expect(JSON.stringify(refreshed.facts).replace(/\u00a0/g, ' ')).toContain('5 000 zł');
    expect(refreshed.review.bodyHtml.replace(/\u00a0/g, ' ')).toContain('Pożyczysz 5 000 zł.');
  });

  it('shows an unchanged review of an unchanged lender as the same shared view, refilled when the facts change', async () => {
    const facts = { current: deepFreeze(factsWithMaximum(300_000)) };
    const ctx = contextAnswering(facts);
    const content = ctx.services.content as unknown as Record<string, () => Promise<unknown>>;
    const shared = deepFreeze(structuredClone(reviewPage));
    content['getLenderReviewPage'] = () => Promise.resolve(shared);

    const first = await loadLenderReview(ctx);
    const second = await loadLenderReview(ctx);
    expect(second.review).toBe(first.review);
    expect(isSharedValue(first.review)).toBe(true);

    facts.current = deepFreeze(factsWithMaximum(500_000));
    const refreshed = await loadLenderReview(ctx);
    expect(refreshed.review).not.toBe(first.review);
    expect(refreshed.review.bodyHtml.replace(/\u00a0/g, ' ')).toContain('Pożyczysz 5 000 zł.');
  });

  it('reads the review’s tokens as their fallback wording when the offers service does not answer', async () => {
    const ctx = contextAnswering({ current: factsWithMaximum(300_000) });
    const offers = ctx.services.offers as unknown as Record<string, () => Promise<unknown>>;
    offers['getLenderFacts'] = () => Promise.reject(new Error('offers down'));

    const data = await loadLenderReview(ctx);
    expect(data.facts).toEqual(SECTION_UNAVAILABLE);
    expect(data.review.bodyHtml).toContain('Pożyczysz najwyższą kwotę z oferty.');
  });
});
