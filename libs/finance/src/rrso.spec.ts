import { calculateDayLoan } from './loan-calculator';
import { annualPercentageRate, DAYS_PER_YEAR, MONTHS_PER_YEAR } from './rrso';

/*
 * Expected rates come from an independent computation in Python's decimal module (50 digits), not
 * from this code. A single repayment has the closed form RRSO = (paid / received)^(1 / t) − 1 with
 * t the time in years:
 *
 *   from decimal import Decimal as D, getcontext; getcontext().prec = 50
 *   rrso = lambda net, paid, t: ((D(paid) / D(net)).ln() / t).exp() - 1
 *   rrso(200000, 224017, D(30) / 365)  # 2.9739305423… → 297,39 %
 *   rrso(200000, 224017, D(1) / 12)    # 2.8995255949… → 289,95 % (the same payment a month later)
 *   rrso(100000, 111923, D(61) / 365)  # 0.9620681986… →  96,21 %
 *   rrso(190000, 209000, D(90) / 365)  # 0.4718729849… →  47,19 %
 *
 * Monthly instalments by bisection of Σ D_k (1 + X)^(−k/12) = received (300 iterations on [0, 100]):
 *
 *   3 × 1 100 zł after 1, 2 and 3 months for 3 000 zł received → X = 0.7797551657… → 77,98 %
 */

describe('RRSO time from the drawdown', () => {
  it('counts a single repayment after 30 days as 30/365 of a year, not as a month', () => {
    // 2 000 zł repaid with 240,17 zł of cost (an instalment offer's one instalment at 30 days)
    expect(
      annualPercentageRate(200_000, [{ period: 30, amountGrosze: 224_017 }], DAYS_PER_YEAR)?.toFixed(2),
    ).toBe('297.39');
    // The same payment dated one month (1/12 year ≈ 30,4 days) after the drawdown is a different loan.
    expect(
      annualPercentageRate(200_000, [{ period: 1, amountGrosze: 224_017 }], MONTHS_PER_YEAR)?.toFixed(2),
    ).toBe('289.95');
  });

  it('counts a single repayment after 61 days as 61/365 of a year', () => {
    // 1 000 zł; 14,5 % a year for 61 days = 24,23 zł; 9,5 % commission = 95 zł
    expect(
      annualPercentageRate(100_000, [{ period: 61, amountGrosze: 111_923 }], DAYS_PER_YEAR)?.toFixed(2),
    ).toBe('96.21');
  });

  it('counts the calculator’s loan in days of 90 days as 90/365 of a year', () => {
    // 2 000 zł at 0,05 % a day for 90 days = 90 zł interest; a 100 zł commission leaves 1 900 zł paid out
    const answer = calculateDayLoan(
      {
        amountGrosze: 200_000,
        dailyRatePercent: '0.05',
        days: 90,
        commissionGrosze: 10_000,
        loanType: 'personal',
      },
      '2026-11-24',
    );
    if (!answer.ok) throw new Error('expected a result');
    expect(answer.result.totalToRepayGrosze).toBe(219_000);
    expect(answer.result.rrsoPercent).toBe('47.19');
  });

  it('counts monthly instalments as twelfths of a year', () => {
    const flows = [1, 2, 3].map((month) => ({ period: month, amountGrosze: 110_000 }));
    expect(annualPercentageRate(300_000, flows, MONTHS_PER_YEAR)?.toFixed(2)).toBe('77.98');
  });
});
