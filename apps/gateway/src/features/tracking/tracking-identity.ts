/**
 * Who sent a batch of events, decided from the request's cookies, and the cookies its answer sets.
 * Only POST /api/event sets them, never a page: pages stay the same for
 * everyone and cacheable by a CDN (docs/ARCHITECTURE.md, "Caching"). The offer redirect
 * (features/offers) sets the session id alone, for a click that comes without one.
 *
 * - session id (`session_id`, 30 min, renewed by every batch): the cookie's if it is a UUID v4,
 *   else the first UUID v4 an event names, else a new one; strictly necessary, always set;
 * - client id (`client_id`, 180 days): the same rule, but only with consent;
 * - traffic source (6 months and the visit's 30 minutes): see traffic-source.ts; with consent only.
 * Without consent (no answer yet, or 'Tylko niezbędne') the events carry no client id and no
 * traffic source, and every cookie that waits for consent left from an earlier 'Akceptuję' (client
 * id, traffic source, A/B variant) is deleted. Nothing else is set: the site has one language, so
 * there is no language to remember.
 */
import { normalizeUuid } from '@lib/pl-validation';
import { type ConsentState } from '@lib/tracking';
import { withdrawnCookies } from '../../shared/cookie-catalogue';
import { readConsent } from '../../shared/consent';
import { clientIdCookie, newClientId, readClientId } from '../../kit/identity/client-id';
import { newSessionId, readSessionId, sessionIdCookie } from '../../kit/identity/session-id';
import {
  type TrafficSource,
  announcedSource,
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
  /** The visit's traffic source with consent (announced by these events or kept for the visit); undefined for none. */
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

  if (!granted) {
    setCookies.push(...withdrawnCookies(cookieHeader, secure));
    return { sessionId, clientId: '', consent, source: undefined, setCookies };
  }

  const clientId = readClientId(cookieHeader) ?? firstUuid(events, 'client_id') ?? newClientId();
  if (clientId) setCookies.push(clientIdCookie(clientId, secure));

  const announced = firstSource(events, request.ownHosts);
  const source = announced ?? readTrafficSource(cookieHeader, 'session');
  if (announced) setCookies.push(...trafficSourceCookies(announced, 'lasting', secure));
  if (source) setCookies.push(...trafficSourceCookies(source, 'session', secure));
  return { sessionId, clientId, consent, source, setCookies };
}
