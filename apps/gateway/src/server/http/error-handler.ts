import { type Logger } from '@lib/observability';
import { type ErrorRequestHandler } from 'express';
import { type IncomingMessage } from 'node:http';
import { statusCopy } from '../../app/errors/status-copy';
import { type PageResolver } from '../pages/page-resolver';
import { sendFallbackPage } from '../render/fallback-page';
import { isApiAddress } from './addresses';
import { type PageRenderer } from '../render/page-renderer';
import { httpStatusFor } from '../../kit/http/error-status';
import { splitUrl } from '../../kit/http/request-guards';
import { sendErrorBody } from '../../kit/http/error-body';
import { type LabelledResponse } from '../../kit/http/labelled-response';

/** JSON callers (payloads, API, build files) get JSON errors; browsers get a page. */
function wantsJson(pathname: string): boolean {
  return pathname.endsWith('.json') || isApiAddress(pathname) || pathname.split('/').includes('client-api');
}

/** Answers an error for a request whose target was `url` (as sent, before any rewriting by handlers). */
export type ErrorAnswer = (error: unknown, req: IncomingMessage, res: LabelledResponse, url: string) => void;

/**
 * Last stop for every error, in the Express stack and on the page lane. The answer never carries
 * a stack or an internal message: JSON callers get {error: {status, message}} with the Polish text
 * of the status page, browsers get the status page (or the static fallback if even that cannot
 * render).
 */
export function errorAnswer(resolver: PageResolver, renderer: PageRenderer, logger: Logger): ErrorAnswer {
  return (error, req, res, url) => {
    const status = httpStatusFor(error);
    if (status >= 500) logger.error({ err: error, method: req.method, url }, 'request failed');
    else
      logger.info({ status, method: req.method, url, reason: (error as Error).message }, 'request rejected');

    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.locals['routeLabel'] ??= 'error';
    const { pathname } = splitUrl(url);
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
      sendFallbackPage(res);
    });
  };
}

/** The Express stack's error handler: the same answer, for the target the request arrived with. */
export function errorHandler(answer: ErrorAnswer): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => answer(error, req, res, req.originalUrl);
}
