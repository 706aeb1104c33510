import { Decimal, trimDecimal } from '@lib/finance';

// The converter's amount rules (parseAmount, AMOUNT_MESSAGES, MAX_AMOUNT) live in @lib/currencies,
// shared with the gateway's converter.

/** PLN per ONE unit of a currency: what the bank pays when buying it, and charges when selling it. */
export interface Quote {
  code: string;
  /** The bank buys the currency at this (NBP C bid; equal to mid for a mid-rate source). */
  buy: string;
  /** The bank sells the currency at this (NBP C ask; equal to mid for a mid-rate source). */
  sell: string;
}

/** PLN quoted against itself: 1 both ways. */
export const PLN_QUOTE: Quote = { code: 'PLN', buy: '1', sell: '1' };

/** Quote of a mid rate: buying and selling at the same price. */
export const midQuote = (code: string, mid: string): Quote => ({ code, buy: mid, sell: mid });

export interface Conversion {
  /** Result rounded half up to the target's minor unit. */
  result: string;
  /** Units of the target per ONE unit of the source, rounded to 10 places (trailing zeros dropped). */
  rate: string;
}

/**
 * Converts through PLN with exact decimals: the source currency is sold to the bank at its buy
 * rate and the target bought at its sell rate (for mid rates both are the mid, so this is the
 * plain cross rate). The result is computed from the unrounded rate and rounded once, half up,
 * to `minorUnits` places of the target currency.
 */
export function convertAmount(amount: string, from: Quote, to: Quote, minorUnits: number): Conversion {
  const pln = new Decimal(amount).times(from.buy);
  const result = pln.div(to.sell);
  return {
    result: result.toFixed(minorUnits),
    rate: trimDecimal(new Decimal(from.buy).div(to.sell).round(10).toFixed()),
  };
}

