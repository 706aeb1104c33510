import { GrpcCallError, statusName } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { type Request, type RequestHandler, type Response } from 'express';
import { type GatewayServices } from '../../app/services';
import { type FeatureHandler } from '../../kit/feature';
import { splitUrl } from '../../kit/http/request-guards';
import { type PagePort } from '../../kit/pages/page-port';
import { type ResolvedPage, toPayload } from '../../kit/pages/resolved-page';
import { createPolishLocale } from '../../shared/locale';
import { PAYLOAD_SUFFIX, pagePathOfPayload } from '../../shared/page-state';
import { type ApplicationStatusPageData } from './application-status-data';
import {
  APPLICATION_STATUS_PATH,
  REJECTED_LANDING_PATH,
  applicationStatusHref,
  statusTokenOf,
} from './application-status-paths';
import { loadApplicationOffers, lookupApplicationStatus } from './application-status.loader';
import { STATUS_TEXTS, applicationStatusData, everyDeliveryRejected } from './application-status.view-model';

export interface ApplicationStatusApiDeps {
  services: GatewayServices;
  logger: Logger;
  pages: PagePort;
  /** PUBLIC_ORIGIN (the locale's host, absolute addresses). */
  publicOrigin: string;
  onUpstreamError?(error: unknown): void;
}

const grpcFields = (error: unknown) =>
  error instanceof GrpcCallError ? { grpcCode: statusName(error.code) } : {};

/**
 * GET /moj-wniosek/?t=<status token> (and its `_payload.json`): the applicant's status page.
 * GetApplicationStatus for the token, then:
 * - every delivery REJECTED (at least one): 303 to /landing/rejected/, which suggests waiting and
 *   links the articles about debt (no offers, no form, no 'Złóż wniosek' button);
 * - otherwise the page: each lender with its state and the time of the last change, or the
 *   matched-only note, and the offers matched for the application's amount and period;
 * - a missing, malformed, unknown, forged or expired token: 404 with the explanation and the way to
 *   a new link; the leads service down: 503 with 'Odśwież status'.
 * Personal whatever the outcome: the page carries a form state (answer-policy.ts), so it is
 * `no-store`, never memoised, kept or put in the page-data cache; `noindex`; and only our origin
 * leaves as a Referer (the address would carry the token to the offer redirect and beyond).
 */
export function applicationStatusApi(deps: ApplicationStatusApiDeps): RequestHandler {
  const locale = createPolishLocale(deps.publicOrigin);
  const origin = deps.publicOrigin.replace(/\/$/, '');

  const page = (status: number, data: ApplicationStatusPageData): ResolvedPage => {
    const base = deps.pages.statusPage(APPLICATION_STATUS_PATH, status, APPLICATION_STATUS_PATH);
    const title =
      data.kind === 'status'
        ? data.heading
        : data.kind === 'invalid'
          ? STATUS_TEXTS.invalidHeading
          : STATUS_TEXTS.unavailableHeading;
    return {
      ...base,
      route: 'application-status',
      page: 'application-status',
      data,
      head: {
        ...base.head,
        title,
        description: 'Status wniosku o pożyczkę u pożyczkodawców i dopasowane oferty.',
        robots: 'noindex, nofollow',
      },
      // Personal: never cached, memoised or kept (answer-policy.ts), whatever its status.
      formState: {},
    };
  };

  const personalHeaders = (res: Response) => {
    res.locals['routeLabel'] = APPLICATION_STATUS_PATH;
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    // The origin alone as a referrer: the token never leaves in a Referer header. Not `no-referrer`,
    // which makes browsers send `Origin: null` with the page's own posts (the tracker's), refused as foreign.
    res.setHeader('Referrer-Policy', 'strict-origin');
  };

  const send = async (req: Request, res: Response, answer: ResolvedPage, asPayload: boolean) => {
    personalHeaders(res);
    if (asPayload) {
      res.status(answer.status).json(toPayload(answer, deps.pages.buildId));
      return;
    }
    await deps.pages.render(req, res, answer);
  };

  const show = async (req: Request, res: Response, asPayload: boolean): Promise<void> => {
    const token = statusTokenOf(new URLSearchParams(splitUrl(req.originalUrl).search));
    if (token === null) {
      await send(req, res, page(404, { kind: 'invalid' }), asPayload);
      return;
    }
    const refreshHref = applicationStatusHref(token);
    const lookup = await lookupApplicationStatus(deps.services, token);
    if (lookup.kind === 'invalid') {
      deps.logger.info('application status link refused');
      await send(req, res, page(404, { kind: 'invalid' }), asPayload);
      return;
    }
    if (lookup.kind === 'failed') {
      deps.onUpstreamError?.(lookup.error);
      deps.logger.warn({ err: lookup.error, ...grpcFields(lookup.error) }, 'application status unavailable');
      await send(req, res, page(503, { kind: 'unavailable', refreshHref }), asPayload);
      return;
    }
    const { view } = lookup;
    if (everyDeliveryRejected(view)) {
      personalHeaders(res);
      res.redirect(
        303,
        asPayload
          ? `${REJECTED_LANDING_PATH}${PAYLOAD_SUFFIX}?v=${encodeURIComponent(deps.pages.buildId)}`
          : REJECTED_LANDING_PATH,
      );
      return;
    }
    const offers = await loadApplicationOffers(
      {
        services: deps.services,
        locale,
        origin,
        onSectionError: (error) => {
          deps.onUpstreamError?.(error);
          deps.logger.warn({ err: error, ...grpcFields(error) }, 'application status offers unavailable');
        },
      },
      view,
      APPLICATION_STATUS_PATH,
    );
    await send(req, res, page(200, applicationStatusData(view, { locale, refreshHref, offers })), asPayload);
  };

  // A plain handler, not a Router: every read passes it, and an unmatched Router costs a turn of the event loop.
  return (req, res, next) => {
    const payloadPath = pagePathOfPayload(req.path);
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (!read || (payloadPath ?? req.path) !== APPLICATION_STATUS_PATH) {
      next();
      return;
    }
    show(req, res, payloadPath !== null).catch(next);
  };
}

/** The status page (GET only, with its payload): read-only, ahead of the generic page handlers. */
export const applicationStatusFeature: FeatureHandler = {
  name: 'application-status',
  stage: 'reads',
  endpoints: [{ path: APPLICATION_STATUS_PATH, methods: ['GET'] }],
  create: (ctx) =>
    applicationStatusApi({
      services: ctx.services,
      logger: ctx.logger,
      pages: ctx.pages,
      publicOrigin: ctx.config.PUBLIC_ORIGIN,
      onUpstreamError: ctx.onUpstreamError,
    }),
};
