import { NO_FILTERS, normaliseFeed } from '@lib/offers-domain';
import { CallDeadline, ServiceError } from '@lib/service-kit';
import { strictMock } from '@lib/testing';
import { type LeadRequestsRepository } from '../persistence/lead-requests.repository';
import { MatchingUseCases } from './matching.use-cases';
import { type OfferCatalogue } from './offer-catalogue';

const offers = normaliseFeed(
  [
    {
      offer_id: 1,
      header: 'Tani',
      lender_link: 'https://a.pl/',
      amount_min: 100,
      amount_max: 3000,
      period_min_days: 61,
      period_max_days: 90,
      commission: 5,
    },
    {
      offer_id: 2,
      header: 'Drogi',
      lender_link: 'https://b.pl/',
      amount_min: 100,
      amount_max: 3000,
      period_min_days: 61,
      period_max_days: 90,
      commission: 20,
    },
    {
      offer_id: 4,
      header: 'Długi',
      lender_link: 'https://d.pl/',
      amount_min: 100,
      amount_max: 3000,
      period_min_days: 120,
      period_max_days: 360,
      commission: 5,
    },
    {
      offer_id: 5,
      header: 'Promocja',
      lender_link: 'https://e.pl/',
      amount_min: 100,
      amount_max: 3000,
      period_min_days: 61,
      period_max_days: 61,
      first_loan_free: true,
      first_loan_free_max: 800,
    },
    {
      offer_id: 3,
      header: 'Reklama',
      lender_link: 'https://c.pl/',
      amount_min: 100,
      amount_max: 3000,
      period_min_days: 61,
      period_max_days: 90,
      sponsored: true,
    },
  ],
  'pl',
  '2026-11-24',
).offers;

