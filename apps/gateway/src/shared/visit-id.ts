/** sessionStorage key of this tab's visit id: reloads in one visit count as one view. */
export const VISIT_ID_KEY = 'article_visit_id';

/** A version-4 UUID, or '' when the browser cannot make one: never throws, so a page works without crypto. */
export function uuidV4(): string {
  try {
    if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6]! & 0x0f) | 0x40;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  } catch {
    return '';
  }
}

/** This tab's visit id (UUID v4), created on first use; '' when storage is blocked. */
export function visitId(): string {
  try {
    const stored = sessionStorage.getItem(VISIT_ID_KEY);
    if (stored) return stored;
    const created = uuidV4();
    if (created) sessionStorage.setItem(VISIT_ID_KEY, created);
    return created;
  } catch {
    // Storage can be blocked (privacy settings); the view then counts without a visit id.
    return '';
  }
}
