import { type Cache } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { type Registry } from 'prom-client';
import { type AnyRoute } from '../app/route-types';
import { type GatewayServices } from '../app/services';
import { type RateLimiter } from './rate-limit/rate-limiter';
import { type GatewayConfig } from './config';
import { type EventDelivery, type ViewLimits } from './feature-handlers';
import { type ClientManifest } from './render/client-manifest';
import { type BuildArchive } from './http/build-archive';
import { type ReadinessState } from './readiness-state';

/** Everything createGatewayApp needs; main.ts builds the real ones, tests their own. */
export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  services: GatewayServices;
  cache: Cache;
  manifest: ClientManifest;
  /** Served as is: hashed assets under assets/, plus favicon and friends. */
  publicDir: string;
  /** The route table; the app's own table when omitted. */
  routes?: readonly AnyRoute[];
  /** Prometheus registry; a fresh one with default metrics when omitted. */
  registry?: Registry;
  readiness?: ReadinessState;
  /** Per-IP limit of comment posts; an in-process one from the config when omitted (main.ts passes Redis). */
  commentRateLimiter?: RateLimiter;
  /** Per-IP limit of the contact, partner and unsubscribe forms (FORM_BUDGET); in process when omitted (main.ts passes Redis). */
  formRateLimiter?: RateLimiter;
  /** The view beacon's budgets (views, visits); in process from the config when omitted (main.ts passes Redis). */
  viewLimits?: ViewLimits;
  /** Where POST /api/event hands its events (Kafka or gRPC, buffered); one to the events service over gRPC when omitted (main.ts passes the configured one and drains it). */
  eventDelivery?: EventDelivery;
  /** The `events` rate budget of POST /api/event; in process from the config when omitted (main.ts passes Redis). */
  eventRateLimiter?: RateLimiter;
  /** The `application` rate budget of the loan journey's posts; in process from the config when omitted (main.ts passes Redis). */
  applicationRateLimiter?: RateLimiter;
  /** Other live builds' hashed assets and metas (Redis, http/build-archive.ts); only this build's files when omitted. */
  buildArchive?: BuildArchive;
  /** Clock for the pages' "today" (loan example dates); tests pin it. */
  now?: () => Date;
}
