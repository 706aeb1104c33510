import { type Cache, readThrough } from '@lib/cache';
import { type CallOptions, type offersV1 } from '@lib/contracts';
import { type GatewayServices } from '../../app/services';
import { stableJson } from './page-data-cache';

export interface SharedAnswerOptions {
  /** How long an answer counts as fresh (the page data's PAGE_CACHE_TTL_MS). */
  ttlMs: number;
  /** After that, how long it may still be shown while one refresh runs (PAGE_CACHE_STALE_MS). */
  staleMs: number;
}

/** The cache key of one shared read: service, method and the request with sorted keys. */
export const sharedAnswerKey = (method: string, request: unknown): string =>
  `answer:${method}:${stableJson(request)}`;

type Read<Req, Res> = (request: Req, options?: CallOptions) => Promise<Res>;

/**
 * The gRPC clients page loaders call, with the reads that every visitor gets alike and that many
 * pages show answered through `cache` with stale-while-revalidate, per request: the navigation,
 * the catalogue's figures (ListLenderFacts, and a lender's: GetLender, GetLenderFacts), an offers
 * block's ranking (MatchOffers without an application), the latest NBP table, the banks' list
 * (ListBanks: the bank pages and the sitemap) and what the application form accepts. A page whose own data
 * is not cached then costs one round to the service that holds it instead of one per block. An
 * answer that failed is not kept (the next page asks again); a call with its own options
 * (deadline, metadata) is sent as it is. Every other method is the client's own.
 */
export function withSharedAnswers(
  services: GatewayServices,
  cache: Cache,
  options: SharedAnswerOptions,
): GatewayServices {
  const shared =
    <Req, Res>(method: string, read: Read<Req, Res>, sharedWhen: (request: Req) => boolean = () => true) =>
    (request: Req, callOptions?: CallOptions): Promise<Res> =>
      callOptions !== undefined || !sharedWhen(request)
        ? read(request, callOptions)
        : readThrough(cache, sharedAnswerKey(method, request), options, () => read(request));
  const { content, offers, rates, leads } = services;
  return {
    ...services,
    content: { ...content, getNavigation: shared('content.GetNavigation', content.getNavigation) },
    offers: {
      ...offers,
      listLenderFacts: shared('offers.ListLenderFacts', offers.listLenderFacts),
      getLender: shared('offers.GetLender', offers.getLender),
      getLenderFacts: shared('offers.GetLenderFacts', offers.getLenderFacts),
      // With an application id the ranking is that applicant's: never shared.
      matchOffers: shared(
        'offers.MatchOffers',
        offers.matchOffers,
        (request: offersV1.MatchOffersRequest) => request.applicationId === '',
      ),
    },
    rates: {
      ...rates,
      getLatestTable: shared('rates.GetLatestTable', rates.getLatestTable),
      listBanks: shared('rates.ListBanks', rates.listBanks),
    },
    leads: {
      ...leads,
      getApplicationLimits: shared('leads.GetApplicationLimits', leads.getApplicationLimits),
    },
  };
}
