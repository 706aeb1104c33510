/**
 * Every cookie the site writes, in one list: its name, why it may be written (its basis), how long
 * it lives and its attributes. Each Set-Cookie value and each `document.cookie` assignment of the
 * gateway and its browser code is made here (writeCookie, deleteCookie), from an entry of this list,
 * so no cookie exists that the list does not name. The cookie policy (/polityka-cookies/,
 * content/docs/polityka-cookies.md) shows the same list, row by row: name, purpose, lifetime and
 * basis; apps/gateway/test/legal-documents.int.spec.ts holds the two to each other.
 *
 * Basis, which decides when a cookie may be written:
 * - 'necessary': strictly necessary for what the visitor asked for (a visit, a form, their
 *   choice itself): written whatever the cookie choice;
 * - 'consent': written only after 'Akceptuję'; deleted when the visitor takes it back
 *   (withdrawnCookies).
 *
 * Each entry is its own constant, so a browser chunk that writes one cookie carries that entry
 * alone, never the list.
 */
import { serializeCookie } from './cookies';

export type CookieBasis = 'necessary' | 'consent';

export interface CookieEntry {
  /** The cookie's name; with `prefix`, what every name of the family starts with (`exp_`). */
  readonly name: string;
  /** Every name of a group written together (the traffic-source fields); absent: `name` alone. */
  readonly names?: readonly string[];
  /** The names are `name` followed by an id (one cookie per A/B experiment). */
  readonly prefix?: true;
  readonly basis: CookieBasis;
  /** The lifetime it is written with (the longest, where a caller may give a shorter one). */
  readonly maxAgeMs: number;
  /** The lifetime as the policy's "Jak długo" column words it. */
  readonly lifetime: string;
  /** Out of reach of the page's scripts. */
  readonly httpOnly: boolean;
  /** `/` unless given. */
  readonly path?: string;
  /** `Lax` unless given. */
  readonly sameSite?: 'Lax' | 'Strict';
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The visit's session id (kit/identity/session-id.ts): renewed by every tracked activity. */
export const SESSION_ID_ENTRY: CookieEntry = {
  name: 'session_id',
  basis: 'necessary',
  maxAgeMs: 30 * MINUTE_MS,
  lifetime: '30 minut od ostatniej aktywności',
  httpOnly: true,
};

/** The answer to the cookie notice (shared/consent.ts); readable by the page, which draws the notice. */
export const CONSENT_ENTRY: CookieEntry = {
  name: 'cookie_consent',
  basis: 'necessary',
  maxAgeMs: 365 * DAY_MS,
  lifetime: '12 miesięcy',
  httpOnly: false,
};

/** The form cookie the CSRF tokens are bound to (kit/csrf). */
export const FORM_ENTRY: CookieEntry = {
  name: 'pp_form',
  basis: 'necessary',
  maxAgeMs: DAY_MS,
  lifetime: '24 godziny',
  httpOnly: true,
};

/** The application draft in progress (features/application/draft-cookie.ts). */
export const DRAFT_ENTRY: CookieEntry = {
  name: 'pp_application',
  basis: 'necessary',
  maxAgeMs: 30 * DAY_MS,
  lifetime: '30 dni',
  httpOnly: true,
};

/**
 * The self-service session (features/self-service/session-cookie.ts): written for the session's
 * own length (30 minutes), never longer than a day whatever the clocks say.
 */
export const SELF_SERVICE_ENTRY: CookieEntry = {
  name: 'pp_moje_dane',
  basis: 'necessary',
  maxAgeMs: DAY_MS,
  lifetime: '30 minut od otwarcia linku',
  httpOnly: true,
  path: '/moje-dane/',
  sameSite: 'Strict',
};

/**
 * The article view beacon's visit (features/article-views): on its endpoint's path only. Counting
 * an article once per visit is statistics, not something the reader asked for, so it waits for
 * consent; without it every report counts.
 */
export const VIEW_VISIT_ENTRY: CookieEntry = {
  name: 'pp_visit',
  basis: 'consent',
  maxAgeMs: 30 * MINUTE_MS,
  lifetime: '30 minut od ostatniego wyświetlenia',
  httpOnly: true,
  path: '/api/views',
};

/** An A/B variant (features/experiments): one cookie per experiment, `exp_<experiment id>`. */
export const EXPERIMENT_ENTRY: CookieEntry = {
  name: 'exp_',
  prefix: true,
  basis: 'consent',
  maxAgeMs: 180 * DAY_MS,
  lifetime: '180 dni',
  httpOnly: false,
};

/** The client id (kit/identity/client-id.ts): recognises a returning browser in the statistics. */
export const CLIENT_ID_ENTRY: CookieEntry = {
  name: 'client_id',
  basis: 'consent',
  maxAgeMs: 180 * DAY_MS,
  lifetime: '180 dni',
  httpOnly: true,
};

/** The traffic-source fields, one cookie each (features/tracking/traffic-source.ts). */
export const TRAFFIC_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'referer',
] as const;
/** What the visit's own copy of a traffic-source field adds to its name. */
export const TRAFFIC_VISIT_SUFFIX = '_session';

