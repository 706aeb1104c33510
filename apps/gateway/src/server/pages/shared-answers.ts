import { status as GrpcStatus } from '@grpc/grpc-js';
import { type Cache, readThrough } from '@lib/cache';
import { type CallOptions, GrpcCallError, type offersV1 } from '@lib/contracts';
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

interface SharedRead<Req> {
  /** Whether this request is one every visitor gets alike (default: always). */
  sharedWhen?: (request: Req) => boolean;
  /** Keep a NOT_FOUND as the answer (KeptNotFound). */
  keepsNotFound?: boolean;
}

/**
 * A NOT_FOUND kept in place of an answer, for a read where "there is none yet" is the service's
 * answer rather than a failure (the latest NBP table of a type not imported yet). What a caller
 * needs of it is kept; each caller gets an error of its own, as from the call.
 */
interface KeptNotFound {
  notFound: { method: string; details: string };
}

const isKeptNotFound = (value: unknown): value is KeptNotFound =>
  typeof value === 'object' && value !== null && 'notFound' in value;

/** The read with a NOT_FOUND answered as a value, so that it is kept like any other answer. */
const notFoundAsValue =
  <Req, Res>(read: Read<Req, Res>) =>
  (request: Req): Promise<Res | KeptNotFound> =>
    read(request).catch((error: unknown) => {
      if (!GrpcCallError.hasCode(error, GrpcStatus.NOT_FOUND)) throw error;
      return { notFound: { method: error.method, details: error.details } };
    });

const rethrowNotFound = <Res>(value: Res | KeptNotFound): Res => {
  if (!isKeptNotFound(value)) return value;
  throw new GrpcCallError({ code: GrpcStatus.NOT_FOUND, ...value.notFound });
};

/**
 * The gRPC clients page loaders call, with the reads that every visitor gets alike and that many
 * pages show answered through `cache` with stale-while-revalidate, per request: the navigation,
 * the blog's tags and popular articles, a tag (by its slug), the catalogue's figures
 * (ListLenderFacts, and a lender's: GetLender, GetLenderFacts), an offers block's ranking
 * (MatchOffers without an application), the latest NBP table, the banks' list (ListBanks: the bank
 * pages and the sitemap) and what the application form accepts. A page whose own data is not
 * cached then costs one round to the service that holds it instead of one per block. An
 * answer that failed is not kept (the next page asks again), except the latest table's NOT_FOUND,
 * which says that no table of that type is stored yet and ages like an answer; a call with its own
 * options (deadline, metadata) is sent as it is. Every other method is the client's own.
 */
export function withSharedAnswers(
  services: GatewayServices,
  cache: Cache,
  options: SharedAnswerOptions,
): GatewayServices {
  const shared =
    <Req, Res>(
      method: string,
      read: Read<Req, Res>,
      { sharedWhen = () => true, keepsNotFound = false }: SharedRead<Req> = {},
    ) =>
    (request: Req, callOptions?: CallOptions): Promise<Res> => {
      if (callOptions !== undefined || !sharedWhen(request)) return read(request, callOptions);
      const key = sharedAnswerKey(method, request);
      return keepsNotFound
        ? readThrough(cache, key, options, () => notFoundAsValue(read)(request)).then(rethrowNotFound)
        : readThrough(cache, key, options, () => read(request));
    };
  const { content, offers, rates, leads } = services;
  return {
    ...services,
    content: {
      ...content,
      getNavigation: shared('content.GetNavigation', content.getNavigation),
      // The blog's side boxes, the same on every page of the blog and of each tag, and a tag's
      // heading, the same on every page of that tag.
      listTags: shared('content.ListTags', content.listTags),
      getTag: shared('content.GetTag', content.getTag),
      listPopularArticles: shared('content.ListPopularArticles', content.listPopularArticles),
    },
    offers: {
      ...offers,
      listLenderFacts: shared('offers.ListLenderFacts', offers.listLenderFacts),
      getLender: shared('offers.GetLender', offers.getLender),
      getLenderFacts: shared('offers.GetLenderFacts', offers.getLenderFacts),
      // With an application id the ranking is that applicant's: never shared.
      matchOffers: shared('offers.MatchOffers', offers.matchOffers, {
        sharedWhen: (request: offersV1.MatchOffersRequest) => request.applicationId === '',
      }),
    },
    rates: {
      ...rates,
      // Without keeping it, a page that shows a missing table as such (the pair page's buy and sell)
      // asked the service again on every request, and paid for a failed call each time.
      getLatestTable: shared('rates.GetLatestTable', rates.getLatestTable, { keepsNotFound: true }),
      listBanks: shared('rates.ListBanks', rates.listBanks),
    },
    leads: {
      ...leads,
      getApplicationLimits: shared('leads.GetApplicationLimits', leads.getApplicationLimits),
    },
  };
}
