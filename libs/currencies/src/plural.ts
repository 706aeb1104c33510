const polishPlurals = new Intl.PluralRules('pl-PL');

/**
 * The Polish plural form CLDR picks for a count: 1 miesiąc, 2–4 and 22–24 miesiące, 5–21 and 0
 * miesięcy. Fractions take the genitive singular ('2,5 miesiąca' is CLDR's 'other'); counts here
 * are whole, so 'other' falls back to the 'many' form given.
 */
export function plural(count: number, one: string, few: string, many: string): string {
  const form = polishPlurals.select(count);
  return form === 'one' ? one : form === 'few' ? few : many;
}

/** CLDR's Polish category of a number: 'one', 'few', 'many' (whole numbers) or 'other' (fractions). */
export function polishPluralCategory(count: number): Intl.LDMLPluralRule {
  return polishPlurals.select(count);
}
