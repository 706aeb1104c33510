/**
 * Polish business register numbers, as the registers define their check digits:
 * - NIP (tax id): 10 digits; the weighted sum of the first nine (6,5,7,2,3,4,5,6,7) modulo 11 is
 *   the tenth digit (a remainder of 10 makes the number invalid).
 * - REGON (statistical id): 9 digits (weights 8,9,2,3,4,5,6,7) or 14 digits (weights
 *   2,4,8,5,0,9,7,3,6,1,2,4,8); the remainder modulo 11 is the last digit, 10 counting as 0.
 *   A 14-digit REGON (a local unit) begins with its entity's valid 9-digit REGON.
 * - KRS (National Court Register): 10 digits with leading zeros, no check digit.
 * Each accepts the usual separators (spaces and dashes, a 'PL' prefix for the NIP).
 */

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;
const REGON9_WEIGHTS = [8, 9, 2, 3, 4, 5, 6, 7] as const;
const REGON14_WEIGHTS = [2, 4, 8, 5, 0, 9, 7, 3, 6, 1, 2, 4, 8] as const;

function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i += 1) sum += Number(digits[i]) * weights[i]!;
  return sum;
}

/** Digits only: '123-456-32-18' → '1234563218', 'PL 1234563218' → '1234563218'. */
export function normalizeNip(input: string): string {
  return input.replace(/^\s*PL/i, '').replace(/[\s-]/g, '');
}

export function isNip(input: string): boolean {
  const value = normalizeNip(input);
  if (!/^\d{10}$/.test(value)) return false;
  const check = weightedSum(value, NIP_WEIGHTS) % 11;
  return check !== 10 && check === Number(value[9]);
}

/** Digits only: '123 456 785' → '123456785'. */
export function normalizeRegon(input: string): string {
  return input.replace(/[\s-]/g, '');
}

function regonCheckOk(value: string, weights: readonly number[]): boolean {
  return (weightedSum(value, weights) % 11) % 10 === Number(value[weights.length]);
}

export function isRegon(input: string): boolean {
  const value = normalizeRegon(input);
  if (/^\d{9}$/.test(value)) return regonCheckOk(value, REGON9_WEIGHTS);
  if (/^\d{14}$/.test(value))
    return regonCheckOk(value, REGON9_WEIGHTS) && regonCheckOk(value, REGON14_WEIGHTS);
  return false;
}

/** Digits only: '0000 123 456' → '0000123456'. */
export function normalizeKrs(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function isKrs(input: string): boolean {
  const value = normalizeKrs(input);
  return /^\d{10}$/.test(value);
}
