import { type SubmissionBudget } from '@lib/cache';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError, leadsV1, statusName } from '@lib/contracts';
import { zlotyFromGrosze } from '@lib/finance';
import { type Logger } from '@lib/observability';
import {
  type IdentityField,
  type LoanRequestLimits,
  contactDetailsSchema,
  isUuidV4,
  loanRequestSchemaFor,
  isApplicantAgeMessage,
  personalDetailsSchema,
} from '@lib/pl-validation';
import { randomUUID } from 'node:crypto';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import { type GatewayServices } from '../../app/services';
import { type CsrfKey, ensureCsrfBinding, issueCsrfToken } from '../../kit/csrf';
import { fieldTextOf } from '../../kit/forms/field-texts';
import { FORM_POST_TEXTS } from '../../kit/forms/form-post';
import {
  type FormDeclaration,
  type FormRejection,
  type FormStored,
  type FormTexts,
  formPipeline,
} from '../../kit/forms/form-pipeline';
import { type PagePort } from '../../kit/pages/page-port';
import { type ResolvedPage, toPayload } from '../../kit/pages/resolved-page';
import { type OriginPolicy, isSameOrigin } from '../../kit/http/same-origin';
import { readClientId } from '../../kit/identity/client-id';
import { keyOfParts } from '../../kit/identity/derived-key';
import { readSessionId } from '../../kit/identity/session-id';
import { PAYLOAD_SUFFIX, pagePathOfPayload } from '../../shared/page-state';
import { type ApplicationPageData, type DeliveryPreviewView, applicationOptions } from './application-data';
import { APPLICATION_FIELD_TEXTS } from './application-field-texts';
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
import { RESUME_PREFIX, draftIdOfResumePath, isResumePath, resumePath } from './resume-link';
import { UNKNOWN_DELIVERY, askedFields, consentsAsOffered, deliveryPreviewView } from './delivery-preview';
import { applicationStatusHref } from '../application-status';
import { type FeatureHandler } from '../../kit/feature';
import { applicationBudget } from './application-rate-limit';
import { catalogueLimits } from './catalogue-limits';
import { createPolishLocale } from '../../shared/locale';

/** The CSRF purpose of the journey's forms (kit/csrf). */
export const APPLICATION_CSRF_PURPOSE = 'application';
/** Metrics label of the journey's answers. */
const ROUTE_LABEL = '/application/';

export interface ApplicationApiDeps {
  services: GatewayServices;
  logger: Logger;
  /** The journey's own budget: saved steps per client address. */
  budget: SubmissionBudget;
  /** Our origin for the same-origin check (PUBLIC_ORIGIN, and whether it was configured). */
  publicOrigin: OriginPolicy;
  pages: PagePort;
  csrf: CsrfKey;
  /** Cookies with `Secure` (PUBLIC_ORIGIN is https). */
  secure: boolean;
  /** Today in Warsaw ('YYYY-MM-DD'), for the applicant's age. */
  today: () => string;
  now?: () => Date;
  /** The site's country: the offers catalogue whose range the loan request offers. */
  country?: string;
  onUpstreamError?(error: unknown): void;
}

/** A draft as the pages need it: the application (null: none or no longer a draft), or unknown (the service failed). */
type DraftLookup = { kind: 'draft'; draft: leadsV1.Application | null } | { kind: 'failed' };

const STEP_ORDER: Record<JourneyStep, number> = { loan: 0, contact: 1, personal: 2 };

/** The journey's addresses that take a step's post (/transition/ only redirects). */
const FORM_POST_PATHS = [
  JOURNEY_PATHS.start,
  JOURNEY_PATHS.loan,
  JOURNEY_PATHS.contact,
  JOURNEY_PATHS.contactV2,
  JOURNEY_PATHS.personal,
];

/** The pipeline's own answers in the journey's words (a refused origin or token answers the 403 page). */
const STEP_TEXTS: FormTexts = {
  badBody: FORM_POST_TEXTS.badBody,
  csrfRefused: FORM_POST_TEXTS.csrfRefused,
  crossOrigin: FORM_POST_TEXTS.crossOrigin,
  fixFields: APPLICATION_TEXTS.fixFields,
  rateLimited: APPLICATION_TEXTS.rateLimited,
  keyReused: APPLICATION_TEXTS.keyReused,
  uncertain: APPLICATION_TEXTS.unavailable,
};

/**
 * A step's words next to a field the leads service refused (never the service's own description):
 * the PESEL's age message is one of ours for whatever ages the lenders take, so it is shown as it is.
 */
