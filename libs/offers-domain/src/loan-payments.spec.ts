import { type LoanTerms, loanCost } from './loan-cost';
import { loanPayments } from './loan-payments';

const monthly: LoanTerms = {
  interestRateBp: 1_200,
  commissionBp: 1_000,
  feeGrosze: 1,
  repayment: 'monthly',
  firstLoanFree: false,
  firstLoanFreeMaxGrosze: 0,
};

describe('the payments a priced loan is repaid in', () => {
  it('splits an instalment loan into equal annuity instalments with the fees spread and their remainder last', () => {
    // 1 200 zł over 90 days = 3 instalments at 1 % a month: 120 000 × 0.01 × 1.01³ / (1.01³ − 1)
    // = 40 802.65 → 40 803 gr; fees 12 000 (10 %) + 1 gr = 12 001 gr: 4 000 a month, 4 001 on the last.
    const cost = loanCost(monthly, 120_000, 90);
    expect(loanPayments(cost)).toEqual({ count: 3, regularGrosze: 44_803, lastGrosze: 44_804 });
    // Interest 3 × 40 803 − 120 000 = 2 409 gr: 120 000 + 2 409 + 12 001 = 134 410 = 2 × 44 803 + 44 804.
    expect(cost.totalPayableGrosze).toBe(134_410);
  });

  it('repays a single-payment loan at once: the total payable', () => {
    // 2 000 zł for 30 days at 10 % a year and 5 % commission: interest 200 000 × 0.1 × 30 / 365 = 1 643.84 → 1 644 gr.
    const cost = loanCost(
      { ...monthly, interestRateBp: 1_000, commissionBp: 500, feeGrosze: 0, repayment: 'single' },
      200_000,
      30,
    );
    expect(cost.totalPayableGrosze).toBe(200_000 + 1_644 + 10_000);
    expect(loanPayments(cost)).toEqual({ count: 1, regularGrosze: 211_644, lastGrosze: 211_644 });
  });

  it('states nothing for a cost that is not in that shape', () => {
    const cost = loanCost(monthly, 120_000, 90);
    expect(loanPayments({ ...cost, interestGrosze: cost.interestGrosze + 1 })).toBeNull();
    expect(loanPayments({ ...cost, payments: 0 })).toBeNull();
  });
});
