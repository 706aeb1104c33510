import { type BudgetRule, type SubmissionBudget } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { isUuidV4 } from '@lib/pl-validation';
import { type Request, type Response, Router } from 'express';
import { type FormState } from '../../app/form-state';
import { CSRF_FIELD, type CsrfKey, ensureCsrfBinding, issueCsrfToken } from '../csrf';
import { keyOfParts } from '../identity/derived-key';
import { type FeatureContext } from '../feature';
import { type PagePort } from '../pages/page-port';
import { type OriginPolicy } from '../http/same-origin';
import { type FieldTexts, fieldTextOf } from './field-texts';
import { type FormDeclaration, type FormStored, formPipeline } from './form-pipeline';

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
  keyReused:
    'Ten formularz został już wysłany z inną treścią. Odśwież stronę, aby wysłać nową wiadomość – wpisany tekst skopiuj przed odświeżeniem.',
  badField: 'Sprawdź to pole i wyślij formularz jeszcze raz.',
  received: 'Dziękujemy, formularz został wysłany.',
  uncertain:
    'Nie mamy pewności, czy formularz dotarł: usługa chwilowo nie odpowiada. Wyślij go ponownie za chwilę – nie zapiszemy go dwa razy.',
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
  /** The form's Polish words for each field the service may refuse (kit/forms/field-texts.ts). */
  fieldTexts: FieldTexts;
  /** Stores the submission under its idempotency key (throws GrpcCallError). */
  submit(values: Readonly<Record<string, string>>, idempotencyKey: string): Promise<R>;
  /** Whether the service answered a repeat of a submission stored before (its `duplicate` flag). */
  duplicate(result: R): boolean;
  /**
   * After it was stored: the GET address of the confirmation (no personal data in it) and the
   * message of the JSON answer (the page's script shows it in a dialog).
   */
  done(result: R): { href: string; message: string };
}

export interface FormPostDeps {
  logger: Logger;
  /** The form's own budget of stored submissions per client address. */
  budget: SubmissionBudget;
  publicOrigin: OriginPolicy;
  pages: PagePort;
  /** The CSRF tokens' key, made once at app start (kit/csrf), and whether the binding cookie is Secure. */
  csrf: { key: CsrfKey; secure: boolean };
  onUpstreamError?(error: unknown): void;
}

/**
 * One form's own budget of stored submissions: Redis keys `gateway:rate:<name>:<ip or /64>`. Each
 * form has its own, so no form is ever refused because another one was used (a person who wrote
 * to us several times can still ask for their data to be erased).
 */
export interface FormBudget {
  name: string;
  rule: BudgetRule;
}

/** The pipeline's dependencies from a feature's context, counting stored posts in the form's own budget. */
export function formPostDeps(ctx: FeatureContext, budget: FormBudget): FormPostDeps {
  return {
    logger: ctx.logger,
    budget: ctx.budgets.submissions(budget.name, budget.rule),
    publicOrigin: ctx.origin,
    pages: ctx.pages,
    csrf: ctx.csrf,
    onUpstreamError: ctx.onUpstreamError,
  };
}