const stepFieldText = (field: string, description: string): string =>
  field === FORM_FIELDS.pesel && isApplicantAgeMessage(description)
    ? description
    : fieldTextOf(APPLICATION_FIELD_TEXTS, field, description, APPLICATION_TEXTS.badField);

/** A step's valid post: the schema's result, the draft of the cookie, the form version, and the values as typed. */
interface StepPost {
  valid: ValidStep;
  draftId: string | undefined;
  formVersion: FormVersion;
  values: Record<string, string>;
}

/** SubmitApplication's answer, or `stale`: the draft a later step belongs to is gone or submitted. */
type StepSaved = ({ kind: 'saved' } & leadsV1.SubmitApplicationResponse) | { kind: 'stale' };

/** The form version a step's post belongs to: `/reg2/` is version 2, else the hidden field's. */
function postedFormVersion(path: string, body: unknown): FormVersion {
  return path === JOURNEY_PATHS.contactV2 ? 2 : formVersionOf(formText(body, HIDDEN_FIELDS.version));
}

/** A saved step answers 303 to the next address (the journey has no script that posts it). */
const storedAt = (href: string): FormStored => ({ href, json: { status: 200, body: { href } } });

/**
 * The loan application journey (journey.ts has the steps): its pages, drawn per request because
 * they are personal (the draft's values, a CSRF token bound to the visitor's cookie), answered
 * `no-store` and never cached, both as HTML and as the client router's payload; and its form posts.
 * Each post, in order: same origin and the CSRF token (the 403 page), the step's @lib/pl-validation
 * schema (400: the form again with the values and the Polish messages), the per-IP `application`
 * budget (429), then SubmitApplication with the draft id of the `pp_application` cookie: a step is
 * saved as the draft (303 to the next step, the cookie set), the last step submits it under one
 * idempotency key (303 to the applicant's status page). Step 3 asks only the identity fields the
 * lenders of the draft's PreviewDelivery need (delivery-preview.ts). A leads-service failure answers the
 * form again with the values and a message saying sending it again is safe: the service stores a
 * step whole or not at all, and the key keeps a submission from being stored twice.
 */
