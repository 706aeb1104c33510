import 'reflect-metadata';
import { Controller, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { GrpcMethod, type MicroserviceOptions, Transport } from '@nestjs/microservices';
import {
  createServiceClient,
  HEALTH,
  LOADER_OPTIONS,
  protoPathsFor,
  ratesV1,
  SERVICES,
  type ServiceClient,
} from '@lib/contracts';
import { createLogger, startTelemetry, type Telemetry } from '@lib/observability';
import { freePort } from '@lib/test-support';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { Histogram, Registry } from 'prom-client';
import { traceServerCalls } from '../src/call-tracing';
import { notFound } from '../src/errors';
import { GrpcCallInterceptor } from '../src/grpc-call.interceptor';
import { GrpcExceptionFilter } from '../src/grpc-exception.filter';
import { HealthState } from '../src/health';
import { HealthController } from '../src/health.controller';
import { HEALTH_STATE } from '../src/tokens';

// A real NestJS gRPC server with the tracing interceptor, interceptor and filter runService
// installs, called through createServiceClient: the two ends of each call's trace.

const TABLE: ratesV1.RateTable = {
  table: 1,
  no: '1/A/NBP/2026',
  effectiveDate: '2026-01-02',
  tradingDate: '',
  rates: [],
  embedded: false,
};

/** The span the handler saw as active after it had awaited something, by table asked for. */
const seenByHandler = new Map<ratesV1.TableType, string | undefined>();

@Controller()
class TracedController {
  @GrpcMethod('RatesService', 'GetLatestTable')
  async getLatestTable(request: ratesV1.GetLatestTableRequest): Promise<ratesV1.RateTable> {
    await new Promise((resolve) => setTimeout(resolve, 1));
    seenByHandler.set(request.table, trace.getActiveSpan()?.spanContext().spanId);
    if (request.table === ratesV1.TableType.B) throw notFound('table', 'B');
    return TABLE;
  }
}

const logger = createLogger({ name: 'call-tracing-test', level: 'silent' });
const health = new HealthState(['rates.v1.RatesService'], [], logger);

@Module({
  controllers: [TracedController, HealthController],
  providers: [{ provide: HEALTH_STATE, useValue: health }],
})
class TracedModule {}

const SPAN_NAME = 'grpc.rates.v1.RatesService/GetLatestTable';

describe('server spans of gRPC calls (traceServerCalls)', () => {
  const exporter = new InMemorySpanExporter();
  let telemetry: Telemetry;
  let app: INestMicroservice;
  let client: ServiceClient<'rates'>;

  beforeAll(async () => {
    telemetry = startTelemetry({
      serviceName: 'call-tracing-test',
      spanProcessors: [new SimpleSpanProcessor({ exporter })],
    });
    await health.probe();
    const target = `127.0.0.1:${await freePort()}`;
    app = await NestFactory.createMicroservice<MicroserviceOptions>(TracedModule, {
      transport: Transport.GRPC,
      logger: false,
      options: {
        package: [SERVICES.rates.package, HEALTH.package],
        protoPath: protoPathsFor('rates'),
        url: target,
        loader: LOADER_OPTIONS,
        channelOptions: { interceptors: [traceServerCalls] },
      },
    });
    const histogram = new Histogram({
      name: 'calls',
      help: 'calls',
      labelNames: ['method', 'code'] as const,
      registers: [new Registry()],
    });
    app.useGlobalFilters(new GrpcExceptionFilter(logger, 'rates.v1'));
    app.useGlobalInterceptors(new GrpcCallInterceptor(histogram, () => true, new Set(), 'rates.v1', logger));
    await app.listen();
    client = createServiceClient('rates', { target, retryUnavailable: false });
  });

  afterAll(async () => {
    client?.close();
    await app?.close();
    await telemetry?.shutdown();
  });

  beforeEach(() => {
    exporter.reset();
    seenByHandler.clear();
  });

  /** The call's client and server spans, once both have ended. */
  async function spansOfCall(traceId: string): Promise<{ client: ReadableSpan; server: ReadableSpan }> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
      const client = spans.find((s) => s.name === SPAN_NAME && s.kind === SpanKind.CLIENT);
      const server = spans.find((s) => s.name === SPAN_NAME && s.kind === SpanKind.SERVER);
      if (client && server) return { client, server };
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no client and server span of ${SPAN_NAME} in trace ${traceId}`);
  }

  async function callInSpan(table: ratesV1.TableType): Promise<{ traceId: string; outcome: unknown }> {
    return trace.getTracer('test').startActiveSpan('page', async (page) => {
      const outcome = await client.getLatestTable({ table }).catch((error: unknown) => error);
      page.end();
      return { traceId: page.spanContext().traceId, outcome };
    });
  }

  it('makes the server span a child of the client span, and runs the handler in it', async () => {
    const { traceId, outcome } = await callInSpan(ratesV1.TableType.A);
    expect(outcome).toEqual(TABLE);
    const { client: clientSpan, server } = await spansOfCall(traceId);
    expect(server.parentSpanContext?.spanId).toBe(clientSpan.spanContext().spanId);
    expect(server.attributes).toEqual({
      'rpc.system': 'grpc',
      'rpc.service': 'rates.v1.RatesService',
      'rpc.method': 'GetLatestTable',
      'rpc.grpc.status_code': 0,
    });
    expect(server.status.code).toBe(SpanStatusCode.UNSET);
    expect(seenByHandler.get(ratesV1.TableType.A)).toBe(server.spanContext().spanId);
  });

  it('ends the server span of a failed call with its status code, as an error', async () => {
    const { traceId, outcome } = await callInSpan(ratesV1.TableType.B);
    expect(outcome).toMatchObject({ code: 5 });
    const { client: clientSpan, server } = await spansOfCall(traceId);
    for (const span of [clientSpan, server]) {
      expect(span.attributes['rpc.grpc.status_code']).toBe(5);
      expect(span.status.code).toBe(SpanStatusCode.ERROR);
    }
    expect(seenByHandler.get(ratesV1.TableType.B)).toBe(server.spanContext().spanId);
  });

  it('does not trace health checks', async () => {
    await expect(client.healthCheck()).resolves.toBe('SERVING');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual([]);
  });
});
