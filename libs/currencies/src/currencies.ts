import { CURRENCY_ROWS } from './currency-data';
import { polishPluralCategory } from './plural';

/** The 8 Polish text forms of a currency; all empty for the currencies the site shows by code only. */
export interface CurrencyNames {
  shortSingular: string;
  shortPlural: string;
  longSingular: string;
  longPlural: string;
  shortSingularGenitive: string;
  shortPluralGenitive: string;
  longSingularGenitive: string;
  longPluralGenitive: string;
}

export interface Currency {
  /** ISO 4217 code, upper case. */
  code: string;
  /** Digits after the decimal point of the currency's minor unit (ISO 4217): 2 for most, 0 for JPY. */
  minorUnits: number;
  /** False for the currencies without Polish text (MDL, PEN, BWP, GTQ, HNL, NIO): show their code. */
  hasText: boolean;
  names: CurrencyNames;
}

export type NameLength = 'short' | 'long';

const BY_CODE: ReadonlyMap<string, Currency> = new Map(
  CURRENCY_ROWS.map(([code, minorUnits, sS, sP, sSG, sPG, lS, lP, lSG, lPG]) => [
    code,
    {
      code,
      minorUnits,
      hasText: sS !== '',
      names: {
        shortSingular: sS,
        shortPlural: sP,
        shortSingularGenitive: sSG,
        shortPluralGenitive: sPG,
        longSingular: lS,
        longPlural: lP,
        longSingularGenitive: lSG,
        longPluralGenitive: lPG,
      },
    },
  ]),
);

/** Every supported ISO code, upper case, sorted. */
export const CURRENCY_CODES: readonly string[] = [...BY_CODE.keys()].sort();

/** A currency by ISO code in any case; undefined for a code the site does not support. */
export function findCurrency(code: string): Currency | undefined {
  return BY_CODE.get(code.trim().toUpperCase());
}

/** True for a supported ISO code in any case. */
export function isCurrencyCode(code: string): boolean {
  return findCurrency(code) !== undefined;
}

/**
 * The word that follows an amount of a currency in Polish: 1 → 'dolar', 2–4 → 'dolary',
 * 5 → 'dolarów', a fraction (2.5) → 'dolara' (CLDR 'other' takes the singular genitive).
 * A currency without text, or an unknown code, answers its upper-case code.
 */
export function currencyWord(amount: number, code: string, length: NameLength = 'short'): string {
  const currency = findCurrency(code);
  if (!currency?.hasText) return code.trim().toUpperCase();
  const n = currency.names;
  const long = length === 'long';
  switch (polishPluralCategory(Math.abs(amount))) {
    case 'one':
      return long ? n.longSingular : n.shortSingular;
    case 'few':
      return long ? n.longPlural : n.shortPlural;
    case 'other':
      return long ? n.longSingularGenitive : n.shortSingularGenitive;
    // Polish has no 'zero' or 'two'; 'many' is 0, 5–21, 25–31 …
    case 'many':
    case 'zero':
    case 'two':
      return long ? n.longPluralGenitive : n.shortPluralGenitive;
  }
}

/**
 * An amount with its currency word: '1 euro', '2 dolary', '5 dolarów', '2,5 funta'. The number
 * is written as given in `text` (the caller formats it for the locale), or as the plain amount.
 */
export function currencyAmountText(
  amount: number,
  code: string,
  options: { length?: NameLength; text?: string } = {},
): string {
  return `${options.text ?? String(amount)} ${currencyWord(amount, code, options.length)}`;
}

/**
 * The name to show where a currency is named alone (headings, selects): the long singular,
 * or the code for a currency without text.
 */
export function currencyLabel(code: string): string {
  const currency = findCurrency(code);
  return currency?.hasText ? currency.names.longSingular : code.trim().toUpperCase();
}
