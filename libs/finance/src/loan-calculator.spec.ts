import {
  annualPercentageRate,
  annuityPaymentGrosze,
  calculateDayLoan,
  calculateLoan,
  CONSUMER_CREDIT_ACT_MAX_GROSZE,
  consumerCreditActExclusion,
  LOAN_CALCULATOR_MESSAGES,
  maxInterestRatePercent,
  maxNonInterestCostGrosze,
  monthlyRate,
  monthlySchedule,
  NBP_REFERENCE_RATES,
  parseDecimalInput,
  parseLoanCalculatorInput,
  powWhole,
  referenceRateOn,
  scheduleTotals,
  Decimal,
  type LoanCalculatorInput,
} from './index';

/*
 * Expected figures are written by hand or from an independent computation (a spreadsheet's
 * PMT(1%;12;-10000) = 888,49 zł; Python's decimal for the per-row schedule; a float bisection for
 * the RRSO), never read back from this code.
 */

const TODAY = '2026-11-24'; // NBP reference rate 3.75% (since 2026-03-05) → maximum interest 14.5%

const input = (overrides: Partial<LoanCalculatorInput> = {}): LoanCalculatorInput => ({
  amountGrosze: 1_000_000,
  annualRatePercent: '12',
  months: 12,
  kind: 'annuity',
  loanType: 'personal',
  commissionGrosze: 0,
  ...overrides,
});

describe('annuity schedule (annual rate / 12)', () => {
  it('10 000 zł at 12% for 12 months pays 888,49 zł a month (PMT)', () => {
    expect(annuityPaymentGrosze(1_000_000, monthlyRate('12'), 12)).toBe(88_849);
  });

  it('builds every row exactly to the grosz, the last instalment absorbing the rounding', () => {
    const rows = monthlySchedule(1_000_000, monthlyRate('12'), 12, 'annuity');
    // month, payment, interest, principal, balance — from an independent per-row computation
    expect(
      rows.map((r) => [r.period, r.paymentGrosze, r.interestGrosze, r.principalGrosze, r.balanceGrosze]),
    ).toEqual([
      [1, 88_849, 10_000, 78_849, 921_151],
      [2, 88_849, 9_212, 79_637, 841_514],
      [3, 88_849, 8_415, 80_434, 761_080],
      [4, 88_849, 7_611, 81_238, 679_842],
      [5, 88_849, 6_798, 82_051, 597_791],
      [6, 88_849, 5_978, 82_871, 514_920],
      [7, 88_849, 5_149, 83_700, 431_220],
      [8, 88_849, 4_312, 84_537, 346_683],
      [9, 88_849, 3_467, 85_382, 261_301],
      [10, 88_849, 2_613, 86_236, 175_065],
      [11, 88_849, 1_751, 87_098, 87_967],
      [12, 88_847, 880, 87_967, 0],
    ]);
    expect(scheduleTotals(rows)).toEqual({
      paidGrosze: 1_066_186,
      interestGrosze: 66_186,
      principalGrosze: 1_000_000,
    });
  });

  it('splits a zero-rate loan into equal parts, the last taking the remainder', () => {
    const rows = monthlySchedule(100_000, monthlyRate('0'), 3, 'annuity');
    expect(rows.map((r) => r.paymentGrosze)).toEqual([33_333, 33_333, 33_334]);
    expect(rows.every((r) => r.interestGrosze === 0)).toBe(true);
  });

  it('keeps the principal parts summing to the amount for long terms and odd amounts', () => {
    for (const [amount, rate, months] of [
      [123_456_789, '7.77', 360],
      [10_001, '365', 7],
      [500_000_000, '0.01', 240],
    ] as const) {
      const rows = monthlySchedule(amount, monthlyRate(rate), months, 'annuity');
      expect(scheduleTotals(rows).principalGrosze).toBe(amount);
      expect(rows[rows.length - 1]!.balanceGrosze).toBe(0);
      expect(rows.every((r) => Number.isInteger(r.paymentGrosze) && r.principalGrosze >= 0)).toBe(true);
    }
  });
});

