import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError, statusName } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { SLUG_PATTERN } from '@lib/pl-validation';
import { type ErrorRequestHandler, type Request, type RequestHandler, type Response, Router } from 'express';
import { z } from 'zod';
import { type GatewayServices } from '../../app/services';
import { bodyProblem, describeIssues, jsonTextBody, textBody } from '../../kit/http/request-body';
import { type OriginPolicy, isSameOrigin } from '../../kit/http/same-origin';
import { rateLimitKey } from '../../kit/rate-limit/client-address';
import { VIEW_VISIT_ENTRY, deleteCookie, writeCookie } from '../../shared/cookie-catalogue';
import { type Visit, VISIT_COOKIE, type VisitCookies, cookieValues } from './visit-cookie';
import { ARTICLE_VIEWS_PATH, VIEW_RESEND } from './views-endpoint';
import { type FeatureHandler } from '../../kit/feature';
import { type ViewLimits, viewLimits } from './view-limits';
import { visitCookies } from './visit-cookie';
import { sendErrorBody } from '../../kit/http/error-body';
import { readConsent } from '../../shared/consent';

export { ARTICLE_VIEWS_PATH };
/** A view report is a path: far below this. */
export const VIEW_BODY_LIMIT_BYTES = 1024;

/** An article's address: one slug between slashes ('/placa-minimalna/'); the length is checked apart. */
const isArticlePath = (path: string) =>
  path.startsWith('/') && path.endsWith('/') && SLUG_PATTERN.test(path.slice(1, -1));

/** Anything else in the body (an old page's `sessionId`) is ignored: the visit is the cookie's. */
const viewSchema = z.object({
  path: z.string().max(200).refine(isArticlePath, { error: 'path must look like /slug/' }),
});

/** The view beacon's own budgets, apart from the comments': every report, and new visits. */

export interface ArticleViewsDeps {
  services: GatewayServices;
  logger: Logger;
  /** Our origin: reports from any other are refused. */
  origin: OriginPolicy;
  limits: ViewLimits;
  cookies: VisitCookies;
  onUpstreamError?(error: unknown): void;
}

/** The body as sent: JSON text of any content type. */
const viewBodySchema = jsonTextBody(viewSchema);

/**
 * POST /api/views with `{"path": "/slug/"}` as JSON (any content type), at most 1 kB. In order:
 * 1. from our own origin (Origin or Referer, Sec-Fetch-Site), else 403;
 * 2. a valid body, else 400 with a JSON reason;
 * 3. the views budget of the client's address, else 429 (Retry-After);
 * 4. without the visitor's consent to statistics cookies (no choice yet, or 'Tylko niezbędne'):
 *    RecordArticleView without a session id, so every report counts, no cookie is set (one left
 *    from before is deleted), 204;
 * 5. with consent, a visit cookie (pp_visit) this gateway signed, else a new one is set (within
 *    the visits budget, else 429) and the answer is 200 `{"counted": false, "resend": true}`:
 *    nothing is counted for a report without a visit, and the beacon sends it again once, now
 *    with the cookie;
 * 6. RecordArticleView with the visit id as the session id (the content service counts an article
 *    once per visit), the cookie renewed, 204.
 * A failing content service is logged and still answers 204: the count is best-effort. Never 500.
 */
