// The WHATWG HTML "valid e-mail address" production: what browsers accept in <input type=email>,
// so the server never rejects what the form let through (and vice versa).
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** RFC 5321 caps: 64 characters before '@', 254 in all. A dot-less domain is never a real mailbox here. */
export function isEmail(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > 64) return false;
  return EMAIL.test(value);
}

/** Lower-cases the domain only: the local part is case-sensitive by the standard. */
export function normalizeEmail(value: string): string {
  const trimmed = value.trim();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}
