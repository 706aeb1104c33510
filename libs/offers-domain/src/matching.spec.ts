import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  NO_FILTERS,
  SCORE_WEIGHTS,
  costPoints,
  matchOffers,
  normaliseFeed,
  priceMatch,
  scoreMatch,
  type FeedOffer,
  type MatchRequest,
  type NormalisedOffer,
  type OfferFilters,
} from './index';

const DAY = '2026-11-24';
const normalise = (offers: FeedOffer[]): NormalisedOffer[] => normaliseFeed(offers, 'pl', DAY).offers;
const byHeader = (offers: NormalisedOffer[], header: string) => offers.find((o) => o.header === header)!;
const request = (amountZl: number, periodDays: number, filters?: Partial<OfferFilters>): MatchRequest => ({
  amountGrosze: amountZl * 100,
  periodDays,
  age: 0,
  ...(filters ? { filters: { ...NO_FILTERS, ...filters } } : {}),
});

/** The sample feed's terms of Rupi and SuperGrosz: free first loans up to 1 000 and 800 zł, no regular terms. */
const RUPI: FeedOffer = {
  offer_id: 2018,
  header: 'Rupi',
  lender_link: 'https://rupi.example/',
  product_type: 'payday',
  amount_min: 200,
  amount_max: 3000,
  period_min_days: 61,
  period_max_days: 61,
  age_min: 18,
  age_max: 75,
  first_loan_free: true,
  first_loan_free_max: 1000,
  interest_rate: 0,
  commission: 0,
  fee: 0,
  repayment: 'single',
};
const SUPER_GROSZ: FeedOffer = {
  ...RUPI,
  offer_id: 2021,
  header: 'SuperGrosz',
  lender_link: 'https://supergrosz.example/',
  amount_min: 100,
  age_min: 20,
  age_max: 70,
  first_loan_free_max: 800,
};
/** A credit line repaid in monthly instalments from 30 days: one instalment at 30 days. */
const LINE: FeedOffer = {
  offer_id: 2003,
  header: 'Linia',
  lender_link: 'https://linia.example/',
  product_type: 'installment',
  amount_min: 1000,
  amount_max: 20000,
  period_min_days: 30,
  period_max_days: 730,
  age_min: 21,
  age_max: 70,
  interest_rate: 14.5,
  commission: 10.8,
  fee: 0,
  repayment: 'monthly',
};

describe('a free first loan is priced at 0 zł only within its promotion', () => {
  const offers = normalise([RUPI, SUPER_GROSZ]);

  it('Rupi and SuperGrosz at 1 500 zł (above their free limits) have no known cost: no figure, no cost points', () => {
    const { ranked } = matchOffers(offers, request(1500, 61));
    expect(ranked.map((m) => m.offer.header).sort()).toEqual(['Rupi', 'SuperGrosz']);
    for (const match of ranked) {
      expect(match).toMatchObject({ firstLoanFree: false, estimatedCostGrosze: null, score: 0 });
      expect(priceMatch(match)).toBeNull();
    }
  });

  it('within the free limit the first loan costs 0 zł: amount repaid, RRSO 0 %', () => {
    const rupi = scoreMatch(byHeader(offers, 'Rupi'), request(1000, 61));
    expect(rupi).toMatchObject({ firstLoanFree: true, estimatedCostGrosze: 0, score: SCORE_WEIGHTS.cost });
    expect(priceMatch(rupi)).toEqual({
      amountGrosze: 100_000,
      periodDays: 61,
      interestRateBp: 0,
      interestGrosze: 0,
      feesGrosze: 0,
      totalCostGrosze: 0,
      totalPayableGrosze: 100_000,
      rrsoPercent: '0.00',
      payments: 1,
      firstLoanFreeApplies: true,
    });
    // SuperGrosz's promotion ends at 800 zł: 1 000 zł is beyond it, and its regular terms are unknown.
    const superGrosz = scoreMatch(byHeader(offers, 'SuperGrosz'), request(1000, 61));
    expect(superGrosz.firstLoanFree).toBe(false);
    expect(priceMatch(superGrosz)).toBeNull();
    expect(scoreMatch(byHeader(offers, 'SuperGrosz'), request(800, 61)).firstLoanFree).toBe(true);
  });

  it('above the free limit an offer that states its regular terms is priced at them', () => {
    const [stated] = normalise([{ ...RUPI, interest_rate: 14.5, commission: 10 }]);
    const match = scoreMatch(stated!, request(1500, 61));
    expect(match.firstLoanFree).toBe(false);
    // 1 500 zł × 14.5 % × 61/365 = 36.35 zł interest, 150 zł commission.
    const expected = 150_000 * 0.145 * (61 / 365) + 15_000;
    const cost = priceMatch(match)!;
    expect(Math.abs(cost.totalCostGrosze - expected)).toBeLessThanOrEqual(1);
    expect(cost.firstLoanFreeApplies).toBe(false);
    expect(Number(cost.rrsoPercent)).toBeGreaterThan(0);
  });

  it('a promotion the feed limits to shorter periods does not cover a longer one', () => {
    const offers = normalise([
      { ...RUPI, period_min_days: 30, first_loan_free_max_days: 30 },
      {
        ...RUPI,
        offer_id: 2,
        header: 'Dokładna',
        first_loan_free_min_days: 61,
        first_loan_free_max_days: 61,
      },
    ]);
    const [short, exact] = [byHeader(offers, 'Rupi'), byHeader(offers, 'Dokładna')];
    expect(short.terms).toMatchObject({ firstLoanFreeMinDays: 0, firstLoanFreeMaxDays: 30 });
    expect(scoreMatch(short, request(1000, 30)).firstLoanFree).toBe(true);
    const beyond = scoreMatch(short, request(1000, 61));
    expect(beyond.firstLoanFree).toBe(false);
    // Beyond the promotion, and no regular terms stated: no cost at all, never 0 zł.
    expect(priceMatch(beyond)).toBeNull();
    expect(scoreMatch(exact, request(1000, 61)).firstLoanFree).toBe(true);
  });
});

