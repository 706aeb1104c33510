/**
 * The home page's example cost indicators (product spec points 2 and 9). The worked example is
 * 2 000 zł over 3 months → 2 018 zł to repay with an 18 zł commission, i.e. 3.65 % a year on a
 * 90-day term; the same rate is applied to whatever the visitor picks on the sliders. Money stays
 * in integer grosze so no binary-float rounding reaches the screen.
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
  amountGrosze: number;
  periodMonths: number;
  periodDays: number;
  commissionGrosze: number;
  totalGrosze: number;
  /** ISO date (YYYY-MM-DD) in the given time zone. */
  repaymentDate: string;
}

export function clampAmountZl(value: number): number {
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

export function loanExample(amountZl: number, periodMonths: number, today: string): LoanExample {
  const amountGrosze = clampAmountZl(amountZl) * 100;
  const months = clampPeriodMonths(periodMonths);
  const periodDays = months * DAYS_PER_MONTH;
  // amount × rate × days / 365 with the rate in basis points; rounded half up to a whole grosz.
  const commissionGrosze = Math.round((amountGrosze * EXAMPLE_ANNUAL_RATE_BP * periodDays) / (10_000 * 365));
  return {
    amountGrosze,
    periodMonths: months,
    periodDays,
    commissionGrosze,
    totalGrosze: amountGrosze + commissionGrosze,
    repaymentDate: addDays(today, periodDays),
  };
}

const isoDateFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = isoDateFormats.get(timeZone);
  if (!format) {
    // en-CA formats dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    isoDateFormats.set(timeZone, format);
  }
  return format.format(now);
}

export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days));
  return date.toISOString().slice(0, 10);
}
