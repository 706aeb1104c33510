import { createHash } from 'node:crypto';

/**
 * An idempotency key derived from what makes a form submission the same submission
 * (JSON-serialisable parts, the form's name first): equal parts, equal key, so a browser that
 * sends the same post again sends the same submission. Formatted as a UUID v4 (version and
 * variant bits set), the contract's key format; its other bits are SHA-256's. Used by the comment
 * form (features/comments/submission-key.ts) and the loan application (features/application).
 */
export function keyOfParts(parts: readonly unknown[]): string {
  const digest = createHash('sha256').update(JSON.stringify(parts)).digest();
  const bytes = digest.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
