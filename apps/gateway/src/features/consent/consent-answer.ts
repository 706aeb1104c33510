/**
 * What a cookie choice changes, decided from the post and the request's cookies alone (pure):
 * 'granted' writes cookie_consent and nothing else (the client id and the traffic source come
 * with the next tracking answer, the A/B variant with the next page that runs an experiment);
 * 'denied' writes cookie_consent and deletes every cookie the request holds that waits for consent
 * (the catalogue's 'consent' basis), the HttpOnly ones included, which no script could delete, and
 * those on a path of their own, which the request cannot show.
 */
import { withdrawnCookies, withdrawnScopedCookies } from '../../shared/cookie-catalogue';
import { CONSENT_FIELD, type ConsentChoice, choiceOf, consentCookie } from '../../shared/consent';

/** The choice of a parsed body (urlencoded or JSON: `zgoda=tak|nie`); undefined when it names none. */
export function postedChoice(body: unknown): ConsentChoice | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  return choiceOf((body as Record<string, unknown>)[CONSENT_FIELD]);
}

/** The Set-Cookie values of a choice's answer. */
export function choiceCookies(
  choice: ConsentChoice,
  cookieHeader: string | undefined,
  secure: boolean,
): string[] {
  return [
    consentCookie(choice, secure),
    ...(choice === 'denied'
      ? [...withdrawnCookies(cookieHeader, secure), ...withdrawnScopedCookies(secure)]
      : []),
  ];
}
