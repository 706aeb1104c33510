import {
  DEFAULT_OFFER_FILTERS,
  OFFER_FILTER_LIMITS,
  adjustmentNotice,
  parseFilterNumber,
  readOfferFilters,
} from './offer-filters';

const read = (query: string) => readOfferFilters(new URLSearchParams(query));

describe('offer filters', () => {
  it('uses the defaults when the address has no filter', () => {
    expect(read('')).toEqual(DEFAULT_OFFER_FILTERS);
    expect(read('suma=&okres=')).toEqual(DEFAULT_OFFER_FILTERS);
  });

  it('keeps values inside the range', () => {
    expect(read('suma=3000&okres=60')).toEqual({
      amountZl: 3000,
      periodDays: 60,
      amountAdjusted: 'none',
      periodAdjusted: 'none',
    });
  });

  it('accepts Polish number writing and rounds onto the step', () => {
    expect(read('suma=2%20520,40&okres=14,6')).toMatchObject({
      amountZl: 2500,
      periodDays: 15,
      amountAdjusted: 'none',
    });
    expect(read('suma=2525')).toMatchObject({ amountZl: 2550 });
  });

  it('clamps values below and above the range at the exact limits', () => {
    const { amount, period } = OFFER_FILTER_LIMITS;
    expect(read(`suma=${amount.minZl}&okres=${period.minDays}`)).toMatchObject({
      amountAdjusted: 'none',
      periodAdjusted: 'none',
    });
    expect(read(`suma=${amount.maxZl}&okres=${period.maxDays}`)).toMatchObject({
      amountAdjusted: 'none',
      periodAdjusted: 'none',
    });
    expect(read(`suma=${amount.minZl - 1}&okres=0`)).toEqual({
      amountZl: amount.minZl,
      periodDays: period.minDays,
      amountAdjusted: 'raised',
      periodAdjusted: 'raised',
    });
    expect(read(`suma=${amount.maxZl + 1}&okres=${period.maxDays + 1}`)).toEqual({
      amountZl: amount.maxZl,
      periodDays: period.maxDays,
      amountAdjusted: 'lowered',
      periodAdjusted: 'lowered',
    });
    expect(read('suma=-5000&okres=99999999999')).toMatchObject({
      amountZl: amount.minZl,
      periodDays: period.maxDays,
    });
  });

  it('answers the default for text that is no number, and says so', () => {
    expect(read('suma=dużo&okres=1e3')).toEqual({
      ...DEFAULT_OFFER_FILTERS,
      amountAdjusted: 'invalid',
      periodAdjusted: 'invalid',
    });
    expect(read(`suma=${'9'.repeat(40)}`)).toMatchObject({ amountAdjusted: 'invalid' });
  });

  it('parses only plain decimals', () => {
    expect(parseFilterNumber('1 000')).toBe(1000);
    expect(parseFilterNumber('0x10')).toBeUndefined();
    expect(parseFilterNumber('Infinity')).toBeUndefined();
    expect(parseFilterNumber(null)).toBeUndefined();
  });

  it('has a Polish notice for every change and none for the visitor’s own value', () => {
    expect(adjustmentNotice('amount', 'none')).toBe('');
    expect(adjustmentNotice('amount', 'raised')).toContain('100\u00a0zł');
    expect(adjustmentNotice('amount', 'lowered')).toContain('50');
    expect(adjustmentNotice('period', 'lowered')).toContain('1\u00a0800 dni');
    expect(adjustmentNotice('period', 'invalid')).toContain('61 dni');
  });
});
