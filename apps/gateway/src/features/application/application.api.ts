import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError, leadsV1, statusName } from '@lib/contracts';
import { zlotyFromGrosze } from '@lib/finance';
import { type Logger } from '@lib/observability';
import { contactDetailsSchema, isUuidV4, loanRequestSchema, personalDetailsSchema } from '@lib/pl-validation';
import { randomUUID } from 'node:crypto';
import { type Request, type Response, Router } from 'express';
import { type GatewayServices } from '../../app/services';
import {
  type CsrfKey,
  CSRF_FIELD,
  ensureCsrfBinding,
  issueCsrfToken,
  readCsrfBinding,
  verifyCsrfToken,
} from '../../server/csrf';
import { httpStatusFor } from '../../server/http/error-status';
import { toPayload } from '../../server/http/page-handlers';
import { type OriginPolicy, isSameOrigin } from '../../server/http/same-origin';
import { readClientId } from '../../server/identity/client-id';
import { keyOfParts } from '../../server/identity/derived-key';
import { readSessionId } from '../../server/identity/session-id';
import { type PageResolver, type ResolvedPage } from '../../server/pages/page-resolver';
import { rateLimitKey } from '../../server/rate-limit/client-address';
import { type RateLimiter } from '../../server/rate-limit/rate-limiter';
import { type PageRenderer } from '../../server/render/page-renderer';
import { PAYLOAD_SUFFIX, pagePathOfPayload } from '../../shared/page-state';
import { type ApplicationPageData, applicationOptions } from './application-data';
import { APPLICATION_TEXTS, STEP_TITLES } from './application-texts';
import { draftCookie, readDraftId } from './draft-cookie';
import {
  FORM_FIELDS,
  HIDDEN_FIELDS,
  JOURNEY_PATHS,
  type FormVersion,
  type JourneyStep,
  consentAnswers,
  contactPathFor,
  formFieldOfViolation,
  formText,
  formVersionOf,
  isJourneyPath,
  startValues,
  stepOfFormField,
  stepOfPath,
  stepValues,
} from './journey';
import { type ValidStep, draftValues, reachableStep, submitRequest } from './journey-service';
import { draftIdOfResumePath, isResumePath, resumePath } from './resume-link';

/** The CSRF purpose of the journey's forms (server/csrf). */
export const APPLICATION_CSRF_PURPOSE = 'application';
/** Metrics label of the journey's answers. */
const ROUTE_LABEL = '/application/';

export interface ApplicationApiDeps {
  services: GatewayServices;
  logger: Logger;
  /** The `application` rate budget: journey posts per client address. */
  limiter: RateLimiter;
  /** Our origin for the same-origin check (PUBLIC_ORIGIN, and whether it was configured). */
  publicOrigin: OriginPolicy;
  resolver: PageResolver;
  renderer: PageRenderer;
  csrf: CsrfKey;
  buildId: string;
  /** Cookies with `Secure` (PUBLIC_ORIGIN is https). */
  secure: boolean;
  /** Today in Warsaw ('YYYY-MM-DD'), for the applicant's age. */
  today: () => string;
  now?: () => Date;
  onUpstreamError?(error: unknown): void;
}

/** A draft as the pages need it: the application (null: none or no longer a draft), or unknown (the service failed). */
type DraftLookup = { kind: 'draft'; draft: leadsV1.Application | null } | { kind: 'failed' };

const isStatus = (error: unknown, code: GrpcStatus) => error instanceof GrpcCallError && error.code === code;

const STEP_ORDER: Record<JourneyStep, number> = { loan: 0, contact: 1, personal: 2 };

/**
 * The loan application journey (journey.ts has the steps): its pages, drawn per request because
 * they are personal (the draft's values, a CSRF token bound to the visitor's cookie), answered
 * `no-store` and never cached, both as HTML and as the client router's payload; and its form posts.
 * Each post, in order: same origin and the CSRF token (the 403 page), the step's @lib/pl-validation
 * schema (400: the form again with the values and the Polish messages), the per-IP `application`
 * budget (429), then SubmitApplication with the draft id of the `pp_application` cookie: a step is
 * saved as the draft (303 to the next step, the cookie set), the last step submits it under one
 * idempotency key (303 to the offers matched to the request). A leads-service failure answers the
 * form again with the values and a message saying sending it again is safe: the service stores a
 * step whole or not at all, and the key keeps a submission from being stored twice.
 */
