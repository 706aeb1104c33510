import { type RateBudgets } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { type RawTrackingRecord } from '@lib/tracking';
import { type Request, type RequestHandler } from 'express';
import { type Registry } from 'prom-client';
import { type FormState } from '../app/form-state';
import { type GatewayServices } from '../app/services';
import { type GatewayConfig } from './config/gateway-config';
import { type CsrfKey } from './csrf';
import { type Endpoint, methodTable } from './http/methods';
import { type OriginPolicy } from './http/same-origin';
import { type PagePort } from './pages/page-port';
import { pagePathOfPayload } from '../shared/page-state';

/** Where tracking records go (Kafka or the events service, buffered and retried). */
export interface EventIntake {
  /** Takes the records for delivery; false (nothing taken) when its buffer is full or it is closing. */
  offer(records: readonly RawTrackingRecord[]): boolean;
}

/**
 * What became of a record the gateway vouches for itself (an offer click): `stored` now, or a
 * `duplicate` of one stored before (same ingest id); `queued` when the events service could not be
 * reached in time (handed to a retried buffer with the same ingest id, so it is stored once);
 * `refused` by the events service's rules, or `dropped` because the buffer was full: both not
 * stored, with the reason.
 */
export type ServerEventOutcome =
  | { outcome: 'stored' | 'duplicate' }
  | { outcome: 'queued'; cause: string }
  | { outcome: 'refused' | 'dropped'; reason: string };

/** Where the gateway's own records go: the events service's IngestEvents as the server origin. */
export interface ServerEventIntake {
  /** Stores one record before answering (within a short deadline), else queues it for a retry. */
  record(record: RawTrackingRecord): Promise<ServerEventOutcome>;
}

/** What every feature's HTTP handler may use, built once by the composition root (server/app.ts). */
export interface FeatureContext {
  config: GatewayConfig;
  services: GatewayServices;
  logger: Logger;
  /** Pages to answer with (a form drawn again, a personal page). */
  pages: PagePort;
  /** The named rate budgets (Redis when REDIS_URL is set, shared by every replica). */
  budgets: RateBudgets;
  /** Our origin for the same-origin checks of posts. */
  origin: OriginPolicy;
  /** The CSRF tokens' key, and whether cookies are `Secure` (PUBLIC_ORIGIN is https). */
  csrf: { key: CsrfKey; secure: boolean };
  /** The tracking delivery of POST /api/event: what browsers sent (the browser origin). */
  events: EventIntake;
  /** The gateway's own events (offer clicks), stored as the server origin. */
  serverEvents: ServerEventIntake;
  /** The registry of /metrics (ops port), for a feature's own counters. */
  registry: Registry;
  /** Today in Warsaw ('YYYY-MM-DD'). */
  today: () => string;
  now: () => Date;
  /** Counts a failed backend call by service method and gRPC code. */
  onUpstreamError: (error: unknown) => void;
}

/**
 * Where a feature's handler sits in the server's stack:
 * - `own-body`: before the general body limit and parsers; it reads (and limits) its own body;
 * - `forms`: after the shared JSON and urlencoded parsers (100 kB);
 * - `reads`: behind the forms, where no post reaches (GET and HEAD only), before the pages.
 */
export type FeatureStage = 'own-body' | 'forms' | 'reads';

/** One feature's HTTP endpoints besides its pages (which the route table declares). */
export interface FeatureHandler {
  /** Log name. */
  name: string;
  stage: FeatureStage;
  /**
   * Every address the handler answers, with its methods (kit/http/methods.ts): the one method rule
   * answers OPTIONS, 405 and 404 from these, before the handler runs. An address left out is GET only.
   */
  endpoints: readonly Endpoint[];
  /**
   * Whether a request for `pagePath` (a page's payload counts as its page's address) may be the
   * handler's: the server sends every other request past it without entering it, so a page request
   * does not walk the routers of features it is not theirs. Without it, the paths of `endpoints`.
   */
  reaches?: (pagePath: string) => boolean;
  create(context: FeatureContext): RequestHandler;
}

/** Whether a request for an address may be the feature's (`reaches`, else its endpoints' addresses). */
export function reachedAt(feature: FeatureHandler): (pathname: string) => boolean {
  const declared = methodTable(feature.endpoints);
  const reaches = feature.reaches ?? ((path: string) => declared.of(path).declared);
  return (pathname) => reaches(pagePathOfPayload(pathname) ?? pathname);
}

/** `reachedAt` for an Express request (its path without the query). */
export function reachedBy(feature: FeatureHandler): (req: Pick<Request, 'path'>) => boolean {
  const reaches = reachedAt(feature);
  return (req) => reaches(req.path);
}

/**
 * The form state a GET address of a feature's page carries (`?komentarz=oczekuje`, a converter
 * form sent without JavaScript), or undefined: such an answer is personal (never kept or shared).
 */
export type QueryFormState = (query: URLSearchParams) => FormState | undefined;
