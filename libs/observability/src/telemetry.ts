import { context, propagation, trace } from '@opentelemetry/api';
import { getRPCMetadata, RPCType } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import {
  AlwaysOffSampler,
  BatchSpanProcessor,
  NoopSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';

export interface TelemetryOptions {
  serviceName: string;
  serviceVersion?: string;
  /** Base OTLP/HTTP endpoint as in OTEL_EXPORTER_OTLP_ENDPOINT, e.g. http://otel-collector:4318. */
  otlpEndpoint?: string;
  /** Whether to load the Express instrumentation (default false: see startTelemetry). */
  express?: boolean;
  /**
   * Span processors used in addition to (or, without an endpoint, instead of) the OTLP exporter,
   * e.g. a SimpleSpanProcessor over an InMemorySpanExporter in tests. Spans are then recorded.
   */
  spanProcessors?: SpanProcessor[];
}

export interface Telemetry {
  shutdown(): Promise<void>;
}

let active: Telemetry | undefined;

export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

/**
 * Without an exporter, recording spans is pure cost: they are built, timed and dropped. Root spans
 * are then not sampled (they still carry trace and span ids, so log lines keep their trace_id),
 * while a caller's sampled trace is still followed. With an exporter the standard variables decide
 * (OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG, default parentbased_always_on; docs/OPERATIONS.md).
 */
function samplerFor(endpoint: string | undefined): Sampler | undefined {
  if (endpoint || process.env['OTEL_TRACES_SAMPLER']) return undefined;
  return new ParentBasedSampler({ root: new AlwaysOffSampler() });
}

function spanProcessors(endpoint: string | undefined): SpanProcessor[] {
  if (endpoint)
    return [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: tracesUrl(endpoint) }) })];
  // Without a processor the SDK registers no tracer provider at all, and then no trace ids
  // would reach the logs. The no-op processor keeps spans real but exports nothing.
  return [new NoopSpanProcessor()];
}

/**
 * Starts OpenTelemetry for this process. Must run before grpc, pg, ioredis, kafkajs or express are
 * first required, because instrumentation patches modules as they load (entry files import
 * `./instrument` first). Environment-driven exporters are switched off on purpose: with nothing
 * configured the SDK would otherwise push metrics and logs to localhost:4318.
 */
export function startTelemetry(opts: TelemetryOptions): Telemetry {
  if (active) throw new Error('startTelemetry() was already called in this process; call shutdown() first');

  const instrumentations = [
    // Outgoing requests only: a server makes its own server spans (traceServerRequests in
    // server-spans.ts), at a fraction of the instrumentation's cost per request.
    new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
    // No gRPC instrumentation: createServiceClient (@lib/contracts) makes the client spans and
    // service-kit's server interceptor the server spans, at a fraction of its cost per call.
    // The Express instrumentation wraps every layer of every request (about 5 % of the gateway's
    // CPU on a cached page even with middleware spans off) to name the server span after the route;
    // the gateway names it itself (setHttpRoute), so it is loaded only when asked for.
    ...(opts.express
      ? [new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] })]
      : []),
    // Pool pings and Redis health checks outside any request are noise, not traces.
    new PgInstrumentation({ requireParentSpan: true }),
    new IORedisInstrumentation({ requireParentSpan: true }),
    // No KafkaJS instrumentation: @lib/messaging makes the producer and consumer spans itself and
    // carries each record's own traceparent (the instrumentation parents every record on the
    // context the batch is sent in, overwriting that header, and starts each consumed batch as a
    // new trace).
  ];

  const extra = opts.spanProcessors ?? [];
  const sampler = extra.length > 0 ? undefined : samplerFor(opts.otlpEndpoint);
  const sdk = new NodeSDK({
    serviceName: opts.serviceName,
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: opts.serviceName,
      ...(opts.serviceVersion ? { [ATTR_SERVICE_VERSION]: opts.serviceVersion } : {}),
    }),
    spanProcessors:
      extra.length > 0 && !opts.otlpEndpoint ? extra : [...spanProcessors(opts.otlpEndpoint), ...extra],
    ...(sampler ? { sampler } : {}),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations,
  });
  sdk.start();

  let stopped: Promise<void> | undefined;
  const handle: Telemetry = {
    shutdown() {
      stopped ??= (async () => {
        try {
          await sdk.shutdown();
        } finally {
          for (const instrumentation of instrumentations) instrumentation.disable();
          // Unregistering the globals lets a later startTelemetry() in the same process take effect.
          trace.disable();
          context.disable();
          propagation.disable();
          if (active === handle) active = undefined;
        }
      })();
      return stopped;
    },
  };
  active = handle;
  return handle;
}

/**
 * Flushes and stops the telemetry started by startTelemetry() in this process, if any. Entry files
 * start telemetry in `instrument.ts` and shut it down from the service's own shutdown path.
 */
export function shutdownTelemetry(): Promise<void> {
  return active ? active.shutdown() : Promise.resolve();
}

/**
 * Names the active HTTP server span after its route pattern (`GET /blog/:tag/`) and sets
 * http.route, as the Express instrumentation would, without wrapping every middleware layer.
 * Call it while the request's context is active (any middleware or handler of the request).
 */
export function setHttpRoute(route: string): void {
  const metadata = getRPCMetadata(context.active());
  if (metadata?.type === RPCType.HTTP) metadata.route = route;
}
