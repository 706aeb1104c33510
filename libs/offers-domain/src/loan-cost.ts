import {
  type CashFlow,
  DAYS_PER_YEAR,
  Decimal,
  MONTHS_PER_YEAR,
  type PeriodsPerYear,
  annualPercentageRate,
  annuityPaymentGrosze,
  monthlyRate,
  simpleInterestGrosze,
} from '@lib/finance';

/** Days in a month when a monthly offer's term is counted in instalments (the worked example's 30). */
export const DAYS_PER_INSTALMENT = 30;

export type Repayment = 'single' | 'monthly';

/** An offer's regular terms, as its feed states them. */
export interface LoanTerms {
  /** Annual interest rate, basis points. */
  interestRateBp: number;
  /** Commission as a share of the amount, basis points. */
  commissionBp: number;
  /** Fixed fee per loan, grosze. */
  feeGrosze: number;
  repayment: Repayment;
  firstLoanFree: boolean;
  /** Up to which amount the first loan is free (grosze). */
  firstLoanFreeMaxGrosze: number;
  /**
   * The periods the free first loan is limited to, when the feed states them (days); absent or 0:
   * the promotion follows the offer's own period limits.
   */
  firstLoanFreeMinDays?: number;
  firstLoanFreeMaxDays?: number;
}

/** What one amount over one term costs (the contract's LoanCost). */
export interface LoanCost {
  amountGrosze: number;
  periodDays: number;
  interestRateBp: number;
  interestGrosze: number;
  feesGrosze: number;
  totalCostGrosze: number;
  totalPayableGrosze: number;
  /** RRSO in percent, two decimals ('36.54'). */
  rrsoPercent: string;
  payments: number;
  firstLoanFreeApplies: boolean;
}

const bpToPercent = (bp: number) => new Decimal(bp).div(100);

/**
 * The cost of borrowing `amountGrosze` for `periodDays` at an offer's regular terms, with its RRSO
 * by the formula of the consumer credit act (annex 4), computed by `@lib/finance`:
 *
 * - 'single' (payday loans): interest is simple interest actual/365 on the amount, the commission
 *   and the fee are charged once, and everything is repaid in one payment on the last day; the
 *   RRSO counts that payment in days (365 a year).
 * - 'monthly' (instalment loans): the term is round(days / 30) monthly instalments (at least one),
 *   interest by the annuity formula at the annual rate / 12, the commission and fee spread evenly
 *   over the instalments (the remainder of the division on the last); the RRSO counts months (12 a year).
 *   A term of one instalment is one repayment after the stated days, so its RRSO counts those days
 *   (365 a year): 30 days is 30/365 of a year, where a month would be 1/12.
 *
 * Whether the lender waives this for a first loan is reported in `firstLoanFreeApplies` (first
 * loan free, amount within the free limit, term within the promotion's, single repayment); the
 * figures stay the regular ones, which is what the representative example must state (a match's
 * figures are `priceMatch`'s: those of the free first loan where it applies).
 */
export function loanCost(terms: LoanTerms, amountGrosze: number, periodDays: number): LoanCost {
  const feesGrosze =
    new Decimal(amountGrosze).times(terms.commissionBp).div(10_000).round(0, Decimal.roundHalfUp).toNumber() +
    terms.feeGrosze;
  let interestGrosze: number;
  let flows: CashFlow[];
  let periodsPerYear: PeriodsPerYear;
  if (terms.repayment === 'single') {
    interestGrosze = simpleInterestGrosze(amountGrosze, terms.interestRateBp, periodDays);
    flows = [{ period: periodDays, amountGrosze: amountGrosze + interestGrosze + feesGrosze }];
    periodsPerYear = DAYS_PER_YEAR;
  } else {
    const months = Math.max(1, Math.round(periodDays / DAYS_PER_INSTALMENT));
    const instalment = annuityPaymentGrosze(
      amountGrosze,
      monthlyRate(bpToPercent(terms.interestRateBp)),
      months,
    );
    interestGrosze = instalment * months - amountGrosze;
    const feePart = Math.floor(feesGrosze / months);
    const oneRepayment = months === 1;
    flows = Array.from({ length: months }, (_, i) => ({
      period: oneRepayment ? periodDays : i + 1,
      amountGrosze:
        i === months - 1 ? instalment + feesGrosze - feePart * (months - 1) : instalment + feePart,
    }));
    periodsPerYear = oneRepayment ? DAYS_PER_YEAR : MONTHS_PER_YEAR;
  }
  const totalCostGrosze = interestGrosze + feesGrosze;
  const rrso = annualPercentageRate(amountGrosze, flows, periodsPerYear);
  return {
    amountGrosze,
    periodDays,
    interestRateBp: terms.interestRateBp,
    interestGrosze,
    feesGrosze,
    totalCostGrosze,
    totalPayableGrosze: amountGrosze + totalCostGrosze,
    rrsoPercent: (rrso ?? new Decimal(0)).toFixed(2),
    payments: flows.length,
    firstLoanFreeApplies: firstLoanFreeApplies(terms, amountGrosze, periodDays),
  };
}

/**
 * A first loan of this amount (and, when given, this term) costs nothing: first loan free, single
 * repayment, the amount within the free limit and the term within the promotion's period limits
 * when the feed states them.
 */
export function firstLoanFreeApplies(terms: LoanTerms, amountGrosze: number, periodDays?: number): boolean {
  if (!terms.firstLoanFree || terms.repayment !== 'single' || amountGrosze > terms.firstLoanFreeMaxGrosze)
    return false;
  if (periodDays === undefined) return true;
  const min = terms.firstLoanFreeMinDays ?? 0;
  const max = terms.firstLoanFreeMaxDays ?? 0;
  return (min <= 0 || periodDays >= min) && (max <= 0 || periodDays <= max);
}

/**
 * Whether the feed states the offer's regular terms. An offer advertising a free first loan whose
 * stated rate, commission and fee are all zero states only its promotion: a lender whose every loan
 * cost nothing would have no free first loan to offer. Such an offer has no known cost outside the
 * promotion, and none may be shown for it.
 */
export function regularTermsStated(terms: LoanTerms): boolean {
  return !(
    terms.firstLoanFree &&
    terms.interestRateBp === 0 &&
    terms.commissionBp === 0 &&
    terms.feeGrosze === 0
  );
}

/** The figures of a free first loan: nothing but the amount is repaid, in one payment, RRSO 0 %. */
export function freeFirstLoanCost(amountGrosze: number, periodDays: number): LoanCost {
  return {
    amountGrosze,
    periodDays,
    interestRateBp: 0,
    interestGrosze: 0,
    feesGrosze: 0,
    totalCostGrosze: 0,
    totalPayableGrosze: amountGrosze,
    rrsoPercent: '0.00',
    payments: 1,
    firstLoanFreeApplies: true,
  };
}

/** An RRSO string ('36.54') in basis points (3654). */
export function rrsoBasisPoints(rrsoPercent: string): number {
  return new Decimal(rrsoPercent).times(100).round(0, Decimal.roundHalfUp).toNumber();
}
