import {
  type CashFlow,
  Decimal,
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
 *
 * Whether the lender waives this for a first loan is reported in `firstLoanFreeApplies` (first
 * loan free, amount within the free limit, single repayment); the figures stay the regular ones,
 * which is what the representative example must state.
 */
export function loanCost(terms: LoanTerms, amountGrosze: number, periodDays: number): LoanCost {
  const feesGrosze =
    new Decimal(amountGrosze).times(terms.commissionBp).div(10_000).round(0, Decimal.roundHalfUp).toNumber() +
    terms.feeGrosze;
  let interestGrosze: number;
  let flows: CashFlow[];
  let periodsPerYear: number;
  if (terms.repayment === 'single') {
    interestGrosze = simpleInterestGrosze(amountGrosze, terms.interestRateBp, periodDays);
    flows = [{ period: periodDays, amountGrosze: amountGrosze + interestGrosze + feesGrosze }];
    periodsPerYear = 365;
  } else {
    const months = Math.max(1, Math.round(periodDays / DAYS_PER_INSTALMENT));
    const instalment = annuityPaymentGrosze(
      amountGrosze,
      monthlyRate(bpToPercent(terms.interestRateBp)),
      months,
    );
    interestGrosze = instalment * months - amountGrosze;
    const feePart = Math.floor(feesGrosze / months);
    flows = Array.from({ length: months }, (_, i) => ({
      period: i + 1,
      amountGrosze:
        i === months - 1 ? instalment + feesGrosze - feePart * (months - 1) : instalment + feePart,
    }));
    periodsPerYear = 12;
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
    firstLoanFreeApplies: firstLoanFreeApplies(terms, amountGrosze),
  };
}

/** A first loan of this amount costs nothing: first loan free, single repayment, within the free limit. */
export function firstLoanFreeApplies(terms: LoanTerms, amountGrosze: number): boolean {
  return terms.firstLoanFree && terms.repayment === 'single' && amountGrosze <= terms.firstLoanFreeMaxGrosze;
}

/** An RRSO string ('36.54') in basis points (3654). */
export function rrsoBasisPoints(rrsoPercent: string): number {
  return new Decimal(rrsoPercent).times(100).round(0, Decimal.roundHalfUp).toNumber();
}
