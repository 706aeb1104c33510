import { plural } from '@lib/currencies';
import * as pl from '@lib/pl-format';
import { type Locale } from './locale';

/*
 * The pages' formatting: the one formatter of @lib/pl-format (Intl with the page's locale, every
 * space in a number a no-break one, amounts grouped from a thousand on), with the locale the page
 * renders in. Content tokens, offer cards, facts blocks and forms all format through here.
 */

type MoneyLocale = Pick<Locale, 'code' | 'currency'>;

/** An amount held in grosze (integer minor units), e.g. 201800 → '2 018,00 zł'. */
export const formatMoney = (locale: MoneyLocale, grosze: number): string => pl.formatMoney(grosze, locale);

/** Whole-złoty form for headline ranges such as '15 000 zł'. */
export const formatMoneyWhole = (locale: MoneyLocale, grosze: number): string =>
  pl.formatMoneyWhole(grosze, locale);

/** A range of whole złoty held in grosze, the currency once: '100–30 000 zł'. */
export const formatMoneyRange = (locale: MoneyLocale, minGrosze: number, maxGrosze: number): string =>
  pl.formatMoneyRange(minGrosze, maxGrosze, locale);

/** Whole złoty: 2000 → '2 000 zł'. */
export const formatZloty = (locale: MoneyLocale, zloty: number): string => pl.formatZloty(zloty, locale);

/** A decimal string as sent by the rates service ('4.3012') shown with the locale's separator. */
export const formatDecimal = (locale: Pick<Locale, 'code'>, value: string, fractionDigits = 4): string =>
  pl.formatDecimal(value, fractionDigits, locale);

/** A calendar date (ISO 'YYYY-MM-DD' or a Date) in the site's numeric form, e.g. '18.03.2025'. */
export const formatDate = (locale: Pick<Locale, 'code' | 'timezone'>, value: string | Date): string =>
  pl.formatDate(value, locale);

/** Polish plurals live in @lib/currencies (currency amounts use them too); re-exported for the pages. */
export { plural };

/** A count of days in words: 1 → '1 dzień', 61 → '61 dni'. */
export const formatDays = (count: number): string => `${count} ${plural(count, 'dzień', 'dni', 'dni')}`;

/** A percentage the services send as a decimal string, its decimals kept: '36.54' → '36,54 %'. */
export const formatPercentDecimal = (decimal: string): string => pl.formatPercentDecimal(decimal);

/** A percentage in percent units, up to two decimals: 365 → '365 %'. */
export const formatPercent = (percent: number): string => pl.formatPercent(percent);

/** Basis points as a percentage with up to two decimals: 2150 → '21,5 %'. */
export const formatPercentBp = (locale: Pick<Locale, 'code'>, basisPoints: number): string =>
  pl.formatBasisPoints(basisPoints, locale);

/** A whole number with the locale's grouping from a thousand on: 12345 → '12 345'. */
export const formatInteger = (locale: Pick<Locale, 'code'>, value: number): string =>
  pl.formatInteger(value, locale);

/** An average rating with one decimal: 4.25 → '4,3'. */
export const formatRating = (locale: Pick<Locale, 'code'>, value: number): string =>
  pl.formatDecimal(value, 1, locale);
