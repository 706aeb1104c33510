import { SERVICE_NAMES, type ServiceName, createServiceClient } from '@lib/contracts';
import { KeptDecodes } from '@lib/cache';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { type GatewayServices } from '../app/services';
import { type GatewayConfig } from '../kit/config/gateway-config';
import { type LimiterObserver, UpstreamLimiter } from './services-concurrency';

const ADDRESS_VARIABLE: Record<ServiceName, `${Uppercase<ServiceName>}_SERVICE_ADDR`> = {
  content: 'CONTENT_SERVICE_ADDR',
  offers: 'OFFERS_SERVICE_ADDR',
  rates: 'RATES_SERVICE_ADDR',
  leads: 'LEADS_SERVICE_ADDR',
  events: 'EVENTS_SERVICE_ADDR',
};

/**
 * One client per service, each call with GRPC_DEADLINE_MS and one retry on UNAVAILABLE, behind
 * that service's own concurrency limit (UPSTREAM_CONCURRENCY in flight, UPSTREAM_QUEUE_LIMIT
 * waiting; the wait spends the call's deadline). With a registry, the limits report their
 * counts, waits and refusals, and every call's time, to /metrics.
 */
export function createGatewayServices(config: GatewayConfig, registry?: Registry): GatewayServices {
  const metrics = registry ? upstreamMetrics(registry) : undefined;
  // A service answers a cached value with the same bytes every time (its server encodes it once):
  // decoded once and shared, the page's data costs no decode and no fresh garbage per call.
  const keptDecodes = new KeptDecodes();
  const client = <N extends ServiceName>(name: N) =>
    createServiceClient(name, {
      target: String(config[ADDRESS_VARIABLE[name]]),
      deadlineMs: config.GRPC_DEADLINE_MS,
      retryUnavailable: true,
      readAnswerDecoder: (decode) => keptDecodes.decoder(decode),
      gate: new UpstreamLimiter({
        name,
        limit: config.UPSTREAM_CONCURRENCY,
        queueLimit: config.UPSTREAM_QUEUE_LIMIT,
        observer: metrics?.(name),
      }),
    });
  return {
    content: client('content'),
    offers: client('offers'),
    rates: client('rates'),
    leads: client('leads'),
    events: client('events'),
  };
}

export function closeGatewayServices(services: GatewayServices): void {
  for (const name of SERVICE_NAMES) services[name].close();
}

/** Series per upstream service (and per method for times): bounded label sets only. */
function upstreamMetrics(registry: Registry): (service: ServiceName) => LimiterObserver {
  const inFlight = new Gauge({
    name: 'gateway_upstream_in_flight',
    help: 'gRPC calls in flight to each upstream service.',
    labelNames: ['service'],
    registers: [registry],
  });
  const queued = new Gauge({
    name: 'gateway_upstream_queue_length',
    help: 'gRPC calls waiting for a free slot of the upstream concurrency limit.',
    labelNames: ['service'],
    registers: [registry],
  });
  const wait = new Histogram({
    name: 'gateway_upstream_queue_wait_seconds',
    help: 'Time a gRPC call waited for a free slot before it was sent.',
    labelNames: ['service'],
    buckets: [0.001, 0.005, 0.025, 0.1, 0.25, 0.5, 1, 2, 4],
    registers: [registry],
  });
  const refused = new Counter({
    name: 'gateway_upstream_refused_total',
    help: 'gRPC calls refused unsent by the upstream concurrency limit, by reason (queue-full, deadline).',
    labelNames: ['service', 'reason'],
    registers: [registry],
  });
  const held = new Histogram({
    name: 'gateway_upstream_call_seconds',
    help: 'Time from sending a gRPC call to its answer or failure (retry included), by method; the p99 GRPC_DEADLINE_MS is sized from.',
    labelNames: ['method'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5],
    registers: [registry],
  });
  return (service) => ({
    admitted: (_method, waitedMs) => wait.observe({ service }, waitedMs / 1000),
    released: (method, heldMs) => held.observe({ method }, heldMs / 1000),
    refused: (_method, reason) => refused.inc({ service, reason }),
    changed: (calls, waiting) => {
      inFlight.set({ service }, calls);
      queued.set({ service }, waiting);
    },
  });
}
