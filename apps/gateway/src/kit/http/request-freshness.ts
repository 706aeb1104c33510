import fresh from 'fresh';
import { type IncomingMessage } from 'node:http';

/**
 * Whether the client already holds the answer tagged `etag` (its If-None-Match names it), so a 304
 * may be sent instead: only for GET and HEAD, as Express's `req.fresh` decides, never for a post.
 */
export function requestIsFresh(req: IncomingMessage, etag: string): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && fresh(req.headers, { etag });
}
