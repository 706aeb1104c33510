/**
 * The visitor's answer to the cookie notice, kept in a first-party cookie the browser sets when
 * the visitor chooses (the notice is drawn by the tracker, so pages stay the same for everyone)
 * and the gateway reads with every event. What waits for consent is written in the cookie policy
 * (/polityka-cookies/): the client id and the traffic-source cookies; the session id, the language
 * and this cookie itself are strictly necessary.
 */
import { cookieValues, serializeCookie } from './cookies';

export const CONSENT_COOKIE = 'cookie_consent';
/** The notice asks again after a year (the policy's "12 miesięcy"). */
export const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60_000;

/** 'granted': all cookies accepted; 'denied': strictly necessary ones only; 'unset': no answer yet. */
export type ConsentState = 'granted' | 'denied' | 'unset';
export type ConsentChoice = Exclude<ConsentState, 'unset'>;

/** The answer a Cookie header (or `document.cookie`) holds; the first valid value wins. */
export function readConsent(cookieHeader: string | undefined): ConsentState {
  for (const value of cookieValues(cookieHeader, CONSENT_COOKIE)) {
    if (value === 'granted' || value === 'denied') return value;
  }
  return 'unset';
}

/** The cookie that records a choice (readable by the page: the notice checks it). */
export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return serializeCookie(CONSENT_COOKIE, choice, { maxAgeMs: CONSENT_MAX_AGE_MS, secure });
}
