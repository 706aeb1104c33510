import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError, statusName } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { normalizeUuid } from '@lib/pl-validation';
import express, { type ErrorRequestHandler, type RequestHandler, Router } from 'express';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { type GatewayServices } from '../../app/services';

/** Where the article page's script reports a view. */
export const ARTICLE_VIEWS_PATH = '/api/views';
/** A view report is a path and maybe a session id: far below this. */
export const VIEW_BODY_LIMIT_BYTES = 1024;

const ARTICLE_PATH = /^\/[a-z0-9]+(?:-[a-z0-9]+)*\/$/;

const viewSchema = z.object({
  path: z.string().max(200).regex(ARTICLE_PATH, { error: 'path must look like /slug/' }),
  /** Per-tab visit id (UUID v4, with or without hyphens): reloads within one visit count once. */
  sessionId: z.string().max(64).optional(),
});

export interface ArticleViewsDeps {
  services: GatewayServices;
  logger: Logger;
  onUpstreamError?(error: unknown): void;
}

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
    const parsed = parseView(req.body);
    if (!parsed.ok) {
      res.status(400).json(badRequest(parsed.message));
      return;
    }
    const { path, sessionId } = parsed.value;
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

type Parsed = { ok: true; value: z.output<typeof viewSchema> } | { ok: false; message: string };

function parseView(body: unknown): Parsed {
  if (typeof body !== 'string' || body.trim() === '') return { ok: false, message: 'body must be JSON' };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, message: 'body must be JSON' };
  }
  const result = viewSchema.safeParse(json);
  if (!result.success) return { ok: false, message: result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ') };
  return { ok: true, value: result.data };
}
