import { Decimal } from './decimal';

/*
 * Amounts of money in two units, each with one name. Grosze (1/100 zł, an integer count) are what
 * the contracts (`amount_grosze`), the databases and every computation hold; whole złoty are what
 * people choose and read: the form fields, the addresses (`?suma=2000`) and the sliders. An amount
 * changes unit only through these functions, so the factor is written once.
 */

/** Grosze in one złoty (also the minor units of any currency with two decimals). */
export const GROSZE_PER_ZLOTY = 100;

/** An amount in grosze: an integer count of 1/100 zł. */
export type Grosze = number;

/** An amount in whole złoty, as a visitor picks a loan amount. */
export type Zloty = number;

/** The largest whole amount in złoty whose grosze are still a safe integer. */
const MAX_WHOLE_ZLOTY = Math.floor(Number.MAX_SAFE_INTEGER / GROSZE_PER_ZLOTY);

/**
 * Złoty → grosze, rounded half up to a whole grosz. Exact on the decimal the number prints as:
 * 1.005 zł is 101 gr, where 1.005 × 100 in binary floats is 100.49999….
 */
export function groszeFromZloty(zloty: number): Grosze {
  // Whole złoty (the sliders', the forms' and the offer requests' amounts) times 100 is exact in a
  // double; only a fraction needs the decimal rounding.
  if (Number.isSafeInteger(zloty) && Math.abs(zloty) <= MAX_WHOLE_ZLOTY) return zloty * GROSZE_PER_ZLOTY;
  return new Decimal(zloty).times(GROSZE_PER_ZLOTY).round(0, Decimal.roundHalfUp).toNumber();
}

/** Grosze → whole złoty, half a złoty and more rounding up (an amount chosen in złoty comes back as it was). */
export function zlotyFromGrosze(grosze: Grosze): Zloty {
  return Math.round(grosze / GROSZE_PER_ZLOTY);
}
