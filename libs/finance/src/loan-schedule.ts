import { Decimal, type DecimalValue } from './decimal';

/*
 * Repayment schedules, exact to the grosz. Money is held in integer grosze; rates as decimals.
 * Every instalment's interest is the remaining balance times the period rate, rounded half up to a
 * grosz; the principal parts add up to the amount exactly because the last instalment takes
 * whatever balance is left (it absorbs the rounding of the earlier ones). Every figure a
 * calculator shows is summed from these rows, so the figures always agree with each other.
 */

export type RepaymentKind = 'annuity' | 'decreasing';

export interface ScheduleRow {
  /** 1-based number of the instalment (month, or the single payment of a loan in days). */
  period: number;
  paymentGrosze: number;
  interestGrosze: number;
  principalGrosze: number;
  /** Balance left after this payment (the 'debt' column). */
  balanceGrosze: number;
}

/** Digits kept while raising to a power: far below a grosz on any amount a calculator takes. */
const WORKING_DP = 30;

/** base^exponent for a whole exponent ≥ 0, rounding every product (big.js pow keeps every digit). */
export function powWhole(base: DecimalValue, exponent: number): DecimalValue {
  if (!Number.isInteger(exponent) || exponent < 0)
    throw new RangeError(`whole exponent expected: ${exponent}`);
  let result = new Decimal(1);
  let square = base;
  let rest = exponent;
  while (rest > 0) {
    if (rest % 2 === 1) result = result.times(square).round(WORKING_DP);
    rest = Math.floor(rest / 2);
    if (rest > 0) square = square.times(square).round(WORKING_DP);
  }
  return result;
}

const toGrosze = (value: DecimalValue): number => value.round(0, Decimal.roundHalfUp).toNumber();

/** The monthly rate of an annual nominal rate in percent: the annual rate divided by 12 (nominal, not compounded). */
export function monthlyRate(annualRatePercent: DecimalValue | string): DecimalValue {
  return new Decimal(annualRatePercent).div(100).div(12);
}

/**
 * The fixed (annuity) instalment, rounded half up to a grosz:
 * P = A·r / (1 − (1 + r)^−n), and A / n when the rate is zero.
 */
export function annuityPaymentGrosze(amountGrosze: number, rate: DecimalValue, months: number): number {
  const amount = new Decimal(amountGrosze);
  if (rate.eq(0)) return toGrosze(amount.div(months));
  const growth = powWhole(rate.plus(1), months);
  // A·r·(1+r)^n / ((1+r)^n − 1), the same formula without a negative power.
  return toGrosze(amount.times(rate).times(growth).div(growth.minus(1)));
}

/** Monthly schedule of `months` instalments at `rate` a month (annuity: equal payments; decreasing: equal principal parts). */
export function monthlySchedule(
  amountGrosze: number,
  rate: DecimalValue,
  months: number,
  kind: RepaymentKind,
): ScheduleRow[] {
  const rows: ScheduleRow[] = [];
  const payment = kind === 'annuity' ? annuityPaymentGrosze(amountGrosze, rate, months) : 0;
  const principalPart = kind === 'decreasing' ? toGrosze(new Decimal(amountGrosze).div(months)) : 0;
  let balance = amountGrosze;
  for (let period = 1; period <= months; period += 1) {
    const interest = toGrosze(new Decimal(balance).times(rate));
    const last = period === months;
    let principal = kind === 'annuity' ? payment - interest : principalPart;
    // The last instalment repays exactly what is left; none repays more than is owed.
    if (last || principal > balance) principal = balance;
    if (principal < 0) principal = 0;
    balance -= principal;
    rows.push({
      period,
      paymentGrosze: principal + interest,
      interestGrosze: interest,
      principalGrosze: principal,
      balanceGrosze: balance,
    });
  }
  return rows;
}

/**
 * A loan in days repaid in one payment, with simple interest of `dailyRatePercent` a day on the
 * amount (the spec's worked example: 10 000 zł, 90 days, 1% a day → 9 000 zł interest).
 */
export function singlePaymentSchedule(
  amountGrosze: number,
  dailyRatePercent: DecimalValue | string,
  days: number,
): ScheduleRow[] {
  const interest = toGrosze(new Decimal(amountGrosze).times(dailyRatePercent).div(100).times(days));
  return [
    {
      period: 1,
      paymentGrosze: amountGrosze + interest,
      interestGrosze: interest,
      principalGrosze: amountGrosze,
      balanceGrosze: 0,
    },
  ];
}

export interface ScheduleTotals {
  paidGrosze: number;
  interestGrosze: number;
  principalGrosze: number;
}

export function scheduleTotals(rows: readonly ScheduleRow[]): ScheduleTotals {
  let paid = 0;
  let interest = 0;
  let principal = 0;
  for (const row of rows) {
    paid += row.paymentGrosze;
    interest += row.interestGrosze;
    principal += row.principalGrosze;
  }
  return { paidGrosze: paid, interestGrosze: interest, principalGrosze: principal };
}