describe('decreasing instalments', () => {
  it('12 000 zł at 12% for 12 months: 1 000 zł principal a month, interest 120 → 10 zł, 780 zł in all', () => {
    const rows = monthlySchedule(1_200_000, monthlyRate('12'), 12, 'decreasing');
    expect(rows.map((r) => r.interestGrosze)).toEqual([
      12_000, 11_000, 10_000, 9_000, 8_000, 7_000, 6_000, 5_000, 4_000, 3_000, 2_000, 1_000,
    ]);
    expect(rows.map((r) => r.paymentGrosze)).toEqual([
      112_000, 111_000, 110_000, 109_000, 108_000, 107_000, 106_000, 105_000, 104_000, 103_000, 102_000,
      101_000,
    ]);
    expect(scheduleTotals(rows).interestGrosze).toBe(78_000);
  });

  it('gives the rounding of the principal part to the last instalment', () => {
    const rows = monthlySchedule(100_000, monthlyRate('0'), 3, 'decreasing');
    expect(rows.map((r) => r.principalGrosze)).toEqual([33_333, 33_333, 33_334]);
  });
});

describe('RRSO (Directive 2008/48/EC annex I)', () => {
  it('equals the effective annual rate without a commission: (1 + 1%)^12 − 1 = 12,68%', () => {
    expect(calculateLoan(input(), TODAY).rrsoPercent).toBe('12.68');
  });

  it('counts a 500 zł commission: 24,18% (independent bisection: 24,1840%)', () => {
    expect(calculateLoan(input({ commissionGrosze: 50_000 }), TODAY).rrsoPercent).toBe('24.18');
  });

  it('works for decreasing instalments: 12 000 zł, 12%, 12 months, 600 zł commission → 24,40%', () => {
    expect(
      calculateLoan(input({ amountGrosze: 1_200_000, kind: 'decreasing', commissionGrosze: 60_000 }), TODAY)
        .rrsoPercent,
    ).toBe('24.40');
  });

  it('is zero when nothing more is repaid than received, and absent when it cannot exist', () => {
    expect(annualPercentageRate(100_000, [{ period: 1, amountGrosze: 100_000 }], 12)!.toFixed()).toBe('0');
    expect(annualPercentageRate(100_000, [{ period: 1, amountGrosze: 90_000 }], 12)).toBeUndefined();
    expect(annualPercentageRate(0, [{ period: 1, amountGrosze: 90_000 }], 12)).toBeUndefined();
    expect(annualPercentageRate(100_000, [], 12)).toBeUndefined();
  });
});

describe('a loan in days with simple daily interest (spec worked example)', () => {
  it('10 000 zł, 90 days, 1% a day → 9 000 zł interest, 19 000 zł total', () => {
    const answer = calculateDayLoan(
      { amountGrosze: 1_000_000, dailyRatePercent: '1', days: 90, commissionGrosze: 0, loanType: 'personal' },
      TODAY,
    );
    if (!answer.ok) throw new Error('expected a result');
    expect(answer.result.totalInterestGrosze).toBe(900_000);
    expect(answer.result.totalToRepayGrosze).toBe(1_900_000);
    expect(answer.result.schedule).toEqual([
      {
        period: 1,
        paymentGrosze: 1_900_000,
        interestGrosze: 900_000,
        principalGrosze: 1_000_000,
        balanceGrosze: 0,
      },
    ]);
    // 1,9^(365/90) − 1 = 1250,519…%
    expect(answer.result.rrsoPercent).toBe('1250.52');
    // 365% a year is far above the maximum interest, and is flagged, not hidden.
    expect(answer.result.caps.interestWithinCap).toBe(false);
    expect(answer.result.caps.annualInterestPercent).toBe('365');
  });

  it('gives Polish messages for out-of-range values', () => {
    const answer = calculateDayLoan(
      { amountGrosze: 5_000, dailyRatePercent: '3', days: 0, commissionGrosze: 0, loanType: 'personal' },
      TODAY,
    );
    expect(answer).toEqual({
      ok: false,
      errors: {
        amount: LOAN_CALCULATOR_MESSAGES.amount,
        dailyRate: LOAN_CALCULATOR_MESSAGES.dailyRate,
        days: LOAN_CALCULATOR_MESSAGES.days,
      },
    });
  });
});