export function applicationApi(deps: ApplicationApiDeps): Router {
  const router = Router();
  const now = deps.now ?? (() => new Date());
  const rangeOfCatalogue = catalogueLimits({
    services: deps.services,
    country: deps.country ?? 'PL',
    logger: deps.logger,
    onUpstreamError: (error) => deps.onUpstreamError?.(error),
  });
  /** The range a loan step's post was checked against, so its page again names the same one. */
  const postRanges = new WeakMap<Request, LoanRequestLimits | null>();

  const lookupDraft = async (draftId: string | undefined): Promise<DraftLookup> => {
    if (!draftId) return { kind: 'draft', draft: null };
    try {
      const draft = await deps.services.leads.getApplication({ applicationId: draftId });
      return { kind: 'draft', draft: draft.status === leadsV1.ApplicationStatus.DRAFT ? draft : null };
    } catch (error) {
      if (GrpcCallError.hasCode(error, GrpcStatus.NOT_FOUND)) return { kind: 'draft', draft: null };
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
    const base = deps.pages.statusPage(path, status, ROUTE_LABEL);
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
      res.status(page.status).json(toPayload(page, deps.pages.buildId));
      return;
    }
    await deps.pages.render(req, res, page);
  };

  const redirect = (res: Response, to: string, asPayload: boolean) => {
    res.locals['routeLabel'] = ROUTE_LABEL;
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, asPayload ? `${to}${PAYLOAD_SUFFIX}?v=${deps.pages.buildId}` : to);
  };

  /** The page data of a step: values (draft, then what the address or the post brings), summary, back link. */
  const pageData = (
    step: JourneyStep,
    path: string,
    draft: leadsV1.Application | null,
    formVersion: FormVersion,
    extra: {
      values?: Record<string, string>;
      errors?: Record<string, string>;
      message?: string | null;
      idempotencyKey?: string;
      delivery?: DeliveryPreviewView;
      /** The loan step's range (the catalogue's); null: unknown. */
      limits?: LoanRequestLimits | null;
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
      options: applicationOptions(extra.limits ?? null),
      back: step === 'loan' ? null : step === 'contact' ? JOURNEY_PATHS.loan : contactPathFor(formVersion),
      resumeLink: draft
        ? `${deps.publicOrigin.publicOrigin}${resumePath(deps.csrf, draft.applicationId)}`
        : null,
      delivery: step === 'personal' ? (extra.delivery ?? deliveryPreviewView(null)) : null,
    };
  };

  /**
   * PreviewDelivery of a draft: the lenders it would go to and the identity fields they need. A
   * failure (the leads service down, an older one without the RPC) is the safe fallback: every
   * identity field asked, no lender named, the delivery consent not offered. `closed`: the draft is
   * gone or already submitted (NOT_FOUND, FAILED_PRECONDITION), so a post of it asks nothing more:
   * the service answers a submitted one with its first answer, and a gone one starts again.
   */
  const previewDelivery = async (
    draftId: string | undefined,
  ): Promise<{ view: DeliveryPreviewView; closed: boolean }> => {
    if (!draftId) return { view: deliveryPreviewView(null), closed: false };
    try {
      const preview = await deps.services.leads.previewDelivery({ applicationId: draftId });
      return { view: deliveryPreviewView(preview), closed: false };
    } catch (error) {
      if (GrpcCallError.hasCode(error, GrpcStatus.NOT_FOUND, GrpcStatus.FAILED_PRECONDITION))
        return { view: deliveryPreviewView(null), closed: true };
      deps.onUpstreamError?.(error);
      deps.logger.warn(
        { err: error, ...grpcFields(error) },
        'delivery preview unavailable: step 3 asks every identity field',
      );
      return { view: deliveryPreviewView(null), closed: false };
    }
  };

  /** The preview a post of /main/ was read with, so its checks and its page again use one set. */
  const postPreviews = new WeakMap<Request, { view: DeliveryPreviewView; closed: boolean }>();
  const previewOfPost = async (req: Request): Promise<{ view: DeliveryPreviewView; closed: boolean }> => {
    const known = postPreviews.get(req);
    if (known) return known;
    const preview = await previewDelivery(readDraftId(req.get('cookie')));
    postPreviews.set(req, preview);
    return preview;
  };
  /** What a post of /main/ is checked against: the preview's fields, none for a closed draft, all without one. */
  const postChecks = (req: Request): { asked: ReadonlySet<IdentityField>; view: DeliveryPreviewView } => {
    const preview = postPreviews.get(req);
    if (!preview) return { asked: askedFields(UNKNOWN_DELIVERY), view: UNKNOWN_DELIVERY };
    return { asked: preview.closed ? new Set() : askedFields(preview.view), view: preview.view };
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
    const delivery =
      step === 'personal' && draft
        ? (await previewDelivery(draft.applicationId)).view
        : deliveryPreviewView(null);
    const data = pageData(step, path, draft, formVersion, {
      values,
      message: failed ? APPLICATION_TEXTS.draftUnavailable : null,
      delivery,
      limits: step === 'loan' ? await rangeOfCatalogue() : null,
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
    const page: ResolvedPage = { ...deps.pages.statusPage(path, status, ROUTE_LABEL), formState: {} };
    await send(req, res, page, asPayload);
  };

  /** The step's schema over the post; the errors by form field when it fails. */
  const validate = (
    step: JourneyStep,
    body: unknown,
    checks: {
      asked: ReadonlySet<IdentityField>;
      view: DeliveryPreviewView;
      limits: LoanRequestLimits | null;
    },
  ): { ok: ValidStep } | { errors: Record<string, string> } => {
    const text = (name: string) => formText(body, name);
    const result =
      step === 'loan'
        ? loanRequestSchemaFor(checks.limits).safeParse({
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
          : personalDetailsSchema(deps.today(), checks.asked, checks.view.ages).safeParse({
              pesel: text(FORM_FIELDS.pesel),
              idCard: text(FORM_FIELDS.idCard),
              bankAccount: text(FORM_FIELDS.bankAccount),
              incomeSource: text(FORM_FIELDS.incomeSource),
              consents: consentsAsOffered(consentAnswers(body), checks.view),
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

  /** The journey page of a step drawn again after its post was refused: the draft's values, then the post's. */
  const renderStep = async (
    req: Request,
    res: Response,
    path: string,
    rejection: FormRejection,
  ): Promise<void> => {
    const step = stepOfPath(path)!;
    const body: unknown = req.body;
    const formVersion = postedFormVersion(path, body);
    const lookup =
      step === 'loan'
        ? ({ kind: 'draft', draft: null } as const)
        : await lookupDraft(readDraftId(req.get('cookie')));
    const draft = lookup.kind === 'draft' ? lookup.draft : null;
    const { [HIDDEN_FIELDS.idempotencyKey]: key, ...values } = rejection.values ?? stepValues(body, step);
    const data = pageData(step, path, draft, formVersion, {
      values,
      ...(rejection.errors ? { errors: rejection.errors } : {}),
      message: rejection.message,
      limits: step === 'loan' ? (postRanges.get(req) ?? null) : null,
      ...(key && isUuidV4(key) ? { idempotencyKey: key } : {}),
      ...(step === 'personal' ? { delivery: (await previewOfPost(req)).view } : {}),
    });
    await send(req, res, journeyPage(req, res, path, rejection.status, data), false);
  };

  /**
   * One step's post as a form of the one pipeline (kit/forms/form-pipeline.ts): same origin and
   * the CSRF token of purpose `application` (the 403 page), the step's @lib/pl-validation schema
   * (400: the form again with the values and the Polish messages), a later step without a draft
   * back to the start, the `application` budget (429), then SubmitApplication with the draft of the
   * `pp_application` cookie: a step is saved as the draft (303 to the next step, the cookie set),
   * the last step submits it under one idempotency key (303 to the status page of its token).
   */
  const stepForm = (path: string): FormDeclaration<StepPost, StepSaved> => {
    const step = stepOfPath(path)!;
    return {
      name: APPLICATION_CSRF_PURPOSE,
      routeLabel: ROUTE_LABEL,
      texts: STEP_TEXTS,
      csrf: true,
      service: 'leads',
      keyField: HIDDEN_FIELDS.idempotencyKey,
      read: (req) => {
        const body: unknown = req.body;
        const values = stepValues(body, step);
        // /main/'s post is checked against the preview it was drawn with (loadPostPreview, below).
        const checked = validate(step, body, { ...postChecks(req), limits: postRanges.get(req) ?? null });
        if ('errors' in checked)
          return {
            kind: 'rejected',
            rejection: { status: 400, message: APPLICATION_TEXTS.fixFields, errors: checked.errors, values },
          };
        const draftId = readDraftId(req.get('cookie'));
        if (step !== 'loan' && !draftId) return { kind: 'redirect', href: JOURNEY_PATHS.start };
        const sentKey = formText(body, HIDDEN_FIELDS.idempotencyKey);
        return {
          kind: 'valid',
          input: { valid: checked.ok, draftId, formVersion: postedFormVersion(path, body), values },
          values,
          // Only the last step submits, under one key: the form's, else one derived from the post.
          sentKey: step === 'personal' && isUuidV4(sentKey) ? sentKey : undefined,
        };
      },
      derivedKey: (post, address) => keyOfParts(['application', address, post.draftId, post.values]),
      submit: (post, key, req) => saveStep(post, step === 'personal' ? key : undefined, req),
      // A repeat of the submitted application, or a draft found gone: nothing new was stored.
      nothingStored: (saved) => saved.kind === 'stale' || saved.duplicate,
      stored: async (saved, _req, res) => {
        if (saved.kind === 'stale') {
          res.append('Set-Cookie', draftCookie('', deps.secure));
          return storedAt(JOURNEY_PATHS.start);
        }
        res.append('Set-Cookie', draftCookie(saved.applicationId, deps.secure));
        if (step === 'loan') return storedAt(JOURNEY_PATHS.transition);
        if (step === 'contact') return storedAt(JOURNEY_PATHS.personal);
        deps.logger.info(
          {
            applicationId: saved.applicationId,
            matchedOffers: saved.matchedOffers,
            deliveries: saved.deliveries,
          },
          'application submitted',
        );
        // The applicant's status page: where the application went and the offers matched to it.
        if (saved.statusToken !== '') return storedAt(applicationStatusHref(saved.statusToken));
        deps.logger.warn(
          { applicationId: saved.applicationId },
          'submitted application has no status token: offers for its amount instead',
        );
        return storedAt(await offersAddress(saved.applicationId));
      },
      fieldOfViolation: (field) => {
        const name = formFieldOfViolation(field);
        return name && stepOfFormField(name) === step ? name : undefined;
      },
      fieldText: stepFieldText,
      // Fields of an earlier step are not on this page: the visitor is asked to complete that step first.
      refusal: (error, status, values) => {
        if (status !== 400 || !(error instanceof GrpcCallError)) return undefined;
        const errors: Record<string, string> = {};
        let earlier = false;
        for (const violation of error.fieldViolations) {
          const field = formFieldOfViolation(violation.field);
          const fieldStep = field ? stepOfFormField(field) : null;
          if (field && fieldStep === step) errors[field] ??= stepFieldText(field, violation.description);
          else if (fieldStep && STEP_ORDER[fieldStep] < STEP_ORDER[step]) earlier = true;
        }
        // Otherwise the pipeline words it: this step's fields, the key, a field nobody sees.
        if (!earlier) return undefined;
        return { status: 400, message: APPLICATION_TEXTS.earlierStep, errors, values };
      },
      // A service failure is an outage to the applicant: 503 unless the service said which 5xx.
      uncertainStatus: (status) => (status >= 500 ? status : 503),
      wantsJson: () => false,
      renderRejection: (req, res, rejection) => renderStep(req, res, path, rejection),
      renderForbidden: (req, res) =>
        deps.pages.render(req, res, { ...deps.pages.statusPage(path, 403, ROUTE_LABEL), formState: {} }),
    };
  };

  /**
   * SubmitApplication for a step. A draft gone (30 days, erased) or already submitted: the loan
   * request starts a new one, a later step goes back to the start with the cookie cleared.
   */
  const saveStep = async (
    post: StepPost,
    idempotencyKey: string | undefined,
    req: Request,
  ): Promise<StepSaved> => {
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
    const call = (draftId: string | undefined) =>
      deps.services.leads.submitApplication(
        submitRequest({
          valid: post.valid,
          draftId,
          formVersion: post.formVersion,
          ...(idempotencyKey ? { idempotencyKey } : {}),
          attribution,
          now: now(),
        }),
      );
    try {
      return { kind: 'saved', ...(await call(post.draftId)) };
    } catch (error) {
      const stale = GrpcCallError.hasCode(error, GrpcStatus.NOT_FOUND, GrpcStatus.FAILED_PRECONDITION);
      if (!stale) throw error;
      if (post.valid.step === 'loan') return { kind: 'saved', ...(await call(undefined)) };
      return { kind: 'stale' };
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

  const pipelines = FORM_POST_PATHS.map((path) => {
    const form = stepForm(path);
    return {
      path,
      handlers: formPipeline(form, {
        logger: deps.logger,
        budget: deps.budget,
        origin: deps.publicOrigin,
        csrfKey: deps.csrf,
        onUpstreamError: (error) => deps.onUpstreamError?.(error),
      }),
    };
  });
  /**
   * Before /main/'s pipeline: the draft's delivery preview, which the pipeline's synchronous reading
   * of the post checks the identity fields and the delivery consent against. Not asked for a post
   * from another site or without a draft (the pipeline refuses or redirects those anyway).
   */
  const loadPostPreview: RequestHandler = (req, _res, next) => {
    if (!isSameOrigin(req, deps.publicOrigin) || !readDraftId(req.get('cookie'))) {
      next();
      return;
    }
    previewOfPost(req).then(() => next(), next);
  };

  /**
   * Before a loan step's pipeline: the catalogue's range, which the pipeline's synchronous reading
   * of the post checks the amount and period against (never fails: unknown is null).
   */
  const loadPostRange: RequestHandler = (req, _res, next) => {
    rangeOfCatalogue().then((limits) => {
      postRanges.set(req, limits);
      next();
    }, next);
  };
  const loanPaths: readonly string[] = [JOURNEY_PATHS.start, JOURNEY_PATHS.loan];

  // Exact, case-sensitive addresses, as the pages are (`/process` is no journey address).
  const posts = Router({ strict: true, caseSensitive: true });
  for (const { path, handlers } of pipelines)
    posts.post(
      path,
      ...(path === JOURNEY_PATHS.personal ? [loadPostPreview] : []),
      ...(loanPaths.includes(path) ? [loadPostRange] : []),
      ...handlers,
    );

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
    if (read) show(req, res, path, payloadPath !== null).catch(next);
    else posts(req, res, next);
  });
  return router;
}

function grpcFields(error: unknown) {
  return error instanceof GrpcCallError ? { grpcCode: statusName(error.code) } : {};
}

/** The loan application journey: its personal pages (GET, also as payloads) and its form posts. */
export const applicationFeature: FeatureHandler = {
  name: 'application',
  stage: 'forms',
  endpoints: [
    ...Object.values(JOURNEY_PATHS).map((path) => ({
      path,
      methods: path === JOURNEY_PATHS.transition ? (['GET'] as const) : (['GET', 'POST'] as const),
    })),
    { path: RESUME_PREFIX, prefix: true, methods: ['GET'] },
  ],
  reaches: (path) => isJourneyPath(path) || isResumePath(path),
  create: (ctx) =>
    applicationApi({
      services: ctx.services,
      logger: ctx.logger,
      budget: applicationBudget(ctx.config, ctx.budgets),
      publicOrigin: ctx.origin,
      pages: ctx.pages,
      csrf: ctx.csrf.key,
      secure: ctx.csrf.secure,
      today: ctx.today,
      now: ctx.now,
      country: createPolishLocale(ctx.config.PUBLIC_ORIGIN).country,
      onUpstreamError: ctx.onUpstreamError,
    }),
};
