import { NBSP, formatDate } from '@lib/pl-format';

/*
 * Rates and amounts as visitors read them: decimal strings from the service (never floats)
 * written the Polish way, '4,2781' and '1 234 567,89'. Grouping from a thousand on, with a
 * no-break space, as the site writes every amount.
 */

/** '1234567.5' → '1 234 567,50' with at least `minDigits` and at most `maxDigits` decimals (extra digits are cut, never rounded: round first). */
export function formatDecimalText(value: string, minDigits = 2, maxDigits = Math.max(minDigits, 6)): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', fraction = ''] = match;
  let digits = fraction.slice(0, maxDigits).replace(/0+$/, '');
  if (digits.length < minDigits) digits = digits.padEnd(minDigits, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${sign}${grouped}${digits ? `,${digits}` : ''}`;
}

/** An exchange rate: four decimals at least (NBP's precision), up to six for cross rates. */
export const formatRateText = (value: string): string => formatDecimalText(value, 4, 6);

/** An exchange rate in złoty, kept on one line with its unit: '4,2946 zł'. */
export const formatRateZloty = (value: string): string => `${formatRateText(value)}${NBSP}zł`;

/** A figure and its unit ('zł', 'PLN', 'EUR') kept on one line. */
export const withUnit = (figure: string, unit: string): string => `${figure}${NBSP}${unit}`;

/** An amount of money: two decimals. */
export const formatAmountText = (value: string): string => formatDecimalText(value, 2, 2);

/** A number for a chart axis label. */
export function formatAxisNumber(value: number, digits: number): string {
  return formatDecimalText(value.toFixed(digits), digits, digits);
}

/** 'YYYY-MM-DD' → 'DD.MM.YYYY' (the site's date form, @lib/pl-format) without time-zone arithmetic. */
export function formatIsoDate(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value) : value;
}
