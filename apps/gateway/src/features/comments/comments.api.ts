import { GrpcCallError, statusName } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, Router } from 'express';
import { type GatewayServices } from '../../app/services';
import { httpStatusFor } from '../../server/http/error-status';
import { isSameOrigin } from '../../server/http/same-origin';
import { type PageResolver } from '../../server/pages/page-resolver';
import { rateLimitKey } from '../../server/rate-limit/client-address';
import { type RateLimiter } from '../../server/rate-limit/rate-limiter';
import { type PageRenderer } from '../../server/render/page-renderer';
import { type CommentSubmission, type CommentValues, readCommentBody } from './comment-submission';
import { COMMENT_TEXTS, COMMENTS_ENDPOINT, FIELD, type VisibleField, isVisibleField } from './comment-texts';
import { type CommentFormState } from './comments-data';
import { pendingHref } from './comments-query';

/** A comment is at most 5,000 characters; with the other fields and encoding this is plenty. */
export const COMMENT_BODY_LIMIT_BYTES = 10 * 1024;

/** Service field names (SubmitCommentRequest, camelCase) → form field names. */
const FORM_FIELD: Record<string, string> = { pagePath: FIELD.pagePath, replyTo: FIELD.replyTo, sessionId: FIELD.sessionId };

export interface CommentsApiDeps {
  services: GatewayServices;
  logger: Logger;
  limiter: RateLimiter;
  publicOrigin: string;
  /** Draws the commented page again (no-JavaScript answers with errors). */
  resolver: PageResolver;
  renderer: PageRenderer;
  onUpstreamError?(error: unknown): void;
}

/** The outcome of one post, answered as JSON or as HTML depending on how it was sent. */
type Outcome =
  | { kind: 'stored'; pagePath: string }
  | {
      kind: 'rejected';
      status: number;
      pagePath: string | null;
      message: string;
      errors?: Partial<Record<VisibleField, string>>;
      values?: CommentValues;
      retryAfterS?: number;
    };

/** The service's field violations on the form: visible fields by name, the rest as the message. */
function violationsOutcome(error: GrpcCallError, submission: CommentSubmission, values: CommentValues): Outcome {
  const errors: Partial<Record<VisibleField, string>> = {};
  const others: string[] = [];
  for (const violation of error.fieldViolations) {
    const field = FORM_FIELD[violation.field] ?? violation.field;
    if (isVisibleField(field)) errors[field] ??= violation.description;
    else if (!others.includes(violation.description)) others.push(violation.description);
  }
  const message = others.length > 0 ? others.join(' ') : COMMENT_TEXTS.fixFields;
  return { kind: 'rejected', status: 400, pagePath: submission.pagePath, message, errors, values };
}

/**
 * POST /api/comments: a visitor's comment, as a plain form (application/x-www-form-urlencoded:
 * 303 back to the page, or the page again with errors) or as JSON from the page's script
 * ({status, message} or {error: {status, message, fields}}). In order: same-origin check (403),
 * body of at most 10 kB (413), the honeypot (filled: the same success answer, nothing stored),
 * presence and types (400), the per-IP rate limit (429), then SubmitComment, whose field
 * violations answer 400; any other failure answers the status of the one gRPC→HTTP mapping
 * (server/http/error-status.ts: 503 while it is down, 429, 502, …) with the visitor's Polish
 * message: success is claimed only after it answered.
 */
