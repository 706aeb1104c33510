/**
 * Polish identity card number (dowód osobisty): a series of three letters and six digits, the first
 * digit being the check digit. Letters count A=10 … Z=35, digits their value; with weights
 * 7,3,1,9,7,3,1,7,3 over all nine characters the sum is a multiple of ten. So the check digit is
 * the weighted sum of the other eight (weights 7,3,1 · 7,3,1,7,3) modulo 10.
 */

const WEIGHTS = [7, 3, 1, 9, 7, 3, 1, 7, 3] as const;
const SHAPE = /^[A-Z]{3}\d{6}$/;

/** Upper case without spaces or dashes: 'aba 300000' → 'ABA300000'. */
export function normalizeIdCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

function characterValue(character: string): number {
  const code = character.charCodeAt(0);
  return code >= 65 && code <= 90 ? code - 55 : Number(character);
}

export function isIdCardNumber(input: string): boolean {
  const value = normalizeIdCardNumber(input);
  if (!SHAPE.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += characterValue(value[i]!) * WEIGHTS[i]!;
  return sum % 10 === 0;
}
