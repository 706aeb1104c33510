import { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { isExemptFromTrailingSlash } from '../../shared/page-state';
import { HttpProblem } from './http-problem';

/** The path and query of a request as sent, before any decoding. */
export function splitUrl(url: string): { pathname: string; search: string } {
  const mark = url.indexOf('?');
  return mark === -1
    ? { pathname: url, search: '' }
    : { pathname: url.slice(0, mark), search: url.slice(mark) };
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
 * Bad percent-encoding in the path or the query ('%E0%A4%A', '%zz') and NUL bytes are a client
 * error: 400 before any router or parser can trip over them and turn them into a 500.
 */
export function rejectMalformedUrl(): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const { pathname, search } = splitUrl(req.originalUrl);
    const query = search.slice(1);
    const pathOk = decodes(pathname) && !/%00/.test(pathname);
    const queryOk =
      query === '' ||
      query.split('&').every((pair) => pair.split('=').every((part) => decodes(part.replace(/\+/g, ' '))));
    if (pathOk && queryOk) {
      next();
      return;
    }
    next(new HttpProblem(400, pathOk ? 'malformed query string' : 'malformed path'));
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
