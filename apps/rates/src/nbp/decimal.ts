/**
 * Exact decimal helpers for NBP quotes, which arrive as text with a decimal comma and are quoted
 * per 1, 100 or 10 000 units. Values stay strings end to end: binary floats would turn 0,010368
 * into 0.010367999999… and rates are shown and stored with NBP's own digits.
 */
const DECIMAL = /^\d+(\.\d+)?$/;

export function parsePolishDecimal(text: string): string | undefined {
  const normalised = text.trim().replace(',', '.');
  if (!DECIMAL.test(normalised)) return undefined;
  return stripZeros(normalised);
}

/** value / 10^power, exactly (the unit multipliers are always powers of ten). */
export function shiftLeft(value: string, power: number): string {
  if (!DECIMAL.test(value)) throw new Error(`not a decimal: ${value}`);
  if (power === 0) return value;
  const [intPart = '0', fracPart = ''] = value.split('.');
  const padded = intPart.padStart(power + 1, '0');
  const newInt = padded.slice(0, padded.length - power);
  const newFrac = padded.slice(padded.length - power) + fracPart;
  return stripZeros(`${newInt}.${newFrac}`);
}

function stripZeros(value: string): string {
  let [intPart = '0', fracPart] = value.split('.');
  intPart = intPart.replace(/^0+(?=\d)/, '');
  if (fracPart === undefined) return intPart;
  fracPart = fracPart.replace(/0+$/, '');
  return fracPart ? `${intPart}.${fracPart}` : intPart;
}

export function powerOfTen(units: number): number {
  const power = Math.log10(units);
  if (!Number.isInteger(power) || power < 0) throw new Error(`unit multiplier is not a power of ten: ${units}`);
  return power;
}
