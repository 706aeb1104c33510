import { type LoanCost } from './loan-cost';

/** How a priced loan is repaid: `count` payments of `regularGrosze`, the last one `lastGrosze`. */
export interface LoanPayments {
  count: number;
  regularGrosze: number;
  lastGrosze: number;
}

/**
 * The payments of a loan priced by `loanCost` (or `freeFirstLoanCost`), as the representative
 * example states them: one payment of the total payable, or equal monthly instalments of principal
 * and interest with the commission and fees spread evenly and the remainder of that division on the
 * last instalment. Null for a cost not in that shape (its principal and interest do not divide into
 * its instalments), which is then not stated rather than guessed.
 */
export function loanPayments(cost: LoanCost): LoanPayments | null {
  const count = cost.payments;
  if (!Number.isInteger(count) || count < 1) return null;
  if (count === 1)
    return { count, regularGrosze: cost.totalPayableGrosze, lastGrosze: cost.totalPayableGrosze };
  const principalAndInterest = cost.amountGrosze + cost.interestGrosze;
  if (principalAndInterest % count !== 0) return null;
  const instalment = principalAndInterest / count;
  const feePart = Math.floor(cost.feesGrosze / count);
  return {
    count,
    regularGrosze: instalment + feePart,
    lastGrosze: instalment + cost.feesGrosze - feePart * (count - 1),
  };
}