describe('legal caps', () => {
  it('keeps the NBP reference rate as dated configuration with a source', () => {
    expect(referenceRateOn('2026-03-04').ratePercent).toBe('4.00');
    expect(referenceRateOn('2026-03-05').ratePercent).toBe('3.75');
    expect(referenceRateOn('2020-01-01')).toBe(NBP_REFERENCE_RATES[0]);
    for (const row of NBP_REFERENCE_RATES) expect(row.source).toMatch(/nbp\.pl/);
    const dates = NBP_REFERENCE_RATES.map((row) => row.effectiveFrom);
    expect([...dates].sort()).toEqual(dates);
  });

  it('maximum interest = 2 × (reference rate + 3.5 pp)', () => {
    expect(maxInterestRatePercent('3.75').toFixed()).toBe('14.5');
    expect(maxInterestRatePercent('6.75').toFixed()).toBe('20.5');
  });

  it('flags interest only above the cap, at its edge', () => {
    expect(calculateLoan(input({ annualRatePercent: '14.5' }), TODAY).caps.interestWithinCap).toBe(true);
    const over = calculateLoan(input({ annualRatePercent: '14.5001' }), TODAY).caps;
    expect(over.interestWithinCap).toBe(false);
    expect(over.explanations[0]).toMatch(/przekracza odsetki maksymalne 14,5\u00a0%/);
    // The day before the March 2026 cut the cap was 15%.
    expect(calculateLoan(input({ annualRatePercent: '14.9' }), '2026-03-04').caps.interestWithinCap).toBe(
      true,
    );
  });

  it('non-interest cost cap: 10% + 10% a year of the amount, never above 45%', () => {
    const year = new Decimal(1);
    expect(maxNonInterestCostGrosze(1_000_000, year)).toBe(200_000);
    expect(maxNonInterestCostGrosze(1_000_000, new Decimal(6).div(12))).toBe(150_000);
    expect(maxNonInterestCostGrosze(1_000_000, new Decimal(3))).toBe(400_000);
    expect(maxNonInterestCostGrosze(1_000_000, new Decimal(3.5))).toBe(450_000);
    expect(maxNonInterestCostGrosze(1_000_000, new Decimal(4))).toBe(450_000);
    expect(maxNonInterestCostGrosze(1_000_000, new Decimal(10))).toBe(450_000);
  });

  it('flags a commission one grosz over the cap, for personal loans only', () => {
    expect(calculateLoan(input({ commissionGrosze: 200_000 }), TODAY).caps.nonInterestWithinCap).toBe(true);
    const over = calculateLoan(input({ commissionGrosze: 200_001 }), TODAY).caps;
    expect(over.nonInterestWithinCap).toBe(false);
    expect(over.explanations[1]).toMatch(/przekracza limit pozaodsetkowych kosztów 2\u00a0000,00\u00a0zł/);
    const business = calculateLoan(input({ commissionGrosze: 200_001, loanType: 'business' }), TODAY).caps;
    expect(business.nonInterestCapApplies).toBe(false);
    expect(business.nonInterestWithinCap).toBe(true);
    expect(business.consumerActExclusion).toBe('business');
    expect(business.maxNonInterestCostGrosze).toBeUndefined();
    expect(business.explanations[1]).toMatch(/nie dotyczy kredytu firmowego/);
  });
});

