import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature both ways between us and a lender: `X-Signature: t=<unix seconds>,v1=<hex>`, where
 * v1 is HMAC-SHA256 under the lender's secret of `<t>.<body as sent>`. The time is signed with the
 * body, so a request recorded and sent again later falls outside the replay window.
 */
export const SIGNATURE_HEADER = 'x-signature';

/** How far a signature's time may be from the receiver's clock, either way. */
export const REPLAY_WINDOW_SECONDS = 300;

/** Shortest secret accepted: 32 bytes of randomness, as `openssl rand -hex 32` prints less densely. */
export const MIN_SECRET_LENGTH = 32;

export type SignatureProblem = 'missing' | 'malformed' | 'outside-window' | 'mismatch';

const mac = (secret: string, seconds: number, body: string | Buffer): Buffer =>
  createHmac('sha256', secret).update(`${seconds}.`).update(body).digest();

/** The header value for `body` sent at `nowSeconds`. */
export function signBody(secret: string, body: string | Buffer, nowSeconds: number): string {
  const seconds = Math.floor(nowSeconds);
  return `t=${seconds},v1=${mac(secret, seconds, body).toString('hex')}`;
}

/** Checks a received header against the body exactly as received; the problem, or null when it holds. */
export function checkSignature(
  header: string | undefined,
  body: string | Buffer,
  secret: string,
  nowSeconds: number,
  windowSeconds = REPLAY_WINDOW_SECONDS,
): SignatureProblem | null {
  if (header === undefined || header.trim() === '') return 'missing';
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at > 0) parts.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const time = parts.get('t');
  const given = parts.get('v1');
  if (!time || !/^\d{1,12}$/.test(time) || !given || !/^[0-9a-f]{64}$/i.test(given)) return 'malformed';
  const seconds = Number(time);
  if (Math.abs(nowSeconds - seconds) > windowSeconds) return 'outside-window';
  return timingSafeEqual(mac(secret, seconds, body), Buffer.from(given, 'hex')) ? null : 'mismatch';
}
