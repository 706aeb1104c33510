/**
 * The application draft's cookie (`pp_application`): the draft id the leads service answered for the
 * first saved step, so the next step, a reload or a return within 30 days continues the same draft
 * (GetApplication). First-party, HttpOnly, SameSite=Lax, Secure behind https; set only on the
 * answers of the journey's form posts, never on a page.
 */
import { serializeCookie } from '../../shared/cookies';
import { readUuidCookie } from '../../kit/identity/uuid';

export const DRAFT_COOKIE = 'pp_application';
/** As long as the leads service keeps a draft (DRAFT_RETENTION_DAYS there). */
export const DRAFT_COOKIE_MAX_AGE_MS = 30 * 24 * 60 * 60_000;

/** The draft id of a Cookie header; undefined when none is valid. */
export function readDraftId(cookieHeader: string | undefined): string | undefined {
  return readUuidCookie(cookieHeader, DRAFT_COOKIE);
}

/** The Set-Cookie value that keeps a draft id (or, with '', forgets it). */
export function draftCookie(draftId: string, secure: boolean): string {
  return serializeCookie(DRAFT_COOKIE, draftId, {
    maxAgeMs: draftId === '' ? 0 : DRAFT_COOKIE_MAX_AGE_MS,
    secure,
    httpOnly: true,
  });
}
