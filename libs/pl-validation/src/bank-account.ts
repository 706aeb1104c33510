/**
 * Polish bank account numbers: NRB (26 digits: two check digits, an eight-digit settlement number
 * of the bank, sixteen digits of the account) and its IBAN form 'PL' + the same 26 digits. The
 * check digits are those of IBAN (ISO 13616, ISO 7064 mod 97-10): with the country code and check
 * digits moved to the end and letters turned into numbers (P=25, L=21), the number mod 97 is 1.
 */

/** Digits only, without spaces, dashes or the 'PL' prefix; undefined when anything else is there. */
export function normalizeNrb(input: string): string | undefined {
  const compact = input.replace(/[\s-]/g, '').toUpperCase();
  const digits = compact.startsWith('PL') ? compact.slice(2) : compact;
  return /^\d{26}$/.test(digits) ? digits : undefined;
}

/** The remainder of a long digit string mod 97, read in chunks (no BigInt needed). */
function mod97(digits: string): number {
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) remainder = Number(`${remainder}${digits.slice(i, i + 7)}`) % 97;
  return remainder;
}

/** An NRB (26 digits, spaces allowed) or a Polish IBAN ('PL' + 26 digits) whose check digits are right. */
export function isPolishBankAccount(input: string): boolean {
  const digits = normalizeNrb(input);
  if (!digits) return false;
  // 'PL' → 25 21; the check digits follow the country code.
  return mod97(`${digits.slice(2)}2521${digits.slice(0, 2)}`) === 1;
}

/** The IBAN form of a valid number ('PL61109010140000071219812874'); undefined when not valid. */
export function toPolishIban(input: string): string | undefined {
  const digits = normalizeNrb(input);
  return digits && isPolishBankAccount(digits) ? `PL${digits}` : undefined;
}
