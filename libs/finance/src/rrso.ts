import { Decimal, type DecimalValue } from './decimal';
import { powWhole } from './loan-schedule';

/*
 * RRSO (rzeczywista roczna stopa oprocentowania, the APR) by the formula of Directive 2008/48/EC,
 * annex I, and of annex 4 to the Polish consumer credit act:
 *
 *     Σ_k C_k (1 + X)^(−t_k)  =  Σ_l D_l (1 + X)^(−s_l)
 *
 * drawdowns C_k on one side, the consumer's payments D_l on the other, t and s the time from the
 * first drawdown in years. Time is counted as the annex allows (a year has 365 days or 12 equal
 * months), in the unit the loan's terms are stated in: a payment due a stated number of days after
 * the drawdown is days/365 of a year (so a single repayment after 30 days is 30/365, not 1/12),
 * instalments due month by month are months/12. So every payment falls on a whole number of periods
 * and, with v = (1 + X)^(−1/periodsPerYear), the equation is a polynomial in v:
 *
 *     f(v) = Σ_l D_l · v^(n_l) − net drawdown = 0
 *
 * f rises and is convex for v > 0, and f(1) ≥ 0 whenever the consumer repays at least what they
 * got, so Newton's method started at v = 1 walks down to the root without overshooting. A float
 * run of the same iteration gives the starting point; the decimal iteration then reaches the root
 * in a step or two and stops only when its own step is below 1e-12, so the answer does not depend
 * on the floats. It is rounded to 0.01 percentage point.
 */

export interface CashFlow {
  /** Whole periods from the drawdown: the day number for DAYS_PER_YEAR, the month for MONTHS_PER_YEAR. */
  period: number;
  amountGrosze: number;
}

/** Periods in a year when payments are counted in days (the annex's 365-day year). */
export const DAYS_PER_YEAR = 365;
/** Periods in a year when payments are counted in months (the annex's 12 equal months). */
export const MONTHS_PER_YEAR = 12;
/** The two ways the annex's year is divided here: a flow's period is a day number or a month number. */
export type PeriodsPerYear = typeof DAYS_PER_YEAR | typeof MONTHS_PER_YEAR;

const MAX_ITERATIONS = 200;
/**
 * Newton's error after a step is of the order of the step squared, so a step below 1e-12 leaves v
 * exact to about 1e-24; even at 365 periods a year (dX/dv ≈ 365·v^−366) that moves the rate by far
 * less than the 0.01 pp it is rounded to.
 */
const TOLERANCE = new Decimal('1e-12');

/** Digits kept after the decimal point while discounting: far finer than the 0.01 pp answer needs. */
const WORKING_DP = 24;

/** Σ D·v^n and Σ n·D·v^n for flows sorted by period. */
function evaluate(
  flows: readonly CashFlow[],
  v: DecimalValue,
): { value: DecimalValue; slopeTimesV: DecimalValue } {
  let value = new Decimal(0);
  let slopeTimesV = new Decimal(0);
  let power = new Decimal(1);
  let at = 0;
  for (const flow of flows) {
    const gap = flow.period - at;
    power = power.times(gap === 1 ? v : powWhole(v, gap)).round(WORKING_DP);
    at = flow.period;
    const discounted = power.times(flow.amountGrosze);
    value = value.plus(discounted);
    slopeTimesV = slopeTimesV.plus(discounted.times(flow.period));
  }
  return { value, slopeTimesV };
}

/**
 * A first approximation of the root in binary floating point (the same Newton iteration, cheap),
 * so that the decimal iteration below needs only a step or two to reach and confirm the root.
 * Falls back to v = 1 (where the decimal iteration can always start) when floats cannot tell.
 */
function floatStart(net: number, flows: readonly CashFlow[]): number {
  let v = 1;
  for (let iteration = 0; iteration < 100; iteration += 1) {
    let value = -net;
    let slopeTimesV = 0;
    for (const flow of flows) {
      const discounted = flow.amountGrosze * v ** flow.period;
      value += discounted;
      slopeTimesV += discounted * flow.period;
    }
    const step = (value * v) / slopeTimesV;
    const next = v - step;
    if (!Number.isFinite(next) || next <= 0 || next > 1) return 1;
    v = next;
    if (Math.abs(step) < 1e-14) break;
  }
  return v;
}

/**
 * The annual percentage rate in percent (a decimal rounded to 0.01), or undefined when the flows
 * have none (nothing borrowed, or less repaid than received, or a payment at period 0).
 */
export function annualPercentageRate(
  netDrawdownGrosze: number,
  payments: readonly CashFlow[],
  periodsPerYear: PeriodsPerYear,
): DecimalValue | undefined {
  const flows = payments.filter((flow) => flow.amountGrosze > 0).sort((a, b) => a.period - b.period);
  if (
    netDrawdownGrosze <= 0 ||
    flows.length === 0 ||
    flows.some((flow) => !Number.isInteger(flow.period) || flow.period < 1)
  )
    return undefined;
  const net = new Decimal(netDrawdownGrosze);
  const repaid = flows.reduce((sum, flow) => sum + flow.amountGrosze, 0);
  if (repaid < netDrawdownGrosze) return undefined;
  if (repaid === netDrawdownGrosze) return new Decimal(0);

  let v = new Decimal(floatStart(netDrawdownGrosze, flows));
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration += 1) {
    const { value, slopeTimesV } = evaluate(flows, v);
    const f = value.minus(net);
    // f'(v) = Σ n·D·v^(n−1) = slopeTimesV / v
    const step = f.times(v).div(slopeTimesV);
    v = v.minus(step);
    if (v.lte(0)) return undefined;
    if (step.abs().lt(TOLERANCE)) {
      const growth = powWhole(new Decimal(1).div(v), periodsPerYear);
      return growth.minus(1).times(100).round(2, Decimal.roundHalfUp);
    }
  }
  return undefined;
}
