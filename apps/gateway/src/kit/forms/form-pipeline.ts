import { type SubmissionBudget, type SubmissionTicket } from '@lib/cache';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError, statusName } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { randomUUID } from 'node:crypto';
import { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { CSRF_FIELD, type CsrfKey, readCsrfBinding, verifyCsrfToken } from '../csrf';
import { httpStatusFor } from '../http/error-status';
import { type OriginPolicy, isSameOrigin } from '../http/same-origin';
import { rateLimitKey } from '../rate-limit/client-address';
import { sendErrorBody } from '../http/error-body';
import { bodyProblem, formBodies } from '../http/request-body';

/** What a visitor typed into a form, by field name: sent back to fill the form again, never logged. */
export type FormValues = Record<string, string>;

/** The words of the pipeline's own answers, in each form's voice. */
export interface FormTexts {
  /** The body is not a form of this kind (wrong type, not an object, unparsable). */
  badBody: string;
  /** The body is over the form's own limit (forms that read their own body). */
  tooLarge?: string;
  /** The CSRF token is missing, forged, expired or of another visitor or form (forms with a token). */
  csrfRefused?: string;
  /** The post did not come from our pages. */
  crossOrigin: string;
  /** The service refused fields of the form. */
  fixFields: string;
  /** The address's budget of this form is spent (429). */
  rateLimited: string;
  /**
   * The service holds the form's idempotency key for other content, and sending the post under a
   * new key did not help either: the page is to be loaded again.
   */
  keyReused: string;
  /** The service failed after the post reached it: stored or not, sending it again is safe. */
  uncertain: string;
}

/** A refused post: the form again with the message and the errors next to their fields, or the same as JSON. */
export interface FormRejection {
  status: number;
  message: string;
  errors?: Record<string, string>;
  values?: FormValues;
  retryAfterS?: number;
}

/** The answer to a stored post: 303 to `href` for a plain post, `json` for the form's script. */
export interface FormStored {
  href: string;
  json: { status: number; body: unknown };
}

/** What the form makes of a post's body. */
export type FormReading<I> =
  /** Ready to store; `sentKey` is the form's idempotency key (a UUID v4), undefined when it sent none. */
  | { kind: 'valid'; input: I; values: FormValues; sentKey: string | undefined }
  | { kind: 'rejected'; rejection: FormRejection }
  /** The honeypot is filled: bots get the usual answer and nothing is stored. */
  | { kind: 'honeypot'; stored: FormStored }
  /** Nothing to store here (a journey step without its earlier steps): 303, nothing counted. */
  | { kind: 'redirect'; href: string };

/**
 * One form as a feature declares it; the pipeline (formPipeline) does everything else. A feature
 * never re-implements the origin and CSRF checks, the rate budget, the idempotency key, the
 * service's field violations or the answer for a plain post and for a script.
 */
export interface FormDeclaration<I, R> {
  /** Log name ('contact', 'comment', 'application step'); with `csrf`, the purpose of its tokens. */
  name: string;
  /** Metrics label of its answers. */
  routeLabel: string;
  texts: FormTexts;
  /** Whether a CSRF token of this form bound to the visitor's cookie is required besides the same origin. */
  csrf: boolean;
  /** The form's own body parsing (JSON and urlencoded within the limit); absent: the server's shared parsers ran. */
  ownBody?: { limitBytes: number; parameterLimit: number };
  /** The service behind the form, for the log line of an unknown outcome. */
  service: string;
  /** The form field that carries the idempotency key (kept in the values the form is drawn again with). */
  keyField: string;
  read(req: Request): FormReading<I>;
  /** The key of a post without one, derived from who sent what: the same post sent again is one submission. */
  derivedKey(input: I, clientAddress: string): string;
  /** Stores the submission under the key; throws GrpcCallError. */
  submit(input: I, key: string, req: Request, res: Response): Promise<R>;
  stored(result: R, req: Request, res: Response): FormStored | Promise<FormStored>;
  /** The form field of a service field violation (service names are camelCase); undefined when the form has none. */
  fieldOfViolation(field: string): string | undefined;
  /**
   * The words next to a form field the service refused: the form's own Polish text for the field.
   * The service's description is its callers' (often English, never written for a visitor) and is
   * passed only so a form may keep it when it is one of its own texts for that field.
   */
  fieldText(field: string, description: string): string;
  /** The words above the form for a refused service field the form does not show; undefined: `texts.badBody`. */
  hiddenFieldText?(field: string): string | undefined;
  /**
   * Whether the service stored nothing new for this post though it answered success: a repeat of
   * a submission stored before (the services' `duplicate` flag), or nothing left to store.
   */
  nothingStored?(result: R): boolean;
  /** A failure the form words itself (no page to comment on, an earlier step's field); undefined: the pipeline's answer. */
  refusal?(error: unknown, status: number, values: FormValues): FormRejection | undefined;
  /** The status of a failure whose outcome is unknown, from the one gRPC→HTTP mapping's (default: unchanged). */
  uncertainStatus?(status: number): number;
  /** JSON for the form's script, HTML for a plain post. */
  wantsJson(req: Request): boolean;
  /** The form again (HTML) with the rejection: values kept, errors by field. */
  renderRejection(req: Request, res: Response, rejection: FormRejection): Promise<void>;
  /** The 403 page of a plain post that is not ours (HTML). */
  renderForbidden(req: Request, res: Response): Promise<void>;
}

export interface FormPipelineDeps {
  logger: Logger;
  /** The form's own rate budget: stored submissions per client address, each named by its key. */
  budget: SubmissionBudget;
  origin: OriginPolicy;
  csrfKey: CsrfKey;
  onUpstreamError(error: unknown): void;
}

/** The pipeline's handlers, to mount on the form's POST route in order (a body error handler among them). */
export type FormHandler = RequestHandler | ErrorRequestHandler;

/** The service's and the form's names of the idempotency key field. */
const isKeyField = (field: string, keyField: string) => field === 'idempotencyKey' || field === keyField;

/** A key the service already holds for another submission (INVALID_ARGUMENT on the key field). */
function isKeyReused(error: unknown, keyField: string): boolean {
  return (
    error instanceof GrpcCallError &&
    error.code === GrpcStatus.INVALID_ARGUMENT &&
    error.fieldViolations.some((violation) => isKeyField(violation.field, keyField))
  );
}

/**
 * The handlers of one form's post, in order: same origin, the CSRF token of the form (when
 * declared), the form's own body (when declared: 415, 413, 400), the form's reading of the body
 * (400 with the errors next to their fields, the honeypot, a redirect), the rate budget (429 with
 * Retry-After), then the service under the submission's idempotency key (the form's, else one
 * derived from the post). A key the service holds for another submission means the form came from
 * a copy of the page kept after that submission: the post is sent once more under a new key, which
 * the values carry from then on. The service's field violations answer 400 next to their fields,
 * in the form's own Polish words (never the service's descriptions); any other failure the status
 * of the one gRPC→HTTP mapping with the truth: it may or may not have been stored, and sending the
 * same form again cannot store it twice. Every answer is `no-store`: it carries what the visitor typed.
 *
 * The budget counts stored submissions: the post takes the place of its key just before the
 * service call (posts of one key share it, so identical posts at once never refuse each other),
 * and the place is given back when nothing was stored by it: a refusal, an unknown outcome, or the
 * service's answer that it was a repeat of a submission stored before. Posts refused before the
 * call (origin, CSRF, the form's own checks, the honeypot) never take one.
 */
export function formPipeline<I, R>(form: FormDeclaration<I, R>, deps: FormPipelineDeps): FormHandler[] {
  const answerRejection = async (req: Request, res: Response, rejection: FormRejection): Promise<void> => {
    res.locals['routeLabel'] = form.routeLabel;
    res.setHeader('Cache-Control', 'no-store');
    if (rejection.retryAfterS !== undefined) res.setHeader('Retry-After', String(rejection.retryAfterS));
    if (!form.wantsJson(req)) {
      await form.renderRejection(req, res, rejection);
      return;
    }
    const key = rejection.values?.[form.keyField];
    sendErrorBody(res, rejection.status, rejection.message, {
      fields: rejection.errors ?? {},
      ...(key ? { idempotencyKey: key } : {}),
    });
  };

  const answerStored = (req: Request, res: Response, stored: FormStored): void => {
    res.locals['routeLabel'] = form.routeLabel;
    res.setHeader('Cache-Control', 'no-store');
    if (form.wantsJson(req)) res.status(stored.json.status).json(stored.json.body);
    else res.redirect(303, stored.href);
  };

  const forbid = async (
    req: Request,
    res: Response,
    message: string,
    reason: Record<string, unknown>,
  ): Promise<void> => {
    deps.logger.info({ form: form.name, ...reason }, `${form.name} refused: 403`);
    res.locals['routeLabel'] = form.routeLabel;
    res.setHeader('Cache-Control', 'no-store');
    if (form.wantsJson(req)) sendErrorBody(res, 403, message, { fields: {} });
    else await form.renderForbidden(req, res);
  };

  const sameOrigin: RequestHandler = (req, res, next) => {
    if (isSameOrigin(req, deps.origin)) {
      next();
      return;
    }
    forbid(req, res, form.texts.crossOrigin, {
      reason: 'not same-origin',
      origin: req.get('origin') ?? null,
    }).catch(next);
  };

  const csrf: RequestHandler = (req, res, next) => {
    const token = (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD];
    const check = verifyCsrfToken({
      key: deps.csrfKey,
      token: typeof token === 'string' ? token : undefined,
      binding: readCsrfBinding(req.get('cookie')),
      purpose: form.name,
    });
    if (check.ok) {
      next();
      return;
    }
    forbid(req, res, form.texts.csrfRefused ?? form.texts.crossOrigin, {
      reason: `csrf ${check.reason}`,
    }).catch(next);
  };

  /** SubmitX under the ticket's key, its place in the budget settled by the outcome. */
  const storeCounted = async (
    ticket: SubmissionTicket,
    input: I,
    req: Request,
    res: Response,
  ): Promise<R> => {
    let result: R;
    try {
      result = await form.submit(input, ticket.submission, req, res);
    } catch (error) {
      // Refused, or not known to be stored: not counted (an outage never costs the visitor a place).
      await deps.budget.settle(ticket, 'not-stored');
      throw error;
    }
    await deps.budget.settle(ticket, form.nothingStored?.(result) ? 'not-stored' : 'stored');
    return result;
  };

  const rateLimited = (ticket: SubmissionTicket, values: FormValues): FormRejection => {
    deps.logger.info({ form: form.name, count: ticket.count }, `${form.name} refused: rate limit`);
    return {
      status: 429,
      message: form.texts.rateLimited,
      values,
      retryAfterS: Math.max(1, Math.ceil(ticket.retryAfterMs / 1000)),
    };
  };

  /**
   * Stores the post under its ticket's key; once more under a new key (a place of its own in the
   * budget) when the service holds that key for another submission. The stored result, or the
   * rejection to answer.
   */
  const store = async (
    ticket: SubmissionTicket,
    input: I,
    values: FormValues,
    req: Request,
    res: Response,
  ): Promise<{ result: R } | { rejection: FormRejection }> => {
    try {
      return { result: await storeCounted(ticket, input, req, res) };
    } catch (error) {
      if (!isKeyReused(error, form.keyField)) return { rejection: failure(error, values) };
    }
    const fresh = await deps.budget.take(ticket.client, randomUUID());
    values[form.keyField] = fresh.submission;
    deps.logger.info(
      { form: form.name },
      `${form.name} key already used by another submission: sent under a new key`,
    );
    if (!fresh.allowed) return { rejection: rateLimited(fresh, values) };
    try {
      return { result: await storeCounted(fresh, input, req, res) };
    } catch (error) {
      return { rejection: failure(error, values) };
    }
  };

  /**
   * The service's field violations in the form's Polish words: next to the fields the form shows,
   * the rest above the form (the key: the form was sent with other content; any other field the
   * visitor cannot see: the form is to be loaded again).
   */
  const violations = (error: GrpcCallError, values: FormValues): FormRejection => {
    const errors: Record<string, string> = {};
    const others: string[] = [];
    for (const violation of error.fieldViolations) {
      const onKey = isKeyField(violation.field, form.keyField);
      const field = onKey ? undefined : form.fieldOfViolation(violation.field);
      if (field !== undefined) {
        errors[field] ??= form.fieldText(field, violation.description);
        continue;
      }
      const text = onKey
        ? form.texts.keyReused
        : (form.hiddenFieldText?.(violation.field) ?? form.texts.badBody);
      if (!others.includes(text)) others.push(text);
    }
    return {
      status: 400,
      message: others.length > 0 ? others.join(' ') : form.texts.fixFields,
      errors,
      values,
    };
  };

  const failure = (error: unknown, values: FormValues): FormRejection => {
    const status = httpStatusFor(error);
    const worded = form.refusal?.(error, status, values);
    if (worded) return worded;
    if (status === 400 && error instanceof GrpcCallError) return violations(error, values);
    if (status === 429) return { status, message: form.texts.rateLimited, values };
    deps.onUpstreamError(error);
    // The error only: never the values (personal data stays out of the logs).
    deps.logger.error(
      {
        err: error,
        form: form.name,
        status,
        ...(error instanceof GrpcCallError ? { grpcCode: statusName(error.code) } : {}),
      },
      `${form.name} outcome unknown: ${form.service} service failed`,
    );
    return { status: form.uncertainStatus?.(status) ?? status, message: form.texts.uncertain, values };
  };

  const submit = async (req: Request, res: Response): Promise<void> => {
    const reading = form.read(req);
    switch (reading.kind) {
      case 'rejected':
        return answerRejection(req, res, reading.rejection);
      case 'redirect':
        res.locals['routeLabel'] = form.routeLabel;
        res.setHeader('Cache-Control', 'no-store');
        res.redirect(303, reading.href);
        return;
      case 'honeypot':
        // Bots fill every field; people never see this one. They get the usual answer and learn nothing.
        deps.logger.info({ form: form.name }, `${form.name} dropped: honeypot field filled`);
        return answerStored(req, res, reading.stored);
      case 'valid':
        break;
    }
    // req.ip: the client's address as TRUST_PROXY allows it to be read (X-Forwarded-For from our proxies only).
    const address = rateLimitKey(req.ip ?? req.socket.remoteAddress);
    const key = reading.sentKey ?? form.derivedKey(reading.input, address);
    const values: FormValues = { ...reading.values, [form.keyField]: key };
    const ticket = await deps.budget.take(address, key);
    if (!ticket.allowed) return answerRejection(req, res, rateLimited(ticket, values));
    const outcome = await store(ticket, reading.input, values, req, res);
    if ('rejection' in outcome) return answerRejection(req, res, outcome.rejection);
    let stored: FormStored;
    try {
      stored = await form.stored(outcome.result, req, res);
    } catch (error) {
      return answerRejection(req, res, failure(error, values));
    }
    deps.logger.info({ form: form.name }, `${form.name} stored`);
    answerStored(req, res, stored);
  };

  const handlers: FormHandler[] = [sameOrigin];
  if (form.ownBody) handlers.push(...ownBodyHandlers(form, form.ownBody, answerRejection, deps.logger));
  if (form.csrf) handlers.push(csrf);
  const handle: RequestHandler = (req, res, next) => {
    submit(req, res).catch(next);
  };
  handlers.push(handle);
  return handlers;
}

/**
 * A form that reads its own body: JSON or urlencoded only (415), within its limit (413), readable
 * (400); the rejection is answered by the form like any other (the body that names its page was
 * not read: the form finds the page another way).
 */
function ownBodyHandlers<I, R>(
  form: FormDeclaration<I, R>,
  limits: { limitBytes: number; parameterLimit: number },
  answer: (req: Request, res: Response, rejection: FormRejection) => Promise<void>,
  logger: Logger,
): FormHandler[] {
  const onlyKnownBodies: RequestHandler = (req, res, next) => {
    if (req.is(['application/json', 'application/x-www-form-urlencoded'])) {
      next();
      return;
    }
    res.locals['routeLabel'] = form.routeLabel;
    res.setHeader('Cache-Control', 'no-store');
    sendErrorBody(res, 415, form.texts.badBody, { fields: {} });
  };
  // Body errors: too large is 413, anything else unreadable is 400; never the generic 500.
  const bodyError: ErrorRequestHandler = (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const tooLarge = bodyProblem(error) === 'too-large';
    const status = tooLarge ? 413 : 400;
    logger.info(
      { form: form.name, status, reason: (error as Error).message },
      `${form.name} refused: unreadable body`,
    );
    answer(req, res, {
      status,
      message: tooLarge ? (form.texts.tooLarge ?? form.texts.badBody) : form.texts.badBody,
    }).catch(next);
  };
  return [onlyKnownBodies, ...formBodies(limits.limitBytes, limits.parameterLimit), bodyError];
}
