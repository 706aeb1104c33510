export { plural, polishPluralCategory } from './plural';
export {
  type Currency,
  type CurrencyNames,
  type NameLength,
  CURRENCY_CODES,
  findCurrency,
  isCurrencyCode,
  currencyWord,
  currencyAmountText,
  currencyLabel,
} from './currencies';
export { AMOUNT_MESSAGES, MAX_AMOUNT, MAX_AMOUNT_DECIMALS, parseAmount, type AmountParse } from './amount';
