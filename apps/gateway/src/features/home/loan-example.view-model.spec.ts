import { type offersV1 } from '@lib/contracts';
import { createPolishLocale } from '../../shared/locale';
import { toLoanExampleView } from './loan-example.view-model';

const locale = createPolishLocale('http://localhost:3000');
const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const offer = (overrides: Partial<offersV1.Offer>): offersV1.Offer =>
  ({
    offerId: 2013,
    header: 'NetCredit',
    lenderKind: 'instytucja-pozyczkowa',
    sample: false,
    asOf: '2026-11-24',
    ...overrides,
  }) as offersV1.Offer;

/** 1 200 zł over 90 days in 3 monthly instalments: interest 2 409 gr, commission and fee 12 001 gr. */
const instalments: offersV1.LoanCost = {
  amountGrosze: 120_000,
  periodDays: 90,
  interestRateBp: 1_200,
  interestGrosze: 2_409,
  feesGrosze: 12_001,
  totalCostGrosze: 14_410,
  totalPayableGrosze: 134_410,
  rrsoPercent: '118.67',
  payments: 3,
  firstLoanFreeApplies: false,
};

const match = (overrides: Partial<offersV1.MatchedOffer>): offersV1.MatchedOffer => ({
  offer: offer({}),
  score: 9_000,
  withinLimits: true,
  cost: instalments,
  costUnknown: false,
  pricedPeriodDays: 90,
  ...overrides,
});

const response = (offers: offersV1.MatchedOffer[]): offersV1.MatchOffersResponse => ({
  offers,
  total: offers.length,
  sponsored: [],
  otherPeriod: [],
  otherPeriodTotal: 0,
  unsupportedFilters: [],
  intermediaries: [],
});

describe('the representative example of the best-ranked priced offer', () => {
  it('names the offer, its place and the request, and states every figure of art. 7 with the feed date', () => {
    const view = toLoanExampleView(
      response([
        match({ offer: offer({ offerId: 2002, header: 'Avinto' }), costUnknown: true, cost: undefined }),
        match({}),
      ]),
      locale,
    )!;
    expect({
      ...view,
      request: nbsp(view.request),
      rows: view.rows.map((r) => [r.key, nbsp(r.value)]),
    }).toEqual({
      offerId: '2013',
      lender: 'NetCredit',
      notALenderLabel: '',
      position: 2,
      request: '1 200 zł na 90 dni',
      sample: false,
      asOf: '24.11.2026',
      rows: [
        ['rrso', '118,67 %'],
        ['amount', '1 200,00 zł'],
        ['period', '90 dni'],
        ['rate', '12 % w skali roku'],
        ['interest', '24,09 zł'],
        ['fees', '120,01 zł'],
        ['cost', '144,10 zł'],
        ['total', '1 344,10 zł'],
        // (120 000 + 2 409) / 3 = 40 803 gr + 4 000 gr of the fees; the last takes the 1 gr left.
        ['payments', '3 raty miesięczne po 448,03 zł, ostatnia 448,04 zł'],
      ],
      note: '',
    });
    expect(view.rows.map((r) => r.label)).toEqual([
      'Rzeczywista roczna stopa oprocentowania (RRSO)',
      'Całkowita kwota kredytu',
      'Okres kredytowania',
      'Oprocentowanie nominalne',
      'Odsetki',
      'Prowizja i inne opłaty',
      'Całkowity koszt kredytu',
      'Całkowita kwota do zapłaty',
      'Spłata',
    ]);
  });

  it('says a single repayment and a free first loan for what they are, and sample data as such', () => {
    const free: offersV1.LoanCost = {
      amountGrosze: 200_000,
      periodDays: 30,
      interestRateBp: 0,
      interestGrosze: 0,
      feesGrosze: 0,
      totalCostGrosze: 0,
      totalPayableGrosze: 200_000,
      rrsoPercent: '0.00',
      payments: 1,
      firstLoanFreeApplies: true,
    };
    const view = toLoanExampleView(
      response([
        match({
          offer: offer({ sample: true, lenderKind: 'porownywarka' }),
          cost: free,
          pricedPeriodDays: 30,
        }),
      ]),
      locale,
    )!;
    expect(nbsp(view.rows.find((r) => r.key === 'payments')!.value)).toBe('jednorazowo 2 000,00 zł');
    expect(view.sample).toBe(true);
    expect(view.notALenderLabel).toBe('Porównywarka, nie pożyczkodawca');
    expect(view.note).toContain('pierwszej pożyczki nowego klienta');
  });

  it('states no example when no ranked offer has a stated cost, and no instalment amount it cannot derive', () => {
    expect(toLoanExampleView(response([]), locale)).toBeNull();
    expect(toLoanExampleView(response([match({ costUnknown: true, cost: undefined })]), locale)).toBeNull();
    const odd = toLoanExampleView(
      response([match({ cost: { ...instalments, interestGrosze: 2_410 } })]),
      locale,
    )!;
    expect(odd.rows.find((r) => r.key === 'payments')!.value).toBe('3 raty miesięczne');
  });
});
