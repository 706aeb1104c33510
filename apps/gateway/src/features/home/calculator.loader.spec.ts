import { type offersV1 } from '@lib/contracts';
import { createPolishLocale } from '../../shared/locale';
import { heroClaims } from './home-page';
import { loadLoanExample, sliderStart, toCatalogueView } from './calculator.loader';

const locale = createPolishLocale('http://localhost:3000');

const figures: offersV1.CatalogueFigures = {
  amountMinGrosze: 10_000,
  amountMaxGrosze: 3_000_000,
  periodMinDays: 30,
  periodMaxDays: 1_825,
  firstLoanFreeMaxGrosze: 300_000,
  lenders: 25,
  asOf: '2026-11-24',
  source: { name: 'pliki ofert', url: '' },
  sample: true,
};

describe('the sliders from the catalogue', () => {
  it('offer the catalogue range in whole złoty and days, and say whether it is sample data', () => {
    expect(toCatalogueView({ lenders: [], figures })).toEqual({
      range: { amountMinZl: 100, amountMaxZl: 30_000, periodMinDays: 30, periodMaxDays: 1_825 },
      firstLoanFree: true,
      sample: true,
      asOf: '2026-11-24',
    });
  });

  it('offer no range when the catalogue states none (no offers, no figures)', () => {
    expect(toCatalogueView({ lenders: [], figures: { ...figures, amountMaxGrosze: 0 } }).range).toBeNull();
    expect(toCatalogueView({ lenders: [], figures: null })).toEqual({
      range: null,
      firstLoanFree: false,
      sample: false,
      asOf: '',
    });
  });

  it('start at 2 000 zł and 90 days, held to the range positions (or as they are without one)', () => {
    expect(
      sliderStart({ amountMinZl: 100, amountMaxZl: 30_000, periodMinDays: 30, periodMaxDays: 1_825 }),
    ).toEqual({
      amountZl: 2_000,
      periodDays: 90,
    });
    // A catalogue of 2 500–5 000 zł for 61–61 days cannot start lower than its own ends.
    expect(
      sliderStart({ amountMinZl: 2_500, amountMaxZl: 5_000, periodMinDays: 61, periodMaxDays: 61 }),
    ).toEqual({
      amountZl: 2_500,
      periodDays: 61,
    });
    expect(sliderStart(null)).toEqual({ amountZl: 2_000, periodDays: 90 });
  });

  it('ask MatchOffers the way the offer lists do, for the amount in grosze and the period in days', async () => {
    const matchOffers = jest.fn((): Promise<offersV1.MatchOffersResponse> =>
      Promise.resolve({
        offers: [],
        total: 0,
        sponsored: [],
        otherPeriod: [],
        otherPeriodTotal: 0,
        unsupportedFilters: [],
        intermediaries: [],
      }),
    );
    await expect(
      loadLoanExample({ matchOffers } as never, locale, { amountZl: 2_000, periodDays: 90 }, '/'),
    ).resolves.toBeNull();
    expect(matchOffers).toHaveBeenCalledWith(
      expect.objectContaining({
        amountGrosze: 200_000,
        periodDays: 90,
        country: 'PL',
        applicationId: '',
        limit: 10,
      }),
    );
  });
});

describe('the hero claims', () => {
  const catalogue = { status: 'ok' as const, value: toCatalogueView({ lenders: [], figures }) };

  it('state a free first loan only while the catalogue has one, marked when it is sample data', () => {
    expect(heroClaims({ catalogue })).toEqual([
      'Porównanie jest bezpłatne',
      'Pierwsza pożyczka za 0\u00a0zł u części pożyczkodawców (dane przykładowe)',
      'O przyznaniu pożyczki i terminie wypłaty decyduje pożyczkodawca',
    ]);
    const noFree = toCatalogueView({ lenders: [], figures: { ...figures, firstLoanFreeMaxGrosze: 0 } });
    expect(heroClaims({ catalogue: { status: 'ok', value: noFree } })).toHaveLength(2);
    expect(heroClaims({ catalogue: { status: 'unavailable' } })).toHaveLength(2);
  });

  it('promise no time and no acceptance rate', () => {
    for (const claim of heroClaims({ catalogue }))
      expect(claim).not.toMatch(/\d\s*(?:min|godz|sek|%)|minut|godzin|wniosk/);
  });
});
