import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError, statusName } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { type RequestHandler, Router } from 'express';
import { OFFER_REDIRECT_PREFIX } from '../../app/site-paths/offers';
import { type GatewayServices } from '../../app/services';
import { httpStatusFor } from '../../kit/http/error-status';
import { splitUrl } from '../../kit/http/request-guards';
import { randomBytes } from 'node:crypto';
import { LEAD_FEED_MESSAGES, LEAD_FEED_PATH, readLeadFeedQuery } from './lead-feed';
import { isLenderLink } from './offer-click';
import { numericIdParam } from './offers.routes';
import { type FeatureHandler } from '../../kit/feature';
import { createClickMetrics } from './click-metrics';
import { type RecordClick, clickRecording } from './click-recording';
import { clickWindowBudget } from './click-window';
import { createPolishLocale } from '../../shared/locale';
import { sendErrorBody } from '../../kit/http/error-body';

export { LEAD_FEED_PATH };

export interface OffersApiDeps {
  services: GatewayServices;
  logger: Logger;
  /** The site's country (the feed the offer ids belong to). */
  country: string;
  /** Records a GET's click and sets its session cookie (click-recording.ts). */
  recordClick: RecordClick;
  onUpstreamError?(error: unknown): void;
}

/**
 * The offers' HTTP endpoints besides the pages:
 * - GET /przejdz/<offer id>/?z=<list>&p=<position>: 'Przejdź do oferty'. The offer is looked up in
 *   the stored feed (GetOffer); an unknown or inactive offer, or one without a usable lender link,
 *   falls through to the 404 page. Otherwise the click is recorded once per visitor and window
 *   (click-recording.ts) and the answer is 302 to the feed's lender_link, never to an address from
 *   the request (no open redirect), whatever became of the click. A HEAD (Express routes it to
 *   the GET handler) answers the same 302 and records nothing: link checkers and previews are no
 *   clicks.
 * - GET /api/lead-feed?lead_id=…&page=all&direction=swap&pf=1: the offer ids of a lead (GetLeadFeed)
 *   as a JSON array; `null` (and the spec's log line) without a lead id or the feed's parameters,
 *   and for a lead the offers service does not know (erased, or never matched); 400 with a JSON
 *   error for a lead id that is not a UUID.
 */
export function offersApi(deps: OffersApiDeps): Router {
  const router = Router();

  const redirect: RequestHandler = async (req, res, next) => {
    const offerId = numericIdParam(req.params['id'] as string | undefined);
    if (offerId === null) {
      next();
      return;
    }
    let offer;
    try {
      offer = await deps.services.offers.getOffer({ offerId, country: deps.country, pagePath: '' });
    } catch (error) {
      if (GrpcCallError.hasCode(error, GrpcStatus.NOT_FOUND)) {
        next();
        return;
      }
      deps.onUpstreamError?.(error);
      next(error);
      return;
    }
    if (!offer.isActive || !isLenderLink(offer.lenderLink)) {
      deps.logger.info({ offerId, active: offer.isActive }, 'offer redirect refused: no active lender link');
      next();
      return;
    }
    if (req.method === 'GET') {
      try {
        await deps.recordClick(req, res, offer);
      } catch (error) {
        // The visitor goes to the lender all the same; the click is the only thing lost.
        deps.logger.error({ err: error, offerId, recorded: false }, 'offer click not recorded');
      }
    }
    res.locals['routeLabel'] = `${OFFER_REDIRECT_PREFIX}:id/`;
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.redirect(302, offer.lenderLink);
  };

  const leadFeed: RequestHandler = async (req, res) => {
    res.locals['routeLabel'] = LEAD_FEED_PATH;
    res.setHeader('Cache-Control', 'no-store');
    const query = readLeadFeedQuery(new URLSearchParams(splitUrl(req.originalUrl).search));
    if (query.kind === 'missing-lead-id') {
      deps.logger.warn(LEAD_FEED_MESSAGES.missingLeadId);
      res.status(200).json(null);
      return;
    }
    if (query.kind === 'missing-config') {
      deps.logger.warn(LEAD_FEED_MESSAGES.missingConfig);
      res.status(200).json(null);
      return;
    }
    if (query.kind === 'invalid') {
      sendErrorBody(res, 400, query.message);
      return;
    }
    try {
      const answer = await deps.services.offers.getLeadFeed({
        leadId: query.leadId,
        page: query.page,
        direction: query.direction,
        pf: query.pf,
        country: deps.country,
      });
      res.status(200).json(answer.offerIds);
    } catch (error) {
      // No lead of that id (its data erased, or never matched): the answer the spec gives without
      // one. The id is not logged: after an erasure it must not come back through the logs.
      if (GrpcCallError.hasCode(error, GrpcStatus.NOT_FOUND)) {
        deps.logger.warn(LEAD_FEED_MESSAGES.unknownLeadId);
        res.status(200).json(null);
        return;
      }
      deps.onUpstreamError?.(error);
      const status = httpStatusFor(error);
      const code = error instanceof GrpcCallError ? statusName(error.code) : undefined;
      if (status >= 500) deps.logger.error({ err: error, grpcCode: code }, 'lead feed failed');
      const message = status === 400 ? 'invalid lead feed request' : 'lead feed unavailable';
      sendErrorBody(res, status, message);
    }
  };

  router.get(`${OFFER_REDIRECT_PREFIX}:id/`, redirect);
  router.get(LEAD_FEED_PATH, leadFeed);
  return router;
}

/**
 * 'Przejdź do oferty' (/przejdz/<id>/) and the lead feed (GET /api/lead-feed, an API address
 * without the trailing slash): read-only, above the trailing-slash rule.
 */
export const offersFeature: FeatureHandler = {
  name: 'offers',
  stage: 'reads',
  endpoints: [
    { path: OFFER_REDIRECT_PREFIX, prefix: true, methods: ['GET'] },
    { path: LEAD_FEED_PATH, methods: ['GET'] },
  ],
  create: (ctx) =>
    offersApi({
      services: ctx.services,
      logger: ctx.logger,
      country: createPolishLocale(ctx.config.PUBLIC_ORIGIN).country,
      recordClick: clickRecording({
        serverEvents: ctx.serverEvents,
        window: clickWindowBudget(ctx.budgets),
        metrics: createClickMetrics(ctx.registry),
        logger: ctx.logger,
        salt: ctx.config.TRACKING_IP_SALT ?? randomBytes(32).toString('base64'),
        publicOrigin: ctx.config.PUBLIC_ORIGIN,
      }),
      onUpstreamError: ctx.onUpstreamError,
    }),
};
