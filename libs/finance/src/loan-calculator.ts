import { formatDate, formatMoney, formatPercent, formatPercentDecimal, formatZloty } from '@lib/pl-format';
import { Decimal, type DecimalValue } from './decimal';
import {
  CONSUMER_CREDIT_ACT_MAX_GROSZE,
  type ConsumerCreditActExclusion,
  consumerCreditActExclusion,
  maxInterestRatePercent,
  maxNonInterestCostGrosze,
  referenceRateOn,
  type ReferenceRateDecision,
} from './legal-caps';
import {
  monthlyRate,
  monthlySchedule,
  type RepaymentKind,
  type ScheduleRow,
  scheduleTotals,
  singlePaymentSchedule,
} from './loan-schedule';
import { groszeFromZloty } from './money';
import { annualPercentageRate, DAYS_PER_YEAR, MONTHS_PER_YEAR, type PeriodsPerYear } from './rrso';

/*
 * The loan calculator: amount, annual interest rate, term in months,
 * type (personal or business), repayment kind and an optional commission → the schedule and every
 * figure derived from it, with the Polish legal caps checked next to them. Also a loan in days
 * with simple daily interest. Pure: the same code runs on the server and
 * in the browser. Bad input gives Polish messages per field, never NaN or Infinity.
 */

export type LoanType = 'personal' | 'business';
export type { RepaymentKind };

export const LOAN_CALCULATOR_LIMITS = {
  amount: { minZl: 100, maxZl: 5_000_000 },
  rate: { minPercent: 0, maxPercent: 365 },
  months: { min: 1, max: 360 },
  days: { min: 1, max: 730 },
  dailyRate: { minPercent: 0, maxPercent: 2 },
  /** Longest text a field is read from (longer answers the field's message). */
  maxFieldLength: 20,
} as const;

/** Fields of the calculator form, by their names in forms and in addresses. */
export type LoanCalculatorField = 'amount' | 'rate' | 'months' | 'kind' | 'type' | 'commission';

const L = LOAN_CALCULATOR_LIMITS;

export const LOAN_CALCULATOR_MESSAGES = {
  amount: `Podaj kwotę od ${formatZloty(L.amount.minZl)} do ${formatZloty(L.amount.maxZl)}`,
  rate: `Podaj oprocentowanie roczne od ${formatPercent(L.rate.minPercent)} do ${formatPercent(L.rate.maxPercent)}`,
  months: `Podaj okres od ${L.months.min} do ${L.months.max} miesięcy (pełne miesiące)`,
  kind: 'Wybierz raty równe albo malejące',
  type: 'Wybierz kredyt prywatny albo firmowy',
  commission: 'Prowizja może wynosić od 0\u00a0zł do kwoty niższej niż kwota kredytu',
  days: `Podaj okres od ${L.days.min} do ${L.days.max} dni`,
  dailyRate: `Podaj oprocentowanie dzienne od ${formatPercent(L.dailyRate.minPercent)} do ${formatPercent(L.dailyRate.maxPercent)}`,
} as const;

export interface LoanCalculatorInput {
  amountGrosze: number;
  /** Annual nominal rate in percent, a plain decimal string ('12.5'). */
  annualRatePercent: string;
  months: number;
  kind: RepaymentKind;
  loanType: LoanType;
  /** Commission paid at drawdown; 0 when none. */
  commissionGrosze: number;
}

export type LoanCalculatorRaw = Partial<Record<LoanCalculatorField, string | undefined>>;

export type ParsedLoanInput =
  | { ok: true; input: LoanCalculatorInput }
  | { ok: false; errors: Partial<Record<LoanCalculatorField, string>> };

/** '10 000,50' or '10000.5' → a plain decimal string; undefined when not a non-negative decimal. */
export function parseDecimalInput(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(/zł$|%$/i, '');
  if (compact.length === 0 || compact.length > L.maxFieldLength) return undefined;
  if (!/^\d+(?:[.,]\d+)?$/.test(compact)) return undefined;
  return new Decimal(compact.replace(',', '.')).toFixed();
}

/** Money text to whole grosze; undefined when it is not money or has more than two decimals. */
function parseMoneyGrosze(text: string | undefined): number | undefined {
  const value = parseDecimalInput(text);
  if (value === undefined) return undefined;
  const grosze = new Decimal(value).times(100);
  return grosze.eq(grosze.round(0)) ? grosze.toNumber() : undefined;
}

