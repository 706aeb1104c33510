import { type Request } from 'express';

/** Whose posts are our own: the public origin, and whether it was configured or is the default. */
export interface OriginPolicy {
  /** PUBLIC_ORIGIN as an origin ('https://www.example.pl'): scheme, host and port. */
  publicOrigin: string;
  /**
   * False while PUBLIC_ORIGIN is the default (local runs, tests): the site is then reached under
   * whatever host and port it was started on, so the request's own scheme and Host count too.
   */
  configured: boolean;
}

/** The origin (scheme://host[:port], default port dropped) of a URL, or null for anything else. */
function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The origin the request was sent to: the scheme Express trusts (X-Forwarded-Proto only from a
 * trusted proxy, TRUST_PROXY) and the Host. Used only while no public origin is configured: a
 * Host header is whatever the client wrote, so it must never widen a configured origin.
 */
function requestOrigin(req: Request): string | null {
  const host = req.get('host');
  return host ? originOf(`${req.protocol}://${host}`) : null;
}

/**
 * CSRF guard for posts from our pages (comment form, view beacon). Refused:
 * - Sec-Fetch-Site other than 'same-origin' when the browser sends it (cross-site, same-site);
 * - an Origin (or, without it, a Referer) whose scheme, host and port are not exactly our origin:
 *   PUBLIC_ORIGIN, or, only while it is not configured, the request's own scheme and Host. So
 *   'Origin: https://evil.example' with a forged 'Host: evil.example' over http is refused, and
 *   'http://localhost:3000.evil.example' or another port is never mistaken for us;
 * - a request naming no origin at all, and 'Origin: null' (sandboxed frames, privacy redirects).
 */
export function isSameOrigin(req: Request, policy: OriginPolicy): boolean {
  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  const origin = req.get('origin');
  const source = origin !== undefined ? origin : req.get('referer');
  if (source === undefined || source === 'null') return false;
  const claimed = originOf(source);
  if (claimed === null) return false;
  if (claimed === originOf(policy.publicOrigin)) return true;
  return !policy.configured && claimed === requestOrigin(req);
}
