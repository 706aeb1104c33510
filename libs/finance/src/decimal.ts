import Big from 'big.js';

/*
 * Exact decimal arithmetic for money and exchange rates, on big.js: binary floats would turn NBP's
 * 0,010368 into 0.010367999999… and a commission of 18 zł into 17.999… Values cross the wire and
 * the database as decimal strings ('4.1219'); this module is the one place that computes with them.
 */

/** A configured copy so no other code's settings (or ours) leak through the shared constructor. */
export const Decimal = Big();
Decimal.DP = 20;
Decimal.RM = Big.roundHalfUp;
Decimal.strict = false;

export type DecimalValue = Big;

const PLAIN_DECIMAL = /^\d+(?:[.,]\d+)?$/;

/** '4,1219' or '4.1219' (NBP writes a decimal comma) → '4.1219'; undefined when not a plain decimal. */
export function parsePolishDecimal(text: string): string | undefined {
  const trimmed = text.trim();
  if (!PLAIN_DECIMAL.test(trimmed)) return undefined;
  return toPlainString(new Decimal(trimmed.replace(',', '.')));
}

/**
 * The rate of one unit of a currency quoted per `units` (NBP quotes HUF per 100, IDR per 10 000):
 * exact, trailing zeros dropped. Throws when units is not a positive whole number.
 */
export function perUnit(value: string, units: number): string {
  if (!Number.isInteger(units) || units < 1)
    throw new RangeError(`unit multiplier must be a positive whole number: ${units}`);
  return toPlainString(new Decimal(value).div(units));
}

/** A decimal as text without exponent or trailing zeros: '4.1219000000' → '4.1219', '10.0' → '10'. */
export function trimDecimal(value: string): string {
  return toPlainString(new Decimal(value));
}

function toPlainString(value: Big): string {
  // toFixed() never uses exponent notation; big.js drops trailing zeros only in toString().
  const fixed = value.toFixed();
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}
