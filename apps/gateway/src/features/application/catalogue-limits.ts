import { type Logger } from '@lib/observability';
import { type LoanRequestLimits, loanRequestLimitsOf } from '@lib/pl-validation';
import { type GatewayServices } from '../../app/services';

/** How long the catalogue's range is kept in process: it changes only when a feed is ingested. */
export const CATALOGUE_LIMITS_TTL_MS = 60_000;

/**
 * The range the loan request form offers: the offers catalogue's amounts and periods
 * (ListLenderFacts → CatalogueFigures, inside the sanity bounds of @lib/pl-validation), the same
 * figures the home headline and sliders state. Kept for a minute; while the offers service does not
 * answer it is null and the form states no range (the sanity bounds still check it).
 */
export function catalogueLimits(deps: {
  services: Pick<GatewayServices, 'offers'>;
  country: string;
  logger: Logger;
  onUpstreamError?(error: unknown): void;
  now?: () => number;
}): () => Promise<LoanRequestLimits | null> {
  const now = deps.now ?? Date.now;
  let kept: { limits: LoanRequestLimits | null; until: number } | null = null;
  let pending: Promise<LoanRequestLimits | null> | null = null;
  return () => {
    if (kept && kept.until > now()) return Promise.resolve(kept.limits);
    pending ??= deps.services.offers
      .listLenderFacts({ country: deps.country })
      .then(
        ({ figures }) => {
          const limits = figures ? loanRequestLimitsOf(figures) : null;
          kept = { limits, until: now() + CATALOGUE_LIMITS_TTL_MS };
          return limits;
        },
        (error: unknown) => {
          deps.onUpstreamError?.(error);
          deps.logger.warn({ err: error }, 'catalogue figures unavailable: the loan form states no range');
          return null;
        },
      )
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}
