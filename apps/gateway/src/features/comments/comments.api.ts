import { GrpcCallError, statusName } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { isPagePath } from '@lib/pl-validation';
import { randomUUID } from 'node:crypto';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, Router } from 'express';
import { type GatewayServices } from '../../app/services';
import { httpStatusFor } from '../../server/http/error-status';
import { type OriginPolicy, isSameOrigin } from '../../server/http/same-origin';
import { type PageResolver, type ResolvedPage } from '../../server/pages/page-resolver';
import { rateLimitKey } from '../../server/rate-limit/client-address';
import { type RateLimiter } from '../../server/rate-limit/rate-limiter';
import { type PageRenderer } from '../../server/render/page-renderer';
import { type CommentSubmission, type CommentValues, readCommentBody } from './comment-submission';
import { COMMENT_TEXTS, COMMENTS_ENDPOINT, FIELD, type VisibleField, isVisibleField } from './comment-texts';
import { type CommentFormPageData, type CommentFormState } from './comments-data';
import { pendingHref } from './comments-query';
import { derivedSubmissionKey } from './submission-key';

/**
 * The explicit limit of a comment post's body, sized so the longest comment the form takes always
 * fits, in any encoding: 5,000 characters (the textarea's limit) at the worst 9 bytes each
 * form-encoded (a 3-byte UTF-8 character is %XX%XX%XX; a Polish letter takes 6, as does a JSON
 * \uXXXX escape or a CRLF line break), 45 kB, plus name and e-mail at the same worst and the
 * hidden fields: under 49 kB. A larger body is not read (413).
 */
export const COMMENT_BODY_LIMIT_BYTES = 64 * 1024;

/** Service field names (SubmitCommentRequest, camelCase) → form field names. */
const FORM_FIELD: Record<string, string> = {
  pagePath: FIELD.pagePath,
  replyTo: FIELD.replyTo,
  sessionId: FIELD.sessionId,
  idempotencyKey: FIELD.idempotencyKey,
};

/** A page that can carry comments: a site path below the root. */
const isCommentedPagePath = (path: string) => path !== '/' && isPagePath(path);

/**
 * The page a post came from, by its Referer (same-origin posts only reach the handlers): where a
 * body too large to read is answered, since the body that names the page was not read.
 */
function pagePathOfReferer(req: Request): string | null {
  const referer = req.get('referer');
  if (!referer) return null;
  try {
    const { pathname } = new URL(referer);
    return isCommentedPagePath(pathname) ? pathname : null;
  } catch {
    return null;
  }
}

/** SubmitComment's INVALID_ARGUMENT for a key the service holds for another comment. */
function isKeyReused(error: unknown): boolean {
  return error instanceof GrpcCallError && httpStatusFor(error) === 400 && error.fieldViolations.some((v) => v.field === 'idempotencyKey');
}

