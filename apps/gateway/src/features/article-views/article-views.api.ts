import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError, statusName } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { SLUG_PATTERN, normalizeUuid } from '@lib/pl-validation';
import express, { type ErrorRequestHandler, type RequestHandler, Router } from 'express';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { type GatewayServices } from '../../app/services';
import { describeIssues, jsonTextBody } from '../../server/http/request-body';
import { ARTICLE_VIEWS_PATH } from './views-endpoint';

export { ARTICLE_VIEWS_PATH };
/** A view report is a path and maybe a session id: far below this. */
export const VIEW_BODY_LIMIT_BYTES = 1024;

/** An article's address: one slug between slashes ('/placa-minimalna/'); the length is checked apart. */
const isArticlePath = (path: string) => path.startsWith('/') && path.endsWith('/') && SLUG_PATTERN.test(path.slice(1, -1));

const viewSchema = z.object({
  path: z.string().max(200).refine(isArticlePath, { error: 'path must look like /slug/' }),
  /** Per-tab visit id (UUID v4, with or without hyphens): reloads within one visit count once. */
  sessionId: z.string().max(64).optional(),
});

export interface ArticleViewsDeps {
  services: GatewayServices;
  logger: Logger;
  onUpstreamError?(error: unknown): void;
}

/** The body as sent: JSON text of any content type. */
const viewBodySchema = jsonTextBody(viewSchema);

const badRequest = (message: string) => ({ error: { status: 400, message } });

/**
 * POST /api/views with `{"path": "/slug/", "sessionId"?: "<uuid v4>"}` as JSON (any content type:
 * navigator.sendBeacon sends text/plain), at most 1 kB. Answers 204 once the body is valid, 400
 * with a JSON reason otherwise, never 500: the count is best-effort, so a failing content service
 * is logged and the visitor still gets 204. Without a valid sessionId every report counts.
 */
export function articleViews(deps: ArticleViewsDeps): Router {
  const router = Router();
  const readBody = express.text({ type: () => true, limit: VIEW_BODY_LIMIT_BYTES, defaultCharset: 'utf-8' });

  const record: RequestHandler = (req, res) => {
    res.locals['routeLabel'] = ARTICLE_VIEWS_PATH;
    res.setHeader('Cache-Control', 'no-store');
    const parsed = viewBodySchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json(badRequest(describeIssues(parsed.error.issues)));
      return;
    }
    const { path, sessionId } = parsed.data;
    const slug = path.slice(1, -1);
    void deps.services.content
      .recordArticleView({ slug, sessionId: (sessionId && normalizeUuid(sessionId)) || randomUUID() })
      .catch((error: unknown) => {
        deps.onUpstreamError?.(error);
        const code = error instanceof GrpcCallError ? error.code : undefined;
        const fields = { path, err: error, ...(code !== undefined ? { grpcCode: statusName(code) } : {}) };
        // An unknown article is the caller's mistake; anything else is an outage worth an error line.
        if (code === GrpcStatus.NOT_FOUND || code === GrpcStatus.INVALID_ARGUMENT) deps.logger.warn(fields, 'article view not recorded');
        else deps.logger.error(fields, 'article view not recorded');
      })
      .finally(() => res.status(204).end());
  };

  // Body errors (too large, bad charset, aborted) are a bad body: 400, whatever the parser says.
  const bodyError: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const type = (error as { type?: unknown } | null)?.type;
    res.locals['routeLabel'] = ARTICLE_VIEWS_PATH;
    res.setHeader('Cache-Control', 'no-store');
    res.status(400).json(badRequest(type === 'entity.too.large' ? `body over ${VIEW_BODY_LIMIT_BYTES} bytes` : 'unreadable body'));
  };

  router.post(ARTICLE_VIEWS_PATH, readBody, record, bodyError);
  return router;
}
