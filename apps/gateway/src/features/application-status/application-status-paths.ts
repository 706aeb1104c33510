/**
 * The applicant's status page and its link (browser-safe constants): `/moj-wniosek/?t=<token>`,
 * where the token is the leads service's status token of one submitted application (its own
 * format, opaque here: the gateway checks only that it looks like a token at all).
 */

/** The status page. */
export const APPLICATION_STATUS_PATH = '/moj-wniosek/';
/** The query parameter carrying the status token. */
export const STATUS_TOKEN_QUERY = 't';
/** Where an application every lender rejected is sent: the landing that asks the amount again. */
export const REJECTED_LANDING_PATH = '/landing/rejected/';
/** Where a visitor asks for a new self-service link (the status link is not renewed by itself). */
export const SELF_SERVICE_REQUEST_PATH = '/unsubscribe/';

/** Longest token looked at; the leads service's are far shorter. */
const MAX_TOKEN_LENGTH = 256;
const TOKEN_CHARACTERS = /^[A-Za-z0-9._~-]+$/;

/** The status page's address for a token. */
export const applicationStatusHref = (token: string): string =>
  `${APPLICATION_STATUS_PATH}?${STATUS_TOKEN_QUERY}=${encodeURIComponent(token)}`;

/** The token of a status page address's query; null when absent or not shaped like one (never sent to the service). */
export function statusTokenOf(query: URLSearchParams): string | null {
  const tokens = query.getAll(STATUS_TOKEN_QUERY);
  const token = tokens.length === 1 ? tokens[0]! : '';
  return token.length > 0 && token.length <= MAX_TOKEN_LENGTH && TOKEN_CHARACTERS.test(token) ? token : null;
}
