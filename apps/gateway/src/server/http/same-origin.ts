import { type Request } from 'express';

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * CSRF guard for form posts: the browser's Origin (or, without it, the Referer) must name our
 * public host or the host the request was sent to. A request that names neither is refused, and
 * so is 'Origin: null' (sandboxed frames, privacy redirects).
 */
export function isSameOrigin(req: Request, publicOrigin: string): boolean {
  const origin = req.get('origin');
  const source = origin !== undefined ? origin : req.get('referer');
  if (source === undefined || source === 'null') return false;
  const host = hostOf(source);
  if (host === null) return false;
  return host === new URL(publicOrigin).host || host === req.get('host');
}
