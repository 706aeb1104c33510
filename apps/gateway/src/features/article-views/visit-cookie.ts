/**
 * The visit cookie of the view beacon (`pp_visit`): a signed token naming one visit, issued and
 * read only by POST /api/views. Its Path is the endpoint, so pages are never sent it and never set
 * it: HTML stays the same for everyone and shared caches (page cache, CDN) may keep it.
 *
 * Token: `<visit id>.<started>.<issued>.<mac>` (times in base-36 seconds, mac = HMAC-SHA256 of the
 * rest under the gateway's key, 128 bits, base64url). The server keeps nothing: a token it did not
 * sign, or one idle for longer than VISIT_IDLE_MS, is no visit.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { VIEW_VISIT_ENTRY } from '../../shared/cookie-catalogue';

export const VISIT_COOKIE = VIEW_VISIT_ENTRY.name;
/** A visit ends after 30 minutes without a view; every counted view renews the cookie (rolling). */
export const VISIT_IDLE_MS = VIEW_VISIT_ENTRY.maxAgeMs;
/**
 * A visit id is used for at most this long, then the next view continues under a fresh one. The
 * content service counts an article once per visit id within 30 minutes of the first count
 * (VISIT_WINDOW_MS there), so an id that never outlives that window counts each article once.
 */
export const VISIT_ID_MAX_AGE_MS = 30 * 60_000;
/** Clocks of several replicas may differ a little. */
const CLOCK_SKEW_MS = 60_000;

export interface Visit {
  /** UUID v4: the content service's session id for its once-per-visit count. */
  id: string;
  /** When this visit id was first issued (ms). */
  startedAt: number;
}

export interface VisitCookies {
  /** The visit a cookie value names, or undefined when unsigned, malformed or expired. */
  read(value: string | undefined): Visit | undefined;
  /** A new visit, or the same one renewed; its id is replaced once it is VISIT_ID_MAX_AGE_MS old. */
  issue(current?: Visit): { visit: Visit; value: string };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SECONDS = /^[0-9a-z]{1,10}$/;

/** `secret` signs the tokens (a random one per process when absent); `now` is the clock (tests pin it). */
export function visitCookies(secret: string | undefined, now: () => number = Date.now): VisitCookies {
  const key = secret ?? randomBytes(32).toString('base64');
  const mac = (payload: string) =>
    createHmac('sha256', key).update(payload).digest().subarray(0, 16).toString('base64url');
  const seconds = (ms: number) => Math.floor(ms / 1000).toString(36);

  return {
    read(value) {
      const parts = value?.split('.');
      if (parts?.length !== 4) return undefined;
      const [id = '', started = '', issued = '', signature = ''] = parts;
      if (!UUID.test(id) || !SECONDS.test(started) || !SECONDS.test(issued)) return undefined;
      const expected = Buffer.from(mac(`${id}.${started}.${issued}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const issuedAt = parseInt(issued, 36) * 1000;
      const startedAt = parseInt(started, 36) * 1000;
      const time = now();
      if (issuedAt > time + CLOCK_SKEW_MS || time - issuedAt > VISIT_IDLE_MS || startedAt > issuedAt)
        return undefined;
      return { id, startedAt };
    },
    issue(current) {
      const time = now();
      const visit =
        current && time - current.startedAt < VISIT_ID_MAX_AGE_MS
          ? current
          : { id: randomUUID(), startedAt: time };
      const payload = `${visit.id}.${seconds(visit.startedAt)}.${seconds(time)}`;
      return { visit, value: `${payload}.${mac(payload)}` };
    },
  };
}

/** Cookie headers are read by the gateway's one parser (shared/cookies.ts). */
export { cookieValues } from '../../shared/cookies';
