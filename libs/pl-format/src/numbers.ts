/*
 * Numbers, money and percentages as the site writes them, on every page, in every content token and
 * in every e-mail: Intl with the Polish locale, every space in the result a no-break space (U+00A0),
 * so an amount never breaks across lines ('10 000 zł', '2 018,00 zł'), and every whole part from a
 * thousand on grouped, four digits included ('4 806 zł', where pl-PL alone writes '4806 zł').
 */

/** The no-break space: thousands separator, and between a number and 'zł'. */
export const NBSP = '\u00a0';

/** The BCP 47 tag and the ISO currency numbers are written in. */
export interface NumberLocale {
  code: string;
  currency: string;
}

/** The site's language: Polish, złoty, Warsaw time. */
export const POLISH = { code: 'pl-PL', currency: 'PLN', timezone: 'Europe/Warsaw' } as const;

/** Intl formatters are costly to build and safe to share; each distinct one is built once. */
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Pick<NumberLocale, 'code'>, options: Intl.NumberFormatOptions) {
  const key = `${locale.code}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    // 'always' groups four-digit numbers too: CLDR's Polish data groups only from five digits.
    format = new Intl.NumberFormat(locale.code, { useGrouping: 'always', ...options });
    formats.set(key, format);
  }
  return format;
}

/**
 * Every space a no-break one (ICU writes U+00A0 or U+202F depending on locale and version), and the
 * first run of digits grouped by three when the runtime ignored useGrouping 'always' (it then reads
 * as true, and pl-PL leaves four digits ungrouped).
 */
function nonBreaking(text: string): string {
  return text.replace(/[ \u202f]/g, NBSP).replace(/^(-?)(\d{4,})/, (_match, sign: string, digits: string) => {
    return sign + digits.replace(/\B(?=(\d{3})+$)/g, NBSP);
  });
}

/**
 * A percentage as Polish typesetting writes it: the sign apart from the number by a no-break space
 * ('21,5 %'), like 'zł', whatever pattern the runtime's pl-PL data has ('21,5%').
 */
function percentSign(text: string): string {
  return text.replace(/(\d)\s?%/, `$1${NBSP}%`);
}

/** An amount held in grosze (integer minor units) with two decimals: 201800 → '2 018,00 zł'. */
export function formatMoney(grosze: number, locale: NumberLocale = POLISH): string {
  const format = numberFormat(locale, {
    style: 'currency',
    currency: locale.currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return nonBreaking(format.format(grosze / 100));
}

/** Whole złoty (rounded) of an amount in grosze, for headlines and ranges: 1500000 → '15 000 zł'. */
export function formatMoneyWhole(grosze: number, locale: NumberLocale = POLISH): string {
  return formatZloty(Math.round(grosze / 100), locale);
}

/** An amount in whole złoty: 2000 → '2 000 zł'. */
export function formatZloty(zloty: number, locale: NumberLocale = POLISH): string {
  const format = numberFormat(locale, {
    style: 'currency',
    currency: locale.currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  return nonBreaking(format.format(zloty));
}

/**
 * A range of whole-złoty amounts held in grosze, the currency written once: '100–30 000 zł'. A range
 * takes an en dash without spaces; equal ends are one amount.
 */
export function formatMoneyRange(
  minGrosze: number,
  maxGrosze: number,
  locale: NumberLocale = POLISH,
): string {
  const min = Math.round(minGrosze / 100);
  const max = Math.round(maxGrosze / 100);
  if (min === max) return formatZloty(max, locale);
  return `${formatInteger(min, locale)}–${formatZloty(max, locale)}`;
}

/** A whole number grouped from a thousand on: 12345 → '12 345', 1000 → '1 000'. */
export function formatInteger(value: number, locale: Pick<NumberLocale, 'code'> = POLISH): string {
  return nonBreaking(numberFormat(locale, { maximumFractionDigits: 0 }).format(value));
}

/**
 * A number with a fixed count of decimals: (4.3012, 4) → '4,3012'. Decimal strings ('4.3012', as the
 * services send them) are read as numbers; a string that is not one is returned as it is.
 */
export function formatDecimal(
  value: number | string,
  fractionDigits: number,
  locale: Pick<NumberLocale, 'code'> = POLISH,
): string {
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof value === 'string' && (value.trim() === '' || !Number.isFinite(number))) return value;
  const format = numberFormat(locale, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
  return nonBreaking(format.format(number));
}

/**
 * A percentage given in percent units, as Polish writes it (the sign after a no-break space):
 * 21.5 → '21,5 %'. Up to `maxFractionDigits` decimals, trailing zeros dropped.
 */
export function formatPercent(
  percent: number,
  maxFractionDigits = 2,
  locale: Pick<NumberLocale, 'code'> = POLISH,
): string {
  const format = numberFormat(locale, { style: 'percent', maximumFractionDigits: maxFractionDigits });
  // Rounding to the decimals shown absorbs binary noise such as 36.54 / 100 = 0.36540000000000006.
  return percentSign(nonBreaking(format.format(percent / 100)));
}

/**
 * A percentage the services send as a decimal string, keeping its decimals ('36.50' → '36,50 %'):
 * the figure is the one the lender or the calculation states. A string that is not a number is
 * returned as it is.
 */
export function formatPercentDecimal(decimal: string, locale: Pick<NumberLocale, 'code'> = POLISH): string {
  const match = /^-?\d+(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return decimal;
  const digits = Math.min(match[1]?.length ?? 0, 20);
  const format = numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  // Shown with exactly the decimals the string states, so binary noise of the division never shows.
  return percentSign(nonBreaking(format.format(Number(decimal) / 100)));
}

/** Basis points as a percentage with up to two decimals: 2150 → '21,5 %'. */
export function formatBasisPoints(basisPoints: number, locale: Pick<NumberLocale, 'code'> = POLISH): string {
  return formatPercent(basisPoints / 100, 2, locale);
}
