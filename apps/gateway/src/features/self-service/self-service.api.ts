import { type BudgetRule, type RateBudgets, type RateLimiter, type SubmissionBudget } from '@lib/cache';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError, type leadsV1, statusName } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { isUuidV4 } from '@lib/pl-validation';
import { type Request, type Response, Router } from 'express';
import { type GatewayServices } from '../../app/services';
import { type CsrfKey, ensureCsrfBinding, issueCsrfToken } from '../../kit/csrf';
import { type FeatureHandler } from '../../kit/feature';
import { type FormBudget, FORM_POST_TEXTS } from '../../kit/forms/form-post';
import {
  type FormDeclaration,
  type FormRejection,
  type FormStored,
  type FormTexts,
  formPipeline,
} from '../../kit/forms/form-pipeline';
import { httpStatusFor } from '../../kit/http/error-status';
import { type OriginPolicy } from '../../kit/http/same-origin';
import { keyOfParts } from '../../kit/identity/derived-key';
import { type PagePort } from '../../kit/pages/page-port';
import { type ResolvedPage, toPayload } from '../../kit/pages/resolved-page';
import { rateLimitKey } from '../../kit/rate-limit/client-address';
import { PAYLOAD_SUFFIX, pagePathOfPayload } from '../../shared/page-state';
import { type SelfServicePageData } from './self-service-data';
import {
  CHANGE_QUERY,
  CONSENT_FIELD,
  ERASE_CONFIRM_FIELD,
  ERASURE_QUERY,
  KEY_FIELD,
  LINK_REFUSAL_TEXTS,
  LINK_TOKEN_FIELD,
  MARKETING_CHOICE,
  SELF_SERVICE_PATH,
  SELF_SERVICE_PATHS,
  SELF_SERVICE_TEXTS,
  changeHref,
  changeOf,
  erasureHref,
} from './self-service-texts';
import {
  consentTypesOfChoice,
  erasureState,
  exportFileName,
  isSessionOver,
  linkRefusalOf,
  overviewView,
} from './self-service.view-model';
import { clearedSessionCookie, isTokenShaped, readSessionToken, sessionCookie } from './session-cookie';

/** Metrics label of every self-service answer. */
const ROUTE_LABEL = SELF_SERVICE_PATH;
/** The forms' log names and the purposes of their CSRF tokens. */
export const SELF_SERVICE_PURPOSES = {
  open: 'self-service-open',
  withdraw: 'self-service-withdraw',
  erase: 'self-service-erase',
} as const;

/*
 * Each self-service action has a budget of its own per client address (Redis keys
 * `gateway:rate:<budget>:<ip or /64>`), so no action is ever refused because another was used: a
 * person who withdrew every consent in turn or downloaded their data can still erase it. Each is
 * counted in process while Redis is down (the limit holds per replica). The posts count what the
 * leads service did (a refused or failed post gives its place back); the export counts requests.
 */

/**
 * Sessions opened from links: each link opens one, and a person rarely has more than two or three
 * (one per address, one more after a link expired); ten leave room for a household sharing one
 * address. Guessing a token is hopeless anyway (a refused one gives its place back).
 */
export const SELF_SERVICE_OPEN_BUDGET: FormBudget = {
  name: 'form-self-service-open',
  rule: { limit: 10, windowMs: 10 * 60_000, whenRedisDown: 'local' },
};
/** Withdrawals: a person withdrawing each of the seven consents in turn, and again for a second address, stays below 30. */
export const SELF_SERVICE_WITHDRAW_BUDGET: FormBudget = {
  name: 'form-self-service-withdraw',
  rule: { limit: 30, windowMs: 10 * 60_000, whenRedisDown: 'local' },
};
/**
 * Erasures: a person erases once (the session ends with it, so a repeat is refused and costs
 * nothing); ten leave room for a household sharing one address.
 */
export const ERASURE_BUDGET: FormBudget = {
  name: 'form-erasure',
  rule: { limit: 10, windowMs: 10 * 60_000, whenRedisDown: 'local' },
};
/** Exports (a read of everything stored about the person): a few downloads per session are plenty. */
export const SELF_SERVICE_EXPORT_BUDGET = 'self-service-export';
export const SELF_SERVICE_EXPORT_RATE: BudgetRule = {
  limit: 10,
  windowMs: 10 * 60_000,
  whenRedisDown: 'local',
};

