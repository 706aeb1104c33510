/**
 * Traffic-source cookies: where a visitor came from — utm_source, utm_medium,
 * utm_campaign, utm_content, utm_term and the external referer — kept for 6 months (one cookie per
 * field, named after it) and for the current visit in a 30-minute variant (`<field>_session`,
 * renewed by activity like the session id). A visit brings a new source when its page view
 * carries any utm_* parameter or an external referer; the new source replaces all six fields at
 * once (last touch), so a campaign never inherits another's term. They wait for consent
 * (the catalogue's TRAFFIC_SOURCE_ENTRY and TRAFFIC_VISIT_ENTRY, /polityka-cookies/); a withdrawal
 * deletes them with every other such cookie (withdrawnCookies). Pure: the endpoint decides when
 * to set them.
 */
import {
  TRAFFIC_FIELDS,
  TRAFFIC_SOURCE_ENTRY,
  TRAFFIC_VISIT_ENTRY,
  TRAFFIC_VISIT_SUFFIX,
  writeCookie,
} from '../../shared/cookie-catalogue';
import { cookieValues, decodeCookieValue } from '../../shared/cookies';
import { TRACKING_LIMITS } from '@lib/tracking';

export { TRAFFIC_FIELDS };
export type TrafficField = (typeof TRAFFIC_FIELDS)[number];
export type TrafficSource = Record<TrafficField, string>;

type TrafficVariant = 'lasting' | 'session';

const cookieName = (field: TrafficField, variant: TrafficVariant) =>
  variant === 'session' ? `${field}${TRAFFIC_VISIT_SUFFIX}` : field;

/** The host of a URL, lower-case; '' when it is no absolute http(s) URL. */
export function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname.toLowerCase() : '';
  } catch {
    return '';
  }
}

/**
 * The source an event announces: its utm_* fields, or a referer from another site; undefined when
 * it announces none (an internal or empty referer and no utm_*). `ownHosts` are the site's hosts.
 */
export function announcedSource(
  event: Partial<Record<TrafficField, string>>,
  ownHosts: ReadonlySet<string>,
): TrafficSource | undefined {
  const referer = event.referer ?? '';
  const refererHost = hostOf(referer);
  const external = refererHost !== '' && !ownHosts.has(refererHost);
  const hasUtm = TRAFFIC_FIELDS.some((field) => field !== 'referer' && (event[field] ?? '') !== '');
  if (!hasUtm && !external) return undefined;
  return {
    utm_source: event.utm_source ?? '',
    utm_medium: event.utm_medium ?? '',
    utm_campaign: event.utm_campaign ?? '',
    utm_content: event.utm_content ?? '',
    utm_term: event.utm_term ?? '',
    referer: external ? referer.slice(0, TRACKING_LIMITS.url) : '',
  };
}

/** The source a Cookie header keeps (the visit's or the lasting one); undefined when it keeps none. */
export function readTrafficSource(
  cookieHeader: string | undefined,
  variant: TrafficVariant,
): TrafficSource | undefined {
  let found = false;
  const source = {} as TrafficSource;
  for (const field of TRAFFIC_FIELDS) {
    const raw = cookieValues(cookieHeader, cookieName(field, variant))[0];
    const value = raw === undefined ? undefined : decodeCookieValue(raw);
    if (value !== undefined) found = true;
    source[field] = (value ?? '').slice(0, field === 'referer' ? TRACKING_LIMITS.url : TRACKING_LIMITS.text);
  }
  return found ? source : undefined;
}

/** Set-Cookie values keeping `source` in the given variant (all six fields, empty ones too). */
export function trafficSourceCookies(
  source: TrafficSource,
  variant: TrafficVariant,
  secure: boolean,
): string[] {
  const entry = variant === 'session' ? TRAFFIC_VISIT_ENTRY : TRAFFIC_SOURCE_ENTRY;
  return TRAFFIC_FIELDS.map((field) =>
    writeCookie(entry, source[field], { secure, name: cookieName(field, variant) }),
  );
}

/**
 * An event without its traffic source: every utm_* field and the referer emptied. What an event
 * of a visitor without consent becomes (the cookie policy: the source only with consent), whatever
 * the browser sent.
 */
export function withoutTrafficSource<T extends Partial<Record<TrafficField, string>>>(event: T): T {
  return { ...event, ...Object.fromEntries(TRAFFIC_FIELDS.map((field) => [field, ''])) };
}
