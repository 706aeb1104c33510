import { plural } from '@lib/currencies';
import { type Locale } from './locale';

type MoneyLocale = Pick<Locale, 'code' | 'currency'>;

/** Intl formatters are costly to build and safe to share; each distinct one is built once. */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function memo<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, create: () => F): F {
  let format = formatters.get(key) as F | undefined;
  if (!format) {
    format = create();
    formatters.set(key, format);
  }
  return format;
}

function moneyFormat(locale: MoneyLocale, fractionDigits: number): Intl.NumberFormat {
  // pl-PL groups only from five digits by default (CLDR minimumGroupingDigits 2); the product
  // writes every amount from a thousand with a space, as in '2 018,00 zł'.
  return memo(
    `money|${locale.code}|${locale.currency}|${fractionDigits}`,
    () =>
      new Intl.NumberFormat(locale.code, {
        style: 'currency',
        currency: locale.currency,
        useGrouping: 'always',
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      }),
  );
}

/** Formats an amount held in grosze (integer minor units), e.g. 201800 → '2 018,00 zł'. */
export function formatMoney(locale: MoneyLocale, grosze: number): string {
  return moneyFormat(locale, 2).format(grosze / 100);
}

/** Whole-złoty form for headline ranges such as '15 000 zł'. */
export function formatMoneyWhole(locale: MoneyLocale, grosze: number): string {
  return moneyFormat(locale, 0).format(Math.round(grosze / 100));
}

/** A decimal string as sent by the rates service ('4.3012') shown with the locale's separator. */
export function formatDecimal(locale: Pick<Locale, 'code'>, value: string, fractionDigits = 4): string {
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  return memo(
    `decimal|${locale.code}|${fractionDigits}`,
    () =>
      new Intl.NumberFormat(locale.code, {
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      }),
  ).format(number);
}

/** A calendar date (ISO 'YYYY-MM-DD' or a Date) in the locale's long numeric form, e.g. '18.03.2025'. */
export function formatDate(locale: Pick<Locale, 'code' | 'timezone'>, value: string | Date): string {
  const date =
    typeof value === 'string'
      ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value)
      : value;
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  return memo(
    `date|${locale.code}|${locale.timezone}`,
    () =>
      new Intl.DateTimeFormat(locale.code, {
        timeZone: locale.timezone,
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }),
  ).format(date);
}

/** Polish plurals live in @lib/currencies (currency amounts use them too); re-exported for the pages. */
export { plural };

/** A count of days in words: 1 → '1 dzień', 61 → '61 dni'. */
export const formatDays = (count: number): string => `${count} ${plural(count, 'dzień', 'dni', 'dni')}`;

/** A percentage the services send as a decimal string, as pages write it: '36.54' → '36,54%'. */
export const formatPercentDecimal = (decimal: string): string => `${decimal.replace('.', ',')}%`;

/** Basis points as a percentage with up to two decimals: 2150 → '21,5%'. */
export function formatPercentBp(locale: Pick<Locale, 'code'>, basisPoints: number): string {
  return `${memo(`percent|${locale.code}`, () => new Intl.NumberFormat(locale.code, { maximumFractionDigits: 2 })).format(basisPoints / 100)}%`;
}

/** A whole number with the locale's grouping from a thousand on: 12345 → '12 345'. */
export function formatInteger(locale: Pick<Locale, 'code'>, value: number): string {
  return memo(
    `integer|${locale.code}`,
    () => new Intl.NumberFormat(locale.code, { useGrouping: 'always', maximumFractionDigits: 0 }),
  ).format(value);
}

/** An average rating with one decimal: 4.25 → '4,3'. */
export function formatRating(locale: Pick<Locale, 'code'>, value: number): string {
  return memo(
    `rating|${locale.code}`,
    () => new Intl.NumberFormat(locale.code, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  ).format(value);
}
