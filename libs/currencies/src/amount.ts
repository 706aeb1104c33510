import { Decimal, trimDecimal } from '@lib/finance';

/** The converter's limits: any larger amount or finer fraction is refused with a Polish message, never converted. */
export const MAX_AMOUNT = '1000000000';
export const MAX_AMOUNT_DECIMALS = 8;

/** What the visitor is told, in Polish, about an amount the converter refuses. */
export const AMOUNT_MESSAGES = {
  empty: 'Podaj kwotę do przeliczenia, np. 100 lub 250,50.',
  notANumber: 'Kwota musi być liczbą, np. 100 lub 250,50.',
  negative: 'Kwota nie może być ujemna.',
  tooLarge: 'Kwota nie może być większa niż 1 000 000 000.',
  tooPrecise: `Kwota może mieć najwyżej ${MAX_AMOUNT_DECIMALS} miejsc po przecinku.`,
} as const;

export type AmountParse = { ok: true; amount: string } | { ok: false; message: string };

/**
 * An amount as a visitor or the gateway writes it: digits with a decimal point or comma, spaces
 * (also non-breaking) as thousands separators allowed. Answers the normalised decimal ('1000.5')
 * or the Polish message saying what is wrong.
 */
export function parseAmount(text: string): AmountParse {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  if (compact === '') return { ok: false, message: AMOUNT_MESSAGES.empty };
  if (/^-\d/.test(compact) && /^-\d+(?:[.,]\d+)?$/.test(compact))
    return { ok: false, message: AMOUNT_MESSAGES.negative };
  const match = /^\+?(\d{1,15})(?:[.,](\d+))?$/.exec(compact);
  if (!match) return { ok: false, message: AMOUNT_MESSAGES.notANumber };
  if ((match[2] ?? '').length > MAX_AMOUNT_DECIMALS)
    return { ok: false, message: AMOUNT_MESSAGES.tooPrecise };
  const amount = new Decimal(`${match[1]}.${match[2] ?? '0'}`);
  if (amount.gt(MAX_AMOUNT)) return { ok: false, message: AMOUNT_MESSAGES.tooLarge };
  return { ok: true, amount: trimDecimal(amount.toFixed()) };
}
