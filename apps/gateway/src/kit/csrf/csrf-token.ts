/**
 * CSRF tokens of the site's form posts (the loan application, contact, partner enquiry,
 * unsubscribe). A token is bound to three things: the visitor's form cookie (`pp_form`, a random
 * id, HttpOnly, SameSite=Lax, Secure behind https), the form it was drawn into (its `purpose`,
 * e.g. 'application'), and the time it was issued; it is valid for CSRF_TOKEN_MAX_AGE_MS. The
 * server keeps nothing: a token is `<issued>.<nonce>.<mac>` with mac = HMAC-SHA256 over the binding,
 * the purpose, the time and the nonce under a key derived from CSRF_SECRET (config.ts). A page
 * from another site can neither read the cookie nor forge the mac, and a token copied from one
 * visitor's page is worthless with another visitor's cookie, or after it expires.
 *
 * The page that draws a token is personal (it depends on the cookie): it must be answered
 * `Cache-Control: private, no-store` and never enter the shared page cache. The same-origin guard
 * (kit/http/same-origin.ts) stays in front of every post as well.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { FORM_ENTRY, writeCookie } from '../../shared/cookie-catalogue';
import { readUuidCookie, newUuid } from '../identity/uuid';

/** The cookie the tokens are bound to. */
export const CSRF_COOKIE = FORM_ENTRY.name;
export { CSRF_FIELD } from './csrf-field';
/** A token drawn into a page is accepted this long (a long form, a coffee break). */
export const CSRF_TOKEN_MAX_AGE_MS = 4 * 60 * 60_000;
/** The form cookie outlives any token drawn under it. */
export const CSRF_COOKIE_MAX_AGE_MS = FORM_ENTRY.maxAgeMs;
/** Clocks of several replicas may differ a little. */
const CLOCK_SKEW_MS = 60_000;
const SECONDS = /^[0-9a-z]{1,10}$/;
const NONCE = /^[A-Za-z0-9_-]{16}$/;
const MAC = /^[A-Za-z0-9_-]{22}$/;
const PURPOSE = /^[a-z][a-z0-9-]{0,39}$/;

/** The key that signs the tokens; make one per process with csrfKey(). */
export interface CsrfKey {
  readonly mac: (payload: string) => string;
}

/**
 * The signing key from CSRF_SECRET (at least 32 characters; every replica needs the same one).
 * Unset: one drawn per process, fine for one process (open forms then need a reload after a
 * restart). Derived with its own label, so the same secret used elsewhere signs nothing alike.
 */
export function csrfKey(secret: string | undefined): CsrfKey {
  const root = secret ?? randomBytes(32).toString('base64');
  const key = createHmac('sha256', root).update('gateway csrf token v1').digest();
  return {
    mac: (payload) =>
      createHmac('sha256', key).update(payload).digest().subarray(0, 16).toString('base64url'),
  };
}

export interface CsrfIssue {
  key: CsrfKey;
  /** The visitor's form cookie id (readCsrfBinding / ensureCsrfBinding). */
  binding: string;
  /** Which form: lower-case letters, digits and dashes, e.g. 'application', 'contact'. */
  purpose: string;
  /** The clock (ms); Date.now by default. */
  now?: number;
}

/** A fresh token for one form of one visitor. */
export function issueCsrfToken({ key, binding, purpose, now = Date.now() }: CsrfIssue): string {
  if (!PURPOSE.test(purpose)) throw new Error(`bad CSRF purpose: ${purpose}`);
  const issued = Math.floor(now / 1000).toString(36);
  const nonce = randomBytes(12).toString('base64url');
  return `${issued}.${nonce}.${key.mac(payload(binding, purpose, issued, nonce))}`;
}

/** Why a token was refused: every one of them answers 403. */
export type CsrfRefusal = 'missing' | 'malformed' | 'no-cookie' | 'forged' | 'expired';
export type CsrfCheck = { ok: true } | { ok: false; reason: CsrfRefusal };

export interface CsrfVerify {
  key: CsrfKey;
  /** What the post carried in CSRF_FIELD (anything: it is checked here). */
  token: unknown;
  /** The form cookie of the post (readCsrfBinding); undefined when it sent none. */
  binding: string | undefined;
  purpose: string;
  now?: number;
  /** CSRF_TOKEN_MAX_AGE_MS unless given. */
  maxAgeMs?: number;
}

/** Whether a post's token was issued by us, for this visitor and form, and recently enough. */
export function verifyCsrfToken({
  key,
  token,
  binding,
  purpose,
  now = Date.now(),
  maxAgeMs = CSRF_TOKEN_MAX_AGE_MS,
}: CsrfVerify): CsrfCheck {
  if (typeof token !== 'string' || token === '') return { ok: false, reason: 'missing' };
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [issued = '', nonce = '', mac = ''] = parts;
  if (!SECONDS.test(issued) || !NONCE.test(nonce) || !MAC.test(mac) || !PURPOSE.test(purpose))
    return { ok: false, reason: 'malformed' };
  if (binding === undefined) return { ok: false, reason: 'no-cookie' };
  const expected = Buffer.from(key.mac(payload(binding, purpose, issued, nonce)));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'forged' };
  const issuedAt = parseInt(issued, 36) * 1000;
  if (issuedAt > now + CLOCK_SKEW_MS || now - issuedAt > maxAgeMs) return { ok: false, reason: 'expired' };
  return { ok: true };
}

function payload(binding: string, purpose: string, issued: string, nonce: string): string {
  return `${binding}|${purpose}|${issued}|${nonce}`;
}

/** The form cookie's id of a Cookie header (a UUID v4, canonical); undefined when there is none. */
export function readCsrfBinding(cookieHeader: string | undefined): string | undefined {
  return readUuidCookie(cookieHeader, CSRF_COOKIE);
}

/** The Set-Cookie value of a form cookie: first-party, HttpOnly, SameSite=Lax, Secure behind https. */
export function csrfBindingCookie(id: string, secure: boolean): string {
  return writeCookie(FORM_ENTRY, id, { secure });
}

/** The minimal view of an Express request/response the helper below needs. */
interface CookieRequest {
  get(name: 'cookie'): string | undefined;
}
interface CookieResponse {
  append(field: 'Set-Cookie', value: string): unknown;
}

/**
 * The visitor's form cookie id, issuing one (Set-Cookie on `res`) when the request carried none:
 * call it while drawing a page with a form (a personal, no-store page), then issueCsrfToken with
 * the id. Undefined only when the random source fails (the form is then drawn without a token and
 * its post is refused with the 403 page, which says to reload).
 */
export function ensureCsrfBinding(
  req: CookieRequest,
  res: CookieResponse,
  secure: boolean,
): string | undefined {
  const current = readCsrfBinding(req.get('cookie'));
  if (current) return current;
  const id = newUuid();
  if (!id) return undefined;
  res.append('Set-Cookie', csrfBindingCookie(id, secure));
  return id;
}
