export { Decimal, type DecimalValue, parsePolishDecimal, perUnit, trimDecimal } from './decimal';
export { GROSZE_PER_ZLOTY, type Grosze, type Zloty, groszeFromZloty, zlotyFromGrosze } from './money';
export {
  SLIDER_START,
  type LoanSliderScale,
  type SliderRange,
  loanSliderScale,
  simpleInterestGrosze,
  sliderAmountZl,
  sliderPeriodDays,
  sliderPeriodIndex,
} from './loan-example';
export {
  type RepaymentKind,
  type ScheduleRow,
  type ScheduleTotals,
  annuityPaymentGrosze,
  monthlyRate,
  monthlySchedule,
  powWhole,
  scheduleTotals,
  singlePaymentSchedule,
} from './loan-schedule';
export {
  type CashFlow,
  DAYS_PER_YEAR,
  MONTHS_PER_YEAR,
  type PeriodsPerYear,
  annualPercentageRate,
} from './rrso';
export {
  CONSUMER_CREDIT_ACT_MAX_GROSZE,
  type ConsumerCreditActExclusion,
  NBP_REFERENCE_RATES,
  type ReferenceRateDecision,
  maxInterestRatePercent,
  consumerCreditActExclusion,
  maxNonInterestCostGrosze,
  referenceRateOn,
} from './legal-caps';
export {
  LOAN_CALCULATOR_LIMITS,
  LOAN_CALCULATOR_MESSAGES,
  type DayLoanInput,
  type DayLoanResult,
  type LegalCapCheck,
  type LoanCalculation,
  type LoanCalculatorField,
  type LoanCalculatorInput,
  type LoanCalculatorRaw,
  type LoanType,
  type ParsedLoanInput,
  calculateDayLoan,
  calculateLoan,
  parseDecimalInput,
  parseLoanCalculatorInput,
} from './loan-calculator';
