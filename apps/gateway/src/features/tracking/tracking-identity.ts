/**
 * Who sent a batch of events, decided from the request's cookies, and the cookies its answer sets.
 * Only POST /api/event sets them, never a page: pages stay the same for
 * everyone and cacheable by a CDN (docs/ARCHITECTURE.md, "Caching"). The offer redirect
 * (features/offers) sets the session id alone, for a click that comes without one.
 *
 * - session id (`session_id`, 30 min, renewed by every batch): the cookie's if it is a UUID v4,
 *   else the first UUID v4 an event names, else a new one; strictly necessary, always set;
 * - client id (`client_id`, 180 days): the same rule, but only with consent; without it the events
 *   carry no client id and a client id cookie left from an earlier consent is deleted;
 * - language (`lang`, 365 days): 'pl' when the browser holds none;
 * - traffic source (6 months and the visit's 30 minutes): see traffic-source.ts; with consent only.
 */
import { normalizeUuid } from '@lib/pl-validation';
import { type ConsentState } from '@lib/tracking';
import { cookieValues, serializeCookie } from '../../shared/cookies';
import { readConsent } from '../../shared/consent';
import { LANGUAGE_COOKIE, languageCookie } from '../../shared/locale';
import { CLIENT_ID_COOKIE, clientIdCookie, newClientId, readClientId } from '../../kit/identity/client-id';
import { newSessionId, readSessionId, sessionIdCookie } from '../../kit/identity/session-id';
import {
  type TrafficSource,
  announcedSource,
  clearTrafficSourceCookies,
  readTrafficSource,
  trafficSourceCookies,
} from './traffic-source';

/** What identity needs of an event: the ids it names and its source fields. */
export interface IdentityHints {
  session_id?: string | undefined;
  client_id?: string | undefined;
  utm_source?: string | undefined;
  utm_medium?: string | undefined;
  utm_campaign?: string | undefined;
  utm_content?: string | undefined;
  utm_term?: string | undefined;
  referer?: string | undefined;
}

export interface VisitorIdentity {
  /** UUID v4; '' only when no random id could be drawn. */
  sessionId: string;
  /** UUID v4 with consent, '' without. */
  clientId: string;
  /** The consent state recorded with the events ('' = no answer yet). */
  consent: ConsentState;
  /** The visit's traffic source: announced by these events or kept for the visit; undefined for none. */
  source: TrafficSource | undefined;
  /** Set-Cookie values of the answer. */
  setCookies: string[];
}

export interface IdentityRequest {
  cookieHeader: string | undefined;
  events: readonly IdentityHints[];
  /** `Secure` cookies (https). */
  secure: boolean;
  /** The site's own hosts: a referer from one of them announces no source. */
  ownHosts: ReadonlySet<string>;
}

/** The first UUID v4 the events name in `field`, canonical; undefined when none does. */
function firstUuid(events: readonly IdentityHints[], field: 'session_id' | 'client_id'): string | undefined {
  for (const event of events) {
    const id = event[field] ? normalizeUuid(event[field]) : undefined;
    if (id) return id;
  }
  return undefined;
}

/** The first source the events announce (a batch rarely holds more than its landing page view). */
function firstSource(
  events: readonly IdentityHints[],
  ownHosts: ReadonlySet<string>,
): TrafficSource | undefined {
  for (const event of events) {
    const source = announcedSource(event, ownHosts);
    if (source) return source;
  }
  return undefined;
}

export function resolveIdentity(request: IdentityRequest): VisitorIdentity {
  const { cookieHeader, events, secure } = request;
  const setCookies: string[] = [];
  const answer = readConsent(cookieHeader);
  const consent: ConsentState = answer === 'unset' ? '' : answer;
  const granted = consent === 'granted';

  const sessionId = readSessionId(cookieHeader) ?? firstUuid(events, 'session_id') ?? newSessionId();
  if (sessionId) setCookies.push(sessionIdCookie(sessionId, secure));

  let clientId = '';
  if (granted) {
    clientId = readClientId(cookieHeader) ?? firstUuid(events, 'client_id') ?? newClientId();
    if (clientId) setCookies.push(clientIdCookie(clientId, secure));
  } else if (cookieValues(cookieHeader, CLIENT_ID_COOKIE).length > 0) {
    setCookies.push(serializeCookie(CLIENT_ID_COOKIE, '', { maxAgeMs: 0, secure, httpOnly: true }));
  }

  if (cookieValues(cookieHeader, LANGUAGE_COOKIE.name).length === 0)
    setCookies.push(languageCookie({ language: 'pl' }, secure));

  const announced = firstSource(events, request.ownHosts);
  let source = announced;
  if (granted) {
    const kept = readTrafficSource(cookieHeader, 'session');
    source = announced ?? kept;
    if (announced) setCookies.push(...trafficSourceCookies(announced, 'lasting', secure));
    if (source) setCookies.push(...trafficSourceCookies(source, 'session', secure));
  } else {
    setCookies.push(...clearTrafficSourceCookies(cookieHeader, secure));
  }
  return { sessionId, clientId, consent, source, setCookies };
}
