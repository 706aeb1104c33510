import { GrpcCallError, statusName } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { isUuidV4 } from '@lib/pl-validation';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import { type FormState } from '../../app/form-state';
import { CSRF_FIELD, type CsrfKey, ensureCsrfBinding, issueCsrfToken, readCsrfBinding, verifyCsrfToken } from '../csrf';
import { keyOfParts } from '../identity/derived-key';
import { type PageResolver } from '../pages/page-resolver';
import { rateLimitKey } from '../rate-limit/client-address';
import { type RateLimiter } from '../rate-limit/rate-limiter';
import { type PageRenderer } from '../render/page-renderer';
import { httpStatusFor } from './error-status';
import { type OriginPolicy, isSameOrigin } from './same-origin';

/** The hidden field that carries a submission's idempotency key (a UUID v4). */
export const FORM_KEY_FIELD = 'idempotency_key';
/** The honeypot field: hidden from people, filled by bots. */
export const FORM_HONEYPOT_FIELD = 'strona_www';

/** Answers every form post may give besides its own field rules. */
export const FORM_POST_TEXTS = {
  fixFields: 'Popraw zaznaczone pola i wyślij formularz jeszcze raz.',
  badBody: 'Nie udało się odczytać formularza. Odśwież stronę i spróbuj ponownie.',
  csrfRefused: 'Formularz wygasł albo nie pochodzi z naszej strony. Odśwież stronę i wyślij go jeszcze raz.',
  crossOrigin: 'Formularz można wysłać tylko z naszej strony. Odśwież stronę i spróbuj ponownie.',
  rateLimited: 'Wysłano zbyt wiele formularzy z tego adresu. Spróbuj ponownie za kilka minut.',
  received: 'Dziękujemy, formularz został wysłany.',
  uncertain:
    'Nie mamy pewności, czy formularz dotarł: usługa chwilowo nie odpowiada. Wyślij go ponownie za chwilę — nie zapiszemy go dwa razy.',
} as const;

/**
 * One form the visitor posts to a page's own address (`<form method="post" action="/kontakt/">`):
 * its fields with their length limits, the service call that stores it, and where the visitor goes
 * after it was stored (Post/Redirect/Get: a 303 to a GET address that shows the confirmation).
 */
export interface FormPostSpec<R> {
  /** The page path the form is on and posts to. */
  path: string;
  /** Log and metrics name ('contact', 'partners', …). */
  name: string;
  /** Every field the form sends (besides the key and the honeypot), with its length limit. */
  fields: Readonly<Record<string, number>>;
  /**
   * Query parameters of the page's confirmations (`wyslano`): an address with one of them is the
   * shared, cacheable page; the form itself is drawn per visitor (no-store) with its CSRF token.
   */
  confirmationQuery: readonly string[];
  /** Checkboxes: present or absent, never an error. */
  checkboxes?: readonly string[];
  /** Service field names (camelCase, in field violations) → form field names, where they differ. */
  serviceFields?: Readonly<Record<string, string>>;
  /** Stores the submission under its idempotency key (throws GrpcCallError). */
  submit(values: Readonly<Record<string, string>>, idempotencyKey: string): Promise<R>;
  /**
   * After it was stored: the GET address of the confirmation (no personal data in it) and the
   * message of the JSON answer (the page's script shows it in a dialog).
   */
  done(result: R): { href: string; message: string };
}

export interface FormPostDeps {
  logger: Logger;
  limiter: RateLimiter;
  publicOrigin: OriginPolicy;
  resolver: PageResolver;
  renderer: PageRenderer;
  /** The CSRF tokens' key, made once at app start (server/csrf), and whether the binding cookie is Secure. */
  csrf: { key: CsrfKey; secure: boolean };
  onUpstreamError?(error: unknown): void;
}

/** The named rate budget of the visitors' forms (contact, partners, unsubscribe): `gateway:rate:lead-forms:<ip>`. */
export const FORM_BUDGET = 'lead-forms';
/** Stored forms per address: people send one or two; a script sending more is held back. */
export const FORM_RATE_LIMIT = { limit: 10, windowMs: 10 * 60_000 } as const;

type Values = Record<string, string>;

interface Rejection {
  status: number;
  message: string;
  errors?: Record<string, string>;
  values?: Values;
  retryAfterS?: number;
}

/**
 * The key of a post that came without one (no script ran: the shared page carries no key of its
 * own), derived from who sent what to which form, so the same post sent again is the same
 * submission and the service stores it once (as the comment form does). A UUID v4 in form.
 */
export function derivedFormKey(formName: string, clientAddress: string, values: Readonly<Values>): string {
  return keyOfParts([formName, clientAddress, Object.entries(values).sort(([a], [b]) => a.localeCompare(b))]);
}

