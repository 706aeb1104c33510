import { normalizeUuid } from '@lib/pl-validation';
import { randomUUID } from 'node:crypto';
import { cookieValues, decodeCookieValue } from '../../shared/cookies';

/**
 * A fresh UUID v4 for an id cookie; '' if the random source fails: it never throws, and the
 * caller goes on without the id.
 */
export function newUuid(random: () => string = randomUUID): string {
  try {
    return random();
  } catch {
    return '';
  }
}

/**
 * The first value of the cookie `name` that is a UUID v4 (with or without hyphens),
 * in canonical form; undefined when none is, so the caller replaces it.
 */
export function readUuidCookie(cookieHeader: string | undefined, name: string): string | undefined {
  for (const value of cookieValues(cookieHeader, name)) {
    const id = normalizeUuid(decodeCookieValue(value) ?? '');
    if (id) return id;
  }
  return undefined;
}
