import { Decimal } from '@lib/finance';

/*
 * Currency conversion through the złoty, with exact decimals (big.js through @lib/finance): the
 * one set of rules the rates service answers Convert and its pair and cross-rate figures with,
 * and the gateway's converter applies live in the browser. NBP quotes every currency in złoty,
 * so a cross rate is the quotient of two złoty prices, and the złoty's own rate in a currency is
 * that currency's rate inverted. Results are rounded half up from the quotient (exact to the 20
 * places of @lib/finance's Decimal), never from a rate rounded for show.
 */

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
  /** Rounded half up to the target's minor unit, always with that many decimals ('429.30'). */
  result: string;
  /** Units of the target per ONE unit of the source, rounded half up to the places asked for (trailing zeros dropped). */
  rate: string;
}

/**
 * `amount` of a currency worth `fromPln` złoty per unit in a currency costing `toPln` złoty per
 * unit: amount × fromPln ÷ toPln, rounded half up to `minorUnits` decimals (always written with
 * that many: '429.30').
 */
export function convertAmount(amount: string, fromPln: string, toPln: string, minorUnits: number): string {
  return new Decimal(amount).times(fromPln).div(toPln).toFixed(minorUnits);
}

/**
 * Units of one currency per unit of another from their prices in złoty: `fromPln` ÷ `toPln`,
 * rounded half up to `places` decimals, trailing zeros dropped ('4.293', not '4.293000').
 */
export function crossRate(fromPln: string, toPln: string, places: number): string {
  // big.js keeps no trailing zeros once a quotient is rounded, so toFixed() needs no trimming.
  return new Decimal(fromPln).div(toPln).round(places).toFixed();
}

/** 1 ÷ rate to `places` decimals: the rate the other way round; '' for a missing ('') or zero rate. */
export function invertRate(rate: string, places: number): string {
  return rate === '' || new Decimal(rate).eq(0) ? '' : crossRate('1', rate, places);
}

/**
 * Converts `amount` at a bank's (or NBP's) quotes: the source is sold to the bank at its buy rate
 * and the target bought at its sell rate (for mid rates both are the mid, so this is the plain
 * cross rate). The result comes from the unrounded rate; the rate is given to `ratePlaces` (how
 * precisely the caller publishes it).
 */
export function convertAtQuotes(
  amount: string,
  from: Quote,
  to: Quote,
  places: { minorUnits: number; ratePlaces: number },
): Conversion {
  return {
    result: convertAmount(amount, from.buy, to.sell, places.minorUnits),
    rate: crossRate(from.buy, to.sell, places.ratePlaces),
  };
}