describe('the ranking: cost first', () => {
  it('a 0 zł offer ranks above an offer at an RRSO near 290 % for the same request', () => {
    const offers = normalise([
      LINE,
      { ...RUPI, header: 'Darmowa', period_min_days: 30, period_max_days: 61, first_loan_free_max: 3000 },
    ]);
    const { ranked } = matchOffers(offers, request(2000, 30));
    expect(ranked.map((m) => m.offer.header)).toEqual(['Darmowa', 'Linia']);
    const [free, line] = ranked;
    expect(free!.score).toBe(9_000);
    // One instalment: 2 000 zł × 14.5 % / 12 interest plus 10.8 % commission = 240.17 zł.
    const lineCost = 200_000 * (0.145 / 12) + 21_600;
    expect(line!.estimatedCostGrosze).toBeCloseTo(lineCost, 6);
    expect(line!.score).toBe(Math.floor((9_000 * 200_000) / (200_000 + lineCost)));
    expect(line!.score).toBe(8_035);
    expect(Number(priceMatch(line!)!.rrsoPercent)).toBeGreaterThan(250);
  });

  it('gives 9 000 points for no cost, 4 500 for a cost equal to the amount, 0 for an unknown one', () => {
    expect(costPoints(0, 100_000)).toBe(9_000);
    expect(costPoints(100_000, 100_000)).toBe(4_500);
    expect(costPoints(300_000, 100_000)).toBe(2_250);
    expect(costPoints(null, 100_000)).toBe(0);
  });

  it('the method page publishes exactly SCORE_WEIGHTS, and the ranking pages repeat them', () => {
    const pages = path.resolve(__dirname, '../../../content/pages');
    const points = (file: string): Record<string, number> => {
      const found: Record<string, number> = {};
      const text = readFileSync(path.join(pages, file), 'utf8');
      for (const match of text.matchAll(/\*\*(\p{L}+) – do ([\d  ]+) punktów\*\*/gu))
        found[match[1] ?? ''] = Number((match[2] ?? '').replace(/\s/g, ''));
      return found;
    };
    const published = points('jak-tworzymy-ranking.md');
    expect({ cost: published['koszt'], stars: published['ocena'] }).toEqual(SCORE_WEIGHTS);
    expect(Object.keys(published).sort()).toEqual(['koszt', 'ocena']);
    const method = readFileSync(path.join(pages, 'jak-tworzymy-ranking.md'), 'utf8');
    expect(method).toContain('9 000 × kwota ÷ (kwota + koszt)');
    expect(method).toContain('1 000 × liczba gwiazdek ÷ 5');
    expect(SCORE_WEIGHTS.cost + SCORE_WEIGHTS.stars).toBe(10_000);
    for (const ranking of ['ranking-chwilowek.md', 'ranking-kredytow-gotowkowych.md'])
      expect(points(ranking)).toEqual(published);
  });
});

