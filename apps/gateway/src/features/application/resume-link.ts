/**
 * The resume link of an application draft, so a reload or a second device loses nothing:
 * `/application/wznow/<draft id>.<mac>/`, shown on the journey's pages once a draft
 * exists. Opened on another device it sets the draft cookie there and continues at the draft's
 * step (application.api.ts). The mac is the gateway's CSRF key (CSRF_SECRET, kit/csrf) over a
 * payload of its own label: a CSRF token's payload starts with the visitor's form-cookie UUID, this
 * one with `application-resume`, so neither can stand for the other. Nothing is stored: the link
 * is valid as long as the draft is (the leads service keeps a draft 30 days, and a submitted or
 * erased one is no draft), and a link whose mac does not match is no link at all.
 *
 * Whoever holds the link can continue the draft, as whoever holds the cookie can: the page says so.
 */
import { isUuidV4, normalizeUuid } from '@lib/pl-validation';
import { timingSafeEqual } from 'node:crypto';
import { type CsrfKey } from '../../kit/csrf';

/** The resume links' address prefix. */
export const RESUME_PREFIX = '/application/wznow/';
const LABEL = 'application-resume v1';
const MAC = /^[A-Za-z0-9_-]{22}$/;
/** Longest path segment looked at (a UUID, a dot and the mac). */
const MAX_TOKEN = 36 + 1 + 22;

const macOf = (key: CsrfKey, draftId: string) => key.mac(`${LABEL}|${draftId}`);

/** The resume address of a draft (a path; the page puts the site's origin in front). */
export function resumePath(key: CsrfKey, draftId: string): string {
  const id = normalizeUuid(draftId) ?? draftId;
  return `${RESUME_PREFIX}${id}.${macOf(key, id)}/`;
}

/** Whether a page path is a resume address (well formed or not: every one is answered here). */
export const isResumePath = (path: string): boolean =>
  path.startsWith(RESUME_PREFIX) && path.length > RESUME_PREFIX.length;

/** The draft id a resume address was signed for; undefined when it is malformed or forged. */
export function draftIdOfResumePath(key: CsrfKey, path: string): string | undefined {
  if (!isResumePath(path) || !path.endsWith('/')) return undefined;
  const token = path.slice(RESUME_PREFIX.length, -1);
  if (token.length > MAX_TOKEN) return undefined;
  const dot = token.indexOf('.');
  const id = token.slice(0, dot);
  const mac = token.slice(dot + 1);
  // Only the canonical form the link was drawn with: one draft, one address.
  if (dot < 0 || !isUuidV4(id) || normalizeUuid(id) !== id || !MAC.test(mac)) return undefined;
  const expected = Buffer.from(macOf(key, id));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}
