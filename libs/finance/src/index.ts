export { Decimal, type DecimalValue, parsePolishDecimal, perUnit, trimDecimal } from './decimal';
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
