/**
 * The application draft's cookie (`pp_application`): the draft id the leads service answered for the
 * first saved step, so the next step, a reload or a return within 30 days continues the same draft
 * (GetApplication). First-party, HttpOnly, SameSite=Lax, Secure behind https; set only on the
 * answers of the journey's form posts, never on a page.
 */
import { DRAFT_ENTRY, deleteCookie, writeCookie } from '../../shared/cookie-catalogue';
import { readUuidCookie } from '../../kit/identity/uuid';

export const DRAFT_COOKIE = DRAFT_ENTRY.name;
/** As long as the leads service keeps a draft (DRAFT_RETENTION_DAYS there). */
export const DRAFT_COOKIE_MAX_AGE_MS = DRAFT_ENTRY.maxAgeMs;

/** The draft id of a Cookie header; undefined when none is valid. */
export function readDraftId(cookieHeader: string | undefined): string | undefined {
  return readUuidCookie(cookieHeader, DRAFT_COOKIE);
}

/** The Set-Cookie value that keeps a draft id (or, with '', forgets it). */
export function draftCookie(draftId: string, secure: boolean): string {
  return draftId === ''
    ? deleteCookie(DRAFT_ENTRY, { secure })
    : writeCookie(DRAFT_ENTRY, draftId, { secure });
}