/** The self-service budgets, one per action. */
export interface SelfServiceBudgets {
  open: SubmissionBudget;
  withdraw: SubmissionBudget;
  erase: SubmissionBudget;
  export: RateLimiter;
}

export function selfServiceBudgets(budgets: RateBudgets): SelfServiceBudgets {
  const form = (budget: FormBudget) => budgets.submissions(budget.name, budget.rule);
  return {
    open: form(SELF_SERVICE_OPEN_BUDGET),
    withdraw: form(SELF_SERVICE_WITHDRAW_BUDGET),
    erase: form(ERASURE_BUDGET),
    export: budgets.budget(SELF_SERVICE_EXPORT_BUDGET, SELF_SERVICE_EXPORT_RATE),
  };
}

export interface SelfServiceApiDeps {
  services: GatewayServices;
  logger: Logger;
  /** One budget per action. */
  budgets: SelfServiceBudgets;
  publicOrigin: OriginPolicy;
  pages: PagePort;
  csrf: CsrfKey;
  /** Cookies with `Secure` (PUBLIC_ORIGIN is https). */
  secure: boolean;
  now: () => Date;
  /** Today in Warsaw ('YYYY-MM-DD'): the export's default file name. */
  today: () => string;
  onUpstreamError?(error: unknown): void;
}

/** The session actions' input: the session named by the cookie and what the form asks. */
interface WithdrawPost {
  session: string;
  choice: string;
  types: leadsV1.ConsentType[];
}

const TITLES = {
  confirm: SELF_SERVICE_TEXTS.confirmTitle,
  overview: SELF_SERVICE_TEXTS.overviewTitle,
  ended: SELF_SERVICE_TEXTS.endedTitle,
  erased: SELF_SERVICE_TEXTS.erasedTitle,
} as const;

const textField = (body: unknown, name: string): string | undefined => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
};

const queryText = (req: Request, name: string): string | undefined => {
  const value = req.query[name];
  return typeof value === 'string' ? value : undefined;
};

const storedAt = (href: string): FormStored => ({ href, json: { status: 200, body: { href } } });

const SESSION_ENDED: FormRejection = { status: 401, message: SELF_SERVICE_TEXTS.ended };

/**
 * '/moje-dane/': the verified self-service of a person's data (RODO art. 12(6), 15, 17, 20, 21).
 * Nothing here opens on an address someone types: only the link the leads service mailed (or sent
 * by SMS) to the address, used once within 24 hours, opens a session of 30 minutes, kept in an
 * HttpOnly, SameSite=Strict cookie on /moje-dane/ only.
 *
 * GET `/moje-dane/?t=<link token>`: the confirmation, a POST button (mail scanners fetch links but
 * do not post forms, so they cannot use the link up); POST `/moje-dane/` (OpenSelfService): the
 * session cookie and 303 to `/moje-dane/`, or the Polish answer for a link used, expired or
 * unknown. GET `/moje-dane/` with the session: GetSelfServiceOverview (masked address, counts,
 * consents), each consent's withdrawal (POST `/moje-dane/zgody/`), all marketing at once, the
 * export (GET `/moje-dane/eksport/`: the JSON file), the erasure (POST `/moje-dane/usun/` with the
 * ticked confirmation; the cookie cleared, 303 to `/moje-dane/?wniosek=<id>`). Without a session,
 * or once the service says it is over: the page saying so, with the way to a new link.
 *
 * Every post goes through the one form pipeline (same origin, a CSRF token per form, the action's
 * own budget, 303 after it); every answer is personal: `no-store`, never kept, and with
 * `Referrer-Policy: strict-origin`, so the link's token in the address never travels as a referrer.
 */
