/**
 * Where a visitor's A/B variants are kept: one first-party cookie per experiment (`exp_<id>`,
 * e.g. `exp_0300.1=A`), which the gateway reads and sets, and only once the visitor accepted the
 * cookie notice (the catalogue's EXPERIMENT_ENTRY waits for consent). The cookie holds only the
 * variant letter: no identifier, nothing personal. Nothing else keeps a variant: no copy in
 * local storage brings back a cookie the visitor or a withdrawal deleted.
 */
import { EXPERIMENT_ENTRY, deleteCookie, writeCookie } from '../../shared/cookie-catalogue';

export const EXPERIMENT_COOKIE_PREFIX = EXPERIMENT_ENTRY.name;
/** As long as the client id (180 days): a visitor keeps the variant for the experiment's life. */
export const EXPERIMENT_COOKIE_MAX_AGE_MS = EXPERIMENT_ENTRY.maxAgeMs;
/** The query parameter that forces a variant ('A', 'B' or a full flow such as '0300.1-B'). */
export const EXPERIMENT_OVERRIDE_PARAM = 'exp_flow';

/** Experiment ids are digits and dots ('0300.1'); anything else is no experiment of ours. */
export const isExperimentId = (id: string): boolean => /^\d{1,6}(\.\d{1,3})?$/.test(id);
/** Variant names are one to eight letters; the server checks them against the experiment. */
export const isVariantName = (value: string): boolean => /^[A-Za-z]{1,8}$/.test(value);

export const experimentCookieName = (experimentId: string): string =>
  `${EXPERIMENT_COOKIE_PREFIX}${experimentId}`;

/** The Set-Cookie value keeping a variant (with consent only: the caller checks). */
export function experimentCookie(experimentId: string, variant: string, secure: boolean): string {
  return writeCookie(EXPERIMENT_ENTRY, variant, { secure, name: experimentCookieName(experimentId) });
}

/** The Set-Cookie value deleting a variant's cookie. */
export function experimentCookieDeletion(experimentId: string, secure: boolean): string {
  return deleteCookie(EXPERIMENT_ENTRY, { secure, name: experimentCookieName(experimentId) });
}

/** Every `exp_<id>=<variant>` pair of a Cookie header (or document.cookie) with a well-formed id and value. */
export function experimentCookies(header: string | undefined): Map<string, string> {
  const found = new Map<string, string>();
  for (const pair of header?.split(';') ?? []) {
    const mark = pair.indexOf('=');
    if (mark === -1) continue;
    const name = pair.slice(0, mark).trim();
    const value = pair.slice(mark + 1).trim();
    if (!name.startsWith(EXPERIMENT_COOKIE_PREFIX)) continue;
    const id = name.slice(EXPERIMENT_COOKIE_PREFIX.length);
    if (isExperimentId(id) && isVariantName(value) && !found.has(id)) found.set(id, value);
  }
  return found;
}
