import type * as contentV1 from './generated/content/v1/content';
import type * as eventsV1 from './generated/events/v1/events';
import type * as leadsV1 from './generated/leads/v1/leads';
import type * as offersV1 from './generated/offers/v1/offers';
import type * as ratesV1 from './generated/rates/v1/rates';
import type { ServiceName } from './registry';

/**
 * What repeating a call can do, which decides whether a client may repeat it after UNAVAILABLE
 * (the first attempt may or may not have reached the server and run there):
 *
 * - `read`: changes nothing; retried once.
 * - `keyed-write`: stores something; its request has an `idempotency_key` under which the service
 *   answers a repeat with the first answer. Retried once, and only when the request carries a key.
 * - `ingest-write`: IngestEvents; every event carries its own `ingest_id`, stored under a unique
 *   constraint. Retried once, and only when every event of the batch carries one.
 * - `unretried-write`: changes something and has no key; never retried (a repeat would be seen as
 *   an error, or would count twice).
 */
export type RpcKind = 'read' | 'keyed-write' | 'ingest-write' | 'unretried-write';

interface Controllers {
  content: contentV1.ContentServiceController;
  offers: offersV1.OffersServiceController;
  rates: ratesV1.RatesServiceController;
  leads: leadsV1.LeadsServiceController;
  events: eventsV1.EventsServiceController;
}

/** The ts-proto NestJS controller interface a service implements, e.g. RatesServiceController. */
export type ControllerOf<N extends ServiceName> = Controllers[N];

/** One entry per RPC of the service, by its proto name: the type checker refuses a missing one. */
export type RpcKindsOf<N extends ServiceName> = {
  readonly [K in keyof ControllerOf<N> & string as Capitalize<K>]: RpcKind;
};

/**
 * Every RPC of every service, classified by hand. A new RPC in proto/ is a type error here until
 * someone decides what it is, and `rpc-kinds.spec.ts` holds the list to the proto files: exactly
 * their RPCs, and `keyed-write` exactly for the requests that have an `idempotency_key` field.
 */
export const RPC_KINDS: { readonly [N in ServiceName]: RpcKindsOf<N> } = {
  content: {
    GetPage: 'read',
    ListRoutes: 'read',
    ListSitemapEntries: 'read',
    ListArticles: 'read',
    ListTags: 'read',
    GetTag: 'read',
    GetArticle: 'read',
    GetArticlePage: 'read',
    ListPopularArticles: 'read',
    // A lost view is cheaper than a doubled one.
    RecordArticleView: 'unretried-write',
    GetAuthor: 'read',
    ListLenderReviews: 'read',
    GetLenderReview: 'read',
    GetLenderReviewPage: 'read',
    SubmitComment: 'keyed-write',
    ListComments: 'read',
    ListCommentsForModeration: 'read',
    // A repeat after success answers FAILED_PRECONDITION ("not pending"): the moderator runs it again.
    ApproveComment: 'unretried-write',
    RejectComment: 'unretried-write',
    PostStaffReply: 'keyed-write',
    // Erasure: a repeat finds nothing left to anonymise, so the leads erasure job may call it again.
    AnonymiseCommenter: 'unretried-write',
    GetHolidayCalendar: 'read',
    GetNavigation: 'read',
    ListRecentLenderRatings: 'read',
  },
  offers: {
    ListOffers: 'read',
    GetOffer: 'read',
    GetLender: 'read',
    // Starts a feed run; a second run is wasted work, never a retry's business.
    TriggerFeedIngestion: 'unretried-write',
    GetFeedIngestionStatus: 'read',
    MatchOffers: 'read',
    // May record the draw; until the offers work says it is safe, never repeated blindly.
    AssignExperimentVariant: 'unretried-write',
    ListExperiments: 'read',
    GetLeadFeed: 'read',
    // Erasure: a repeat finds nothing left to forget, so the leads erasure job may call it again.
    ForgetLeadRequests: 'unretried-write',
    GetLenderFacts: 'read',
    ListLenderFacts: 'read',
  },
  rates: {
    GetLatestTable: 'read',
    GetTableByDate: 'read',
    ListTables: 'read',
    GetCurrencyHistory: 'read',
    ListBanks: 'read',
    GetBankTable: 'read',
    Convert: 'read',
    ListCurrencyNames: 'read',
    GetCurrencyPair: 'read',
    GetBankCurrencyHistory: 'read',
  },
  leads: {
    SubmitApplication: 'keyed-write',
    GetApplication: 'read',
    // Estimates the quiz answers and stores nothing.
    EvaluateEligibility: 'read',
    SubmitContactMessage: 'keyed-write',
    SubmitPartnerEnquiry: 'keyed-write',
    Unsubscribe: 'keyed-write',
    RequestErasure: 'keyed-write',
    GetErasureRequest: 'read',
    // A repeat records a second withdrawal of the same consent; never repeated blindly.
    WithdrawConsent: 'unretried-write',
    PreviewDelivery: 'read',
    GetApplicationStatus: 'read',
    // Idempotent, but the lender's own retry of its callback is the one that counts.
    RecordDeliveryStatus: 'unretried-write',
    RequestSelfServiceLink: 'keyed-write',
    // Uses the link up: a blind repeat would be answered LINK_USED.
    OpenSelfService: 'unretried-write',
    GetSelfServiceOverview: 'read',
    WithdrawSelfServiceConsents: 'unretried-write',
    ExportSelfServiceData: 'read',
    EraseSelfServiceData: 'unretried-write',
    GetApplicationLimits: 'read',
  },
  events: {
    IngestEvents: 'ingest-write',
    CountEvents: 'read',
    CountSessionsBySource: 'read',
    GetFunnel: 'read',
    CountPageViews: 'read',
    CountUniqueClients: 'read',
  },
};

/** The write RPCs of one service (every kind but `read`), in proto order. */
export function writeRpcs(name: ServiceName): string[] {
  return Object.entries(RPC_KINDS[name] as Record<string, RpcKind>)
    .filter(([, kind]) => kind !== 'read')
    .map(([rpc]) => rpc);
}

const nonEmpty = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/**
 * Whether a call of this kind with this request may be sent a second time after UNAVAILABLE. An
 * RPC missing from RPC_KINDS (a client built from newer protos than this table) is never retried.
 */
export function mayRepeat(kind: RpcKind | undefined, request: unknown): boolean {
  switch (kind) {
    case 'read':
      return true;
    case 'keyed-write':
      return nonEmpty((request as { idempotencyKey?: unknown } | null)?.idempotencyKey);
    case 'ingest-write': {
      const events = (request as { events?: unknown } | null)?.events;
      return (
        Array.isArray(events) &&
        events.length > 0 &&
        events.every((event) => nonEmpty((event as { ingestId?: unknown } | null)?.ingestId))
      );
    }
    case 'unretried-write':
    case undefined:
      return false;
  }
}
