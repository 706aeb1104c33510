import { formatDate, formatMoney, formatMoneyWhole, formatDecimal, plural } from './format';
import { addDays, clampAmountZl, clampPeriodMonths, loanExample, todayIn } from './loan-example';
import { createPolishLocale, languageCookie } from './locale';

const locale = createPolishLocale('https://pozyczki.example:8443');

describe('loan example (spec point 9)', () => {
  it('reproduces the worked example: 2 000 zł over 3 months → 2 018 zł, commission 18 zł', () => {
    const example = loanExample(2_000, 3, '2025-01-20');
    expect(example).toEqual({
      amountGrosze: 200_000,
      periodMonths: 3,
      periodDays: 90,
      commissionGrosze: 1_800,
      totalGrosze: 201_800,
      repaymentDate: '2025-04-20',
    });
    expect(formatMoney(locale, example.totalGrosze)).toBe('2\u00a0018,00\u00a0zł');
    expect(formatMoney(locale, example.commissionGrosze)).toBe('18,00\u00a0zł');
  });

  it('scales the same rate to other choices, in whole grosze', () => {
    expect(loanExample(15_000, 12, '2025-01-01')).toMatchObject({ commissionGrosze: 54_000, totalGrosze: 1_554_000 });
    expect(loanExample(100, 3, '2025-01-01')).toMatchObject({ commissionGrosze: 90, totalGrosze: 10_090 });
  });

  it('keeps slider values inside 100–15 000 zł in 100 zł steps and 3–12 months', () => {
    expect(clampAmountZl(50)).toBe(100);
    expect(clampAmountZl(20_000)).toBe(15_000);
    expect(clampAmountZl(2_049)).toBe(2_000);
    expect(clampAmountZl(Number.NaN)).toBe(2_000);
    expect(clampPeriodMonths(1)).toBe(3);
    expect(clampPeriodMonths(24)).toBe(12);
    expect(clampPeriodMonths(Number.NaN)).toBe(3);
  });

  it('counts dates in the Warsaw calendar across month and year ends', () => {
    expect(addDays('2024-12-15', 90)).toBe('2025-03-15');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    // 23:30 UTC on 31 Dec is already 1 Jan in Warsaw
    expect(todayIn('Europe/Warsaw', new Date('2024-12-31T23:30:00Z'))).toBe('2025-01-01');
  });
});

describe('Polish formatting and locale', () => {
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

  it('builds the locale from PUBLIC_ORIGIN and a 365-day language cookie', () => {
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
    expect(languageCookie(locale, true)).toBe('lang=pl; Max-Age=31536000; Path=/; SameSite=Lax; Secure');
    expect(languageCookie(locale, false)).not.toContain('Secure');
  });
});
