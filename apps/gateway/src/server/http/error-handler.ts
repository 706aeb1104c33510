import { type Logger } from '@lib/observability';
import { type ErrorRequestHandler } from 'express';
import { statusCopy } from '../../app/errors/status-copy';
import { type PageResolver } from '../pages/page-resolver';
import { FALLBACK_ERROR_HTML } from '../render/fallback-page';
import { type PageRenderer } from '../render/page-renderer';
import { httpStatusFor } from '../../kit/http/error-status';
import { splitUrl } from '../../kit/http/request-guards';
import { sendErrorBody } from '../../kit/http/error-body';

/** JSON callers (payloads, API, build files) get JSON errors; browsers get a page. */
function wantsJson(pathname: string): boolean {
  return (
    pathname.endsWith('.json') || pathname.startsWith('/api/') || pathname.split('/').includes('client-api')
  );
}

/**
 * Last stop for every error. The answer never carries a stack or an internal message: JSON
 * callers get {error: {status, message}} with the Polish text of the status page, browsers get
 * the status page (or the static fallback if even that cannot render).
 */
export function errorHandler(
  resolver: PageResolver,
  renderer: PageRenderer,
  logger: Logger,
): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status = httpStatusFor(error);
    if (status >= 500)
      logger.error({ err: error, method: req.method, url: req.originalUrl }, 'request failed');
    else
      logger.info(
        { status, method: req.method, url: req.originalUrl, reason: (error as Error).message },
        'request rejected',
      );

    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.locals['routeLabel'] ??= 'error';
    const { pathname } = splitUrl(req.originalUrl);
    if (wantsJson(pathname)) {
      res.setHeader('Cache-Control', 'no-store');
      sendErrorBody(res, status, statusCopy(status).title);
      return;
    }
    let safePath = '/';
    try {
      safePath = encodeURI(decodeURI(pathname));
    } catch {
      // The path itself was the problem; the canonical link of the error page points home.
    }
    const page = status === 404 ? resolver.notFound(safePath) : resolver.statusPage(safePath, status);
    renderer.stream(req, res, page).catch((renderError: unknown) => {
      logger.error({ err: renderError }, 'error page render failed');
      if (res.headersSent) res.destroy();
      else res.status(500).type('html').send(FALLBACK_ERROR_HTML);
    });
  };
}
