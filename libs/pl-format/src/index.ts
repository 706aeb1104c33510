export {
  NBSP,
  POLISH,
  type NumberLocale,
  formatMoney,
  formatMoneyWhole,
  formatZloty,
  formatMoneyRange,
  formatInteger,
  formatDecimal,
  formatPercent,
  formatPercentDecimal,
  formatBasisPoints,
} from './numbers';
export { type DateLocale, formatDate, formatDateLong, formatDateTimeLong } from './dates';
export { typesetText, typesetHtml } from './typeset';
export {
  type NameForms,
  type NameCase,
  type NominativeAfterPreposition,
  NAME_CASES,
  NAME_FORM_MAX_LENGTH,
  CASE_GOVERNING_PREPOSITIONS,
  nameFormProblems,
  declines,
  nominativesAfterPrepositions,
} from './name-cases';