describe('MatchingUseCases', () => {
  const command = {
    feedKey: 'pl' as const,
    amountGrosze: 100_000,
    periodDays: 61,
    age: 0,
    purpose: 1,
    limit: 20,
  };

  it('ranks, prices with RRSO, and keeps paid placements apart, storing nothing without an application', async () => {
    const catalogue = strictMock<OfferCatalogue>('catalogue', {
      offers: jest.fn().mockResolvedValue(offers),
    });
    const useCases = new MatchingUseCases(catalogue, strictMock<LeadRequestsRepository>('leads'));

    const answer = await useCases.matchOffers(command, CallDeadline.none());

    expect(answer.offers.map((m) => m.offer?.header)).toEqual(['Tani', 'Drogi', 'Promocja']);
    expect(answer.offers[0]?.cost).toMatchObject({
      amountGrosze: 100_000,
      feesGrosze: 5_000,
      rrsoPercent: expect.stringMatching(/^\d+\.\d\d$/),
    });
    expect(answer.sponsored.map((m) => m.offer?.header)).toEqual(['Reklama']);
    expect(answer.total).toBe(3);
    // 1 000 zł is above Promocja's free 800 zł and its feed states no regular terms: no cost at all.
    expect(answer.offers[2]).toMatchObject({ cost: null, costUnknown: true, pricedPeriodDays: 61, score: 0 });
    // Długi lends from 120 days: apart, priced at 120 days, unranked and not counted.
    expect(answer.otherPeriod).toMatchObject([
      {
        offer: { header: 'Długi' },
        withinLimits: false,
        pricedPeriodDays: 120,
        score: 0,
        costUnknown: false,
      },
    ]);
    expect(answer.otherPeriod[0]?.cost).toMatchObject({ periodDays: 120, feesGrosze: 5_000 });
    expect(answer.otherPeriodTotal).toBe(1);
    expect(answer.unsupportedFilters).toEqual([]);
  });

  it('answers a free first loan at 0 zł within its limit, and nothing for a filter no feed can answer', async () => {
    const useCases = new MatchingUseCases(
      strictMock<OfferCatalogue>('catalogue', { offers: jest.fn().mockResolvedValue(offers) }),
      strictMock<LeadRequestsRepository>('leads'),
    );
    const free = await useCases.matchOffers(
      { ...command, amountGrosze: 80_000, filters: { ...NO_FILTERS, firstLoanFreeOnly: true } },
      CallDeadline.none(),
    );
    expect(free.offers.map((m) => m.offer?.header)).toEqual(['Promocja']);
    expect(free.offers[0]?.cost).toMatchObject({
      totalCostGrosze: 0,
      totalPayableGrosze: 80_000,
      rrsoPercent: '0.00',
      firstLoanFreeApplies: true,
    });
    expect(free.otherPeriodTotal).toBe(0);

    const business = await useCases.matchOffers(
      { ...command, filters: { ...NO_FILTERS, business: true, withoutCreditCheck: true } },
      CallDeadline.none(),
    );
    expect(business).toEqual({
      offers: [],
      total: 0,
      sponsored: [],
      otherPeriod: [],
      otherPeriodTotal: 0,
      unsupportedFilters: ['business', 'without_credit_check'],
      intermediaries: [],
    });
  });

  it('stores the application’s request before answering, checking the deadline before COMMIT', async () => {
    const storeOnce = jest.fn((_request: unknown, beforeCommit: () => void) =>
      Promise.resolve(beforeCommit()),
    );
    const useCases = new MatchingUseCases(
      strictMock<OfferCatalogue>('catalogue', { offers: jest.fn().mockResolvedValue(offers) }),
      strictMock<LeadRequestsRepository>('leads', { storeOnce }),
    );
    const applicationId = '3f1c2a9e-5b7d-4c1a-9e2f-0a1b2c3d4e5f';

    await useCases.matchOffers({ ...command, applicationId }, CallDeadline.none());
    expect(storeOnce).toHaveBeenCalledWith(
      { applicationId, amountGrosze: 100_000, periodDays: 61, purpose: 1, age: 0, feedKey: 'pl' },
      expect.any(Function),
    );

    const late = CallDeadline.at(1_000, () => 2_000);
    await expect(useCases.matchOffers({ ...command, applicationId }, late)).rejects.toBeInstanceOf(
      ServiceError,
    );
  });

  it('answers a lead feed by matching the stored request again, NOT_FOUND for an unknown lead', async () => {
    const find = jest
      .fn()
      .mockImplementation((id: string) =>
        Promise.resolve(id === 'known' ? { ...command, applicationId: 'known' } : undefined),
      );
    const useCases = new MatchingUseCases(
      strictMock<OfferCatalogue>('catalogue', { offers: jest.fn().mockResolvedValue(offers) }),
      strictMock<LeadRequestsRepository>('leads', { find }),
    );
    await expect(useCases.leadFeed('known')).resolves.toEqual({ offerIds: [1, 2, 5] });
    await expect(useCases.leadFeed('unknown')).rejects.toMatchObject({ code: 5 });
  });

  it('answers comparison sites and intermediaries apart: unranked, uncounted, with no cost or RRSO of their own', async () => {
    // Review slugs of the shipped lender facts: Finbo is a comparison site, Avinto an intermediary.
    const withBrokers = [
      ...offers,
      ...normaliseFeed(
        [
          {
            offer_id: 6,
            header: 'Avinto',
            lender_link: 'https://f.pl/',
            review_slug: 'avinto',
            amount_min: 100,
            amount_max: 3000,
            period_min_days: 61,
            period_max_days: 90,
            commission: 1,
          },
          {
            offer_id: 7,
            header: 'Finbo',
            lender_link: 'https://g.pl/',
            review_slug: 'finbo',
            sponsored: true,
            amount_min: 100,
            amount_max: 3000,
            period_min_days: 61,
            period_max_days: 90,
            commission: 1,
          },
        ],
        'pl',
        '2026-11-24',
      ).offers,
    ];
    const find = jest.fn().mockResolvedValue({ ...command, applicationId: 'known' });
    const useCases = new MatchingUseCases(
      strictMock<OfferCatalogue>('catalogue', { offers: jest.fn().mockResolvedValue(withBrokers) }),
      strictMock<LeadRequestsRepository>('leads', { find }),
    );

    const answer = await useCases.matchOffers(command, CallDeadline.none());

    // Avinto's 1 % commission would make it the cheapest: it is still not ranked.
    expect(answer.offers.map((m) => m.offer?.header)).toEqual(['Tani', 'Drogi', 'Promocja']);
    expect(answer.total).toBe(3);
    expect(answer.sponsored.map((m) => m.offer?.header)).toEqual(['Reklama']);
    expect(answer.intermediaries.map((m) => [m.offer?.header, m.offer?.lenderKind])).toEqual([
      ['Avinto', 'posrednik'],
      ['Finbo', 'porownywarka'],
    ]);
    for (const match of answer.intermediaries) {
      expect(match).toMatchObject({ score: 0, cost: null, costUnknown: false, withinLimits: true });
      expect(match.offer).toMatchObject({
        aprBasisPoints: 0,
        representativeExample: null,
        interestRateBp: 0,
        commissionBp: 0,
        feeGrosze: 0,
      });
    }
    await expect(useCases.leadFeed('known')).resolves.toEqual({ offerIds: [1, 2, 5] });
  });
});
