import { provideTestKafka, type TestKafka } from '@lib/kafka-test-broker';
import { createLogger, shutdownTelemetry, startTelemetry } from '@lib/observability';
import { until } from '@lib/testing';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { Registry } from 'prom-client';
import {
  createKafkaPublisher,
  ensureTopics,
  type IncomingMessage,
  type MessagingConnection,
  registerConsumerLagMetrics,
  startConsumerGroup,
} from '../src';

const FAST = { maxWaitMs: 100, heartbeatIntervalMs: 300, retry: { initialMs: 10, maxMs: 50 } };

function captureLines(): { stream: Writable; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { stream, lines };
}

async function lagSeries(registry: Registry): Promise<Map<string, number>> {
  const metric = await registry.getSingleMetric('kafka_consumergroup_lag')!.get();
  return new Map(
    metric.values.map((v) => [`${String(v.labels['topic'])}/${String(v.labels['partition'])}`, v.value]),
  );
}

describe('@lib/messaging observability over the Kafka protocol', () => {
  let kafka: TestKafka;
  let connection: MessagingConnection;
  const exporter = new InMemorySpanExporter();

  beforeAll(async () => {
    startTelemetry({
      serviceName: 'messaging-test',
      spanProcessors: [new SimpleSpanProcessor({ exporter })],
    });
    kafka = await provideTestKafka();
    connection = { brokers: kafka.brokers, clientId: 'messaging-observability-test' };
  });
  afterAll(async () => {
    await kafka?.close();
    await shutdownTelemetry();
  });

  it('carries the W3C trace context in the record headers: the consumer span and its log lines continue the producer trace', async () => {
    const topic = `traced-${randomUUID()}`;
    const groupId = `group-${randomUUID()}`;
    await ensureTopics(connection, [{ topic, partitions: 1 }]);
    const publisher = await createKafkaPublisher(connection);
    const tracer = trace.getTracer('test');

    // The publishing side: a request span (as the gateway's HTTP server span would be).
    const request = tracer.startSpan('GET /api/event');
    const requestContext = request.spanContext();
    await context.with(trace.setSpan(context.active(), request), () =>
      publisher.publish(topic, [{ key: 'k', value: 'traced', headers: { kind: 'view' } }]),
    );
    request.end();
    // A record published outside any span carries no trace context.
    await publisher.publish(topic, [{ key: 'k', value: 'untraced' }]);
    await publisher.close();

    const { stream, lines } = captureLines();
    const logger = createLogger({ name: 'consumer', destination: stream });
    const seen: { message: IncomingMessage; traceId: string | undefined; spanId: string | undefined }[] = [];
    const group = await startConsumerGroup(connection, {
      ...FAST,
      groupId,
      topics: [topic],
      handle: (batch) => {
        for (const message of batch.messages) {
          const active = trace.getActiveSpan()?.spanContext();
          seen.push({ message, traceId: active?.traceId, spanId: active?.spanId });
          logger.info({ offset: message.offset }, 'stored');
        }
        return Promise.resolve();
      },
    });
    await until(() => seen.length >= 2);
    await group.stop();

    const traced = seen.find((s) => s.message.value?.toString() === 'traced')!;
    expect(traced.message.headers['kind']).toBe('view');
    expect(traced.message.headers['traceparent']).toMatch(
      new RegExp(`^00-${requestContext.traceId}-[0-9a-f]{16}-01$`),
    );
    expect(
      seen.find((s) => s.message.value?.toString() === 'untraced')!.message.headers['traceparent'],
    ).toBeUndefined();

    const processSpans = exporter.getFinishedSpans().filter((s) => s.name === `process ${topic}`);
    expect(processSpans.length).toBeGreaterThanOrEqual(1);
    const consumerSpan = processSpans.find((s) => s.spanContext().spanId === traced.spanId)!;
    expect(consumerSpan).toBeDefined();
    expect(consumerSpan.kind).toBe(SpanKind.CONSUMER);
    // Same trace as the request, child of the producer context, linked to it.
    expect(consumerSpan.spanContext().traceId).toBe(requestContext.traceId);
    const producerSpanId = traced.message.headers['traceparent']!.split('-')[2];
    expect(consumerSpan.parentSpanContext?.spanId).toBe(producerSpanId);
    // The header is the record's PRODUCER span, itself a child of the request span.
    const producerSpan = exporter.getFinishedSpans().find((s) => s.spanContext().spanId === producerSpanId)!;
    expect(producerSpan).toMatchObject({ name: `send ${topic}`, kind: SpanKind.PRODUCER });
    expect(producerSpan.parentSpanContext?.spanId).toBe(requestContext.spanId);
    expect(consumerSpan.links.map((l) => l.context.traceId)).toContain(requestContext.traceId);
    expect(consumerSpan.attributes).toMatchObject({
      'messaging.system': 'kafka',
      'messaging.destination.name': topic,
      'messaging.consumer.group.name': groupId,
    });

    // The handler's log line carries the consumer span's ids.
    const logLine = lines.find((l) => l['offset'] === traced.message.offset)!;
    expect(logLine).toMatchObject({
      trace_id: requestContext.traceId,
      span_id: consumerSpan.spanContext().spanId,
    });
  });

  it('reports the consumer lag per topic partition, read from the broker at scrape', async () => {
    const topic = `lag-${randomUUID()}`;
    const groupId = `group-${randomUUID()}`;
    await ensureTopics(connection, [{ topic, partitions: 2 }]);
    const publisher = await createKafkaPublisher(connection);
    const publishKeyed = (n: number) =>
      publisher.publish(
        topic,
        Array.from({ length: n }, (_, i) => ({ key: `key-${i}`, value: String(i) })),
      );
    await publishKeyed(6);

    const registry = new Registry();
    const metrics = registerConsumerLagMetrics(registry, { connection, groupId, topics: [topic] });
    try {
      // The group has committed nothing yet: every record counts.
      let lag = await lagSeries(registry);
      expect([...lag.keys()].sort()).toEqual([`${topic}/0`, `${topic}/1`]);
      expect((lag.get(`${topic}/0`) ?? 0) + (lag.get(`${topic}/1`) ?? 0)).toBe(6);

      let handled = 0;
      const group = await startConsumerGroup(connection, {
        ...FAST,
        groupId,
        topics: [topic],
        handle: (batch) => {
          handled += batch.messages.length;
          return Promise.resolve();
        },
      });
      await until(
        async () => handled >= 6 && [...(await lagSeries(registry)).values()].every((v) => v === 0),
      );
      await group.stop();

      await publishKeyed(4);
      lag = await lagSeries(registry);
      expect((lag.get(`${topic}/0`) ?? 0) + (lag.get(`${topic}/1`) ?? 0)).toBe(4);
      const text = await registry.metrics();
      expect(text).toMatch(
        new RegExp(`kafka_consumergroup_lag\\{group="${groupId}",topic="${topic}",partition="[01]"\\} \\d+`),
      );
      expect(text).toContain(`kafka_consumergroup_lag_scrape_success{group="${groupId}"} 1`);
    } finally {
      await metrics.close();
      await publisher.close();
    }
  });

  it('reports a failed read of the offsets as scrape_success 0 within the timeout', async () => {
    const registry = new Registry();
    const metrics = registerConsumerLagMetrics(registry, {
      connection: { brokers: ['127.0.0.1:1'], clientId: 'nowhere', connectionTimeoutMs: 200 },
      groupId: 'g',
      topics: ['t'],
      timeoutMs: 500,
    });
    try {
      const started = Date.now();
      const text = await registry.metrics();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(text).toContain('kafka_consumergroup_lag_scrape_success{group="g"} 0');
      expect(text).not.toMatch(/kafka_consumergroup_lag\{/);
    } finally {
      await metrics.close();
    }
  });
});
