import { type RequestHandler } from 'express';
import { HttpProblem } from './http-problem';

/** 'http://host:port' → 'host:port' as URL writes it (lower case, default port dropped); null when malformed. */
function hostOf(scheme: string, authority: string): string | null {
  if (authority === '' || authority.includes('@')) return null;
  try {
    return new URL(`${scheme}//${authority}`).host;
  } catch {
    return null;
  }
}

/**
 * Every request reaches the routes in origin form ('/path?query'), so one address is answered the
 * same whichever way it was written:
 * - absolute form ('GET https://www.example.pl/kontakt/ HTTP/1.1', which HTTP/1.1 servers must
 *   accept) naming our own authority (the host and port of PUBLIC_ORIGIN; the target's authority
 *   replaces the Host header) is rewritten to its path and query, before anything reads the URL;
 * - absolute form naming another authority (or carrying user info) is 400: we are no proxy;
 * - 'OPTIONS *' (about the server as a whole) answers 204 with every method some address takes;
 * - any other target that does not start with '/' is 400.
 * The path is taken as sent, not normalised by a URL parser, so the later guards (malformed
 * escapes, the trailing-slash rule) see what the client wrote.
 */
export function originFormTarget(publicOrigin: string, allMethods: string): RequestHandler {
  const ownHost = new URL(publicOrigin).host;
  return (req, res, next) => {
    const target = req.url;
    if (target.startsWith('/')) {
      next();
      return;
    }
    if (target === '*' && req.method === 'OPTIONS') {
      res.locals['routeLabel'] = 'options';
      res.setHeader('Allow', allMethods);
      res.status(204).end();
      return;
    }
    const absolute = /^(https?:)\/\/([^/?#]*)(.*)$/i.exec(target);
    const rest = absolute?.[3] ?? '';
    const path = rest.startsWith('/') ? rest : `/${rest}`;
    // The error page (or the answer) is that of the path, never of the foreign address.
    req.url = absolute ? path : '/';
    req.originalUrl = req.url;
    if (!absolute || hostOf(absolute[1]!.toLowerCase(), absolute[2]!) !== ownHost) {
      next(new HttpProblem(400, 'request target names another host'));
      return;
    }
    next();
  };
}
