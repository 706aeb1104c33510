import { type offersV1, type ratesV1 } from '@lib/contracts';

/**
 * What the fake offers and rates services answer with; the assertions read the same constants. (The
 * content service's pages come from the sample site's recording: content-fixtures.ts.)
 */
export const OFFERS: Partial<offersV1.Offer>[] = [
  {
    offerId: 101,
    header: 'Szybka Gotówka',
    lenderLink: 'https://lender.example/szybka?utm=porownywarka',
    isActive: true,
    stars: '4.8',
    tags: ['Bez BIK'],
    amountMinGrosze: 10_000,
    amountMaxGrosze: 500_000,
    periodMinDays: 61,
    periodMaxDays: 90,
    aprBasisPoints: 0,
    firstLoanFree: true,
  },
  {
    offerId: 102,
    header: 'Kredyt Plus',
    lenderLink: 'https://lender.example/plus',
    isActive: true,
    stars: '4.6',
    tags: [],
    amountMinGrosze: 100_000,
    amountMaxGrosze: 1_500_000,
    periodMinDays: 90,
    periodMaxDays: 730,
    aprBasisPoints: 2_150,
    firstLoanFree: false,
  },
];

export const RATE_TABLE: Partial<ratesV1.RateTable> = {
  table: 1,
  no: '012/A/NBP/2025',
  effectiveDate: '2025-01-17',
  rates: [
    { currency: 'dolar amerykański', code: 'USD', mid: '4.1592', bid: '', ask: '' },
    { currency: 'euro', code: 'EUR', mid: '4.2813', bid: '', ask: '' },
    { currency: 'frank szwajcarski', code: 'CHF', mid: '4.5580', bid: '', ask: '' },
    { currency: 'funt szterling', code: 'GBP', mid: '5.0721', bid: '', ask: '' },
    { currency: 'jen (Japonia)', code: 'JPY', mid: '0.026588', bid: '', ask: '' },
  ],
};

/**
 * ListLenderFacts of the fake offers service: the catalogue's range over OFFERS (100–15 000 zł,
 * 61–730 days), what the home headline, sliders and application form state.
 */
export const CATALOGUE_FACTS: offersV1.ListLenderFactsResponse = {
  lenders: [],
  figures: {
    amountMinGrosze: 10_000,
    amountMaxGrosze: 1_500_000,
    periodMinDays: 61,
    periodMaxDays: 730,
    firstLoanFreeMaxGrosze: 500_000,
    lenders: 2,
    asOf: '2025-01-20',
    source: { name: 'pliki ofert pożyczkodawców', url: '' },
    sample: false,
  },
};
