import { addDaysToIsoDate } from '@lib/pl-calendar';
import { Decimal } from './decimal';
import { type Grosze, type Zloty, groszeFromZloty } from './money';

/**
 * The home page's example cost indicators. The product's worked example is
 * 2 000 zł over 3 months → 2 018 zł to repay with an 18 zł commission, i.e. 3.65 % a year on a
 * 90-day term; the same rate is applied to whatever the visitor picks on the sliders. Money stays
 * in integer grosze; the commission is computed exactly and rounded half up to a whole grosz.
 */
export const LOAN_SLIDER = {
  amount: { minZl: 100, maxZl: 15_000, stepZl: 100, defaultZl: 2_000 },
  period: { minMonths: 3, maxMonths: 12, stepMonths: 1, defaultMonths: 3 },
} as const;

/** Annual commission rate of the example in basis points (3.65 %). */
export const EXAMPLE_ANNUAL_RATE_BP = 365;
/** Months are counted as 30 days, the convention of the worked example (3 months = 90 days). */
export const DAYS_PER_MONTH = 30;

export interface LoanExample {
  amountGrosze: Grosze;
  periodMonths: number;
  periodDays: number;
  commissionGrosze: Grosze;
  totalGrosze: Grosze;
  /** 'YYYY-MM-DD': today plus the period. */
  repaymentDate: string;
}

export function clampAmountZl(value: number): Zloty {
  const { minZl, maxZl, stepZl } = LOAN_SLIDER.amount;
  if (!Number.isFinite(value)) return LOAN_SLIDER.amount.defaultZl;
  const stepped = Math.round(value / stepZl) * stepZl;
  return Math.min(maxZl, Math.max(minZl, stepped));
}

export function clampPeriodMonths(value: number): number {
  const { minMonths, maxMonths } = LOAN_SLIDER.period;
  if (!Number.isFinite(value)) return LOAN_SLIDER.period.defaultMonths;
  return Math.min(maxMonths, Math.max(minMonths, Math.round(value)));
}

/** Commission of `amountGrosze` over `days` at an annual rate in basis points (actual/365), in whole grosze. */
export function simpleInterestGrosze(amountGrosze: number, annualRateBp: number, days: number): number {
  return new Decimal(amountGrosze)
    .times(annualRateBp)
    .times(days)
    .div(10_000 * 365)
    .round(0, Decimal.roundHalfUp)
    .toNumber();
}

/** The indicators for slider values (clamped to the sliders' range and steps), borrowing on `today` ('YYYY-MM-DD'). */
export function loanExample(amountZl: Zloty, periodMonths: number, today: string): LoanExample {
  const amountGrosze = groszeFromZloty(clampAmountZl(amountZl));
  const months = clampPeriodMonths(periodMonths);
  const periodDays = months * DAYS_PER_MONTH;
  const commissionGrosze = simpleInterestGrosze(amountGrosze, EXAMPLE_ANNUAL_RATE_BP, periodDays);
  return {
    amountGrosze,
    periodMonths: months,
    periodDays,
    commissionGrosze,
    totalGrosze: amountGrosze + commissionGrosze,
    repaymentDate: addDaysToIsoDate(today, periodDays),
  };
}
