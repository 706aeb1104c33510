const UUID_V4 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;

/** A session or client id counts only as a version-4 UUID, with or without hyphens. */
export function isUuidV4(value: string): boolean {
  if (!UUID_V4.test(value)) return false;
  const hyphens = (value.match(/-/g) ?? []).length;
  return hyphens === 0 || hyphens === 4;
}

/** Canonical lower-case hyphenated form; undefined when not a v4 UUID. */
export function normalizeUuid(value: string): string | undefined {
  if (!isUuidV4(value)) return undefined;
  const hex = value.replace(/-/g, '').toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