export interface CommentsApiDeps {
  services: GatewayServices;
  logger: Logger;
  limiter: RateLimiter;
  /** Our origin for the same-origin check (PUBLIC_ORIGIN, and whether it was configured). */
  publicOrigin: OriginPolicy;
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
      /** False when no page under the address takes comments (NOT_FOUND): the text is shown without a form. */
      acceptsComments?: boolean;
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
 * ({status, message} or {error: {status, message, fields, idempotencyKey}}). In order:
 * same-origin check (403), body of at most COMMENT_BODY_LIMIT_BYTES (413), the honeypot (filled:
 * the same success answer, nothing stored), presence and types (400), the per-IP comment budget
 * (429), then SubmitComment with the form's idempotency key (one is made when the form sent
 * none), whose field violations answer 400 and NOT_FOUND 404; any other failure answers the
 * status of the one gRPC→HTTP mapping (server/http/error-status.ts: 503 while it is down or too
 * slow, 502, …) with the truth: the comment may or may not have been stored, and sending the same
 * form again (same key) cannot store it twice. Success is claimed only after SubmitComment
 * answered. The budget counts stored comments only: a post refused for any reason gives its hit
 * back. A form answer never loses the text: the commented page with the form refilled, or, when
 * that page cannot be drawn, a page with just the form.
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
      if (outcome.kind === 'stored') {
        res.status(202).json({ status: 'pending', message: COMMENT_TEXTS.pending });
        return;
      }
      // The key the submission now goes by (a new one when the sent one belonged to another comment).
      const key = outcome.values?.idempotency_key;
      res.status(outcome.status).json({
        error: { status: outcome.status, message: outcome.message, fields: outcome.errors ?? {}, ...(key ? { idempotencyKey: key } : {}) },
      });
      return;
    }
    if (outcome.kind === 'stored') {
      res.redirect(303, pendingHref(outcome.pagePath));
      return;
    }
    const state: CommentFormState = { message: outcome.message, ...(outcome.errors ? { errors: outcome.errors } : {}), ...(outcome.values ? { values: outcome.values } : {}) };
    await renderPage(req, res, outcome.status, outcome.pagePath, state, outcome.acceptsComments ?? true);
  };

  /**
   * The commented page with the form state and the error status. When it cannot be drawn (its
   * data failed: the content service that just failed the post may fail the page too) or takes no
   * comments, a page with just the form (or the text to copy); a status page only when the post
   * named no page and carried no text.
   */
  const renderPage = async (req: Request, res: Response, status: number, pagePath: string | null, state: CommentFormState, acceptsComments: boolean) => {
    const page = pagePath === null || !acceptsComments ? null : await deps.resolver.resolve(pagePath);
    let shown: ResolvedPage;
    if (page && page.status === 200) shown = { ...page, status, formState: state };
    else if (pagePath !== null || state.values?.text) shown = formPage(pagePath, status, state, acceptsComments);
    else shown = deps.resolver.statusPage('/', status);
    await deps.renderer.stream(req, res, shown);
  };

  const formPage = (pagePath: string | null, status: number, state: CommentFormState, acceptsComments: boolean): ResolvedPage => {
    const base = deps.resolver.statusPage(pagePath ?? '/', status, 'comment-form');
    const data: CommentFormPageData = { pagePath, acceptsComments: acceptsComments && pagePath !== null };
    return { ...base, route: 'comment-form', page: 'comment-form', data, head: { ...base.head, title: 'Twój komentarz' }, formState: state };
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
      case 'valid': {
        // The form's key; a post without one (the plain form of a shared page) goes by a key derived
        // from the post itself, so sending it again is the same submission (submission-key.ts).
        const key = read.sentKey ?? derivedSubmissionKey(rateLimitKey(req.ip ?? req.socket.remoteAddress), read.submission);
        await store(req, res, { ...read.submission, idempotencyKey: key }, { ...read.values, idempotency_key: key });
        return;
      }
    }
  };

  /** The per-IP comment budget, then SubmitComment; the budget keeps the hit only for a stored comment. */
  const store = async (req: Request, res: Response, submission: CommentSubmission, values: CommentValues): Promise<void> => {
    // req.ip: the client's address as TRUST_PROXY allows it to be read (X-Forwarded-For from our proxies only).
    const budgetKey = rateLimitKey(req.ip ?? req.socket.remoteAddress);
    const decision = await deps.limiter.hit(budgetKey);
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
    let outcome: Outcome;
    try {
      const stored = await submitKeyed(submission, values);
      deps.logger.info({ pagePath: submission.pagePath, commentId: stored.commentId, reply: submission.replyTo > 0 }, 'comment received: pending moderation');
      outcome = { kind: 'stored', pagePath: submission.pagePath };
    } catch (error) {
      outcome = failureOutcome(error, submission, values);
      // Counted on accepted work only: a refused post (a typo in the e-mail) costs nothing, and one
      // whose fate is unknown is counted when it is sent again.
      await deps.limiter.giveBack(budgetKey);
    }
    await answer(req, res, outcome);
  };

  /**
   * SubmitComment under the submission's key. A key the service holds for another comment means
   * the form came from a copy of the page kept after a comment was sent with it (the browser's
   * cache after a 304, a shared cache): this is no retry of that comment, so it is sent once more
   * under a new key, which the values (the form drawn again, the JSON answer) carry from then on.
   */
  const submitKeyed = async (submission: CommentSubmission, values: CommentValues) => {
    try {
      return await deps.services.content.submitComment(submission);
    } catch (error) {
      if (!isKeyReused(error)) throw error;
      const idempotencyKey = randomUUID();
      values.idempotency_key = idempotencyKey;
      deps.logger.info({ pagePath: submission.pagePath }, 'comment key already used by another comment: sent under a new key');
      return await deps.services.content.submitComment({ ...submission, idempotencyKey });
    }
  };

  /**
   * The status is the one mapping's; the words are the visitor's: the service's field rules, no
   * page to comment on, the limit, or, for any other failure, that the comment may have arrived and
   * sending it again is safe (its key keeps it from being stored twice).
   */
  const failureOutcome = (error: unknown, submission: CommentSubmission, values: CommentValues): Outcome => {
    const status = httpStatusFor(error);
    if (status === 400 && error instanceof GrpcCallError) return violationsOutcome(error, submission, values);
    if (status === 404) {
      deps.logger.info({ pagePath: submission.pagePath }, 'comment refused: no page takes comments there');
      return { kind: 'rejected', status, pagePath: submission.pagePath, message: COMMENT_TEXTS.notCommentable, values, acceptsComments: false };
    }
    if (status === 429) {
      return { kind: 'rejected', status, pagePath: submission.pagePath, message: COMMENT_TEXTS.rateLimited, values };
    }
    deps.onUpstreamError?.(error);
    deps.logger.error(
      { err: error, pagePath: submission.pagePath, status, ...(error instanceof GrpcCallError ? { grpcCode: statusName(error.code) } : {}) },
      'comment outcome unknown: content service failed',
    );
    return { kind: 'rejected', status, pagePath: submission.pagePath, message: COMMENT_TEXTS.uncertain, values };
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
    // The body (and the page it names) was not read: the page the form was sent from shows the message.
    answer(req, res, { kind: 'rejected', status, pagePath: pagePathOfReferer(req), message: tooLarge ? COMMENT_TEXTS.tooLarge : COMMENT_TEXTS.badBody }).catch(next);
  };

  const handle: RequestHandler = (req, res, next) => {
    submit(req, res).catch(next);
  };

  router.post(COMMENTS_ENDPOINT, sameOrigin, onlyKnownBodies, parseJson, parseForm, handle, bodyError);
  return router;
}
