import { type BudgetRule, type RateLimiter } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { type RequestHandler, Router } from 'express';
import { type GatewayServices } from '../../app/services';
import { type FeatureHandler } from '../../kit/feature';
import { sendErrorBody } from '../../kit/http/error-body';
import { httpStatusFor } from '../../kit/http/error-status';
import { splitUrl } from '../../kit/http/request-guards';
import { rateLimitKey } from '../../kit/rate-limit/client-address';
import { type Locale, createPolishLocale } from '../../shared/locale';
import { loadLoanExample } from './calculator.loader';
import { LOAN_EXAMPLE_PATH, type LoanExampleAnswer } from './loan-example-endpoint';
import { readLoanExampleQuery } from './loan-example-query';

/** The loan example's budget: Redis keys `gateway:rate:loan-example:<ip or /64>`. */
const LOAN_EXAMPLE_BUDGET = 'loan-example';
/**
 * Examples per client address a minute: the sliders' island asks once the sliders rest, so a
 * visitor trying many values stays far below it; while Redis is down it counts in process.
 */
export const LOAN_EXAMPLE_RATE: BudgetRule = { limit: 120, windowMs: 60_000, whenRedisDown: 'local' };
/** The same for everyone and changed only by a feed ingestion: shared caches may keep it a minute. */
const LOAN_EXAMPLE_CACHE = 'public, max-age=60';

export interface LoanExampleApiDeps {
  services: GatewayServices;
  logger: Logger;
  locale: Locale;
  limiter: RateLimiter;
  onUpstreamError?(error: unknown): void;
}

/**
 * GET /api/loan-example?amount=<zł>&period=<days>: the representative example of the best-ranked
 * offer with a stated cost for that amount and period (MatchOffers, the published ranking), as
 * `{"example": {…} | null}`. Bad parameters: 400 naming them; over the budget: 429; the offers
 * service failing: its status (503 while it is down), never a made-up example.
 */
export function loanExampleApi(deps: LoanExampleApiDeps): Router {
  const router = Router();
  const handler: RequestHandler = async (req, res) => {
    res.locals['routeLabel'] = LOAN_EXAMPLE_PATH;
    res.setHeader('Cache-Control', 'no-store');
    const query = readLoanExampleQuery(new URLSearchParams(splitUrl(req.originalUrl).search));
    if (!query.ok) {
      sendErrorBody(res, 400, 'amount and period must be whole numbers within the limits', {
        fields: query.fields,
      });
      return;
    }
    const spent = await deps.limiter.hit(rateLimitKey(req.ip ?? req.socket.remoteAddress));
    if (!spent.allowed) {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(spent.retryAfterMs / 1000))));
      sendErrorBody(res, 429, 'too many loan examples from this address');
      return;
    }
    try {
      const example = await loadLoanExample(deps.services.offers, deps.locale, query.request, '');
      const answer: LoanExampleAnswer = { example };
      res.setHeader('Cache-Control', LOAN_EXAMPLE_CACHE);
      res.status(200).json(answer);
    } catch (error) {
      deps.onUpstreamError?.(error);
      const status = httpStatusFor(error);
      deps.logger.warn({ err: error, status }, 'loan example unavailable');
      sendErrorBody(res, status >= 500 ? status : 503, 'loan example unavailable');
    }
  };
  router.get(LOAN_EXAMPLE_PATH, handler);
  return router;
}

/** GET /api/loan-example (an API address without the trailing slash): read-only, above the trailing-slash rule. */
export const homeFeature: FeatureHandler = {
  name: 'home',
  stage: 'reads',
  endpoints: [{ path: LOAN_EXAMPLE_PATH, methods: ['GET'] }],
  create: (ctx) =>
    loanExampleApi({
      services: ctx.services,
      logger: ctx.logger,
      locale: createPolishLocale(ctx.config.PUBLIC_ORIGIN),
      limiter: ctx.budgets.budget(LOAN_EXAMPLE_BUDGET, LOAN_EXAMPLE_RATE),
      onUpstreamError: ctx.onUpstreamError,
    }),
};
