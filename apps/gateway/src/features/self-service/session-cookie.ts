/**
 * The self-service session's cookie (`pp_moje_dane`): the session token OpenSelfService answered,
 * kept by the browser only for the self-service pages. HttpOnly (no script reads it),
 * SameSite=Strict (no other site's page or link sends it along, so no cross-site request acts
 * with it), Path=/moje-dane/ (no other page of ours sees it), Secure behind https, and as long
 * as the session lasts (Max-Age to its end). Set only on the answer of the link's confirmation
 * post; cleared on the erasure and whenever the service says the session is over.
 */
import { SELF_SERVICE_ENTRY, writeCookie } from '../../shared/cookie-catalogue';
import { cookieValues, decodeCookieValue } from '../../shared/cookies';

export const SESSION_COOKIE = SELF_SERVICE_ENTRY.name;
/** A session lasts 30 minutes (the leads service's); a day (the catalogue's) bounds a cookie whatever the clocks say. */
const MAX_AGE_LIMIT_S = SELF_SERVICE_ENTRY.maxAgeMs / 1000;
const DEFAULT_MAX_AGE_S = 30 * 60;
/** Link and session tokens as the service makes them (base64url of random bytes), with room to change. */
const TOKEN = /^[A-Za-z0-9._~-]{16,512}$/;

/** Whether a link or session token is worth sending to the service. */
export const isTokenShaped = (value: unknown): value is string =>
  typeof value === 'string' && TOKEN.test(value);

/** The session token of a Cookie header; undefined when there is none that could be one. */
export function readSessionToken(cookieHeader: string | undefined): string | undefined {
  for (const raw of cookieValues(cookieHeader, SESSION_COOKIE)) {
    const value = decodeCookieValue(raw);
    if (isTokenShaped(value)) return value;
  }
  return undefined;
}

/** Seconds from now to the session's end (RFC 3339), within 1 s … a day; 30 minutes when unreadable. */
export function sessionMaxAgeSeconds(expiresAt: string, now: Date): number {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return DEFAULT_MAX_AGE_S;
  return Math.min(MAX_AGE_LIMIT_S, Math.max(1, Math.floor((end - now.getTime()) / 1000)));
}

function serialize(value: string, maxAgeS: number, secure: boolean): string {
  return writeCookie(SELF_SERVICE_ENTRY, value, { maxAgeMs: maxAgeS * 1000, secure });
}

/** The Set-Cookie value that keeps a session until it ends. */
export function sessionCookie(token: string, expiresAt: string, now: Date, secure: boolean): string {
  return serialize(token, sessionMaxAgeSeconds(expiresAt, now), secure);
}

/** The Set-Cookie value that forgets the session. */
export function clearedSessionCookie(secure: boolean): string {
  return serialize('', 0, secure);
}
