import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, NoopSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';

export interface TelemetryOptions {
  serviceName: string;
  serviceVersion?: string;
  /** Base OTLP/HTTP endpoint as in OTEL_EXPORTER_OTLP_ENDPOINT, e.g. http://otel-collector:4318. */
  otlpEndpoint?: string;
}

export interface Telemetry {
  shutdown(): Promise<void>;
}

/** Probe and scrape endpoints are hit every few seconds; tracing them would drown real requests. */
const UNTRACED_PATHS = new Set(['/metrics', '/healthz', '/readyz']);

let active: Telemetry | undefined;

export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

function pathOf(url: string | undefined): string {
  if (!url) return '';
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function spanProcessors(endpoint: string | undefined): SpanProcessor[] {
  if (endpoint) return [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: tracesUrl(endpoint) }) })];
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
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has(pathOf(request.url)),
    }),
    new GrpcInstrumentation(),
    // One span per middleware layer costs ~10 % CPU on a page render and tells nothing the route span
    // does not; keep the router and handler spans only.
    new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
    // Pool pings and Redis health checks outside any request are noise, not traces.
    new PgInstrumentation({ requireParentSpan: true }),
    new IORedisInstrumentation({ requireParentSpan: true }),
    new KafkaJsInstrumentation(),
  ];

  const sdk = new NodeSDK({
    serviceName: opts.serviceName,
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: opts.serviceName,
      ...(opts.serviceVersion ? { [ATTR_SERVICE_VERSION]: opts.serviceVersion } : {}),
    }),
    spanProcessors: spanProcessors(opts.otlpEndpoint),
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