type ReadBody =
  | { kind: 'unreadable' }
  | { kind: 'honeypot' }
  | { kind: 'too-long'; values: Values; errors: Record<string, string> }
  | { kind: 'read'; values: Values; sentKey: string | null };

/** Reads the spec's fields from a parsed body: strings only, each within its limit. */
export function readFormBody(spec: Pick<FormPostSpec<unknown>, 'fields' | 'checkboxes'>, body: unknown): ReadBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { kind: 'unreadable' };
  const record = body as Record<string, unknown>;
  const honeypot = record[FORM_HONEYPOT_FIELD];
  if (typeof honeypot === 'string' && honeypot.trim() !== '') return { kind: 'honeypot' };
  const values: Values = {};
  const errors: Record<string, string> = {};
  for (const [field, limit] of Object.entries(spec.fields)) {
    const value = record[field] ?? '';
    if (typeof value !== 'string') return { kind: 'unreadable' };
    // Line breaks as the browser sends them (CRLF) count once.
    const text = value.replace(/\r\n/g, '\n');
    if (text.length > limit) {
      errors[field] = `To pole może mieć najwyżej ${limit} znaków (wpisano ${text.length}).`;
      values[field] = text.slice(0, limit * 2);
    } else values[field] = text;
  }
  for (const box of spec.checkboxes ?? []) {
    const value = record[box];
    if (value !== undefined && typeof value !== 'string') return { kind: 'unreadable' };
    if (value) values[box] = 'tak';
  }
  if (Object.keys(errors).length > 0) return { kind: 'too-long', values, errors };
  const key = record[FORM_KEY_FIELD];
  const sentKey = typeof key === 'string' && isUuidV4(key) ? key.toLowerCase() : null;
  return { kind: 'read', values, sentKey };
}

/**
 * POST <spec.path>: a visitor's form, as a plain form post (303 to the confirmation, or the form's
 * page again with the errors next to the fields and every value kept) or from the page's script
 * (`Accept: application/json`: `{message, href}` or `{error: {status, message, fields}}`). In order:
 * the CSRF check when configured, else the same-origin check (403), the fields' types and limits
 * (400), the honeypot (the usual answer, nothing stored), the per-IP budget (429), then the service
 * call under the form's idempotency key (derived from the post when it carries none). The
 * service's field violations answer 400 next to their fields; any other failure the status of the
 * one gRPC→HTTP mapping with the truth: it may or may not have been stored, and sending the same
 * form again cannot store it twice. The budget keeps the hit only for a stored form. Every answer
 * is `no-store`: it carries what the visitor typed.
 */