export function commentsApi(deps: CommentsApiDeps): Router {
  const router = Router();
  const parseJson = express.json({ limit: COMMENT_BODY_LIMIT_BYTES, type: 'application/json' });
  const parseForm = express.urlencoded({ limit: COMMENT_BODY_LIMIT_BYTES, extended: false, parameterLimit: 20 });
  const wantsJson = (req: Request) => req.is('application/json') === 'application/json';

  const answer = async (req: Request, res: Response, outcome: Outcome): Promise<void> => {
    res.locals['routeLabel'] = COMMENTS_ENDPOINT;
    res.setHeader('Cache-Control', 'no-store');
    if (outcome.kind === 'rejected' && outcome.retryAfterS !== undefined) res.setHeader('Retry-After', String(outcome.retryAfterS));
    if (wantsJson(req)) {
      if (outcome.kind === 'stored') res.status(202).json({ status: 'pending', message: COMMENT_TEXTS.pending });
      else res.status(outcome.status).json({ error: { status: outcome.status, message: outcome.message, fields: outcome.errors ?? {} } });
      return;
    }
    if (outcome.kind === 'stored') {
      res.redirect(303, pendingHref(outcome.pagePath));
      return;
    }
    const state: CommentFormState = { message: outcome.message, ...(outcome.errors ? { errors: outcome.errors } : {}), ...(outcome.values ? { values: outcome.values } : {}) };
    await renderPage(req, res, outcome.status, outcome.pagePath, state);
  };

  /** The commented page with the form state and the error status; a status page when it cannot be drawn. */
  const renderPage = async (req: Request, res: Response, status: number, pagePath: string | null, state: CommentFormState) => {
    const page = pagePath === null ? null : await deps.resolver.resolve(pagePath);
    const shown = page && page.status === 200 ? { ...page, status, formState: state } : deps.resolver.statusPage(pagePath ?? '/', status);
    await deps.renderer.stream(req, res, shown);
  };

  const submit = async (req: Request, res: Response): Promise<void> => {
    const read = readCommentBody(req.body);
    switch (read.kind) {
      case 'unreadable':
        await answer(req, res, { kind: 'rejected', status: 400, pagePath: null, message: COMMENT_TEXTS.badBody });
        return;
      case 'honeypot':
        // Bots fill every field; people never see this one. They get the usual answer, so they learn nothing.
        deps.logger.info({ pagePath: read.sentPath.slice(0, 200) }, 'comment dropped: honeypot field filled');
        if (read.pagePath !== null) await answer(req, res, { kind: 'stored', pagePath: read.pagePath });
        else await answer(req, res, { kind: 'rejected', status: 400, pagePath: null, message: COMMENT_TEXTS.unknownPage });
        return;
      case 'unknown-page':
        await answer(req, res, { kind: 'rejected', status: 400, pagePath: null, message: COMMENT_TEXTS.unknownPage });
        return;
      case 'invalid':
        await answer(req, res, {
          kind: 'rejected',
          status: 400,
          pagePath: read.pagePath,
          message: read.badReplyTo ? COMMENT_TEXTS.badBody : COMMENT_TEXTS.fixFields,
          errors: read.errors,
          values: read.values,
        });
        return;
      case 'valid':
        await store(req, res, read.submission, read.values);
        return;
    }
  };

  /** The per-IP limit, then SubmitComment. */
  const store = async (req: Request, res: Response, submission: CommentSubmission, values: CommentValues): Promise<void> => {
    const decision = await deps.limiter.hit(`comments:${rateLimitKey(req.ip ?? req.socket.remoteAddress)}`);
    if (!decision.allowed) {
      deps.logger.info({ pagePath: submission.pagePath, count: decision.count }, 'comment refused: rate limit');
      await answer(req, res, {
        kind: 'rejected',
        status: 429,
        pagePath: submission.pagePath,
        message: COMMENT_TEXTS.rateLimited,
        values,
        retryAfterS: Math.max(1, Math.ceil(decision.retryAfterMs / 1000)),
      });
      return;
    }
    try {
      const stored = await deps.services.content.submitComment(submission);
      deps.logger.info({ pagePath: submission.pagePath, commentId: stored.commentId, reply: submission.replyTo > 0 }, 'comment received: pending moderation');
      await answer(req, res, { kind: 'stored', pagePath: submission.pagePath });
    } catch (error) {
      await answer(req, res, failureOutcome(error, submission, values));
    }
  };

  /** The status is the one mapping's; the words are the visitor's: the service's field rules, the limit, or an outage. */
  const failureOutcome = (error: unknown, submission: CommentSubmission, values: CommentValues): Outcome => {
    const status = httpStatusFor(error);
    if (status === 400 && error instanceof GrpcCallError) return violationsOutcome(error, submission, values);
    if (status === 429) {
      return { kind: 'rejected', status, pagePath: submission.pagePath, message: COMMENT_TEXTS.rateLimited, values };
    }
    deps.onUpstreamError?.(error);
    deps.logger.error(
      { err: error, pagePath: submission.pagePath, status, ...(error instanceof GrpcCallError ? { grpcCode: statusName(error.code) } : {}) },
      'comment not stored: content service failed',
    );
    return { kind: 'rejected', status, pagePath: submission.pagePath, message: COMMENT_TEXTS.unavailable, values };
  };

  const sameOrigin: RequestHandler = (req, res, next) => {
    if (isSameOrigin(req, deps.publicOrigin)) {
      next();
      return;
    }
    deps.logger.info({ origin: req.get('origin') ?? null, referer: req.get('referer') ?? null }, 'comment refused: not same-origin');
    answer(req, res, { kind: 'rejected', status: 403, pagePath: null, message: COMMENT_TEXTS.crossOrigin }).catch(next);
  };

  const onlyKnownBodies: RequestHandler = (req, res, next) => {
    if (req.is(['application/json', 'application/x-www-form-urlencoded'])) {
      next();
      return;
    }
    res.locals['routeLabel'] = COMMENTS_ENDPOINT;
    res.setHeader('Cache-Control', 'no-store');
    res.status(415).json({ error: { status: 415, message: COMMENT_TEXTS.badBody, fields: {} } });
  };

  // Body errors: too large is 413, anything else unreadable is 400; never the generic 500.
  const bodyError: ErrorRequestHandler = (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const tooLarge = (error as { type?: unknown } | null)?.type === 'entity.too.large';
    const status = tooLarge ? 413 : 400;
    deps.logger.info({ status, reason: (error as Error).message }, 'comment refused: unreadable body');
    answer(req, res, { kind: 'rejected', status, pagePath: null, message: tooLarge ? COMMENT_TEXTS.tooLarge : COMMENT_TEXTS.badBody }).catch(next);
  };

  const handle: RequestHandler = (req, res, next) => {
    submit(req, res).catch(next);
  };

  router.post(COMMENTS_ENDPOINT, sameOrigin, onlyKnownBodies, parseJson, parseForm, handle, bodyError);
  return router;
}