export function applicationApi(deps: ApplicationApiDeps): Router {
  const router = Router();
  const now = deps.now ?? (() => new Date());
  const options = applicationOptions();

  const lookupDraft = async (draftId: string | undefined): Promise<DraftLookup> => {
    if (!draftId) return { kind: 'draft', draft: null };
    try {
      const draft = await deps.services.leads.getApplication({ applicationId: draftId });
      return { kind: 'draft', draft: draft.status === leadsV1.ApplicationStatus.DRAFT ? draft : null };
    } catch (error) {
      if (isStatus(error, GrpcStatus.NOT_FOUND)) return { kind: 'draft', draft: null };
      deps.onUpstreamError?.(error);
      deps.logger.warn({ err: error, ...grpcFields(error) }, 'application draft could not be read');
      return { kind: 'failed' };
    }
  };

  /** The journey page of a step as a ResolvedPage (personal: formState makes the render `no-store`). */
  const journeyPage = (
    req: Request,
    res: Response,
    path: string,
    status: number,
    data: Omit<ApplicationPageData, 'csrfToken'>,
  ): ResolvedPage => {
    const binding = ensureCsrfBinding(req, res, deps.secure);
    const csrfToken = binding
      ? issueCsrfToken({ key: deps.csrf, binding, purpose: APPLICATION_CSRF_PURPOSE })
      : '';
    const base = deps.resolver.statusPage(path, status, ROUTE_LABEL);
    const full: ApplicationPageData = { ...data, csrfToken };
    return {
      ...base,
      route: 'application',
      page: 'application',
      data: full,
      head: {
        ...base.head,
        title: `Wniosek o pożyczkę: ${STEP_TITLES[data.step]}`,
        description:
          'Złóż bezpłatny wniosek o pożyczkę i zobacz oferty dopasowane do wybranej kwoty i okresu.',
        robots: 'noindex, nofollow',
      },
      // Never cached, never memoised, no ETag (page-renderer.ts): the page is this visitor's.
      formState: data.message ? { message: data.message } : {},
    };
  };

  const send = async (req: Request, res: Response, page: ResolvedPage, asPayload: boolean): Promise<void> => {
    res.locals['routeLabel'] = asPayload ? `${ROUTE_LABEL}${PAYLOAD_SUFFIX}` : ROUTE_LABEL;
    if (asPayload) {
      res.setHeader('Cache-Control', 'no-store');
      res.status(page.status).json(toPayload(page, deps.buildId));
      return;
    }
    await deps.renderer.stream(req, res, page);
  };

  const redirect = (res: Response, to: string, asPayload: boolean) => {
    res.locals['routeLabel'] = ROUTE_LABEL;
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, asPayload ? `${to}${PAYLOAD_SUFFIX}?v=${deps.buildId}` : to);
  };

  const forbidden = async (req: Request, res: Response, reason: string) => {
    deps.logger.info({ path: req.path, reason }, 'application post refused: 403');
    res.locals['routeLabel'] = ROUTE_LABEL;
    await deps.renderer.stream(req, res, deps.resolver.statusPage(req.path, 403, ROUTE_LABEL));
  };

  /** Our origin as the visitor reaches it: PUBLIC_ORIGIN, or (unconfigured: local runs) the request's own. */
  const originOf = (req: Request): string =>
    deps.publicOrigin.configured
      ? deps.publicOrigin.publicOrigin
      : `${req.protocol}://${req.get('host') ?? 'localhost'}`;

  /** The page data of a step: values (draft, then what the address or the post brings), summary, back link. */
  const pageData = (
    req: Request,
    step: JourneyStep,
    path: string,
    draft: leadsV1.Application | null,
    formVersion: FormVersion,
    extra: {
      values?: Record<string, string>;
      errors?: Record<string, string>;
      message?: string | null;
      idempotencyKey?: string;
    },
  ): Omit<ApplicationPageData, 'csrfToken'> => {
    const values = { ...(draft ? draftValues(draft) : {}), ...extra.values };
    const summary =
      step !== 'loan' && draft && draft.amountGrosze > 0
        ? {
            amountGrosze: draft.amountGrosze,
            periodDays: draft.periodDays,
            purpose: values[FORM_FIELDS.purpose] ?? '',
          }
        : null;
    const action = step === 'loan' ? JOURNEY_PATHS.loan : step === 'contact' ? path : JOURNEY_PATHS.personal;
    return {
      step,
      action,
      formVersion,
      values,
      errors: extra.errors ?? {},
      message: extra.message ?? null,
      idempotencyKey: step === 'personal' ? (extra.idempotencyKey ?? randomUUID()) : '',
      summary,
      options,
      back: step === 'loan' ? null : step === 'contact' ? JOURNEY_PATHS.loan : contactPathFor(formVersion),
      resumeLink: draft ? `${originOf(req)}${resumePath(deps.csrf, draft.applicationId)}` : null,
    };
  };

  // GET: a page of the journey (HTML, or the client router's payload of it).
  const show = async (req: Request, res: Response, path: string, asPayload: boolean): Promise<void> => {
    const lookup = await lookupDraft(readDraftId(req.get('cookie')));
    const draft = lookup.kind === 'draft' ? lookup.draft : null;
    const query = new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '');
    const draftVersion = formVersionOf(String(draft?.formVersion ?? ''));
    if (path === JOURNEY_PATHS.transition) {
      redirect(
        res,
        draft
          ? contactPathFor(formVersionOf(query.get(HIDDEN_FIELDS.version)) || draftVersion)
          : JOURNEY_PATHS.start,
        asPayload,
      );
      return;
    }
    const step = stepOfPath(path)!;
    // A later step opens only once the earlier ones are saved (unless the draft could not be read: then the form, with the message).
    const reachable = reachableStep(draft);
    if (lookup.kind === 'draft' && STEP_ORDER[step] > STEP_ORDER[reachable]) {
      redirect(res, reachable === 'loan' ? JOURNEY_PATHS.start : contactPathFor(draftVersion), asPayload);
      return;
    }
    const formVersion: FormVersion =
      path === JOURNEY_PATHS.contactV2 ? 2 : formVersionOf(query.get(HIDDEN_FIELDS.version)) || draftVersion;
    const values = path === JOURNEY_PATHS.start ? startValues(query) : {};
    const failed = lookup.kind === 'failed';
    const data = pageData(req, step, path, draft, formVersion, {
      values,
      message: failed ? APPLICATION_TEXTS.draftUnavailable : null,
    });
    await send(req, res, journeyPage(req, res, path, failed ? 503 : 200, data), asPayload);
  };

  /**
   * GET a resume link (resume-link.ts) on any device: a valid link of a draft still open sets the
   * draft cookie and sends the visitor to the draft's step; a forged or malformed link, or one of a
   * draft submitted, erased or expired, answers the 404 page. Never cached.
   */
  const resume = async (req: Request, res: Response, path: string, asPayload: boolean): Promise<void> => {
    const draftId = draftIdOfResumePath(deps.csrf, path);
    const lookup = draftId ? await lookupDraft(draftId) : ({ kind: 'draft', draft: null } as const);
    if (lookup.kind === 'draft' && lookup.draft) {
      const draft = lookup.draft;
      const step = reachableStep(draft);
      res.append('Set-Cookie', draftCookie(draft.applicationId, deps.secure));
      redirect(
        res,
        step === 'loan'
          ? JOURNEY_PATHS.start
          : step === 'contact'
            ? contactPathFor(formVersionOf(String(draft.formVersion)))
            : JOURNEY_PATHS.personal,
        asPayload,
      );
      return;
    }
    const status = lookup.kind === 'failed' ? 503 : 404;
    if (status === 404) deps.logger.info({ valid: draftId !== undefined }, 'application resume link refused');
    // formState: personal, so answered no-store like the journey's pages.
    const page: ResolvedPage = { ...deps.resolver.statusPage(path, status, ROUTE_LABEL), formState: {} };
    await send(req, res, page, asPayload);
  };

  /** The step's schema over the post; the errors by form field when it fails. */
  const validate = (
    step: JourneyStep,
    body: unknown,
  ): { ok: ValidStep } | { errors: Record<string, string> } => {
    const text = (name: string) => formText(body, name);
    const result =
      step === 'loan'
        ? loanRequestSchema.safeParse({
            amount: text(FORM_FIELDS.amount),
            periodDays: text(FORM_FIELDS.periodDays),
            purpose: text(FORM_FIELDS.purpose),
          })
        : step === 'contact'
          ? contactDetailsSchema.safeParse({
              firstName: text(FORM_FIELDS.firstName),
              lastName: text(FORM_FIELDS.lastName),
              email: text(FORM_FIELDS.email),
              phone: text(FORM_FIELDS.phone),
            })
          : personalDetailsSchema(deps.today()).safeParse({
              pesel: text(FORM_FIELDS.pesel),
              idCard: text(FORM_FIELDS.idCard),
              bankAccount: text(FORM_FIELDS.bankAccount),
              incomeSource: text(FORM_FIELDS.incomeSource),
              consents: consentAnswers(body),
            });
    if (result.success) return { ok: { step, input: result.data } as ValidStep };
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field =
        formFieldOfViolation(issue.path.map(String).join('.')) ??
        formFieldOfViolation(String(issue.path[0] ?? ''));
      if (field) errors[field] ??= issue.message;
    }
    return { errors };
  };

  // POST: one step of the journey.
  const post = async (req: Request, res: Response, path: string): Promise<void> => {
    if (!isSameOrigin(req, deps.publicOrigin)) {
      await forbidden(req, res, 'not same-origin');
      return;
    }
    const body: unknown = req.body;
    const check = verifyCsrfToken({
      key: deps.csrf,
      token: formText(body, CSRF_FIELD),
      binding: readCsrfBinding(req.get('cookie')),
      purpose: APPLICATION_CSRF_PURPOSE,
    });
    if (!check.ok) {
      await forbidden(req, res, `csrf ${check.reason}`);
      return;
    }
    const step = stepOfPath(path)!;
    const formVersion: FormVersion =
      path === JOURNEY_PATHS.contactV2 ? 2 : formVersionOf(formText(body, HIDDEN_FIELDS.version));
    const values = stepValues(body, step);
    const sentKey = formText(body, HIDDEN_FIELDS.idempotencyKey);
    let draftId = readDraftId(req.get('cookie'));
    const answer = async (status: number, extra: { errors?: Record<string, string>; message: string }) => {
      const lookup = step === 'loan' ? ({ kind: 'draft', draft: null } as const) : await lookupDraft(draftId);
      const draft = lookup.kind === 'draft' ? lookup.draft : null;
      const key = isUuidV4(sentKey) ? sentKey : undefined;
      const data = pageData(req, step, path, draft, formVersion, {
        ...extra,
        values,
        ...(key ? { idempotencyKey: key } : {}),
      });
      res.setHeader('Cache-Control', 'no-store');
      await send(req, res, journeyPage(req, res, path, status, data), false);
    };

    const checked = validate(step, body);
    if ('errors' in checked) {
      await answer(400, { errors: checked.errors, message: APPLICATION_TEXTS.fixFields });
      return;
    }
    if (step !== 'loan' && !draftId) {
      redirect(res, JOURNEY_PATHS.start, false);
      return;
    }
    const budgetKey = rateLimitKey(req.ip ?? req.socket.remoteAddress);
    const decision = await deps.limiter.hit(budgetKey);
    if (!decision.allowed) {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
      await answer(429, { message: APPLICATION_TEXTS.rateLimited });
      return;
    }
    const cookies = req.get('cookie');
    const attribution: leadsV1.Attribution = {
      utmSource: '',
      utmMedium: '',
      utmCampaign: '',
      utmContent: '',
      utmTerm: '',
      sessionId: readSessionId(cookies) ?? '',
      clientId: readClientId(cookies) ?? '',
    };
    // The last step's key: the form's (drawn with the page, or by the island), else one derived from
    // the post, so sending the same form again is the same submission.
    const idempotencyKey =
      step === 'personal'
        ? isUuidV4(sentKey)
          ? sentKey
          : keyOfParts(['application', rateLimitKey(req.ip), draftId, values])
        : undefined;
    const call = (id: string | undefined, key = idempotencyKey) =>
      deps.services.leads.submitApplication(
        submitRequest({
          valid: checked.ok,
          draftId: id,
          formVersion,
          ...(key ? { idempotencyKey: key } : {}),
          attribution,
          now: now(),
        }),
      );
    try {
      let saved: leadsV1.SubmitApplicationResponse;
      try {
        saved = await call(draftId);
      } catch (error) {
        // The draft is gone (30 days, erased) or already submitted: the loan request starts a new one.
        const stale =
          isStatus(error, GrpcStatus.NOT_FOUND) || isStatus(error, GrpcStatus.FAILED_PRECONDITION);
        if (stale && step === 'loan') {
          draftId = undefined;
          saved = await call(undefined);
        } else if (stale) {
          res.append('Set-Cookie', draftCookie('', deps.secure));
          redirect(res, JOURNEY_PATHS.start, false);
          return;
        } else if (isKeyReused(error)) {
          saved = await call(draftId, randomUUID());
        } else throw error;
      }
      res.append('Set-Cookie', draftCookie(saved.applicationId, deps.secure));
      if (step === 'loan') redirect(res, JOURNEY_PATHS.transition, false);
      else if (step === 'contact') redirect(res, JOURNEY_PATHS.personal, false);
      else {
        deps.logger.info(
          { applicationId: saved.applicationId, matchedOffers: saved.matchedOffers },
          'application submitted',
        );
        redirect(res, await offersAddress(saved.applicationId), false);
      }
    } catch (error) {
      await deps.limiter.giveBack(budgetKey);
      await failed(error, step, answer);
    }
  };

  /** Where a submitted application's offers are: /offers/ for its amount and period. */
  const offersAddress = async (applicationId: string): Promise<string> => {
    try {
      const lead = await deps.services.leads.getApplication({ applicationId });
      return `/offers/?suma=${zlotyFromGrosze(lead.amountGrosze)}&okres=${lead.periodDays}`;
    } catch (error) {
      deps.logger.warn(
        { err: error, ...grpcFields(error) },
        'submitted application could not be read back: offers without its amount',
      );
      return '/offers/';
    }
  };

  /** A failed SubmitApplication: the service's field rules on the form, else the retry message. */
  const failed = async (
    error: unknown,
    step: JourneyStep,
    answer: (status: number, extra: { errors?: Record<string, string>; message: string }) => Promise<void>,
  ) => {
    const status = httpStatusFor(error);
    if (status === 400 && error instanceof GrpcCallError && error.fieldViolations.length > 0) {
      const errors: Record<string, string> = {};
      let earlier = false;
      for (const violation of error.fieldViolations) {
        const field = formFieldOfViolation(violation.field);
        const fieldStep = field ? stepOfFormField(field) : null;
        if (field && fieldStep === step) errors[field] ??= violation.description;
        else if (fieldStep && STEP_ORDER[fieldStep] < STEP_ORDER[step]) earlier = true;
      }
      await answer(400, {
        errors,
        message: earlier ? APPLICATION_TEXTS.earlierStep : APPLICATION_TEXTS.fixFields,
      });
      return;
    }
    if (status === 429) {
      await answer(429, { message: APPLICATION_TEXTS.rateLimited });
      return;
    }
    deps.onUpstreamError?.(error);
    deps.logger.error(
      { err: error, step, status, ...grpcFields(error) },
      'application step not saved: leads service failed',
    );
    await answer(status >= 500 ? status : 503, { message: APPLICATION_TEXTS.unavailable });
  };

  router.use((req, res, next) => {
    const payloadPath = pagePathOfPayload(req.path);
    const path = payloadPath ?? req.path;
    const read = req.method === 'GET' || req.method === 'HEAD';
    const form = req.method === 'POST' && payloadPath === null && path !== JOURNEY_PATHS.transition;
    if (read && isResumePath(path)) {
      resume(req, res, path, payloadPath !== null).catch(next);
      return;
    }
    // Not a journey address, or a method it does not take: on to the rest of the app (405, 404).
    if (!isJourneyPath(path) || !(read || form)) {
      next();
      return;
    }
    (read ? show(req, res, path, payloadPath !== null) : post(req, res, path)).catch(next);
  });
  return router;
}

/** SubmitApplication's INVALID_ARGUMENT for a key the service holds for another submission. */
function isKeyReused(error: unknown): boolean {
  return (
    error instanceof GrpcCallError &&
    error.code === GrpcStatus.INVALID_ARGUMENT &&
    error.fieldViolations.some((v) => v.field === 'idempotencyKey')
  );
}

function grpcFields(error: unknown) {
  return error instanceof GrpcCallError ? { grpcCode: statusName(error.code) } : {};
}