export function articleViews(deps: ArticleViewsDeps): Router {
  const router = Router();
  const readBody = textBody(VIEW_BODY_LIMIT_BYTES);

  /** The cookie sits on the endpoint's path only: pages never carry it, so their HTML stays shareable. */
  const setVisitCookie = (req: Request, res: Response, value: string) =>
    res.append('Set-Cookie', writeCookie(VIEW_VISIT_ENTRY, value, { secure: isSecure(req) }));
  const isSecure = (req: Request) => deps.origin.publicOrigin.startsWith('https:') || req.secure;

  const refuseOverBudget = (res: Response, retryAfterMs: number) => {
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
    sendErrorBody(res, 429, 'too many view reports from this address');
  };

  const sameOrigin: RequestHandler = (req, res, next) => {
    res.locals['routeLabel'] = ARTICLE_VIEWS_PATH;
    res.setHeader('Cache-Control', 'no-store');
    if (isSameOrigin(req, deps.origin)) {
      next();
      return;
    }
    // Not logged one by one: a foreign page firing beacons would fill the log; the metrics count 403s.
    sendErrorBody(res, 403, 'view reports are accepted from this site only');
  };

  const record: RequestHandler = async (req, res) => {
    const parsed = viewBodySchema.safeParse(req.body);
    if (!parsed.success) {
      sendErrorBody(res, 400, describeIssues(parsed.error.issues));
      return;
    }
    const client = rateLimitKey(req.ip ?? req.socket.remoteAddress);
    const spent = await deps.limits.views.hit(client);
    if (!spent.allowed) {
      refuseOverBudget(res, spent.retryAfterMs);
      return;
    }
    const { path } = parsed.data;
    if (readConsent(req.get('cookie')) !== 'granted') {
      // A visit cookie from before consent was taken back is deleted, as the choice's answer does.
      if (cookieValues(req.get('cookie'), VISIT_COOKIE).length > 0)
        res.append('Set-Cookie', deleteCookie(VIEW_VISIT_ENTRY, { secure: isSecure(req) }));
      await count(path, undefined);
      res.status(204).end();
      return;
    }
    const visit = cookieValues(req.get('cookie'), VISIT_COOKIE)
      .map((value) => deps.cookies.read(value))
      .find((read): read is Visit => read !== undefined);
    if (!visit) {
      const started = await deps.limits.visits.hit(client);
      if (!started.allowed) {
        refuseOverBudget(res, started.retryAfterMs);
        return;
      }
      setVisitCookie(req, res, deps.cookies.issue().value);
      res.status(200).json(VIEW_RESEND);
      return;
    }
    const renewed = deps.cookies.issue(visit);
    setVisitCookie(req, res, renewed.value);
    await count(path, renewed.visit.id);
    res.status(204).end();
  };

  /** One view of the article at `path`, once per visit when there is one; failures are logged only. */
  const count = async (path: string, visitId: string | undefined) => {
    try {
      // An empty session id is none: the content service counts the report itself.
      await deps.services.content.recordArticleView({ slug: path.slice(1, -1), sessionId: visitId ?? '' });
    } catch (error) {
      deps.onUpstreamError?.(error);
      const code = error instanceof GrpcCallError ? error.code : undefined;
      const fields = { path, err: error, ...(code !== undefined ? { grpcCode: statusName(code) } : {}) };
      // An unknown article is the caller's mistake; anything else is an outage worth an error line.
      if (code === GrpcStatus.NOT_FOUND || code === GrpcStatus.INVALID_ARGUMENT)
        deps.logger.warn(fields, 'article view not recorded');
      else deps.logger.error(fields, 'article view not recorded');
    }
  };

  // Body errors (too large, bad charset, aborted) are a bad body: 400, whatever the parser says.
  const bodyError: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    res.locals['routeLabel'] = ARTICLE_VIEWS_PATH;
    res.setHeader('Cache-Control', 'no-store');
    sendErrorBody(
      res,
      400,
      bodyProblem(error) === 'too-large' ? `body over ${VIEW_BODY_LIMIT_BYTES} bytes` : 'unreadable body',
    );
  };

  router.post(ARTICLE_VIEWS_PATH, sameOrigin, readBody, record, bodyError);
  return router;
}

/** POST /api/views: it reads its own (text, 1 kB) body, as sendBeacon sends it. */
export const articleViewsFeature: FeatureHandler = {
  name: 'article-views',
  stage: 'own-body',
  endpoints: [{ path: ARTICLE_VIEWS_PATH, methods: ['POST'] }],
  create: (ctx) =>
    articleViews({
      services: ctx.services,
      logger: ctx.logger,
      origin: ctx.origin,
      limits: viewLimits(ctx.config, ctx.budgets),
      cookies: visitCookies(ctx.config.VISIT_COOKIE_SECRET),
      onUpstreamError: ctx.onUpstreamError,
    }),
};
