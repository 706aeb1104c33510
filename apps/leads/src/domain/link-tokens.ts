import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Two kinds of token in links we send:
 * - the status link: `<application id>.<expiry, unix seconds>.<HMAC>` — readable again until it
 *   expires, checkable without a database row;
 * - self-service links and sessions: 32 random bytes, stored only as their SHA-256 with their
 *   expiry and use, so a link works once and a database reader learns nothing usable.
 */

/** How long a status link opens the status page. */
export const STATUS_LINK_DAYS = 30;
/** A mailed self-service link: 24 hours, once. */
export const SELF_SERVICE_LINK_HOURS = 24;
/** A session opened by the link. */
export const SELF_SERVICE_SESSION_MINUTES = 30;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const statusMac = (key: Buffer, applicationId: string, expires: number) =>
  createHmac('sha256', key).update(`status:${applicationId}.${expires}`).digest('base64url');

export function statusToken(key: Buffer, applicationId: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + STATUS_LINK_DAYS * 86_400;
  return `${applicationId}.${expires}.${statusMac(key, applicationId, expires)}`;
}

/** The application id a status token names, or null when it is malformed, forged or expired. */
export function readStatusToken(key: Buffer, token: string, now: Date): string | null {
  const [id, expiresText, mac, ...rest] = token.split('.');
  if (rest.length > 0 || !id || !UUID.test(id) || !expiresText || !/^\d{1,12}$/.test(expiresText) || !mac)
    return null;
  const expires = Number(expiresText);
  if (expires * 1000 <= now.getTime()) return null;
  const expected = Buffer.from(statusMac(key, id, expires));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** A fresh random token for a link or a session. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a random token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 'anna.nowak@example.pl' → 'a***@example.pl'; '+48600100200' → '+48 *** *** 200'. */
export function maskAddress(kind: 'email' | 'phone', address: string): string {
  if (kind === 'email') {
    const at = address.lastIndexOf('@');
    return at <= 0 ? '***' : `${address[0]}***${address.slice(at)}`;
  }
  const digits = address.replace(/\D/g, '');
  return `+${digits.slice(0, 2)} *** *** ${digits.slice(-3)}`;
}
