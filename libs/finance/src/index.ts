export { Decimal, type DecimalValue, parsePolishDecimal, perUnit, trimDecimal } from './decimal';
export { GROSZE_PER_ZLOTY, type Grosze, type Zloty, groszeFromZloty, zlotyFromGrosze } from './money';
export {
  LOAN_SLIDER,
  EXAMPLE_ANNUAL_RATE_BP,
  DAYS_PER_MONTH,
  clampAmountZl,
  clampPeriodMonths,
  loanExample,
  simpleInterestGrosze,
  type LoanExample,
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
export { type CashFlow, annualPercentageRate } from './rrso';
export {
  NBP_REFERENCE_RATES,
  type ReferenceRateDecision,
  maxInterestRatePercent,
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