function parseWhole(text: string | undefined, min: number, max: number): number | undefined {
  const trimmed = (text ?? '').trim();
  if (!/^\d{1,6}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : undefined;
}

function inRange(value: string | undefined, min: number, max: number): value is string {
  return value !== undefined && new Decimal(value).gte(min) && new Decimal(value).lte(max);
}

/**
 * Reads the form (or an address's query): amount, rate and months are required; kind defaults to
 * annuity, type to personal, an empty commission to none. One Polish message per bad field.
 */
export function parseLoanCalculatorInput(raw: LoanCalculatorRaw): ParsedLoanInput {
  const errors: Partial<Record<LoanCalculatorField, string>> = {};
  const amountGrosze = parseMoneyGrosze(raw.amount);
  if (
    amountGrosze === undefined ||
    amountGrosze < groszeFromZloty(L.amount.minZl) ||
    amountGrosze > groszeFromZloty(L.amount.maxZl)
  )
    errors.amount = LOAN_CALCULATOR_MESSAGES.amount;
  const rate = parseDecimalInput(raw.rate);
  if (!inRange(rate, L.rate.minPercent, L.rate.maxPercent) || (rate.split('.')[1]?.length ?? 0) > 4)
    errors.rate = LOAN_CALCULATOR_MESSAGES.rate;
  const months = parseWhole(raw.months, L.months.min, L.months.max);
  if (months === undefined) errors.months = LOAN_CALCULATOR_MESSAGES.months;
  const kindText = (raw.kind ?? '').trim();
  const kind: RepaymentKind | undefined =
    kindText === '' || kindText === 'annuity'
      ? 'annuity'
      : kindText === 'decreasing'
        ? 'decreasing'
        : undefined;
  if (!kind) errors.kind = LOAN_CALCULATOR_MESSAGES.kind;
  const typeText = (raw.type ?? '').trim();
  const loanType: LoanType | undefined =
    typeText === '' || typeText === 'personal'
      ? 'personal'
      : typeText === 'business'
        ? 'business'
        : undefined;
  if (!loanType) errors.type = LOAN_CALCULATOR_MESSAGES.type;
  const commissionText = (raw.commission ?? '').trim();
  const commissionGrosze = commissionText === '' ? 0 : parseMoneyGrosze(commissionText);
  if (commissionGrosze === undefined || (amountGrosze !== undefined && commissionGrosze >= amountGrosze))
    errors.commission = LOAN_CALCULATOR_MESSAGES.commission;

  if (
    Object.keys(errors).length > 0 ||
    amountGrosze === undefined ||
    rate === undefined ||
    months === undefined ||
    !kind ||
    !loanType ||
    commissionGrosze === undefined
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    input: { amountGrosze, annualRatePercent: rate, months, kind, loanType, commissionGrosze },
  };
}

export interface LegalCapCheck {
  /** The reference rate the interest cap was computed from, with its date and source. */
  referenceRate: ReferenceRateDecision;
  /** Maximum annual interest in percent ('14.5'). */
  maxInterestPercent: string;
  /** The loan's annual nominal interest in percent. */
  annualInterestPercent: string;
  interestWithinCap: boolean;
  /**
   * Art. 36a binds only credit the consumer credit act covers: personal, and at most 255 550 zł.
   * Outside it the cap is neither computed nor checked.
   */
  nonInterestCapApplies: boolean;
  /** Why the act does not cover this credit; undefined when it does. */
  consumerActExclusion: ConsumerCreditActExclusion | undefined;
  /** The art. 36a cap; undefined when it does not apply (there is no such cap to show). */
  maxNonInterestCostGrosze: number | undefined;
  nonInterestCostGrosze: number;
  /** True also when the cap does not apply: nothing is over a cap that is not there. */
  nonInterestWithinCap: boolean;
  /** Polish explanations, one per cap, in the order interest, non-interest cost. */
  explanations: string[];
}

export interface LoanCalculation {
  schedule: ScheduleRow[];
  /** First and last instalments (equal for an annuity, but for the rounding absorbed by the last). */
  firstPaymentGrosze: number;
  lastPaymentGrosze: number;
  amountGrosze: number;
  commissionGrosze: number;
  totalInterestGrosze: number;
  /** Interest + commission. */
  totalCostGrosze: number;
  /** Everything the borrower pays: instalments + commission. */
  totalToRepayGrosze: number;
  /** RRSO in percent rounded to 0.01 ('19.56'), or undefined when it cannot be computed. */
  rrsoPercent: string | undefined;
  caps: LegalCapCheck;
}

// Figures and dates in the explanations are written by the site's one formatter (@lib/pl-format).
const percentText = (value: string) => formatPercentDecimal(value);
const dateText = (day: string) => formatDate(day);
const groszeText = (grosze: number) => formatMoney(grosze);

/**
 * Why the consumer credit act's cost cap is not checked, in the visitor's words; the interest cap
 * is the civil code's, so the text says it still stands.
 */
function consumerActExclusionText(exclusion: ConsumerCreditActExclusion): string {
  const civilCodeStill =
    'Limit odsetek maksymalnych wynika z Kodeksu cywilnego, więc sprawdzamy go także tutaj.';
  return exclusion === 'business'
    ? `Ustawa o kredycie konsumenckim, a z nią limit kosztów pozaodsetkowych z art. 36a, nie dotyczy kredytu firmowego: chroni tylko konsumentów. Prowizji nie porównujemy więc z tym limitem. ${civilCodeStill}`
    : `Ustawa o kredycie konsumenckim, a z nią limit kosztów pozaodsetkowych z art. 36a, nie dotyczy tej kwoty: obejmuje kredyty do ${formatZloty(CONSUMER_CREDIT_ACT_MAX_GROSZE / 100)} (art. 3 ust. 1), a wpisana kwota jest wyższa. Prowizji nie porównujemy więc z tym limitem. Wyjątkiem jest kredyt na remont domu lub mieszkania bez zabezpieczenia hipoteką, który ustawa obejmuje także powyżej tej kwoty (art. 3 ust. 1a). ${civilCodeStill}`;
}

/** The art. 36a check of a credit the act covers. */
function nonInterestCheck(
  costGrosze: number,
  maxGrosze: number,
): { max: number; within: boolean; text: string } {
  const within = costGrosze <= maxGrosze;
  const rule = `art. 36a ustawy o kredycie konsumenckim: ${formatPercent(10)} kwoty + ${formatPercent(10)} kwoty za każdy rok kredytowania, najwyżej ${formatPercent(45)} kwoty`;
  return {
    max: maxGrosze,
    within,
    text: within
      ? `Prowizja ${groszeText(costGrosze)} mieści się w limicie pozaodsetkowych kosztów ${groszeText(maxGrosze)} (${rule}).`
      : `Prowizja ${groszeText(costGrosze)} przekracza limit pozaodsetkowych kosztów ${groszeText(maxGrosze)} (${rule}). Koszty ponad limit nie należą się pożyczkodawcy.`,
  };
}

function checkCaps(options: {
  today: string;
  annualInterestPercent: string;
  amountGrosze: number;
  termYears: DecimalValue;
  nonInterestCostGrosze: number;
  loanType: LoanType;
}): LegalCapCheck {
  const referenceRate = referenceRateOn(options.today);
  const maxInterest = maxInterestRatePercent(referenceRate.ratePercent);
  const interestWithinCap = new Decimal(options.annualInterestPercent).lte(maxInterest);
  const exclusion = consumerCreditActExclusion(options.amountGrosze, options.loanType === 'personal');
  const nonInterest =
    exclusion === undefined
      ? nonInterestCheck(
          options.nonInterestCostGrosze,
          maxNonInterestCostGrosze(options.amountGrosze, options.termYears),
        )
      : { max: undefined, within: true, text: consumerActExclusionText(exclusion) };
  const maxText = percentText(maxInterest.toFixed());
  const refText = percentText(new Decimal(referenceRate.ratePercent).toFixed());
  const explanations = [
    interestWithinCap
      ? `Oprocentowanie ${percentText(options.annualInterestPercent)} mieści się w limicie odsetek maksymalnych ${maxText} rocznie (art. 359 § 2¹ Kodeksu cywilnego: 2 × (stopa referencyjna NBP ${refText} + 3,5 p.p.), stopa obowiązująca od ${dateText(referenceRate.effectiveFrom)}).`
      : `Oprocentowanie ${percentText(options.annualInterestPercent)} przekracza odsetki maksymalne ${maxText} rocznie (art. 359 § 2¹ Kodeksu cywilnego: 2 × (stopa referencyjna NBP ${refText} + 3,5 p.p.), stopa obowiązująca od ${dateText(referenceRate.effectiveFrom)}). Odsetki ponad ten limit nie należą się pożyczkodawcy.`,
    nonInterest.text,
  ];
  return {
    referenceRate,
    maxInterestPercent: maxInterest.toFixed(),
    annualInterestPercent: options.annualInterestPercent,
    interestWithinCap,
    nonInterestCapApplies: exclusion === undefined,
    consumerActExclusion: exclusion,
    maxNonInterestCostGrosze: nonInterest.max,
    nonInterestCostGrosze: options.nonInterestCostGrosze,
    nonInterestWithinCap: nonInterest.within,
    explanations,
  };
}

function fromSchedule(
  schedule: ScheduleRow[],
  options: {
    amountGrosze: number;
    commissionGrosze: number;
    periodsPerYear: PeriodsPerYear;
    paymentPeriod: (row: ScheduleRow) => number;
    caps: Omit<Parameters<typeof checkCaps>[0], 'nonInterestCostGrosze' | 'amountGrosze'>;
  },
): LoanCalculation {
  const totals = scheduleTotals(schedule);
  const rrso = annualPercentageRate(
    options.amountGrosze - options.commissionGrosze,
    schedule.map((row) => ({ period: options.paymentPeriod(row), amountGrosze: row.paymentGrosze })),
    options.periodsPerYear,
  );
  return {
    schedule,
    firstPaymentGrosze: schedule[0]?.paymentGrosze ?? 0,
    lastPaymentGrosze: schedule[schedule.length - 1]?.paymentGrosze ?? 0,
    amountGrosze: options.amountGrosze,
    commissionGrosze: options.commissionGrosze,
    totalInterestGrosze: totals.interestGrosze,
    totalCostGrosze: totals.interestGrosze + options.commissionGrosze,
    totalToRepayGrosze: totals.paidGrosze + options.commissionGrosze,
    rrsoPercent: rrso?.toFixed(2),
    caps: checkCaps({
      ...options.caps,
      amountGrosze: options.amountGrosze,
      nonInterestCostGrosze: options.commissionGrosze,
    }),
  };
}

/** The calculator's result for parsed input, with the caps in force on `today` ('YYYY-MM-DD'). */
export function calculateLoan(input: LoanCalculatorInput, today: string): LoanCalculation {
  const schedule = monthlySchedule(
    input.amountGrosze,
    monthlyRate(input.annualRatePercent),
    input.months,
    input.kind,
  );
  return fromSchedule(schedule, {
    amountGrosze: input.amountGrosze,
    commissionGrosze: input.commissionGrosze,
    periodsPerYear: MONTHS_PER_YEAR,
    paymentPeriod: (row) => row.period,
    // A month is a twelfth of a year (the directive's 12 equal months), so n/R = months / 12.
    caps: {
      today,
      annualInterestPercent: new Decimal(input.annualRatePercent).toFixed(),
      termYears: new Decimal(input.months).div(12),
      loanType: input.loanType,
    },
  });
}

export interface DayLoanInput {
  amountGrosze: number;
  /** Simple interest a day in percent ('1' for 1% a day). */
  dailyRatePercent: string;
  days: number;
  commissionGrosze: number;
  loanType: LoanType;
}

export type DayLoanResult =
  | { ok: true; result: LoanCalculation }
  | { ok: false; errors: Partial<Record<'amount' | 'dailyRate' | 'days' | 'commission', string>> };

/**
 * A loan in days repaid at once with simple daily interest, e.g.
 * 10 000 zł, 90 days, 1% a day → 9 000 zł interest, 19 000 zł to repay.
 */
export function calculateDayLoan(input: DayLoanInput, today: string): DayLoanResult {
  const errors: Partial<Record<'amount' | 'dailyRate' | 'days' | 'commission', string>> = {};
  if (
    !Number.isInteger(input.amountGrosze) ||
    input.amountGrosze < groszeFromZloty(L.amount.minZl) ||
    input.amountGrosze > groszeFromZloty(L.amount.maxZl)
  )
    errors.amount = LOAN_CALCULATOR_MESSAGES.amount;
  const daily = parseDecimalInput(input.dailyRatePercent);
  if (!inRange(daily, L.dailyRate.minPercent, L.dailyRate.maxPercent))
    errors.dailyRate = LOAN_CALCULATOR_MESSAGES.dailyRate;
  if (!Number.isInteger(input.days) || input.days < L.days.min || input.days > L.days.max)
    errors.days = LOAN_CALCULATOR_MESSAGES.days;
  if (
    !Number.isInteger(input.commissionGrosze) ||
    input.commissionGrosze < 0 ||
    input.commissionGrosze >= input.amountGrosze
  )
    errors.commission = LOAN_CALCULATOR_MESSAGES.commission;
  if (Object.keys(errors).length > 0 || daily === undefined) return { ok: false, errors };
  const schedule = singlePaymentSchedule(input.amountGrosze, daily, input.days);
  return {
    ok: true,
    result: fromSchedule(schedule, {
      amountGrosze: input.amountGrosze,
      commissionGrosze: input.commissionGrosze,
      // Repaid once, the stated number of days after the drawdown: days/365 of a year.
      periodsPerYear: DAYS_PER_YEAR,
      paymentPeriod: () => input.days,
      caps: {
        today,
        annualInterestPercent: new Decimal(daily).times(365).toFixed(),
        termYears: new Decimal(input.days).div(365),
        loanType: input.loanType,
      },
    }),
  };
}
