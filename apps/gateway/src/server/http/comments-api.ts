import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError, statusName } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, Router } from 'express';
import { COMMENT_TEXTS, COMMENTS_ENDPOINT, FIELD, type VisibleField, isVisibleField } from '../../app/comments/comment-texts';
import { type CommentFormState } from '../../app/comments/comments-data';
import { pendingHref } from '../../app/comments/comments-query';
import { type GatewayServices } from '../../app/services';
import { rateLimitKey } from '../comments/client-address';
import { type RateLimiter } from '../comments/rate-limiter';
import { isSameOrigin } from '../comments/same-origin';
import { type PageResolver } from '../pages/page-resolver';
import { type PageRenderer } from '../render/page-renderer';

/** A comment is at most 5,000 characters; with the other fields and encoding this is plenty. */
export const COMMENT_BODY_LIMIT_BYTES = 10 * 1024;

const PAGE_PATH = /^\/(?:[a-z0-9-]+\/)+$/;
const SESSION_ID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

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

interface Submission {
  pagePath: string;
  name: string;
  email: string;
  text: string;
  rating: number;
  replyTo: number;
  sessionId: string;
}

type Values = NonNullable<CommentFormState['values']>;

/** The outcome of one post, answered as JSON or as HTML depending on how it was sent. */
type Outcome =
  | { kind: 'stored'; pagePath: string }
  | { kind: 'rejected'; status: number; pagePath: string | null; message: string; errors?: Partial<Record<VisibleField, string>>; values?: Values; retryAfterS?: number };

/** A field as text: absent is empty; numbers are accepted from JSON; anything else is malformed. */
function text(body: Record<string, unknown>, field: string): string | null {
  const value = body[field];
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function valuesOf(body: Record<string, unknown>): Values {
  const values: Values = {};
  for (const field of [FIELD.name, FIELD.email, FIELD.text, FIELD.rating, FIELD.replyTo] as const) {
    const value = text(body, field);
    if (value) values[field] = value;
  }
  return values;
}

/**
 * Presence and types only: every rule about the content (lengths, e-mail, HTML, rating range)
 * is the content service's, and its Polish messages come back as field violations.
 */
function readSubmission(body: Record<string, unknown>): { ok: true; value: Submission } | { ok: false; outcome: Outcome } {
  const pagePath = text(body, FIELD.pagePath) ?? '';
  if (pagePath.length > 512 || !PAGE_PATH.test(pagePath)) {
    return { ok: false, outcome: { kind: 'rejected', status: 400, pagePath: null, message: COMMENT_TEXTS.unknownPage } };
  }
  const values = valuesOf(body);
  const errors: Partial<Record<VisibleField, string>> = {};
  const [name, email, comment] = [text(body, FIELD.name), text(body, FIELD.email), text(body, FIELD.text)];
  if (name === null) errors.name = COMMENT_TEXTS.badField;
  if (email === null) errors.email = COMMENT_TEXTS.badField;
  if (comment === null) errors.text = COMMENT_TEXTS.badField;
  const rating = text(body, FIELD.rating);
  if (rating === null || (rating !== '' && !/^\d$/.test(rating))) errors.rating = COMMENT_TEXTS.badField;
  const replyTo = text(body, FIELD.replyTo);
  const replyOk = replyTo !== null && (replyTo === '' || /^(?:0|[1-9]\d{0,14})$/.test(replyTo));
  if (Object.keys(errors).length > 0 || !replyOk) {
    return {
      ok: false,
      outcome: { kind: 'rejected', status: 400, pagePath, message: replyOk ? COMMENT_TEXTS.fixFields : COMMENT_TEXTS.badBody, errors, values },
    };
  }
  const sessionId = text(body, FIELD.sessionId) ?? '';
  return {
    ok: true,
    value: {
      pagePath,
      name: name ?? '',
      email: email ?? '',
      text: comment ?? '',
      rating: Number(rating || 0),
      replyTo: Number(replyTo || 0),
      sessionId: SESSION_ID.test(sessionId) ? sessionId : '',
    },
  };
}

/** The service's field violations on the form: visible fields by name, the rest as the message. */
function violationsOutcome(error: GrpcCallError, submission: Submission, values: Values): Outcome {
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
 * violations answer 400 and whose outage answers 503: success is claimed only after it answered.
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
    const shown = page && page.status === 200 ? { ...page, status, commentForm: state } : deps.resolver.statusPage(pagePath ?? '/', status);
    await deps.renderer.stream(req, res, shown);
  };

  const submit = async (req: Request, res: Response): Promise<void> => {
    const body: unknown = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      await answer(req, res, { kind: 'rejected', status: 400, pagePath: null, message: COMMENT_TEXTS.badBody });
      return;
    }
    const fields = body as Record<string, unknown>;
    const trap = fields[FIELD.trap];
    const pagePathText = typeof fields[FIELD.pagePath] === 'string' ? (fields[FIELD.pagePath] as string) : '';
    if (trap !== undefined && trap !== '') {
      // Bots fill every field; people never see this one. They get the usual answer, so they learn nothing.
      deps.logger.info({ pagePath: pagePathText.slice(0, 200) }, 'comment dropped: honeypot field filled');
      if (PAGE_PATH.test(pagePathText)) await answer(req, res, { kind: 'stored', pagePath: pagePathText });
      else await answer(req, res, { kind: 'rejected', status: 400, pagePath: null, message: COMMENT_TEXTS.unknownPage });
      return;
    }
    const read = readSubmission(fields);
    if (!read.ok) {
      await answer(req, res, read.outcome);
      return;
    }
    const submission = read.value;
    const values = valuesOf(fields);
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

  const failureOutcome = (error: unknown, submission: Submission, values: Values): Outcome => {
    const code = error instanceof GrpcCallError ? error.code : undefined;
    if (error instanceof GrpcCallError && code === GrpcStatus.INVALID_ARGUMENT) return violationsOutcome(error, submission, values);
    if (code === GrpcStatus.RESOURCE_EXHAUSTED) {
      return { kind: 'rejected', status: 429, pagePath: submission.pagePath, message: COMMENT_TEXTS.rateLimited, values };
    }
    deps.onUpstreamError?.(error);
    deps.logger.error(
      { err: error, pagePath: submission.pagePath, ...(code !== undefined ? { grpcCode: statusName(code) } : {}) },
      'comment not stored: content service failed',
    );
    return { kind: 'rejected', status: 503, pagePath: submission.pagePath, message: COMMENT_TEXTS.unavailable, values };
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
