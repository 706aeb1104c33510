import { formatDate, formatMoney, formatMoneyWhole, formatDecimal, plural } from './format';
import { createPolishLocale } from './locale';

const locale = createPolishLocale('https://pozyczki.example:8443');

describe('Polish formatting and locale', () => {
  it('writes amounts as the spec does, grouped from a thousand: 2 018,00 zł, 18,00 zł', () => {
    expect(formatMoney(locale, 201_800)).toBe('2\u00a0018,00\u00a0zł');
    expect(formatMoney(locale, 1_800)).toBe('18,00\u00a0zł');
  });

  it('formats money, rates and dates the Polish way', () => {
    expect(formatMoney(locale, 123_456_789)).toBe('1\u00a0234\u00a0567,89\u00a0zł');
    expect(formatMoneyWhole(locale, 1_500_000)).toBe('15\u00a0000\u00a0zł');
    expect(formatDecimal(locale, '4.2813')).toBe('4,2813');
    expect(formatDecimal(locale, 'n/a')).toBe('n/a');
    expect(formatDate(locale, '2025-04-20')).toBe('20.04.2025');
  });

  it('picks Polish plural forms', () => {
    expect([1, 2, 4, 5, 12, 13, 22, 25].map((n) => plural(n, 'miesiąc', 'miesiące', 'miesięcy'))).toEqual([
      'miesiąc',
      'miesiące',
      'miesiące',
      'miesięcy',
      'miesięcy',
      'miesięcy',
      'miesiące',
      'miesięcy',
    ]);
  });

  it('builds the locale from PUBLIC_ORIGIN', () => {
    expect(locale).toEqual({
      country: 'PL',
      code: 'pl-PL',
      language: 'pl',
      host: 'pozyczki.example:8443',
      countryCode: 'PL',
      timezone: 'Europe/Warsaw',
      currency: 'PLN',
      currencySign: 'zł',
    });
  });
});