describe('the consumer credit act’s scope (art. 3 ust. 1: credit of at most 255 550 zł)', () => {
  const AT_LIMIT = 25_555_000; // 255 550,00 zł, written out from the act, not read from the code
  // 20% of 255 550 zł (10% + 10% for one year) = 51 110 zł: the art. 36a cap at the limit, for 12 months
  const CAP_AT_LIMIT = 5_111_000;

  it('covers a consumer’s credit up to and including 255 550 zł, and no business loan', () => {
    expect(CONSUMER_CREDIT_ACT_MAX_GROSZE).toBe(AT_LIMIT);
    expect(consumerCreditActExclusion(AT_LIMIT, true)).toBeUndefined();
    expect(consumerCreditActExclusion(AT_LIMIT + 1, true)).toBe('amount');
    expect(consumerCreditActExclusion(10_000, false)).toBe('business');
    expect(consumerCreditActExclusion(AT_LIMIT + 1, false)).toBe('business');
  });

  it('checks art. 36a at 255 550 zł: one grosz of commission over 20% is flagged', () => {
    const within = calculateLoan(
      input({ amountGrosze: AT_LIMIT, commissionGrosze: CAP_AT_LIMIT }),
      TODAY,
    ).caps;
    expect(within).toMatchObject({
      nonInterestCapApplies: true,
      consumerActExclusion: undefined,
      maxNonInterestCostGrosze: CAP_AT_LIMIT,
      nonInterestWithinCap: true,
    });
    const over = calculateLoan(
      input({ amountGrosze: AT_LIMIT, commissionGrosze: CAP_AT_LIMIT + 1 }),
      TODAY,
    ).caps;
    expect(over.nonInterestWithinCap).toBe(false);
    expect(over.explanations[1]).toMatch(/przekracza limit pozaodsetkowych kosztów 51\u00a0110,00\u00a0zł/);
  });

  it('computes no art. 36a cap one grosz above 255 550 zł and says why, in Polish', () => {
    const caps = calculateLoan(
      input({ amountGrosze: AT_LIMIT + 1, commissionGrosze: CAP_AT_LIMIT + 1 }),
      TODAY,
    ).caps;
    expect(caps).toMatchObject({
      nonInterestCapApplies: false,
      consumerActExclusion: 'amount',
      maxNonInterestCostGrosze: undefined,
      nonInterestWithinCap: true,
    });
    expect(caps.explanations[1]).toMatch(
      /^Ustawa o kredycie konsumenckim, a z nią limit kosztów pozaodsetkowych z art\. 36a, nie dotyczy tej kwoty: obejmuje kredyty do 255\u00a0550\u00a0zł \(art\. 3 ust\. 1\)/,
    );
    expect(caps.explanations[1]).not.toMatch(/mieści się|przekracza/);
  });

  it('still checks the civil code’s maximum interest above the act’s range and for business', () => {
    // 300 000 zł at 20% on 2026-11-24: the cap is 2 × (3,75 + 3,5) = 14,5%
    for (const loanType of ['personal', 'business'] as const) {
      const caps = calculateLoan(
        input({ amountGrosze: 30_000_000, annualRatePercent: '20', loanType }),
        TODAY,
      ).caps;
      expect(caps.interestWithinCap).toBe(false);
      expect(caps.explanations[0]).toMatch(/przekracza odsetki maksymalne 14,5\u00a0%/);
      expect(caps.explanations[1]).toMatch(/Limit odsetek maksymalnych wynika z Kodeksu cywilnego/);
    }
  });

  it('applies the same scope to a loan in days', () => {
    const answer = calculateDayLoan(
      {
        amountGrosze: 30_000_000,
        dailyRatePercent: '0.01',
        days: 30,
        commissionGrosze: 0,
        loanType: 'personal',
      },
      TODAY,
    );
    if (!answer.ok) throw new Error('expected a result');
    expect(answer.result.caps.consumerActExclusion).toBe('amount');
    expect(answer.result.caps.maxNonInterestCostGrosze).toBeUndefined();
  });
});

describe('one schedule behind every figure', () => {
  it('sums totals from the rows and adds the commission once', () => {
    const result = calculateLoan(input({ commissionGrosze: 50_000 }), TODAY);
    expect(result.firstPaymentGrosze).toBe(88_849);
    expect(result.lastPaymentGrosze).toBe(88_847);
    expect(result.totalInterestGrosze).toBe(66_186);
    expect(result.totalCostGrosze).toBe(116_186);
    expect(result.totalToRepayGrosze).toBe(1_116_186);
  });
});

