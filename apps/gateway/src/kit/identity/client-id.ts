/**
 * The visitor's client id: a first-party cookie holding a UUID v4, kept 180 days.
 * One module reads and issues it, so tracking (events) and A/B assignment (offers)
 * agree on who a visitor is. An incoming value that is not a UUID v4, with or without hyphens, is
 * no id and gets replaced.
 *
 * The client id recognises a returning browser for statistics, so the cookie policy
 * (/polityka-cookies/) lists it among the cookies that wait for consent: set it only when
 * `hasConsent` (./consent.ts) says the visitor accepted the cookie notice.
 */
import { CLIENT_ID_ENTRY, writeCookie } from '../../shared/cookie-catalogue';
import { newUuid, readUuidCookie } from './uuid';

export const CLIENT_ID_COOKIE = CLIENT_ID_ENTRY.name;
export const CLIENT_ID_MAX_AGE_MS = CLIENT_ID_ENTRY.maxAgeMs;

/** The first valid client id of a Cookie header, canonical form; undefined when none is valid. */
export function readClientId(cookieHeader: string | undefined): string | undefined {
  return readUuidCookie(cookieHeader, CLIENT_ID_COOKIE);
}

/** A fresh client id; '' if the random source fails (newUuid never throws). */
export function newClientId(): string {
  return newUuid();
}

/** The Set-Cookie value for a client id (`secure` in production); HttpOnly: only the gateway reads it. */
export function clientIdCookie(id: string, secure: boolean): string {
  return writeCookie(CLIENT_ID_ENTRY, id, { secure });
}