describe('what is ranked, what is apart', () => {
  const offers = normalise([
    { ...LINE, header: 'Ratalna', age_min: 18, age_max: 80 },
    { ...RUPI, header: 'Chwilówka', first_loan_free: false, interest_rate: 10, commission: 10 },
    { ...RUPI, header: 'Krótka', period_min_days: 30, period_max_days: 30, interest_rate: 10, commission: 5 },
    { ...RUPI, header: 'Darmowa' },
    { ...RUPI, header: 'Bez wieku', first_loan_free: false, commission: 10, age_min: undefined },
    { ...LINE, header: 'Płatna', sponsored: true, period_min_days: 61, period_max_days: 61 },
  ]);

  it('ranks and counts only offers able to lend the amount for the period; the others apart, nearest period first', () => {
    const result = matchOffers(offers, request(1000, 40));
    expect(result.ranked.map((m) => m.offer.header)).toEqual(['Ratalna']);
    expect(result.otherPeriod.map((m) => [m.offer.header, m.periodDays, m.withinLimits])).toEqual([
      ['Krótka', 30, false],
      ['Darmowa', 61, false],
      // 100 zł of commission; the other adds 10 % a year of interest to the same commission.
      ['Bez wieku', 61, false],
      ['Chwilówka', 61, false],
    ]);
    // A paid placement that cannot lend for the period is not shown at all.
    expect(result.sponsored).toEqual([]);
    expect(matchOffers(offers, request(1000, 61)).sponsored.map((m) => m.offer.header)).toEqual(['Płatna']);
  });

  it('narrows to product types, free first loans and the ages a page names', () => {
    const headers = (filters: Partial<OfferFilters>, amountZl = 1000) =>
      matchOffers(offers, request(amountZl, 61, filters))
        .ranked.map((m) => m.offer.header)
        .sort();
    expect(headers({ productTypes: ['installment'] })).toEqual(['Ratalna']);
    expect(headers({ productTypes: ['payday'] })).toEqual(['Bez wieku', 'Chwilówka', 'Darmowa']);
    expect(headers({ firstLoanFreeOnly: true })).toEqual(['Darmowa']);
    expect(headers({ firstLoanFreeOnly: true }, 1500)).toEqual([]);
    // From 18: only offers that state they lend at 18 (not the one stating no minimum age).
    expect(headers({ ageFrom: 18 })).toEqual(['Chwilówka', 'Darmowa', 'Ratalna']);
    expect(headers({ ageFrom: 65, ageTo: 80 })).toEqual(['Ratalna']);
    expect(headers({ ageTo: 76 })).toEqual(['Ratalna']);
  });

  it('answers nothing for a filter no feed can answer, and names it', () => {
    expect(matchOffers(offers, request(1000, 61, { business: true }))).toEqual({
      ranked: [],
      otherPeriod: [],
      sponsored: [],
      intermediaries: [],
      unsupported: ['business'],
    });
    expect(matchOffers(offers, request(1000, 61, { withoutCreditCheck: true })).unsupported).toEqual([
      'withoutCreditCheck',
    ]);
    expect(matchOffers(offers, request(1000, 61)).unsupported).toEqual([]);
  });
});

describe('brands that do not lend are never ranked or priced', () => {
  // A comparison site whose feed terms would be the cheapest, and an intermediary that is also a paid placement.
  const offers = normalise([
    { ...RUPI, header: 'Porównywarka', first_loan_free: false, interest_rate: 1, commission: 0 },
    { ...RUPI, header: 'Pośrednik', sponsored: true, first_loan_free: false, commission: 5 },
    { ...RUPI, header: 'Pożyczkodawca', first_loan_free: false, interest_rate: 10, commission: 10 },
    { ...RUPI, header: 'Darmowa' },
  ]);
  const notLenders = new Set(['Porównywarka', 'Pośrednik']);
  const options = { passesApplicationsOn: (offer: NormalisedOffer) => notLenders.has(offer.header) };

  it('answers them apart, in list order, with no score and no cost, and keeps them out of the count', () => {
    const result = matchOffers(offers, request(1000, 61), options);
    expect(result.ranked.map((m) => m.offer.header)).toEqual(['Darmowa', 'Pożyczkodawca']);
    expect(result.sponsored).toEqual([]);
    expect(result.intermediaries.map((m) => [m.offer.header, m.score, m.estimatedCostGrosze])).toEqual([
      ['Porównywarka', 0, null],
      ['Pośrednik', 0, null],
    ]);
    expect(result.intermediaries.every((m) => m.withinLimits && !m.firstLoanFree)).toBe(true);
  });

  it('ranks them by cost like any lender when the caller says nothing about them', () => {
    const result = matchOffers(offers, request(1000, 61));
    expect(result.ranked.map((m) => m.offer.header)).toContain('Porównywarka');
    expect(result.intermediaries).toEqual([]);
  });

  it('leaves them out of a list of free first loans and out of another period', () => {
    expect(
      matchOffers(offers, request(1000, 61, { firstLoanFreeOnly: true }), options).intermediaries,
    ).toEqual([]);
    const otherPeriod = matchOffers(offers, request(1000, 30), options);
    expect(otherPeriod.intermediaries).toEqual([]);
    expect(otherPeriod.otherPeriod.map((m) => m.offer.header)).not.toContain('Porównywarka');
  });
});
