import { type Request } from 'express';

/** Whose posts are our own. */
export interface OriginPolicy {
  /**
   * PUBLIC_ORIGIN as an origin ('https://www.example.pl'): scheme, host and port. The one origin
   * of the site, configured or (outside production) http://localhost:<PORT>; never the Host header.
   */
  publicOrigin: string;
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
 * CSRF guard for posts from our pages (comment form, view beacon). Refused:
 * - Sec-Fetch-Site other than 'same-origin' when the browser sends it (cross-site, same-site);
 * - an Origin (or, without it, a Referer) whose scheme, host and port are not exactly our origin
 *   (PUBLIC_ORIGIN). The Host header plays no part, so 'Origin: https://evil.example' with a forged
 *   'Host: evil.example' is refused, and 'http://localhost:3000.evil.example' or another port is
 *   never mistaken for us;
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
  return claimed === originOf(policy.publicOrigin);
}
