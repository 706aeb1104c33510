/**
 * The visitor's answer to the push-notification prompt, kept in the browser (local storage), so
 * every page's HTML stays the same for everyone and the decision is made where the answer is.
 * Pure rules, tested without a browser: the prompt shows when nothing is stored, never again after
 * 'granted', and again only 30 days after a 'denied'.
 */

/** Local storage key of the answer: `{"choice":"granted"|"denied","at":<epoch ms>}`. */
export const PUSH_CONSENT_KEY = 'push_consent';
/** After a decline the prompt stays away this long (30 days). */
export const PUSH_DECLINE_QUIET_MS = 30 * 24 * 60 * 60_000;

export type PushChoice = 'granted' | 'denied';

export interface PushConsent {
  choice: PushChoice;
  /** When it was given (epoch ms). */
  at: number;
}

/** What the browser itself says: no Notification API, or a permission it already holds. */
export type BrowserPermission = 'unsupported' | 'default' | 'granted' | 'denied';

/** The stored answer, or null for none (or anything unreadable, which counts as none). */
export function readPushConsent(raw: string | null): PushConsent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PushConsent> | null;
    if (
      value &&
      (value.choice === 'granted' || value.choice === 'denied') &&
      typeof value.at === 'number' &&
      Number.isFinite(value.at)
    ) {
      return { choice: value.choice, at: value.at };
    }
  } catch {
    // A value someone else wrote: treated as no answer.
  }
  return null;
}

export function writePushConsent(choice: PushChoice, now: number): string {
  return JSON.stringify({ choice, at: now } satisfies PushConsent);
}

/**
 * Whether to ask now: only where the browser can show notifications and has not been answered in
 * its own dialog; never after an agreement; after a decline only once 30 days have passed (a date
 * in the future, a clock turned back, counts as a fresh decline).
 */
export function shouldAskForPush(
  stored: PushConsent | null,
  permission: BrowserPermission,
  now: number,
): boolean {
  if (permission !== 'default') return false;
  if (!stored) return true;
  if (stored.choice === 'granted') return false;
  return now - stored.at >= PUSH_DECLINE_QUIET_MS;
}
