/**
 * Normalises a Polish phone number to E.164 (`+48XXXXXXXXX`), or undefined when it is not one.
 * Accepts what people type: spaces, dashes, dots, parentheses, and a +48 / 0048 / 48 prefix.
 * Polish numbers have nine digits and never start with 0 (numbering plan of UKE).
 */
export function normalizePolishPhone(input: string): string | undefined {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  if (!/^\+?\d+$/.test(compact)) return undefined;
  let digits = compact.replace(/^\+/, '');
  if (compact.startsWith('+') || digits.startsWith('00')) {
    digits = digits.replace(/^00/, '');
    if (!digits.startsWith('48')) return undefined;
    digits = digits.slice(2);
  } else if (digits.length === 11 && digits.startsWith('48')) {
    digits = digits.slice(2);
  }
  if (!/^[1-9]\d{8}$/.test(digits)) return undefined;
  return `+48${digits}`;
}

/**
 * Prefixes of the Polish mobile numbering ranges (UKE plan numeracji krajowej: 45, 50, 51, 53, 57,
 * 60, 66, 69, 72, 73, 78, 79, 88); fixed lines start with an area code (12, 22, 58 …) instead.
 */
const MOBILE_PREFIXES = /^(?:45|50|51|53|57|60|66|69|72|73|78|79|88)/;

/**
 * A Polish mobile number in E.164 (`+48XXXXXXXXX`), or undefined: nine digits with or without
 * +48 (spaces and dashes accepted, as normalizePolishPhone), from a mobile range.
 */
export function normalizePolishMobile(input: string): string | undefined {
  const phone = normalizePolishPhone(input);
  return phone && MOBILE_PREFIXES.test(phone.slice(3)) ? phone : undefined;
}
