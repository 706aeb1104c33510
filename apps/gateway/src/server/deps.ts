import { type Cache, type RateBudgets } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { type Registry } from 'prom-client';
import { type AnyRoute } from '../app/route-types';
import { type GatewayServices } from '../app/services';
import { type GatewayConfig } from '../kit/config/gateway-config';
import { type EventDelivery } from './feature-handlers';
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
  /** The named rate budgets of the features' posts; in process when omitted (main.ts passes Redis). */
  rateBudgets?: RateBudgets;
  /** Where POST /api/event and the offer clicks hand their events (Kafka or gRPC, buffered); one to the events service over gRPC when omitted (main.ts passes the configured one and drains it). */
  eventDelivery?: EventDelivery;
  /** Where offer clicks wait when the events service did not answer in time (gRPC IngestEvents as the server origin, buffered); a fresh one when omitted (main.ts passes its own and drains it). */
  serverEventDelivery?: EventDelivery;
  /** Other live builds' hashed assets and metas (Redis, http/build-archive.ts); only this build's files when omitted. */
  buildArchive?: BuildArchive;
  /** Clock for the pages' "today" (loan example dates); tests pin it. */
  now?: () => Date;
}
