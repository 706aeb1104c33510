import {
  calculateDayLoan,
  calculateLoan,
  LOAN_CALCULATOR_LIMITS,
  type LoanCalculation,
  type LoanCalculatorField,
  type LoanCalculatorRaw,
  parseLoanCalculatorInput,
} from '@lib/finance';
import { formatDate, formatMoney, formatInteger, formatPercentDecimal } from '../../shared/format';
import { type Locale } from '../../shared/locale';

/*
 * The loan calculator page's one computation: form values as typed → the
 * figures, the schedule rows and the legal caps, as texts. The page component renders it on the
 * server (a shared address shows its result without JavaScript) and the `loan-calculator`
 * island runs the same function as the visitor types, so both always show the same thing.
 */

export const CALCULATOR_PATH = '/kalkulator-kredytowy/';

/** Names of the form fields and of the shared address's query parameters. */
export const CALCULATOR_QUERY = {
  amount: 'kwota',
  rate: 'oprocentowanie',
  months: 'okres',
  kind: 'raty',
  type: 'typ',
  commission: 'prowizja',
} as const satisfies Record<LoanCalculatorField, string>;

export const CALCULATOR_FIELDS = Object.keys(CALCULATOR_QUERY) as LoanCalculatorField[];

/** Polish words in the address for the two choices. */
export const KIND_CHOICES = [
  { value: 'rowne', kind: 'annuity', label: 'Raty równe' },
  { value: 'malejace', kind: 'decreasing', label: 'Raty malejące' },
] as const;
export const TYPE_CHOICES = [
  { value: 'prywatny', type: 'personal', label: 'Prywatny (konsumencki)' },
  { value: 'firmowy', type: 'business', label: 'Firmowy' },
] as const;

/** What the form holds, as typed. */
export type CalculatorValues = Record<LoanCalculatorField, string>;

/** The example shown at the bare address: 10 000 zł at 12% for 12 months in equal instalments. */
export const DEFAULT_VALUES: CalculatorValues = {
  amount: '10000',
  rate: '12',
  months: '12',
  kind: 'rowne',
  type: 'prywatny',
  commission: '',
};

/** A value longer than this is cut here: it is refused anyway, and the page data (a cache key) stays small. */
const KEPT_LENGTH = LOAN_CALCULATOR_LIMITS.maxFieldLength + 1;

/**
 * The form's values in an address. Without any calculator parameter the example is shown; a
 * parameter that is there is kept as typed (cut to a bounded length), so a bad one is shown back
 * with its message, while a missing one takes the example's value.
 */
export function valuesFromQuery(query: URLSearchParams): CalculatorValues {
  const values = { ...DEFAULT_VALUES };
  for (const field of CALCULATOR_FIELDS) {
    const value = query.get(CALCULATOR_QUERY[field]);
    if (value !== null) values[field] = value.slice(0, KEPT_LENGTH);
  }
  return values;
}

/** The address that shows these values: '?kwota=10000&oprocentowanie=12&okres=12&raty=rowne&typ=prywatny'. */
export function shareQuery(values: CalculatorValues): string {
  const query = new URLSearchParams();
  for (const field of CALCULATOR_FIELDS) {
    const value = values[field].trim();
    if (value !== '') query.set(CALCULATOR_QUERY[field], value);
  }
  return `?${query.toString()}`;
}

function toRaw(values: CalculatorValues): LoanCalculatorRaw {
  const kind = KIND_CHOICES.find((choice) => choice.value === values.kind.trim())?.kind ?? values.kind;
  const type = TYPE_CHOICES.find((choice) => choice.value === values.type.trim())?.type ?? values.type;
  return {
    amount: values.amount,
    rate: values.rate,
    months: values.months,
    kind,
    type,
    commission: values.commission,
  };
}

export interface CapLine {
  ok: boolean;
  /**
   * False when the cap does not bind this loan (art. 36a outside the consumer credit act: a business
   * loan or more than 255 550 zł); the text then says so and why.
   */
  applies: boolean;
  text: string;
}

/** One class list for the server and the island: over a cap, a cap that does not bind, or neither. */
export function capClass(cap: CapLine | undefined): string {
  if (cap && !cap.applies) return 'loan-calc__cap loan-calc__cap--na';
  return cap && !cap.ok ? 'loan-calc__cap loan-calc__cap--over' : 'loan-calc__cap';
}