export function selfServiceApi(deps: SelfServiceApiDeps): Router {
  const router = Router();

  const tokenFor = (req: Request, res: Response, purpose: string): string => {
    const binding = ensureCsrfBinding(req, res, deps.secure);
    return binding ? issueCsrfToken({ key: deps.csrf, binding, purpose }) : '';
  };

  const pageOf = (status: number, data: SelfServicePageData): ResolvedPage => {
    const base = deps.pages.statusPage(SELF_SERVICE_PATH, status, ROUTE_LABEL);
    return {
      ...base,
      route: 'self-service',
      page: 'self-service',
      // The confirmation carries the link's token in its address: no menu or footer links to leave
      // it by, so no client-side navigation reports that address as a referrer.
      layout: data.view === 'confirm' ? 'empty' : base.layout,
      data,
      head: {
        ...base.head,
        title: data.view === 'notice' ? data.title : TITLES[data.view],
        description: 'Zarządzanie Twoimi danymi osobowymi: zgody, pobranie i usunięcie danych.',
        robots: 'noindex, nofollow',
      },
      // Personal: never cached, never memoised, no ETag (server/answer-policy.ts).
      formState: {},
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

  const ended = (res: Response, status: number): ResolvedPage => {
    if (readSessionToken(res.req.get('cookie'))) res.append('Set-Cookie', clearedSessionCookie(deps.secure));
    return pageOf(status, { view: 'ended' });
  };

  const notice = (status: number, title: string, message: string, newLink: boolean): ResolvedPage =>
    pageOf(status, { view: 'notice', title, message, newLink });

  const upstreamFailed = (error: unknown, message: string) => {
    deps.onUpstreamError?.(error);
    deps.logger.warn(
      { err: error, ...(error instanceof GrpcCallError ? { grpcCode: statusName(error.code) } : {}) },
      message,
    );
  };

  /** A failure's status on a page: the one gRPC→HTTP mapping's 502 or 503, else (a 4xx, a bare 500) an outage's 503. */
  const outageStatus = (error: unknown) => {
    const status = httpStatusFor(error);
    return status > 500 ? status : 503;
  };

  /** The overview of the session (with a message and errors of a refused post), or what stands in for it. */
  const overviewPage = async (
    req: Request,
    res: Response,
    session: string,
    shown: {
      status?: number;
      notice?: ReturnType<typeof changeOf>;
      message?: string;
      errors?: Record<string, string>;
      endedStatus?: number;
    },
  ): Promise<ResolvedPage> => {
    try {
      const overview = await deps.services.leads.getSelfServiceOverview({ sessionToken: session });
      return pageOf(shown.status ?? 200, {
        view: 'overview',
        overview: overviewView(overview),
        tokens: {
          withdraw: tokenFor(req, res, SELF_SERVICE_PURPOSES.withdraw),
          erase: tokenFor(req, res, SELF_SERVICE_PURPOSES.erase),
        },
        notice: shown.notice ?? null,
        message: shown.message ?? null,
        errors: shown.errors ?? {},
      });
    } catch (error) {
      if (isSessionOver(error)) return ended(res, shown.endedStatus ?? 200);
      upstreamFailed(error, 'self-service overview unavailable');
      return notice(
        outageStatus(error),
        SELF_SERVICE_TEXTS.unavailableTitle,
        shown.message ?? SELF_SERVICE_TEXTS.overviewUnavailable,
        false,
      );
    }
  };

  /** `?wniosek=<id>`: the erasure's state and what it removed (GetErasureRequest). */
  const erasurePage = async (requestId: string): Promise<ResolvedPage> => {
    const unknown = () =>
      notice(404, SELF_SERVICE_TEXTS.erasedTitle, SELF_SERVICE_TEXTS.unknownErasure, false);
    if (!isUuidV4(requestId)) return unknown();
    try {
      const request = await deps.services.leads.getErasureRequest({ requestId });
      return pageOf(200, {
        view: 'erased',
        requestId: request.requestId,
        state: erasureState(request.status),
        erasedRecords: request.erasedRecords,
      });
    } catch (error) {
      if (GrpcCallError.hasCode(error, GrpcStatus.NOT_FOUND)) return unknown();
      upstreamFailed(error, 'self-service erasure status unavailable');
      return notice(
        outageStatus(error),
        SELF_SERVICE_TEXTS.erasedTitle,
        SELF_SERVICE_TEXTS.erasureUnavailable,
        false,
      );
    }
  };

  /** GET /moje-dane/ (HTML or the client router's payload). */
  const show = async (req: Request, res: Response, asPayload: boolean): Promise<void> => {
    const requestId = queryText(req, ERASURE_QUERY);
    if (requestId !== undefined) {
      await send(req, res, await erasurePage(requestId), asPayload);
      return;
    }
    const linkToken = queryText(req, LINK_TOKEN_FIELD);
    if (linkToken !== undefined) {
      const page = isTokenShaped(linkToken)
        ? pageOf(200, {
            view: 'confirm',
            linkToken,
            csrfToken: tokenFor(req, res, SELF_SERVICE_PURPOSES.open),
            message: null,
          })
        : notice(404, SELF_SERVICE_TEXTS.linkTitle, LINK_REFUSAL_TEXTS.invalid, true);
      await send(req, res, page, asPayload);
      return;
    }
    const session = readSessionToken(req.get('cookie'));
    const page = session
      ? await overviewPage(req, res, session, { notice: changeOf(queryText(req, CHANGE_QUERY) ?? null) })
      : pageOf(200, { view: 'ended' });
    await send(req, res, page, asPayload);
  };

  /** GET /moje-dane/eksport/: the session's data as a JSON file (ExportSelfServiceData). */
  const exportData = async (req: Request, res: Response): Promise<void> => {
    res.setHeader('Cache-Control', 'no-store');
    const session = readSessionToken(req.get('cookie'));
    if (!session) {
      await send(req, res, ended(res, 401), false);
      return;
    }
    const address = rateLimitKey(req.ip ?? req.socket.remoteAddress);
    const decision = await deps.budgets.export.hit(address);
    if (!decision.allowed) {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
      const page = await overviewPage(req, res, session, {
        status: 429,
        message: SELF_SERVICE_TEXTS.rateLimited,
        endedStatus: 401,
      });
      await send(req, res, page, false);
      return;
    }
    let file: leadsV1.PersonalDataExport;
    try {
      file = await deps.services.leads.exportSelfServiceData({ sessionToken: session });
    } catch (error) {
      await deps.budgets.export.giveBack(address);
      if (isSessionOver(error)) {
        await send(req, res, ended(res, 401), false);
        return;
      }
      upstreamFailed(error, 'self-service export failed');
      const page = await overviewPage(req, res, session, {
        status: outageStatus(error),
        message: SELF_SERVICE_TEXTS.exportFailed,
        endedStatus: 401,
      });
      await send(req, res, page, false);
      return;
    }
    res.locals['routeLabel'] = SELF_SERVICE_PATHS.export;
    res.status(200);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${exportFileName(file.fileName, deps.today())}"`,
    );
    res.send(Buffer.from(file.json, 'utf8'));
  };

  const texts = (uncertain: string): FormTexts => ({
    badBody: FORM_POST_TEXTS.badBody,
    csrfRefused: FORM_POST_TEXTS.csrfRefused,
    crossOrigin: FORM_POST_TEXTS.crossOrigin,
    fixFields: FORM_POST_TEXTS.fixFields,
    rateLimited: SELF_SERVICE_TEXTS.rateLimited,
    keyReused: FORM_POST_TEXTS.keyReused,
    uncertain,
  });

  /** What every self-service form shares: the pipeline's answers in this page's way. */
  const common = (path: string) => ({
    routeLabel: ROUTE_LABEL,
    csrf: true,
    service: 'leads',
    keyField: KEY_FIELD,
    // No field of these forms is typed: a refusal is worded by the form's `refusal` as a whole.
    fieldText: () => FORM_POST_TEXTS.badField,
    // A service failure is an outage to the person: 503 unless the mapping said 502 or 504.
    uncertainStatus: (status: number) => (status > 500 ? status : 503),
    wantsJson: () => false,
    renderForbidden: (req: Request, res: Response) =>
      deps.pages.render(req, res, { ...deps.pages.statusPage(path, 403, ROUTE_LABEL), formState: {} }),
  });

  /** A refused session action: the overview again with the message (and the field's error), or the end of the session. */
  const renderActionRejection = async (req: Request, res: Response, rejection: FormRejection) => {
    const session = readSessionToken(req.get('cookie'));
    if (rejection.status === 401 || !session) {
      await send(req, res, ended(res, 401), false);
      return;
    }
    const page = await overviewPage(req, res, session, {
      status: rejection.status,
      message: rejection.message,
      errors: rejection.errors ?? {},
      endedStatus: 401,
    });
    await send(req, res, page, false);
  };

  /** POST /moje-dane/: the link's confirmation (OpenSelfService). */
  const openForm: FormDeclaration<string, leadsV1.SelfServiceSession> = {
    ...common(SELF_SERVICE_PATHS.open),
    name: SELF_SERVICE_PURPOSES.open,
    texts: texts(SELF_SERVICE_TEXTS.openUncertain),
    read: (req) => {
      const token = textField(req.body, LINK_TOKEN_FIELD);
      if (!isTokenShaped(token))
        return { kind: 'rejected', rejection: { status: 404, message: LINK_REFUSAL_TEXTS.invalid } };
      return { kind: 'valid', input: token, values: { [LINK_TOKEN_FIELD]: token }, sentKey: undefined };
    },
    derivedKey: (token, address) => keyOfParts([SELF_SERVICE_PURPOSES.open, address, token]),
    submit: (linkToken) => deps.services.leads.openSelfService({ linkToken }),
    stored: (session, _req, res) => {
      res.append(
        'Set-Cookie',
        sessionCookie(session.sessionToken, session.expiresAt, deps.now(), deps.secure),
      );
      return storedAt(SELF_SERVICE_PATH);
    },
    fieldOfViolation: () => undefined,
    refusal: (error, _status, values) => {
      const refused = linkRefusalOf(error);
      if (!refused) return undefined;
      return { status: refused === 'invalid' ? 404 : 410, message: LINK_REFUSAL_TEXTS[refused], values };
    },
    renderRejection: async (req, res, rejection) => {
      const linkToken = rejection.values?.[LINK_TOKEN_FIELD];
      // A link that cannot open a session: say why, and where a new one comes from.
      if (rejection.status === 404 || rejection.status === 410 || !isTokenShaped(linkToken)) {
        await send(
          req,
          res,
          notice(rejection.status, SELF_SERVICE_TEXTS.linkTitle, rejection.message, true),
          false,
        );
        return;
      }
      // Busy or failed: the same confirmation, to try again.
      const page = pageOf(rejection.status, {
        view: 'confirm',
        linkToken,
        csrfToken: tokenFor(req, res, SELF_SERVICE_PURPOSES.open),
        message: rejection.message,
      });
      await send(req, res, page, false);
    },
  };

  /** POST /moje-dane/zgody/: one consent, or the three marketing ones (WithdrawSelfServiceConsents). */
  const withdrawForm: FormDeclaration<WithdrawPost, leadsV1.SelfServiceOverview> = {
    ...common(SELF_SERVICE_PATHS.withdraw),
    name: SELF_SERVICE_PURPOSES.withdraw,
    texts: texts(SELF_SERVICE_TEXTS.actionUncertain),
    read: (req) => {
      const session = readSessionToken(req.get('cookie'));
      if (!session) return { kind: 'rejected', rejection: SESSION_ENDED };
      const choice = textField(req.body, CONSENT_FIELD) ?? '';
      const types = consentTypesOfChoice(choice);
      if (!types)
        return { kind: 'rejected', rejection: { status: 400, message: SELF_SERVICE_TEXTS.unknownConsent } };
      return {
        kind: 'valid',
        input: { session, choice, types },
        values: { [CONSENT_FIELD]: choice },
        sentKey: undefined,
      };
    },
    // One submission per session and choice: the same withdrawal sent again is one, another person's is another.
    derivedKey: (post, address) =>
      keyOfParts([SELF_SERVICE_PURPOSES.withdraw, address, post.session, post.choice]),
    submit: (post) =>
      deps.services.leads.withdrawSelfServiceConsents({ sessionToken: post.session, types: post.types }),
    stored: (_overview, req) =>
      storedAt(changeHref(textField(req.body, CONSENT_FIELD) === MARKETING_CHOICE ? 'marketing' : 'zgoda')),
    fieldOfViolation: () => undefined,
    refusal: (error, status, values) => {
      if (isSessionOver(error)) return SESSION_ENDED;
      if (status === 400 || GrpcCallError.hasCode(error, GrpcStatus.FAILED_PRECONDITION))
        return { status: status === 400 ? 400 : 409, message: SELF_SERVICE_TEXTS.cannotWithdraw, values };
      return undefined;
    },
    renderRejection: renderActionRejection,
  };

  /** POST /moje-dane/usun/: the erasure, only with its confirmation ticked (EraseSelfServiceData). */
  const eraseForm: FormDeclaration<string, leadsV1.ErasureRequest> = {
    ...common(SELF_SERVICE_PATHS.erase),
    name: SELF_SERVICE_PURPOSES.erase,
    texts: texts(SELF_SERVICE_TEXTS.actionUncertain),
    read: (req) => {
      const session = readSessionToken(req.get('cookie'));
      if (!session) return { kind: 'rejected', rejection: SESSION_ENDED };
      if (!textField(req.body, ERASE_CONFIRM_FIELD))
        return {
          kind: 'rejected',
          rejection: {
            status: 400,
            message: SELF_SERVICE_TEXTS.fixErase,
            errors: { [ERASE_CONFIRM_FIELD]: SELF_SERVICE_TEXTS.confirmErase },
          },
        };
      return { kind: 'valid', input: session, values: { [ERASE_CONFIRM_FIELD]: 'tak' }, sentKey: undefined };
    },
    // One submission per session: each person's erasure is their own (the key is a digest, never the token).
    derivedKey: (session, address) => keyOfParts([SELF_SERVICE_PURPOSES.erase, address, session]),
    submit: (session) => deps.services.leads.eraseSelfServiceData({ sessionToken: session, confirmed: true }),
    stored: (request, _req, res) => {
      // The session ends with the data: the cookie goes too.
      res.append('Set-Cookie', clearedSessionCookie(deps.secure));
      return storedAt(erasureHref(request.requestId));
    },
    fieldOfViolation: () => undefined,
    refusal: (error, status, values) => {
      if (isSessionOver(error)) return SESSION_ENDED;
      if (!(error instanceof GrpcCallError)) return undefined;
      if (status === 400 && error.fieldViolations.some((violation) => violation.field === 'confirmed'))
        return {
          status: 400,
          message: SELF_SERVICE_TEXTS.fixErase,
          errors: { [ERASE_CONFIRM_FIELD]: SELF_SERVICE_TEXTS.confirmErase },
          values,
        };
      if (status === 400 || error.code === GrpcStatus.FAILED_PRECONDITION)
        return { status: status === 400 ? 400 : 409, message: SELF_SERVICE_TEXTS.cannotErase, values };
      return undefined;
    },
    renderRejection: renderActionRejection,
  };

  const pipelineDeps = (budget: SubmissionBudget) => ({
    logger: deps.logger,
    budget,
    origin: deps.publicOrigin,
    csrfKey: deps.csrf,
    onUpstreamError: (error: unknown) => deps.onUpstreamError?.(error),
  });
  // Exact, case-sensitive addresses, as the pages are.
  const posts = Router({ strict: true, caseSensitive: true });
  posts.post(SELF_SERVICE_PATHS.open, ...formPipeline(openForm, pipelineDeps(deps.budgets.open)));
  posts.post(SELF_SERVICE_PATHS.withdraw, ...formPipeline(withdrawForm, pipelineDeps(deps.budgets.withdraw)));
  posts.post(SELF_SERVICE_PATHS.erase, ...formPipeline(eraseForm, pipelineDeps(deps.budgets.erase)));

  router.use((req, res, next) => {
    const payloadPath = pagePathOfPayload(req.path);
    const path = payloadPath ?? req.path;
    if (!path.startsWith(SELF_SERVICE_PATH)) {
      next();
      return;
    }
    // The link's token sits in the confirmation's address: it never leaves as a referrer, even to our own pages.
    res.setHeader('Referrer-Policy', 'strict-origin');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (read && path === SELF_SERVICE_PATH) {
      show(req, res, payloadPath !== null).catch(next);
      return;
    }
    if (read && payloadPath === null && path === SELF_SERVICE_PATHS.export) {
      exportData(req, res).catch(next);
      return;
    }
    // An action's address opened (a reload after its answer): the page itself.
    if (
      read &&
      payloadPath === null &&
      (path === SELF_SERVICE_PATHS.withdraw || path === SELF_SERVICE_PATHS.erase)
    ) {
      res.locals['routeLabel'] = ROUTE_LABEL;
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, SELF_SERVICE_PATH);
      return;
    }
    if (req.method === 'POST' && payloadPath === null) {
      posts(req, res, next);
      return;
    }
    next();
  });
  return router;
}

/** The self-service pages (GET, also as payloads), their posts and the export. */
export const selfServiceFeature: FeatureHandler = {
  name: 'self-service',
  stage: 'forms',
  endpoints: [
    { path: SELF_SERVICE_PATHS.open, methods: ['GET', 'POST'] },
    { path: SELF_SERVICE_PATHS.withdraw, methods: ['GET', 'POST'] },
    { path: SELF_SERVICE_PATHS.erase, methods: ['GET', 'POST'] },
    { path: SELF_SERVICE_PATHS.export, methods: ['GET'] },
  ],
  // Every address under the page gets its headers (no referrer, no index), declared or not.
  reaches: (path) => path.startsWith(SELF_SERVICE_PATH),
  create: (ctx) =>
    selfServiceApi({
      services: ctx.services,
      logger: ctx.logger,
      budgets: selfServiceBudgets(ctx.budgets),
      publicOrigin: ctx.origin,
      pages: ctx.pages,
      csrf: ctx.csrf.key,
      secure: ctx.csrf.secure,
      now: ctx.now,
      today: ctx.today,
      onUpstreamError: ctx.onUpstreamError,
    }),
};