describe('reading the form', () => {
  it('accepts Polish number writing and defaults kind, type and commission', () => {
    expect(parseLoanCalculatorInput({ amount: '10 000,50', rate: '7,5', months: '24' })).toEqual({
      ok: true,
      input: {
        amountGrosze: 1_000_050,
        annualRatePercent: '7.5',
        months: 24,
        kind: 'annuity',
        loanType: 'personal',
        commissionGrosze: 0,
      },
    });
    expect(
      parseLoanCalculatorInput({
        amount: '5000',
        rate: '0',
        months: '1',
        kind: 'decreasing',
        type: 'business',
        commission: '100',
      }),
    ).toMatchObject({
      ok: true,
      input: { kind: 'decreasing', loanType: 'business', commissionGrosze: 10_000 },
    });
  });

  it.each([
    [{ amount: '99,99', rate: '10', months: '12' }, 'amount'],
    [{ amount: '5000001', rate: '10', months: '12' }, 'amount'],
    [{ amount: '1000,001', rate: '10', months: '12' }, 'amount'],
    [{ amount: '-1000', rate: '10', months: '12' }, 'amount'],
    [{ amount: 'Infinity', rate: '10', months: '12' }, 'amount'],
    [{ amount: '1e5', rate: '10', months: '12' }, 'amount'],
    [{ amount: undefined, rate: '10', months: '12' }, 'amount'],
    [{ amount: '1000', rate: '365,01', months: '12' }, 'rate'],
    [{ amount: '1000', rate: 'NaN', months: '12' }, 'rate'],
    [{ amount: '1000', rate: '1,123456', months: '12' }, 'rate'],
    [{ amount: '1000', rate: '10', months: '0' }, 'months'],
    [{ amount: '1000', rate: '10', months: '361' }, 'months'],
    [{ amount: '1000', rate: '10', months: '12,5' }, 'months'],
    [{ amount: '1000', rate: '10', months: '12', kind: 'balloon' }, 'kind'],
    [{ amount: '1000', rate: '10', months: '12', type: 'mortgage' }, 'type'],
    [{ amount: '1000', rate: '10', months: '12', commission: '1000' }, 'commission'],
    [{ amount: '1000', rate: '10', months: '12', commission: 'abc' }, 'commission'],
  ])('rejects %p on %s with its Polish message', (raw, field) => {
    const parsed = parseLoanCalculatorInput(raw);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors)).toEqual([field]);
    expect(parsed.errors[field as keyof typeof parsed.errors]).toBe(
      LOAN_CALCULATOR_MESSAGES[field as keyof typeof LOAN_CALCULATOR_MESSAGES],
    );
  });

  it('refuses over-long texts before reading them', () => {
    expect(parseDecimalInput('1'.repeat(21))).toBeUndefined();
    expect(parseDecimalInput('1 000 zł')).toBe('1000');
  });

  it('never gives NaN or Infinity at the extremes of the ranges', () => {
    for (const overrides of [
      { amountGrosze: 10_000, annualRatePercent: '365', months: 1 },
      { amountGrosze: 500_000_000, annualRatePercent: '365', months: 360 },
      { amountGrosze: 500_000_000, annualRatePercent: '0', months: 360, commissionGrosze: 499_999_999 },
      { amountGrosze: 10_000, annualRatePercent: '0.0001', months: 360, kind: 'decreasing' as const },
    ]) {
      const result = calculateLoan(input(overrides), TODAY);
      const text = JSON.stringify(result);
      expect(text).not.toMatch(/NaN|Infinity/);
      expect(result.rrsoPercent).toMatch(/^\d+\.\d{2}$/);
    }
  });
});

describe('powWhole', () => {
  it('raises to whole powers, rounding each product', () => {
    expect(powWhole(new Decimal('1.01'), 12).toFixed(10)).toBe('1.1268250301');
    expect(powWhole(new Decimal(2), 0).toFixed()).toBe('1');
    expect(() => powWhole(new Decimal(2), -1)).toThrow(RangeError);
  });
});