type Values = Record<string, string>;

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
export function readFormBody(
  spec: Pick<FormPostSpec<unknown>, 'fields' | 'checkboxes'>,
  body: unknown,
): ReadBody {
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
 * A visitor's form posted to its page's own address, through the one form pipeline
 * (form-pipeline.ts): as a plain form post (303 to the confirmation, or the form's page again with
 * the errors next to the fields and every value kept) or from the page's script (`Accept:
 * application/json`: `{message, href}` or `{error: {status, message, fields}}`). GET of the page
 * without a confirmation query draws the form per visitor with its CSRF token (no-store).
 */
export function formPost<R>(spec: FormPostSpec<R>, deps: FormPostDeps): Router {
  const router = Router();

  /** A fresh CSRF token for the form drawn in this answer (the binding cookie set when missing). */
  const tokenFor = (req: Request, res: Response): Record<string, string> => {
    const binding = ensureCsrfBinding(req, res, deps.csrf.secure);
    return binding
      ? { [CSRF_FIELD]: issueCsrfToken({ key: deps.csrf.key, binding, purpose: spec.name }) }
      : {};
  };

  const form: FormDeclaration<Values, R> = {
    name: spec.name,
    routeLabel: spec.path,
    texts: FORM_POST_TEXTS,
    csrf: true,
    service: 'leads',
    keyField: FORM_KEY_FIELD,
    read: (req) => {
      const read = readFormBody(spec, req.body);
      switch (read.kind) {
        case 'unreadable':
          return { kind: 'rejected', rejection: { status: 400, message: FORM_POST_TEXTS.badBody } };
        case 'too-long':
          return {
            kind: 'rejected',
            rejection: {
              status: 400,
              message: FORM_POST_TEXTS.fixFields,
              errors: read.errors,
              values: read.values,
            },
          };
        case 'honeypot':
          return {
            kind: 'honeypot',
            stored: storedAnswer({ href: spec.path, message: FORM_POST_TEXTS.received }),
          };
        case 'read':
          return {
            kind: 'valid',
            input: read.values,
            values: read.values,
            sentKey: read.sentKey ?? undefined,
          };
      }
    },
    derivedKey: (values, address) => derivedFormKey(spec.name, address, values),
    submit: (values, key) => spec.submit(values, key),
    nothingStored: (result) => spec.duplicate(result),
    stored: (result) => storedAnswer(spec.done(result)),
    fieldOfViolation: (field) => {
      const name = spec.serviceFields?.[field] ?? field;
      return Object.prototype.hasOwnProperty.call(spec.fields, name) ? name : undefined;
    },
    fieldText: (field, description) =>
      fieldTextOf(spec.fieldTexts, field, description, FORM_POST_TEXTS.badField),
    wantsJson: (req) => req.accepts(['html', 'json']) === 'json',
    renderRejection: async (req, res, rejection) => {
      const state: FormState = {
        message: rejection.message,
        ...(rejection.errors ? { errors: rejection.errors } : {}),
        values: { ...rejection.values, ...tokenFor(req, res) },
      };
      const page = await deps.pages.resolve(spec.path);
      const shown =
        page.status === 200
          ? { ...page, status: rejection.status, formState: state }
          : deps.pages.statusPage(spec.path, rejection.status);
      await deps.pages.render(req, res, shown);
    },
    // With a form state (empty) the page is answered no-store, as every answer to a form post is.
    renderForbidden: (req, res) =>
      deps.pages.render(req, res, { ...deps.pages.statusPage(spec.path, 403), formState: {} }),
  };

  /** GET of the form (no confirmation asked): the page with a token of its own, never stored by any cache. */
  const draw = async (req: Request, res: Response): Promise<boolean> => {
    if (spec.confirmationQuery.some((name) => req.query[name] !== undefined)) return false;
    const page = await deps.pages.resolve(spec.path);
    if (page.status !== 200) return false;
    res.locals['routeLabel'] = spec.path;
    await deps.pages.render(req, res, { ...page, formState: { values: tokenFor(req, res) } });
    return true;
  };

  router.post(
    spec.path,
    ...formPipeline(form, {
      logger: deps.logger,
      budget: deps.budget,
      origin: deps.publicOrigin,
      csrfKey: deps.csrf.key,
      onUpstreamError: (error) => deps.onUpstreamError?.(error),
    }),
  );
  router.get(spec.path, (req, res, next) => {
    draw(req, res)
      .then((drawn) => {
        if (!drawn) next();
      })
      .catch(next);
  });
  return router;
}

/** A stored form's answer: 303 to the confirmation, or `{message, href}` for the page's script. */
function storedAnswer(answer: { href: string; message: string }): FormStored {
  return { href: answer.href, json: { status: 200, body: answer } };
}
