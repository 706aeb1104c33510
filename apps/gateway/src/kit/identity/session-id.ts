/**
 * The visit's session id: a first-party cookie holding a UUID v4 that lives 1/48 of
 * a day (30 minutes) and is renewed by every tracked activity, so a visit ends after
 * 30 minutes without one. Strictly necessary (it keeps a visit and its form together), so it is
 * set without consent (/polityka-cookies/). An incoming value that is not a UUID v4, with or
 * without hyphens, is no id and gets replaced.
 */
import { SESSION_ID_ENTRY, writeCookie } from '../../shared/cookie-catalogue';
import { newUuid, readUuidCookie } from './uuid';

export const SESSION_ID_COOKIE = SESSION_ID_ENTRY.name;
/** 1/48 day. */
export const SESSION_ID_MAX_AGE_MS = SESSION_ID_ENTRY.maxAgeMs;

/** The first valid session id of a Cookie header, canonical form; undefined when none is valid. */
export function readSessionId(cookieHeader: string | undefined): string | undefined {
  return readUuidCookie(cookieHeader, SESSION_ID_COOKIE);
}

/** A fresh session id; '' if the random source fails. */
export function newSessionId(): string {
  return newUuid();
}

/** The Set-Cookie value for a session id, renewed for another 30 minutes. */
export function sessionIdCookie(id: string, secure: boolean): string {
  return writeCookie(SESSION_ID_ENTRY, id, { secure });
}
