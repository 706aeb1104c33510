/*
 * Input masks: they only format what was typed (spacing, case, cutting at the field's length) and
 * never decide validity; the validators do. Pure, so the browser formats as the visitor types and
 * the server can show a kept value the same way.
 */

const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

function group(digits: string, sizes: readonly number[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at));
  return parts.join(' ');
}

/** '+48600100200' or '600-100-200' → '600 100 200' (a +48 prefix is kept as '+48 600 100 200'). */
export function formatPhoneInput(value: string): string {
  const trimmed = value.trim();
  const international = /^(\+|00)48/.test(trimmed.replace(/[\s-]/g, ''));
  const digits = trimmed.replace(/\D/g, '');
  const national = (international ? digits.replace(/^(00)?48/, '') : digits).slice(0, 9);
  const grouped = group(national, [3, 3, 3]);
  return international ? `+48 ${grouped}`.trimEnd() : grouped;
}

/** Digits only, at most eleven. */
export function formatPeselInput(value: string): string {
  return digitsOnly(value, 11);
}

/** 'aba300000' → 'ABA 300000'. */
export function formatIdCardInput(value: string): string {
  const compact = value
    .replace(/[^a-zA-Z0-9]/g, '')
    .toUpperCase()
    .slice(0, 9);
  return compact.length > 3 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
}

/** '61109010140000071219812874' → '61 1090 1014 0000 0712 1981 2874'; a 'PL' prefix is kept. */
export function formatBankAccountInput(value: string): string {
  const compact = value.replace(/\s/g, '').toUpperCase();
  const prefix = compact.startsWith('PL') ? 'PL' : '';
  const digits = digitsOnly(compact.slice(prefix.length), 26);
  const grouped = group(digits, [2, 4, 4, 4, 4, 4, 4]);
  return prefix ? `${prefix}${grouped}` : grouped;
}

/** Amount typed in złoty: digits only, grouped by thousands with a non-breaking space ('15000' → '15 000'). */
export function formatAmountInput(value: string): string {
  const digits = digitsOnly(value, 9).replace(/^0+(?=\d)/, '');
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
}
