import { type RateBudgets } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { type RawTrackingRecord } from '@lib/tracking';
import { type RequestHandler } from 'express';
import { type FormState } from '../app/form-state';
import { type GatewayServices } from '../app/services';
import { type GatewayConfig } from './config/gateway-config';
import { type CsrfKey } from './csrf';
import { type OriginPolicy } from './http/same-origin';
import { type PagePort } from './pages/page-port';

/** Where tracking records go (Kafka or the events service, buffered and retried): the browser's events and the server's own. */
export interface EventIntake {
  /** Takes the records for delivery; false (nothing taken) when its buffer is full or it is closing. */
  offer(records: readonly RawTrackingRecord[]): boolean;
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
  /** The tracking delivery, shared by POST /api/event and the server's own events (offer clicks). */
  events: EventIntake;
  /** Today in Warsaw ('YYYY-MM-DD'). */
  today: () => string;
  now: () => Date;
  /** Counts a failed backend call by service method and gRPC code. */
  onUpstreamError: (error: unknown) => void;
}

/**
 * Where a feature's handler sits in the server's stack:
 * - `own-body`: before the general body limit and parsers; it reads (and limits) its own body;
 * - `forms`: after the shared JSON and urlencoded parsers (100 kB), before the read-only rule;
 * - `reads`: after the read-only rule (GET and HEAD only reach it), before the trailing-slash redirect.
 */
export type FeatureStage = 'own-body' | 'forms' | 'reads';

/** One feature's HTTP endpoints besides its pages (which the route table declares). */
export interface FeatureHandler {
  /** Log name. */
  name: string;
  stage: FeatureStage;
  create(context: FeatureContext): RequestHandler;
}

/**
 * The form state a GET address of a feature's page carries (`?komentarz=oczekuje`, a converter
 * form sent without JavaScript), or undefined: such an answer is personal (never kept or shared).
 */
export type QueryFormState = (query: URLSearchParams) => FormState | undefined;