/** The visit's source, kept 6 months (last touch). */
export const TRAFFIC_SOURCE_ENTRY: CookieEntry = {
  name: TRAFFIC_FIELDS[0],
  names: TRAFFIC_FIELDS,
  basis: 'consent',
  maxAgeMs: 183 * DAY_MS,
  lifetime: '6 miesięcy',
  httpOnly: true,
};

/** The same fields for the current visit: 30 minutes, renewed by activity like the session id. */
export const TRAFFIC_VISIT_ENTRY: CookieEntry = {
  name: `${TRAFFIC_FIELDS[0]}${TRAFFIC_VISIT_SUFFIX}`,
  names: TRAFFIC_FIELDS.map((field) => `${field}${TRAFFIC_VISIT_SUFFIX}`),
  basis: 'consent',
  maxAgeMs: 30 * MINUTE_MS,
  lifetime: '30 minut od ostatniej aktywności',
  httpOnly: true,
};

/** The list, in the policy's order: the necessary ones first, then those that wait for consent. */
export const COOKIE_CATALOGUE: readonly CookieEntry[] = [
  SESSION_ID_ENTRY,
  CONSENT_ENTRY,
  FORM_ENTRY,
  DRAFT_ENTRY,
  SELF_SERVICE_ENTRY,
  VIEW_VISIT_ENTRY,
  EXPERIMENT_ENTRY,
  CLIENT_ID_ENTRY,
  TRAFFIC_SOURCE_ENTRY,
  TRAFFIC_VISIT_ENTRY,
];

/** Every name an entry covers (a family's: its prefix). */
export const namesOf = (entry: CookieEntry): readonly string[] => entry.names ?? [entry.name];

/** Whether `name` is one of the entry's cookies. */
export function isNameOf(entry: CookieEntry, name: string): boolean {
  return entry.prefix
    ? name.startsWith(entry.name) && name.length > entry.name.length
    : namesOf(entry).includes(name);
}

/** The catalogue's entry of a cookie name; undefined for a cookie the site never writes. */
export function entryOf(
  name: string,
  catalogue: readonly CookieEntry[] = COOKIE_CATALOGUE,
): CookieEntry | undefined {
  return catalogue.find((entry) => isNameOf(entry, name));
}

export interface WriteOptions {
  /** `Secure` (behind https). */
  secure: boolean;
  /** Which of the entry's names; required for a family or a group, else the entry's own. */
  name?: string;
  /** A shorter lifetime than the entry's (a session that ends sooner); never a longer one. */
  maxAgeMs?: number;
}

function nameFor(entry: CookieEntry, name: string | undefined): string {
  const chosen = name ?? entry.name;
  if (!isNameOf(entry, chosen))
    throw new Error(`cookie ${chosen} is not one of the catalogue's ${entry.name}`);
  return chosen;
}

/** The Set-Cookie value (or `document.cookie` assignment) writing one catalogued cookie. */
export function writeCookie(entry: CookieEntry, value: string, options: WriteOptions): string {
  return serializeCookie(nameFor(entry, options.name), value, {
    maxAgeMs: Math.min(options.maxAgeMs ?? entry.maxAgeMs, entry.maxAgeMs),
    secure: options.secure,
    httpOnly: entry.httpOnly,
    ...(entry.path ? { path: entry.path } : {}),
    ...(entry.sameSite ? { sameSite: entry.sameSite } : {}),
  });
}

/** The Set-Cookie value deleting one catalogued cookie (same name, path and attributes, Max-Age=0). */
export function deleteCookie(entry: CookieEntry, options: Omit<WriteOptions, 'maxAgeMs'>): string {
  return writeCookie(entry, '', { ...options, maxAgeMs: 0 });
}

/** Every cookie name a Cookie header (or `document.cookie`) holds, each once. */
function cookieNames(header: string | undefined): string[] {
  const names = new Set<string>();
  for (const pair of header?.split(';') ?? []) {
    const mark = pair.indexOf('=');
    const name = pair.slice(0, mark).trim();
    if (mark !== -1 && name !== '') names.add(name);
  }
  return [...names];
}

/**
 * Set-Cookie values deleting every cookie the header holds that waits for consent: what the
 * answer 'Tylko niezbędne' (or a withdrawn 'Akceptuję') takes back. HttpOnly ones included, which
 * only the server can delete.
 */
export function withdrawnCookies(cookieHeader: string | undefined, secure: boolean): string[] {
  const deletions: string[] = [];
  for (const name of cookieNames(cookieHeader)) {
    const entry = entryOf(name);
    if (entry?.basis === 'consent') deletions.push(deleteCookie(entry, { secure, name }));
  }
  return deletions;
}

/**
 * Set-Cookie values deleting the consent cookies that live on a path of their own (the view
 * beacon's visit): a request to any other path does not carry them, so the answer to 'Tylko
 * niezbędne' deletes them without having seen them.
 */
export function withdrawnScopedCookies(secure: boolean): string[] {
  return COOKIE_CATALOGUE.filter((entry) => entry.basis === 'consent' && entry.path !== undefined).map(
    (entry) => deleteCookie(entry, { secure }),
  );
}