export function formPost<R>(spec: FormPostSpec<R>, deps: FormPostDeps): Router {
  const router = Router();
  const wantsJson = (req: Request) => req.accepts(['html', 'json']) === 'json';

  const reject = async (req: Request, res: Response, rejection: Rejection): Promise<void> => {
    res.locals['routeLabel'] = spec.path;
    res.setHeader('Cache-Control', 'no-store');
    if (rejection.retryAfterS !== undefined) res.setHeader('Retry-After', String(rejection.retryAfterS));
    if (wantsJson(req)) {
      res.status(rejection.status).json({
        error: { status: rejection.status, message: rejection.message, fields: rejection.errors ?? {}, ...(rejection.values?.[FORM_KEY_FIELD] ? { idempotencyKey: rejection.values[FORM_KEY_FIELD] } : {}) },
      });
      return;
    }
    const state: FormState = { message: rejection.message, ...(rejection.errors ? { errors: rejection.errors } : {}), values: { ...rejection.values, ...tokenFor(req, res) } };
    const page = await deps.resolver.resolve(spec.path);
    const shown = page.status === 200 ? { ...page, status: rejection.status, formState: state } : deps.resolver.statusPage(spec.path, rejection.status);
    await deps.renderer.stream(req, res, shown);
  };

  /** A fresh CSRF token for the form drawn in this answer (the binding cookie set when missing). */
  const tokenFor = (req: Request, res: Response): Record<string, string> => {
    const binding = ensureCsrfBinding(req, res, deps.csrf.secure);
    return binding ? { [CSRF_FIELD]: issueCsrfToken({ key: deps.csrf.key, binding, purpose: spec.name }) } : {};
  };

  /** GET of the form (no confirmation asked): the page with a token of its own, never stored by any cache. */
  const draw = async (req: Request, res: Response): Promise<boolean> => {
    if (spec.confirmationQuery.some((name) => req.query[name] !== undefined)) return false;
    const page = await deps.resolver.resolve(spec.path);
    if (page.status !== 200) return false;
    res.locals['routeLabel'] = spec.path;
    await deps.renderer.stream(req, res, { ...page, formState: { values: tokenFor(req, res) } });
    return true;
  };

  const done = (req: Request, res: Response, answer: { href: string; message: string }): void => {
    res.locals['routeLabel'] = spec.path;
    res.setHeader('Cache-Control', 'no-store');
    if (wantsJson(req)) res.status(200).json(answer);
    else res.redirect(303, answer.href);
  };

  const violations = (error: GrpcCallError, values: Values): Rejection => {
    const errors: Record<string, string> = {};
    const others: string[] = [];
    for (const violation of error.fieldViolations) {
      const field = spec.serviceFields?.[violation.field] ?? violation.field;
      if (Object.prototype.hasOwnProperty.call(spec.fields, field)) errors[field] ??= violation.description;
      else if (!others.includes(violation.description)) others.push(violation.description);
    }
    return { status: 400, message: others.length > 0 ? others.join(' ') : FORM_POST_TEXTS.fixFields, errors, values };
  };

  const submit = async (req: Request, res: Response): Promise<void> => {
    const read = readFormBody(spec, req.body);
    if (read.kind === 'unreadable') return reject(req, res, { status: 400, message: FORM_POST_TEXTS.badBody });
    if (read.kind === 'too-long') return reject(req, res, { status: 400, message: FORM_POST_TEXTS.fixFields, errors: read.errors, values: read.values });
    const address = rateLimitKey(req.ip ?? req.socket.remoteAddress);
    if (read.kind === 'honeypot') {
      // Bots fill every field; people never see this one. They get the usual answer and learn nothing.
      deps.logger.info({ form: spec.name }, 'form dropped: honeypot field filled');
      return done(req, res, { href: spec.path, message: FORM_POST_TEXTS.received });
    }
    const key = read.sentKey ?? derivedFormKey(spec.name, address, read.values);
    const values: Values = { ...read.values, [FORM_KEY_FIELD]: key };
    const decision = await deps.limiter.hit(address);
    if (!decision.allowed) {
      deps.logger.info({ form: spec.name, count: decision.count }, 'form refused: rate limit');
      return reject(req, res, { status: 429, message: FORM_POST_TEXTS.rateLimited, values, retryAfterS: Math.max(1, Math.ceil(decision.retryAfterMs / 1000)) });
    }
    let answer: { href: string; message: string };
    try {
      answer = spec.done(await spec.submit(read.values, key));
    } catch (error) {
      await deps.limiter.giveBack(address);
      const status = httpStatusFor(error);
      if (status === 400 && error instanceof GrpcCallError) return reject(req, res, violations(error, values));
      if (status === 429) return reject(req, res, { status, message: FORM_POST_TEXTS.rateLimited, values });
      deps.onUpstreamError?.(error);
      // The error only: never the values (personal data stays out of the logs).
      deps.logger.error(
        { err: error, form: spec.name, status, ...(error instanceof GrpcCallError ? { grpcCode: statusName(error.code) } : {}) },
        'form outcome unknown: leads service failed',
      );
      return reject(req, res, { status, message: FORM_POST_TEXTS.uncertain, values });
    }
    deps.logger.info({ form: spec.name }, 'form stored');
    done(req, res, answer);
  };

  /** Same origin, then a valid CSRF token of this form bound to the visitor's cookie; else the 403 page. */
  const guard: RequestHandler = (req, res, next) => {
    if (!isSameOrigin(req, deps.publicOrigin)) {
      deps.logger.info({ form: spec.name, origin: req.get('origin') ?? null }, 'form refused: not same-origin');
      refuse(req, res, FORM_POST_TEXTS.crossOrigin).catch(next);
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const token = body[CSRF_FIELD];
    const check = verifyCsrfToken({ key: deps.csrf.key, token: typeof token === 'string' ? token : undefined, binding: readCsrfBinding(req.get('cookie')), purpose: spec.name });
    if (check.ok) {
      next();
      return;
    }
    deps.logger.info({ form: spec.name, reason: check.reason }, 'form refused: CSRF token');
    refuse(req, res, FORM_POST_TEXTS.csrfRefused).catch(next);
  };

  /** 403: the site's status page for a plain post, the message for the page's script. */
  const refuse = async (req: Request, res: Response, message: string): Promise<void> => {
    res.locals['routeLabel'] = spec.path;
    res.setHeader('Cache-Control', 'no-store');
    if (wantsJson(req)) res.status(403).json({ error: { status: 403, message, fields: {} } });
    // With a form state (empty) the page is answered no-store, as every answer to a form post is.
    else await deps.renderer.stream(req, res, { ...deps.resolver.statusPage(spec.path, 403), formState: {} });
  };

  router.post(spec.path, guard, (req, res, next) => {
    submit(req, res).catch(next);
  });
  router.get(spec.path, (req, res, next) => {
    draw(req, res)
      .then((drawn) => {
        if (!drawn) next();
      })
      .catch(next);
  });
  return router;
}
