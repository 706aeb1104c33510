/**
 * The visitor's answer to the cookie notice, kept in a first-party cookie that the choice's answer
 * (POST /ustawienia-cookies/) sets and the gateway reads with every request. Every page carries the
 * notice, shown by the browser while it holds no answer (shared/consent-notice.ts), so pages stay
 * the same for everyone. What waits for consent is the catalogue's
 * 'consent' basis (shared/cookie-catalogue.ts, /polityka-cookies/): the client id, the
 * traffic-source cookies and the A/B variant. No answer yet ('unset') counts as no consent: only
 * strictly necessary cookies are written, and events carry no traffic source.
 */
import { CONSENT_ENTRY, writeCookie } from './cookie-catalogue';
import { cookieValues } from './cookies';

export const CONSENT_COOKIE = CONSENT_ENTRY.name;
/** The notice asks again after a year (the policy's "12 miesięcy"). */
export const CONSENT_MAX_AGE_MS = CONSENT_ENTRY.maxAgeMs;
/** Where the choice is made again (the footer's "Ustawienia cookies") and where every choice is posted. */
export const COOKIE_SETTINGS_PATH = '/ustawienia-cookies/';

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

/** The field a choice is posted in (the notice's fetch and the settings page's form) and its values. */
export const CONSENT_FIELD = 'zgoda';
export const CONSENT_VALUES: Readonly<Record<ConsentChoice, string>> = { granted: 'tak', denied: 'nie' };

/** The choice a posted value names; undefined for anything else. */
export function choiceOf(value: unknown): ConsentChoice | undefined {
  if (value === CONSENT_VALUES.granted) return 'granted';
  if (value === CONSENT_VALUES.denied) return 'denied';
  return undefined;
}

/** The cookie that records a choice (readable by the page: the notice checks it). */
export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return writeCookie(CONSENT_ENTRY, choice, { secure });
}
