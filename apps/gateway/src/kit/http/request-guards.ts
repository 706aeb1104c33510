import { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { type IncomingMessage } from 'node:http';
import { isExemptFromTrailingSlash } from '../../shared/page-state';
import { HttpProblem } from './http-problem';

/** The path and query of a request as sent, before any decoding. */
export function splitUrl(url: string): { pathname: string; search: string } {
  const mark = url.indexOf('?');
  return mark === -1
    ? { pathname: url, search: '' }
    : { pathname: url.slice(0, mark), search: url.slice(mark) };
}

/**
 * Whether a request carries a body by its headers (a length above zero, or chunks): such a
 * request is never a plain page read, whatever its method.
 */
export function carriesBody(req: IncomingMessage): boolean {
  return (
    req.headers['transfer-encoding'] !== undefined ||
    (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0')
  );
}

function decodes(value: string): boolean {
  try {
    decodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a request target's path and query decode: bad percent-encoding ('%E0%A4%A', '%zz') or
 * a NUL byte in the path makes it a client error.
 */
export function malformedPart(pathname: string, search: string): 'path' | 'query' | null {
  if (!decodes(pathname) || /%00/.test(pathname)) return 'path';
  const query = search.slice(1);
  const queryOk =
    query === '' ||
    query.split('&').every((pair) => pair.split('=').every((part) => decodes(part.replace(/\+/g, ' '))));
  return queryOk ? null : 'query';
}

/**
 * Bad percent-encoding in the path or the query and NUL bytes (malformedPart) are a client
 * error: 400 before any router or parser can trip over them and turn them into a 500.
 */
export function rejectMalformedUrl(): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const { pathname, search } = splitUrl(req.originalUrl);
    const malformed = malformedPart(pathname, search);
    if (malformed === null) next();
    else next(new HttpProblem(400, `malformed ${malformed === 'path' ? 'path' : 'query string'}`));
  };
}

/**
 * Declared bodies over the limit are refused before a byte of them is read (413). Bodies sent
 * without Content-Length are held to the same limit by the body parsers behind this guard.
 */
export function limitDeclaredBody(limitBytes: number): RequestHandler {
  return (req, _res, next) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (Number.isFinite(declared) && declared > limitBytes)
      next(new HttpProblem(413, `body of ${declared} bytes exceeds ${limitBytes}`));
    else next();
  };
}

/**
 * The trailing-slash rule: a page's address ends with '/', and the same path without it answers a
 * redirect to the slashed path, keeping the query: 301 for GET and HEAD (what browsers and crawlers
 * follow and remember), 308 for any other method, which keeps the method and the body, so a form
 * posted to '/kontakt' reaches '/kontakt/' and its checks there, and an unsupported method meets
 * the method rule at the page's own address. Exempt: paths with a dot (files) or a 'client-api'
 * segment (shared/page-state.ts), and whatever `exempt` names (the API's addresses, the probes).
 * Leading slashes and backslashes are collapsed so '//evil.example' can never become a redirect
 * to another host.
 */
export function trailingSlashRedirect(exempt: (pathname: string) => boolean): RequestHandler {
  return (req, res, next) => {
    const { pathname, search } = splitUrl(req.originalUrl);
    if (pathname.endsWith('/') || isExemptFromTrailingSlash(pathname) || exempt(pathname)) {
      next();
      return;
    }
    const safePath = `/${pathname.replace(/^[/\\]+/, '')}/`;
    res.locals['routeLabel'] = 'trailing-slash-redirect';
    res.redirect(req.method === 'GET' || req.method === 'HEAD' ? 301 : 308, `${safePath}${search}`);
  };
}