export interface CalculatorResultView {
  /** 'Rata miesięczna' (equal instalments) or 'Pierwsza i ostatnia rata' (decreasing). */
  paymentLabel: string;
  payment: string;
  amount: string;
  interest: string;
  commission: string;
  cost: string;
  total: string;
  /** '24,18%' or 'nie da się obliczyć'. */
  rrso: string;
  /** Whether every cap is kept. */
  capsOk: boolean;
  caps: CapLine[];
  /** Where the reference rate comes from and since when it applies. */
  capsSource: string;
  /** Month, payment, interest, principal, balance. */
  rows: [string, string, string, string, string][];
}

export interface CalculatorView {
  values: CalculatorValues;
  errors: Partial<Record<LoanCalculatorField, string>>;
  result: CalculatorResultView | null;
  shareQuery: string;
}

const percent = (value: string) => formatPercentDecimal(value);

function resultView(
  locale: Pick<Locale, 'code' | 'currency' | 'timezone'>,
  calculation: LoanCalculation,
  decreasing: boolean,
): CalculatorResultView {
  const money = (grosze: number) => formatMoney(locale, grosze);
  const { caps } = calculation;
  return {
    paymentLabel: decreasing ? 'Pierwsza i ostatnia rata' : 'Rata miesięczna',
    payment: decreasing
      ? `${money(calculation.firstPaymentGrosze)} → ${money(calculation.lastPaymentGrosze)}`
      : money(calculation.firstPaymentGrosze),
    amount: money(calculation.amountGrosze),
    interest: money(calculation.totalInterestGrosze),
    commission: money(calculation.commissionGrosze),
    cost: money(calculation.totalCostGrosze),
    total: money(calculation.totalToRepayGrosze),
    rrso: calculation.rrsoPercent === undefined ? 'nie da się obliczyć' : percent(calculation.rrsoPercent),
    capsOk: caps.interestWithinCap && caps.nonInterestWithinCap,
    caps: [
      { ok: caps.interestWithinCap, applies: true, text: caps.explanations[0] ?? '' },
      {
        ok: caps.nonInterestWithinCap,
        applies: caps.nonInterestCapApplies,
        text: caps.explanations[1] ?? '',
      },
    ],
    capsSource: `Stopa referencyjna NBP ${percent(caps.referenceRate.ratePercent)} obowiązuje od ${formatDate(locale, caps.referenceRate.effectiveFrom)}. Źródło: ${caps.referenceRate.source}.`,
    rows: calculation.schedule.map((row) => [
      formatInteger(locale, row.period),
      money(row.paymentGrosze),
      money(row.interestGrosze),
      money(row.principalGrosze),
      money(row.balanceGrosze),
    ]),
  };
}

/** Everything the page shows for these values on `today` ('YYYY-MM-DD': the caps in force that day). */
export function calculatorView(
  locale: Pick<Locale, 'code' | 'currency' | 'timezone'>,
  today: string,
  values: CalculatorValues,
): CalculatorView {
  const parsed = parseLoanCalculatorInput(toRaw(values));
  if (!parsed.ok) return { values, errors: parsed.errors, result: null, shareQuery: shareQuery(values) };
  return {
    values,
    errors: {},
    result: resultView(locale, calculateLoan(parsed.input, today), parsed.input.kind === 'decreasing'),
    shareQuery: shareQuery(values),
  };
}

export interface DayLoanExampleView {
  interest: string;
  total: string;
  rrso: string;
  /** The maximum interest explanation (such a loan is far above it). */
  cap: string;
}

/**
 * The spec's worked example of a loan in days, computed by the same library: 10 000 zł for 90 days
 * at 1% a day is 9 000 zł of interest and 19 000 zł to repay.
 */
export function dayLoanExampleView(
  locale: Pick<Locale, 'code' | 'currency'>,
  today: string,
): DayLoanExampleView | null {
  // The same for a whole day: computed once per day and locale, not on every render.
  const key = `${today}|${locale.code}|${locale.currency}`;
  if (dayLoanMemo?.key !== key) dayLoanMemo = { key, view: computeDayLoanExample(locale, today) };
  return dayLoanMemo.view;
}

let dayLoanMemo: { key: string; view: DayLoanExampleView | null } | undefined;

function computeDayLoanExample(
  locale: Pick<Locale, 'code' | 'currency'>,
  today: string,
): DayLoanExampleView | null {
  const answer = calculateDayLoan(
    { amountGrosze: 1_000_000, dailyRatePercent: '1', days: 90, commissionGrosze: 0, loanType: 'personal' },
    today,
  );
  if (!answer.ok) return null;
  const { result } = answer;
  return {
    interest: formatMoney(locale, result.totalInterestGrosze),
    total: formatMoney(locale, result.totalToRepayGrosze),
    rrso: result.rrsoPercent === undefined ? 'nie da się obliczyć' : percent(result.rrsoPercent),
    cap: result.caps.explanations[0] ?? '',
  };
}
