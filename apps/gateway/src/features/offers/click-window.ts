import { type RateBudgets, type RateLimiter } from '@lib/cache';
import { createHmac } from 'node:crypto';
import { SESSION_ID_MAX_AGE_MS } from '../../kit/identity/session-id';

/**
 * How long a click on one offer counts once for one visitor: the session's length (30 minutes),
 * so a visit that goes back to the list and follows the same offer again, or a browser that
 * repeats the request, adds no click; a new visit's click counts. The window starts at the
 * counted click (repeats do not extend it).
 */
export const CLICK_WINDOW_MS = SESSION_ID_MAX_AGE_MS;

/** The rate budget holding the windows: Redis `gateway:rate:offer-clicks:<key>` when REDIS_URL is set. */
export function clickWindowBudget(budgets: RateBudgets): RateLimiter {
  // Counting in process while Redis is down: a repeat across replicas may then count twice, never none.
  return budgets.budget('offer-clicks', { limit: 1, windowMs: CLICK_WINDOW_MS, whenRedisDown: 'local' });
}

/** A visitor without a session cookie: a salted hash of the client address and user agent. */
export function anonymousVisitor(salt: string, address: string, userAgent: string): string {
  return createHmac('sha256', salt).update(`${address}\n${userAgent}`).digest('base64url').slice(0, 32);
}

export interface ClickVisitorKeys {
  offerId: string;
  /** The session id of the request's valid cookie; undefined when it had none. */
  cookieSession: string | undefined;
  /** The session id drawn for a request without one ('' when none could be drawn). */
  drawnSession: string;
  /** The salted hash of address and user agent (anonymousVisitor). */
  anonymous: string;
}

/**
 * The window keys one click spends, the one that decides first. With a session cookie: its
 * session and the offer. Without: the address and user agent's hash (a visitor whose browser keeps
 * no cookie is still counted once), and the session drawn for it, so the same visitor's next click
 * with the cookie set on this answer is a repeat too.
 */
export function clickWindowKeys(visitor: ClickVisitorKeys): string[] {
  if (visitor.cookieSession) return [`${visitor.cookieSession}:${visitor.offerId}`];
  const keys = [`${visitor.anonymous}:${visitor.offerId}`];
  if (visitor.drawnSession) keys.push(`${visitor.drawnSession}:${visitor.offerId}`);
  return keys;
}

/** Spends the click's keys; true when it is the first click of its window (the first key decides). */
export async function takeClickWindow(limiter: RateLimiter, keys: readonly string[]): Promise<boolean> {
  const decisions = await Promise.all(keys.map((key) => limiter.hit(key)));
  return decisions[0]?.allowed ?? false;
}

/** Gives the keys back: a click the events service did not take leaves its window open. */
export async function giveBackClickWindow(limiter: RateLimiter, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => limiter.giveBack(key)));
}
