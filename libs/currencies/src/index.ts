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
export {
  type Conversion,
  type Quote,
  PLN_QUOTE,
  convertAmount,
  convertAtQuotes,
  crossRate,
  invertRate,
  midQuote,
} from './conversion';
export { type SeriesStats, midSeriesStats, seriesStats } from './rate-series';
